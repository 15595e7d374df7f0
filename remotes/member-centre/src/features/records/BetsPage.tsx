import { useState } from 'react';
import type { TFunction } from 'i18next';
import { EmptyState, ErrorState, Loading } from '@khela/ui';
import type { BetRecordDto, LotteryRecordDto } from '@khela/api/records';
import { useLoad } from '../../common/payments/ui';
import { fetchBets } from './api';
import { useFilterChoices } from './useFilters';
import { Figures, Pager, RangeFilter, Select, Signed, useRecordsText, type RangeValue } from './ui';

/** One unit of a lottery bet as the player reads it: "Place 1: 7", "Sum: big", "violet", "4-4-4", or the number itself. */
function lotteryUnit(t: TFunction<'member-centre'>, betType: string, unit: string) {
  const word = (w: string) => (/^[A-Z]+$/.test(w) ? t(`records.lottery.units.${w}`, { defaultValue: w }) : w);
  const at = unit.indexOf(':');
  if (at > 0) {
    const place = unit.slice(0, at);
    return `${place === 'SUM' ? t('records.lottery.sum') : t('records.lottery.place', { n: place })}: ${word(unit.slice(at + 1))}`;
  }
  return betType === 'DICE_TRIPLE' ? `${unit}-${unit}-${unit}` : word(unit);
}

/** A lottery bet's own details: the draw, bet type, numbers, stake per number, result and payout. */
function LotteryDetails({ l }: { l: LotteryRecordDto }) {
  const { t, money, num } = useRecordsText();
  const units = l.numbers.map((u) => lotteryUnit(t, l.betType, u));
  const sep = units.some((u) => u.includes(' ')) ? ', ' : ' ';
  const numbers = units.length > 20 ? `${units.slice(0, 20).join(sep)} … (${units.length})` : units.join(sep);
  // the northern lottery's and SEA's prizes read by their top prize; every other draw shows all its numbers
  const byPrize = !l.group || l.group === 'VN' || l.group === 'SEA';
  const hits = (l.hits ?? []).map((h) => {
    const u = lotteryUnit(t, l.betType, h.number);
    return h.hits > 1 ? `${u}×${h.hits}` : u;
  });
  const result =
    l.status === 'VOID' || l.status === 'ROLLED_BACK'
      ? t('records.lottery.void')
      : !l.drawnNumbers
        ? t('records.lottery.pending')
        : `${byPrize ? t('records.lottery.top', { number: l.drawnNumbers[0] }) : t('records.lottery.drawn', { numbers: l.drawnNumbers.join(' ') })} · ${
            l.betType === 'PICK'
              ? t('records.lottery.matched', { count: num(hits.length), list: hits.join(', ') || '—' })
              : hits.length
                ? t('records.lottery.hits', { list: hits.join(', ') })
                : t('records.lottery.noHits')
          }`;
  return (
    <div className="rec-lottery" data-testid="bet-lottery">
      <div className="rec-item__meta">
        {t('records.lottery.draw', { numero: l.numero })} · {t(`records.lottery.types.${l.betType}`, { defaultValue: l.betType })}{' '}
        · {l.prizeMode}
      </div>
      <Figures
        items={[
          [t('records.lottery.numbers'), numbers, 'bet-lottery-numbers'],
          [t('records.lottery.stakePerNumber'), money(l.stakePerNumber)],
          [t('records.lottery.result'), result, 'bet-lottery-result'],
        ]}
      />
    </div>
  );
}

function BetItem({ b }: { b: BetRecordDto }) {
  const { t, money, time } = useRecordsText();
  return (
    <li className="rec-item" data-testid="bet-row" data-round={b.roundId}>
      <div className="rec-item__head">
        <strong>{b.gameName}</strong>
        <span className={`rec-status rec-status--${b.status.toLowerCase()}`} data-status={b.status}>
          {t(`records.status.${b.status}`)}
        </span>
      </div>
      <div className="rec-item__meta">
        {b.vendorName} · {t(`records.gameTypes.${b.gameType}`, { defaultValue: b.gameType })} ·{' '}
        {t('records.round', { round: b.roundId })}
      </div>
      <Figures
        items={[
          [t('records.stake'), money(b.stake), 'bet-stake'],
          [t('records.payout'), money(b.payout), 'bet-payout'],
          [t('records.validBet'), money(b.validBet)],
          [t('records.profit'), <Signed key="p" value={b.profit} />],
        ]}
      />
      {b.lottery ? <LotteryDetails l={b.lottery} /> : null}
      <div className="rec-item__meta">
        {t('records.placedAt')}: {time(b.placedAt)}
        {b.settledAt ? ` · ${t('records.settledAt')}: ${time(b.settledAt)}` : ''}
      </div>
    </li>
  );
}

/** The betting record (personalHistoryCopy): every bet with its game, round and result. */
export default function BetsPage() {
  const { t, money, num, day, errorText } = useRecordsText();
  const choices = useFilterChoices();
  const [range, setRange] = useState<RangeValue>({ range: 'TODAY' });
  const [gameType, setGameType] = useState('');
  const [vendor, setVendor] = useState('');
  const [page, setPage] = useState(1);
  const bets = useLoad(
    (signal) => fetchBets({ ...range, gameType, vendor, page, pageSize: 20 }, signal),
    [range, gameType, vendor, page],
  );
  const filter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };
  const v = bets.value;
  return (
    <div className="rec" data-testid="bets-page">
      <div className="rec-filters">
        <RangeFilter value={range} onChange={filter(setRange)} />
        <div className="rec-selects">
          <Select
            label={t('records.gameType')}
            value={gameType}
            onChange={filter(setGameType)}
            options={choices.gameTypes.map((g) => ({ value: g, label: t(`records.gameTypes.${g}`, { defaultValue: g }) }))}
            testId="filter-gameType"
          />
          <Select
            label={t('records.vendor')}
            value={vendor}
            onChange={filter(setVendor)}
            options={choices.vendors.map((x) => ({ value: x.code, label: x.name }))}
            testId="filter-vendor"
          />
        </div>
        {v ? <p className="rec-shown">{t('records.range.shown', { from: day(v.from), to: day(v.to) })}</p> : null}
      </div>
      {bets.error ? (
        <ErrorState message={errorText(bets.error)} onRetry={bets.reload} testId="records-error" />
      ) : !v || bets.loading ? (
        <Loading label={t('records.loading')} />
      ) : v.total === 0 ? (
        <EmptyState>{t('records.noBets')}</EmptyState>
      ) : (
        <>
          <section className="rec-totals" data-testid="bets-totals">
            <h3>{t('records.totalsTitle')}</h3>
            <Figures
              items={[
                [t('records.bets'), num(v.totals.count), 'total-count'],
                [t('records.stake'), money(v.totals.stake), 'total-stake'],
                [t('records.validBet'), money(v.totals.validBet)],
                [t('records.payout'), money(v.totals.payout), 'total-payout'],
                [t('records.profit'), <Signed key="p" value={v.totals.profit} testId="total-profit" />],
                [t('records.openStake'), money(v.totals.openStake)],
              ]}
            />
          </section>
          <ul className="rec-list">
            {v.list.map((b) => (
              <BetItem key={b.id} b={b} />
            ))}
          </ul>
          <Pager page={v.page} pages={v.totalPages} onPage={setPage} />
        </>
      )}
    </div>
  );
}
