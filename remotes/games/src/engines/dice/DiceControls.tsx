import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { asciiDigits } from '@khela/api';
import { winCountOf, type DiceConfig, type DiceDirection, type DiceParams } from '@khela/games-math';
import { NS } from '../../i18n';
import { formatNumber, useLang } from '../../lib/format';
import type { ControlsProps } from '../types';
import { hundredths } from './DiceBoard';

export const clampTarget = (config: DiceConfig, direction: DiceDirection, target: number) => {
  const [min, max] = config.targets[direction];
  return Math.max(min, Math.min(max, Math.round(target)));
};

/** What a win returns per unit staked (payoutNumerator / winCount), rounded down to 4 decimals. */
export const multiplierOf = (config: DiceConfig, winCount: number) =>
  Math.floor((config.payoutNumerator * 10000) / winCount) / 10000;

/** "49.50" or "৪৯.৫০" (up to two decimals) to hundredths; NaN when it is not a number. */
export function parseTarget(text: string): number {
  const s = asciiDigits(text.trim());
  if (!/^\d{1,2}(\.\d{0,2})?$|^\.\d{1,2}$/.test(s)) return NaN;
  return Math.round(Number(s) * 100);
}

/**
 * The dice bet: under or over, and the target by slider (arrows: ±1.00, with Shift ±0.01, Page
 * keys ±10.00) or typed; the payout multiplier and the win chance follow every change.
 */
export function DiceControls({ config, params, onParams, disabled }: ControlsProps<DiceConfig, DiceParams>) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const ids = useId();
  const [min, max] = config.targets[params.direction];
  const [text, setText] = useState(() => hundredths(params.target, lang));
  const [bad, setBad] = useState(false);
  useEffect(() => {
    setText(hundredths(params.target, lang));
    setBad(false);
  }, [params.target, lang]);

  const setTarget = (target: number) => onParams({ ...params, target: clampTarget(config, params.direction, target) });
  const setDirection = (direction: DiceDirection) =>
    onParams({ direction, target: clampTarget(config, direction, params.target) });
  const onSliderKey = (e: KeyboardEvent) => {
    const step = e.shiftKey ? 1 : 100;
    const moves: Record<string, number> = {
      ArrowRight: params.target + step,
      ArrowUp: params.target + step,
      ArrowLeft: params.target - step,
      ArrowDown: params.target - step,
      PageUp: params.target + 1000,
      PageDown: params.target - 1000,
      Home: min,
      End: max,
    };
    if (e.key in moves) {
      e.preventDefault();
      if (!disabled) setTarget(moves[e.key]);
    }
  };
  const commitText = () => {
    const v = parseTarget(text);
    if (Number.isNaN(v) || v < min || v > max) {
      setBad(true);
      return;
    }
    setBad(false);
    setTarget(v);
  };
  const wins = winCountOf(params);
  return (
    <div className="kg-dice-controls" data-testid="dice-controls">
      <fieldset className="kg-segmented" disabled={disabled}>
        <legend className="kg-sr-only">{t('dice.direction')}</legend>
        {(['UNDER', 'OVER'] as const).map((d) => (
          <label key={d}>
            <input
              type="radio"
              name={`${ids}-direction`}
              value={d}
              checked={params.direction === d}
              onChange={() => setDirection(d)}
              data-testid={`dice-${d.toLowerCase()}`}
            />
            {t(d === 'UNDER' ? 'dice.under' : 'dice.over')}
          </label>
        ))}
      </fieldset>
      <div className="kg-field">
        <label className="kg-label" htmlFor={`${ids}-slider`}>
          {t('dice.target')}
        </label>
        <input
          id={`${ids}-slider`}
          type="range"
          className="kg-range"
          min={min}
          max={max}
          step={1}
          value={params.target}
          disabled={disabled}
          aria-valuetext={hundredths(params.target, lang)}
          onKeyDown={onSliderKey}
          onChange={(e) => setTarget(Number(e.target.value))}
          data-testid="dice-target-slider"
        />
      </div>
      <div className="kg-dice-controls__row">
        <label className="kg-field">
          <span>{t('dice.targetInput')}</span>
          <input
            className="kg-input"
            inputMode="decimal"
            value={text}
            disabled={disabled}
            aria-invalid={bad || undefined}
            aria-describedby={`${ids}-range`}
            onChange={(e) => setText(e.target.value)}
            onBlur={commitText}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                commitText();
              }
            }}
            data-testid="dice-target-input"
          />
        </label>
        <div className="kg-stat">
          <span className="kg-label">{t('dice.multiplier')}</span>
          <strong data-testid="dice-multiplier">{formatNumber(multiplierOf(config, wins), lang, 4)}×</strong>
        </div>
        <div className="kg-stat">
          <span className="kg-label">{t('dice.chance')}</span>
          <strong data-testid="dice-chance">{formatNumber(wins / 100, lang, 2)}%</strong>
        </div>
      </div>
      <p id={`${ids}-range`} className={bad ? 'kg-field__error' : 'kg-hint'}>
        {t('dice.targetRange', { min: hundredths(min, lang), max: hundredths(max, lang) })}
      </p>
    </div>
  );
}
