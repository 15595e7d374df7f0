import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiceConfig, DiceOutcome, DiceParams } from '@khela/games-math';
import { NS } from '../../i18n';
import { formatNumber, useLang } from '../../lib/format';
import { useReducedMotion } from '../../lib/motion';
import type { BoardProps } from '../types';

/** How long the marker takes to travel to the roll before the round settles (ms). */
export const DICE_SETTLE_MS = 520;

export const hundredths = (v: number, lang: 'BN' | 'EN') => formatNumber(v / 100, lang, 2);

/**
 * The dice track from 0 to 100: the winning zone of the bet, the target, and the roll's marker.
 * While a roll is under way the marker shakes; then it travels to the roll (at once under
 * prefers-reduced-motion) and the round settles.
 */
export function DiceBoard({ config, params, outcome, playing, onSettled }: BoardProps<DiceConfig, DiceParams, DiceOutcome>) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const reduced = useReducedMotion();
  const [moving, setMoving] = useState(false);
  const startedWith = useRef(outcome);
  const settle = useRef(onSettled);
  settle.current = onSettled;

  useEffect(() => {
    if (playing) {
      startedWith.current = outcome;
      return;
    }
    if (outcome === startedWith.current) return;
    startedWith.current = outcome;
    if (reduced) {
      settle.current?.();
      return;
    }
    setMoving(true);
    const timer = setTimeout(() => {
      setMoving(false);
      settle.current?.();
    }, DICE_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [playing, outcome, reduced]);

  const pct = (v: number) => `${(v / config.rolls) * 100}%`;
  const under = params.direction === 'UNDER';
  const zone = under
    ? { left: '0%', width: pct(params.target) }
    : { left: pct(params.target + 1), width: pct(config.rolls - 1 - params.target) };
  const settled = !playing && !moving;
  const showRoll = outcome && !playing;
  const word = (d: DiceParams['direction']) => t(d === 'UNDER' ? 'dice.underWord' : 'dice.overWord');
  return (
    <div className="kg-dice" data-testid="dice-board" data-settled={settled}>
      <div
        className={`kg-dice__roll${showRoll && settled ? (outcome.win ? ' is-win' : ' is-lose') : ''}${playing ? ' is-rolling' : ''}`}
        data-testid="dice-roll"
      >
        <span className="kg-label">{t('dice.roll')}</span>
        <strong>{showRoll ? hundredths(outcome.roll, lang) : '—'}</strong>
      </div>
      <div className="kg-dice__track" aria-hidden="true">
        <div className={under ? 'kg-dice__zone is-under' : 'kg-dice__zone is-over'} style={zone} />
        <div className="kg-dice__target" style={{ left: pct(params.target) }}>
          <span>{hundredths(params.target, lang)}</span>
        </div>
        {outcome || playing ? (
          <div
            className={`kg-dice__marker${playing ? ' is-rolling' : ''}${showRoll && settled ? (outcome.win ? ' is-win' : ' is-lose') : ''}`}
            style={{ left: outcome ? pct(outcome.roll) : '50%' }}
          />
        ) : null}
      </div>
      <div className="kg-dice__scale" aria-hidden="true">
        {[0, 25, 50, 75, 100].map((n) => (
          <span key={n}>{formatNumber(n, lang)}</span>
        ))}
      </div>
      {showRoll && settled ? (
        <p className={outcome.win ? 'kg-dice__verdict kg-win' : 'kg-dice__verdict'} data-testid="dice-verdict">
          {t(outcome.win ? 'dice.wins' : 'dice.loses', {
            roll: hundredths(outcome.roll, lang),
            target: hundredths(outcome.target, lang),
            direction: word(outcome.direction),
          })}
        </p>
      ) : null}
    </div>
  );
}
