import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AndarBaharConfig, AndarBaharParams } from '@khela/games-math';
import { NS } from '../../i18n';
import { formatNumber, useLang } from '../../lib/format';
import type { ControlsProps } from '../types';

/** The side bet: Andar or Bahar, each with what a win returns and its chance. */
export function AndarBaharControls({ config, params, onParams, disabled }: ControlsProps<AndarBaharConfig, AndarBaharParams>) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const ids = useId();
  return (
    <fieldset className="kg-segmented kg-segmented--tall" disabled={disabled} data-testid="ab-controls">
      <legend className="kg-sr-only">{t('andarbahar.pick')}</legend>
      {(['ANDAR', 'BAHAR'] as const).map((side) => {
        const r = config.returns[side];
        const odds = config.odds[side];
        return (
          <label key={side}>
            <input
              type="radio"
              name={`${ids}-side`}
              value={side}
              checked={params.side === side}
              onChange={() => onParams({ side })}
              data-testid={`ab-pick-${side.toLowerCase()}`}
            />
            <span>{t(side === 'ANDAR' ? 'andarbahar.andar' : 'andarbahar.bahar')}</span>
            <span className="kg-small">
              {t('andarbahar.pays', { multiplier: `${formatNumber(r.num / r.den, lang, 2)}×` })} ·{' '}
              {formatNumber((odds.num / odds.den) * 100, lang, 2)}%
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
