import { useState, type FormEvent } from 'react';
import type { ContractAction, ContractDto, ContractKind, SettlementsDto } from '@khela/api/agent';
import { actOnContract, fetchContracts, fetchSettlements, offerContract } from './api';
import { Field, Loaded, Pager, RangeFilter, useAgentText, useLoad } from './common';
import { useRangePage } from './reports';

const percent = (bp: number) => (bp / 100).toFixed(2);

function ContractCard({ c, onAct }: { c: ContractDto; onAct: (id: number, a: ContractAction) => Promise<void> }) {
  const { t, num, time } = useAgentText();
  const actions: ContractAction[] =
    c.status === 'OFFERED' ? (c.mine ? ['ACCEPT', 'REJECT'] : ['TERMINATE']) : c.status === 'ACTIVE' ? ['TERMINATE'] : [];
  return (
    <li className="ag-card" data-testid="contract-row" data-status={c.status} data-mine={c.mine}>
      <Field label={t(`team.contracts.kinds.${c.kind}`)}>
        {c.mine
          ? c.uplineAccount
            ? t('team.contracts.from', { account: c.uplineAccount })
            : t('team.contracts.house')
          : t('team.contracts.to', { account: c.downlineAccount })}
      </Field>
      <Field label={t('team.contracts.rate', { rate: percent(c.rateBp) })}>
        <span data-testid="contract-status">{t(`team.contracts.status.${c.status}`)}</span>
      </Field>
      {c.minActiveMembers > 0 ? <Field label={t('team.contracts.minActive', { n: num(c.minActiveMembers) })}>{''}</Field> : null}
      <Field label={time(c.offeredAt)}>{c.acceptedAt ? time(c.acceptedAt) : ''}</Field>
      {actions.length ? (
        <div className="ag-actions">
          {actions.map((a) => (
            <button
              key={a}
              type="button"
              className={a === 'ACCEPT' ? 'k-button' : 'k-button k-button--ghost'}
              data-testid={`contract-${a.toLowerCase()}`}
              onClick={() => onAct(c.id, a)}
            >
              {t(`team.contracts.${a}`)}
            </button>
          ))}
        </div>
      ) : null}
    </li>
  );
}

function OfferForm({ kind, onOffered }: { kind: ContractKind; onOffered: () => void }) {
  const { t, errorText } = useAgentText();
  const [downline, setDownline] = useState('');
  const [rate, setRate] = useState('');
  const [minActive, setMinActive] = useState('0');
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setNote(null);
    const rateBp = Math.round(Number(rate) * 100);
    if (!Number.isFinite(rateBp) || rateBp < 1 || rateBp > 10000)
      return setNote({ ok: false, text: t('team.errors.VALIDATION_ERROR') });
    try {
      await offerContract({ downline: downline.trim(), kind, rateBp, minActiveMembers: Number(minActive) || 0 });
      setNote({ ok: true, text: t('team.contracts.offered', { account: downline.trim() }) });
      setDownline('');
      onOffered();
    } catch (err) {
      setNote({ ok: false, text: errorText(err) });
    }
  }
  return (
    <form className="ag-form" onSubmit={submit} data-testid="offer-form">
      <h3>{t('team.contracts.offer')}</h3>
      <label>
        {t('team.contracts.downline')}
        <input
          value={downline}
          onChange={(e) => setDownline(e.target.value)}
          required
          pattern="[A-Za-z0-9_]{3,32}"
          data-testid="offer-downline"
        />
      </label>
      <label>
        {t('team.contracts.ratePercent')}
        <input
          inputMode="decimal"
          value={rate}
          onChange={(e) => setRate(e.target.value)}
          required
          pattern="[0-9]{1,3}([.][0-9]{1,2})?"
          data-testid="offer-rate"
        />
      </label>
      <label>
        {t('team.contracts.minActiveMembers')}
        <input inputMode="numeric" value={minActive} onChange={(e) => setMinActive(e.target.value)} pattern="[0-9]{1,6}" />
      </label>
      <button type="submit" className="k-button" data-testid="offer-submit">
        {t('team.contracts.send')}
      </button>
      {note ? (
        <p
          role={note.ok ? 'status' : 'alert'}
          className={note.ok ? 'ag-notice' : 'k-error'}
          data-testid={note.ok ? 'offer-done' : 'offer-error'}
        >
          {note.text}
        </p>
      ) : null}
    </form>
  );
}

/** A contract kind's page: its contracts (accept, reject, terminate), an offer to a sub-agent, and its payments. */
export function SalaryPage({ kind }: { kind: ContractKind }) {
  const { t, money, time, num, errorText } = useAgentText();
  const contracts = useLoad<{ list: ContractDto[] }>((s) => fetchContracts(kind, s), kind);
  const p = useRangePage({ range: 'LAST_7_DAYS' });
  const settlements = useLoad<SettlementsDto>((s) => fetchSettlements({ ...p.query, kind }, s), kind + JSON.stringify(p.query));
  const [actError, setActError] = useState<string | null>(null);
  async function act(id: number, a: ContractAction) {
    setActError(null);
    try {
      await actOnContract(id, a);
    } catch (err) {
      setActError(errorText(err));
    }
    contracts.reload();
  }
  return (
    <div data-testid={`salary-page-${kind}`}>
      <h3>{t('team.contracts.title')}</h3>
      {actError ? (
        <p role="alert" className="k-error">
          {actError}
        </p>
      ) : null}
      <Loaded state={contracts}>
        {(d) =>
          d.list.length === 0 ? (
            <p className="k-empty" data-testid="contracts-empty">
              {t('team.contracts.none')}
            </p>
          ) : (
            <ul className="ag-list">
              {d.list.map((c) => (
                <ContractCard key={c.id} c={c} onAct={act} />
              ))}
            </ul>
          )
        }
      </Loaded>
      <OfferForm kind={kind} onOffered={contracts.reload} />
      <h3>{t('team.settlements.title')}</h3>
      <RangeFilter value={p.range} onChange={p.setRange} />
      <Loaded state={settlements} empty={(d) => d.total === 0}>
        {(d) => (
          <>
            <div className="ag-card">
              <Field label={t('team.settlements.paid')} testId="settled-paid">
                {money(d.totals.paid)}
              </Field>
              <Field label={t('team.settlements.owed')}>{money(d.totals.owed)}</Field>
            </div>
            <ul className="ag-list">
              {d.list.map((s) => (
                <li key={s.key} className="ag-card" data-testid="settlement-row" data-direction={s.direction}>
                  <Field label={t('team.settlements.window')}>
                    {time(s.windowStart)} – {time(s.windowEnd)}
                  </Field>
                  <Field label={t('team.bets.validBet')}>{money(s.validBet)}</Field>
                  <Field label={t('team.settlements.activeMembers')}>{num(s.activeMembers)}</Field>
                  <Field
                    label={
                      s.direction === 'RECEIVED'
                        ? s.payerAccount
                          ? t('team.settlements.received', { account: s.payerAccount })
                          : t('team.settlements.receivedHouse')
                        : t('team.settlements.paidTo', { account: s.payeeAccount })
                    }
                  >
                    <span data-testid="settlement-paid">{money(s.paid)}</span>
                  </Field>
                  {s.owed !== '0' ? <Field label={t('team.settlements.owed')}>{money(s.owed)}</Field> : null}
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
