import { useRef, useState, type FormEvent } from 'react';
import { parseTaka } from '@khela/api';
import { ApiError, apiRequest } from '@khela/api-client';
import { AGENT_TRANSFER_PATH, type AgentTransferDto } from '@khela/api/agent';
import { useAgentText } from './common';

const newRequestId = () => `agt-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * A transfer to a team member or to the upline, behind the payment password. The request id is
 * kept until the server answers definitely, so a re-send after a network failure cannot pay twice.
 */
export function TransferForm({ to: initialTo, onDone }: { to: string; onDone?: () => void }) {
  const { t, money, errorText } = useAgentText();
  const [to, setTo] = useState(initialTo);
  const [amount, setAmount] = useState('');
  const [pwd, setPwd] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const pending = useRef<{ sig: string; id: string } | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setNote(null);
    let minor: bigint;
    try {
      minor = parseTaka(amount);
    } catch {
      return setNote({ ok: false, text: t('team.transfer.badAmount') });
    }
    if (minor <= 0n) return setNote({ ok: false, text: t('team.transfer.badAmount') });
    const sig = `${to}|${minor}`;
    if (pending.current?.sig !== sig) pending.current = { sig, id: newRequestId() };
    setBusy(true);
    try {
      const r = await apiRequest<AgentTransferDto>(AGENT_TRANSFER_PATH, {
        method: 'POST',
        body: { to: to.trim(), amount: minor.toString(), paymentPassword: pwd, requestId: pending.current.id },
      });
      pending.current = null;
      setNote({ ok: true, text: t('team.transfer.done', { amount: money(r.amount), account: r.to, balance: money(r.balance) }) });
      setAmount('');
      setPwd('');
      onDone?.();
    } catch (err) {
      if (err instanceof ApiError) pending.current = null; // a definite refusal: the next send is a new transfer
      setNote({ ok: false, text: errorText(err) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="ag-form" onSubmit={submit} data-testid="transfer-form">
      <label>
        {t('team.transfer.to')}
        <input
          value={to}
          onChange={(e) => setTo(e.target.value)}
          required
          pattern="[A-Za-z0-9_]{3,32}"
          data-testid="transfer-to"
        />
      </label>
      <label>
        {t('team.transfer.amount')}
        <input
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          required
          data-testid="transfer-amount"
        />
      </label>
      <label>
        {t('team.transfer.paymentPassword')}
        <input
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={pwd}
          onChange={(e) => setPwd(e.target.value)}
          required
          data-testid="transfer-password"
        />
      </label>
      <button type="submit" className="k-button" disabled={busy} data-testid="transfer-submit">
        {t('team.transfer.send')}
      </button>
      {note ? (
        <p
          role={note.ok ? 'status' : 'alert'}
          className={note.ok ? 'ag-notice' : 'k-error'}
          data-testid={note.ok ? 'transfer-done' : 'transfer-error'}
        >
          {note.text}
        </p>
      ) : null}
    </form>
  );
}
