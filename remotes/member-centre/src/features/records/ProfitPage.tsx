import { useState } from 'react';
import { EmptyState, ErrorState, Loading } from '@khela/ui';
import { PROFIT_GROUPS, type ProfitGroup, type ProfitRowDto } from '@khela/api/records';
import { useLoad } from '../../common/payments/ui';
import { fetchProfit } from './api';
import { useFilterChoices } from './useFilters';
import { Figures, RangeFilter, Select, Signed, useRecordsText, type RangeValue } from './ui';

/** The profit and loss (personalProfit): the game result by day, week, month or game type. */
export default function ProfitPage() {
  const { t, money, num, day, errorText } = useRecordsText();
  const choices = useFilterChoices();
  const [range, setRange] = useState<RangeValue>({ range: 'LAST_7_DAYS' });
  const [groupBy, setGroupBy] = useState<ProfitGroup>('DAY');
  const [gameType, setGameType] = useState('');
  const profit = useLoad((signal) => fetchProfit({ ...range, groupBy, gameType }, signal), [range, groupBy, gameType]);
  const v = profit.value;
  const label = (r: ProfitRowDto) =>
    groupBy === 'GAME_TYPE'
      ? t(`records.gameTypes.${r.key}`, { defaultValue: r.key })
      : groupBy === 'WEEK'
        ? t('records.weekOf', { day: day(r.key) })
        : day(r.key, groupBy === 'MONTH');
  const figures = (r: Omit<ProfitRowDto, 'key'>, testPrefix?: string) => (
    <Figures
      items={[
        [t('records.bets'), num(r.bets)],
        [t('records.stake'), money(r.stake)],
        [t('records.validBet'), money(r.validBet)],
        [t('records.payout'), money(r.payout)],
        [t('records.profit'), <Signed key="p" value={r.profit} testId={testPrefix && `${testPrefix}-profit`} />],
        [t('records.openStake'), money(r.openStake)],
      ]}
    />
  );
  return (
    <div className="rec" data-testid="profit-page">
      <div className="rec-filters">
        <RangeFilter value={range} onChange={setRange} />
        <div className="rec-chips" role="group">
          {PROFIT_GROUPS.map((g) => (
            <button
              key={g}
              type="button"
              className="rec-chip"
              aria-pressed={groupBy === g}
              onClick={() => setGroupBy(g)}
              data-testid={`group-${g}`}
            >
              {t(`records.group.${g}`)}
            </button>
          ))}
        </div>
        <div className="rec-selects">
          <Select
            label={t('records.gameType')}
            value={gameType}
            onChange={setGameType}
            options={choices.gameTypes.map((g) => ({ value: g, label: t(`records.gameTypes.${g}`, { defaultValue: g }) }))}
            testId="filter-gameType"
          />
        </div>
        {v ? <p className="rec-shown">{t('records.range.shown', { from: day(v.from), to: day(v.to) })}</p> : null}
      </div>
      {profit.error ? (
        <ErrorState message={errorText(profit.error)} onRetry={profit.reload} testId="records-error" />
      ) : !v || profit.loading ? (
        <Loading label={t('records.loading')} />
      ) : v.rows.length === 0 ? (
        <EmptyState>{t('records.noProfit')}</EmptyState>
      ) : (
        <>
          <section className="rec-totals" data-testid="profit-totals">
            <h3>{t('records.totalsTitle')}</h3>
            {figures(v.totals, 'total')}
          </section>
          <ul className="rec-list">
            {v.rows.map((r) => (
              <li key={r.key} className="rec-item" data-testid="profit-row" data-key={r.key}>
                <div className="rec-item__head">
                  <strong>{label(r)}</strong>
                </div>
                {figures(r)}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
