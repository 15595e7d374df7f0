import { useState } from 'react';
import { EmptyState, ErrorState, Loading } from '@khela/ui';
import type { MovementDto } from '@khela/api/records';
import { useLoad } from '../../common/payments/ui';
import { fetchMovements } from './api';
import { useFilterChoices } from './useFilters';
import { Figures, Pager, RangeFilter, Select, Signed, useRecordsText, type RangeValue } from './ui';

function MovementItem({ m }: { m: MovementDto }) {
  const { t, money, time } = useRecordsText();
  const signed = m.direction === 'IN' ? m.amount : `-${m.amount}`;
  return (
    <li className="rec-item" data-testid="movement-row" data-type={m.type}>
      <div className="rec-item__head">
        <strong>{t(`records.kind.${m.kind}`, { defaultValue: t(`records.movement.${m.type}`) })}</strong>
        <Signed value={signed} testId="movement-amount" />
      </div>
      <Figures
        items={[
          [t('records.wallet'), m.walletName],
          [t('records.balanceAfter'), money(m.balanceAfter), 'movement-balance'],
        ]}
      />
      <div className="rec-item__meta">
        {time(m.createdAt)}
        {m.reference ? ` · ${t('records.reference', { reference: m.reference })}` : ''}
      </div>
    </li>
  );
}

/** The account record (transactionHistory): every movement of the member's wallets, with the balance after it. */
export default function TransactionsPage() {
  const { t, money, num, day, errorText } = useRecordsText();
  const choices = useFilterChoices();
  const [range, setRange] = useState<RangeValue>({ range: 'TODAY' });
  const [type, setType] = useState('');
  const [wallet, setWallet] = useState('');
  const [page, setPage] = useState(1);
  const moves = useLoad(
    (signal) => fetchMovements({ ...range, type, wallet, page, pageSize: 20 }, signal),
    [range, type, wallet, page],
  );
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  const v = moves.value;
  return (
    <div className="rec" data-testid="movements-page">
      <div className="rec-filters">
        <RangeFilter value={range} onChange={filter(setRange)} />
        <div className="rec-selects">
          <Select
            label={t('records.type')}
            value={type}
            onChange={filter(setType)}
            options={choices.movementTypes.map((x) => ({ value: x, label: t(`records.movement.${x}`) }))}
            testId="filter-type"
          />
          <Select
            label={t('records.wallet')}
            value={wallet}
            onChange={filter(setWallet)}
            options={choices.wallets.map((x) => ({ value: x.code, label: x.name }))}
            testId="filter-wallet"
          />
        </div>
        {v ? <p className="rec-shown">{t('records.range.shown', { from: day(v.from), to: day(v.to) })}</p> : null}
      </div>
      {moves.error ? (
        <ErrorState message={errorText(moves.error)} onRetry={moves.reload} testId="records-error" />
      ) : !v || moves.loading ? (
        <Loading label={t('records.loading')} />
      ) : v.total === 0 ? (
        <EmptyState>{t('records.noMovements')}</EmptyState>
      ) : (
        <>
          <section className="rec-totals" data-testid="movements-totals">
            <h3>{t('records.totalsTitle')}</h3>
            <Figures
              items={[
                [t('records.movementCount'), num(v.totals.count), 'total-count'],
                [t('records.totalIn'), money(v.totals.in), 'total-in'],
                [t('records.totalOut'), money(v.totals.out), 'total-out'],
                [t('records.net'), <Signed key="n" value={v.totals.net} testId="total-net" />],
              ]}
            />
          </section>
          <ul className="rec-list">
            {v.list.map((m) => (
              <MovementItem key={m.id} m={m} />
            ))}
          </ul>
          <Pager page={v.page} pages={v.totalPages} onPage={setPage} />
        </>
      )}
    </div>
  );
}
