import { useState } from 'react';
import type { AgentLedgerDto, TeamBetsDto, TeamOverviewDto, TeamProfitDto } from '@khela/api/agent';
import { fetchBets, fetchLedger, fetchOverview, fetchProfit } from './api';
import { Field, Loaded, Pager, RangeFilter, signedClass, useAgentText, useLoad, type RangeValue } from './common';

function useRangePage(initial: RangeValue = { range: 'TODAY' }) {
  const [range, setRange] = useState<RangeValue>(initial);
  const [page, setPage] = useState(1);
  return {
    range,
    page,
    setPage,
    setRange: (r: RangeValue) => {
      setRange(r);
      setPage(1);
    },
    query: { ...range, page, pageSize: 20 },
  };
}

export function OverviewPage() {
  const { t, money, num } = useAgentText();
  const [range, setRange] = useState<RangeValue>({ range: 'TODAY' });
  const state = useLoad<TeamOverviewDto>((s) => fetchOverview({ ...range }, s), JSON.stringify(range));
  return (
    <div data-testid="overview-page">
      <RangeFilter value={range} onChange={setRange} />
      <Loaded state={state}>
        {(o) => (
          <div className="ag-grid">
            {(['members', 'agents', 'newMembers', 'activeMembers'] as const).map((k) => (
              <div className="ag-card" key={k}>
                <Field label={t(`team.overview.${k}`)} testId={`ov-${k}`}>
                  {num(o[k])}
                </Field>
              </div>
            ))}
            {(['deposits', 'withdrawals', 'validBet', 'profit'] as const).map((k) => (
              <div className="ag-card" key={k}>
                <Field label={t(`team.overview.${k}`)} testId={`ov-${k}`}>
                  <span className={k === 'profit' ? signedClass(o[k]) : ''}>{money(o[k])}</span>
                </Field>
              </div>
            ))}
          </div>
        )}
      </Loaded>
    </div>
  );
}

export function BetsPage() {
  const { t, money, time, num } = useAgentText();
  const p = useRangePage();
  const state = useLoad<TeamBetsDto>((s) => fetchBets(p.query, s), JSON.stringify(p.query));
  return (
    <div data-testid="team-bets-page">
      <RangeFilter value={p.range} onChange={p.setRange} />
      <Loaded state={state} empty={(d) => d.total === 0}>
        {(d) => (
          <>
            <div className="ag-grid" data-testid="team-bets-totals">
              <div className="ag-card">
                <Field label={t('team.bets.count')} testId="tb-count">
                  {num(d.totals.count)}
                </Field>
              </div>
              <div className="ag-card">
                <Field label={t('team.bets.validBet')} testId="tb-validBet">
                  {money(d.totals.validBet)}
                </Field>
              </div>
              <div className="ag-card">
                <Field label={t('team.bets.profit')} testId="tb-profit">
                  <span className={signedClass(d.totals.profit)}>{money(d.totals.profit)}</span>
                </Field>
              </div>
            </div>
            <ul className="ag-list">
              {d.list.map((b) => (
                <li key={b.id} className="ag-card" data-testid="team-bet-row" data-account={b.account}>
                  <Field label={t('team.bets.account')}>{b.account}</Field>
                  <Field label={t('team.bets.game')}>
                    {b.gameCode} · {time(b.placedAt)}
                  </Field>
                  <Field label={t('team.bets.stake')}>{money(b.stake)}</Field>
                  <Field label={t('team.bets.payout')}>{money(b.payout)}</Field>
                  <Field label={t('team.bets.profit')}>
                    <span className={signedClass(b.profit)} data-status={b.status}>
                      {b.status === 'SETTLED' ? money(b.profit) : t(`team.bets.status.${b.status}`)}
                    </span>
                  </Field>
                </li>
              ))}
            </ul>
            <Pager page={d.page} totalPages={d.totalPages} onPage={p.setPage} />
          </>
        )}
      </Loaded>
    </div>
  );
}

export function ProfitPage() {
  const { t, money, num } = useAgentText();
  const p = useRangePage();
  const state = useLoad<TeamProfitDto>((s) => fetchProfit(p.query, s), JSON.stringify(p.query));
  return (
    <div data-testid="user-loss-page">
      <RangeFilter value={p.range} onChange={p.setRange} />
      <Loaded state={state} empty={(d) => d.total === 0}>
        {(d) => (
          <>
            <div className="ag-card">
              <Field label={t('team.bets.validBet')}>{money(d.totals.validBet)}</Field>
              <Field label={t('team.bets.profit')} testId="loss-total">
                <span className={signedClass(d.totals.profit)}>{money(d.totals.profit)}</span>
              </Field>
            </div>
            <ul className="ag-list">
              {d.list.map((m) => (
                <li key={m.account} className="ag-card" data-testid="loss-row">
                  <Field label={t('team.bets.account')}>{m.account}</Field>
                  <Field label={t('team.bets.count')}>{num(m.bets)}</Field>
                  <Field label={t('team.bets.validBet')}>{money(m.validBet)}</Field>
                  <Field label={t('team.bets.profit')}>
                    <span className={signedClass(m.profit)}>{money(m.profit)}</span>
                  </Field>
                </li>
              ))}
            </ul>
            <Pager page={d.page} totalPages={d.totalPages} onPage={p.setPage} />
          </>
        )}
      </Loaded>
    </div>
  );
}

/** My income (income: the salaries, wages and dividends received) or account details (every entry). */
export function LedgerPage({ income }: { income: boolean }) {
  const { t, money, time } = useAgentText();
  const p = useRangePage();
  const state = useLoad<AgentLedgerDto>((s) => fetchLedger(income, p.query, s), `${income}${JSON.stringify(p.query)}`);
  return (
    <div data-testid={income ? 'income-page' : 'account-details-page'}>
      <RangeFilter value={p.range} onChange={p.setRange} />
      <Loaded state={state} empty={(d) => d.total === 0}>
        {(d) => (
          <>
            <div className="ag-card">
              <Field label={t('team.ledger.in')} testId="ledger-in">
                {money(d.totals.in)}
              </Field>
              {income ? null : <Field label={t('team.ledger.out')}>{money(d.totals.out)}</Field>}
            </div>
            <ul className="ag-list">
              {d.list.map((m) => (
                <li key={`${m.transactionId}${m.amount}`} className="ag-card" data-testid="ledger-row" data-kind={m.kind}>
                  <Field label={time(m.createdAt)}>
                    {t(`team.ledger.kinds.${m.kind}`, { defaultValue: t('team.ledger.kinds.OTHER') })}
                  </Field>
                  <Field label={m.amount.startsWith('-') ? t('team.ledger.out') : t('team.ledger.in')}>
                    <span className={signedClass(m.amount)} data-testid="ledger-amount">
                      {money(m.amount)}
                    </span>
                  </Field>
                  {m.balanceAfter !== null ? <Field label={t('team.ledger.balanceAfter')}>{money(m.balanceAfter)}</Field> : null}
                </li>
              ))}
            </ul>
            <Pager page={d.page} totalPages={d.totalPages} onPage={p.setPage} />
          </>
        )}
      </Loaded>
    </div>
  );
}

export { useRangePage };
