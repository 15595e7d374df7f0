import { useId, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MinorString } from '@khela/api';
import { NS } from '../i18n';
import { money, useLang } from '../lib/format';

interface StakeSelectorProps {
  steps: MinorString[];
  index: number;
  onChange: (index: number) => void;
  /** Enter on the selector plays a round */
  onSubmit?: () => void;
  disabled?: boolean;
}

/**
 * The stake, one of the game's steps: a spin button (arrows, Home, End, Page Up/Down) between a
 * lower and a raise button, so it works by keyboard, mouse and touch alike.
 */
export function StakeSelector({ steps, index, onChange, onSubmit, disabled }: StakeSelectorProps) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const labelId = useId();
  const last = steps.length - 1;
  const set = (i: number) => onChange(Math.max(0, Math.min(last, i)));
  const onKey = (e: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowUp: index + 1,
      ArrowRight: index + 1,
      ArrowDown: index - 1,
      ArrowLeft: index - 1,
      PageUp: index + 3,
      PageDown: index - 3,
      Home: 0,
      End: last,
    };
    if (e.key in moves) {
      e.preventDefault();
      if (!disabled) set(moves[e.key]);
    } else if (e.key === 'Enter' && onSubmit) {
      e.preventDefault();
      onSubmit();
    }
  };
  const value = steps[index];
  return (
    <div className="kg-stake" data-testid="stake-selector">
      <span className="kg-label" id={labelId}>
        {t('stake.label')}
      </span>
      <div className="kg-stake__row">
        <button
          type="button"
          className="kg-round-btn"
          aria-label={t('stake.less')}
          onClick={() => set(index - 1)}
          disabled={disabled || index <= 0}
          data-testid="stake-less"
        >
          −
        </button>
        <div
          className="kg-stake__value"
          role="spinbutton"
          tabIndex={0}
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={last}
          aria-valuenow={index}
          aria-valuetext={value ? money(value, lang) : ''}
          aria-disabled={disabled || undefined}
          onKeyDown={onKey}
          data-testid="stake-value"
        >
          {value ? money(value, lang) : '—'}
        </div>
        <button
          type="button"
          className="kg-round-btn"
          aria-label={t('stake.more')}
          onClick={() => set(index + 1)}
          disabled={disabled || index >= last}
          data-testid="stake-more"
        >
          +
        </button>
      </div>
      {steps.length > 1 ? (
        <span className="kg-hint">{t('stake.range', { min: money(steps[0], lang), max: money(steps[last], lang) })}</span>
      ) : null}
    </div>
  );
}
