import { useRef, useState, type FormEvent } from 'react';
import { addNamespace } from '@khela/i18n';
import { parseTaka } from '@khela/api';
import { ApiError, apiRequest } from '@khela/api-client';
import { AGENT_TRANSFER_PATH, type AgentTransferDto } from '@khela/api/agent';
import { EmptyState, ErrorState, Loading } from '@khela/ui';
import { useErrorText, useLoad, useMoney } from '../../common/payments/ui';
import { NS } from '../../i18n';
import './upline.css';

const en = {
  upline: {
    to: 'Your upline',
    none: 'You have no upline to transfer to.',
    amount: 'Amount (৳)',
    paymentPassword: 'Payment password',
    send: 'Transfer',
    done: '{{amount}} sent to {{account}}. Your balance: {{balance}}.',
    badAmount: 'Enter an amount in taka, e.g. 100 or 99.50.',
    notInTeam: 'Transfers go to your upline only.',
  },
};
const bn: typeof en = {
  upline: {
    to: 'আপনার আপলাইন',
    none: 'স্থানান্তরের জন্য আপনার কোনো আপলাইন নেই।',
    amount: 'পরিমাণ (৳)',
    paymentPassword: 'পেমেন্ট পাসওয়ার্ড',
    send: 'স্থানান্তর করুন',
    done: '{{amount}} {{account}}-কে পাঠানো হয়েছে। আপনার ব্যালেন্স: {{balance}}।',
    badAmount: 'টাকায় পরিমাণ লিখুন, যেমন 100 বা 99.50।',
    notInTeam: 'স্থানান্তর শুধু আপনার আপলাইনে যায়।',
  },
};
addNamespace(NS, { bn, en });

const newRequestId = () => `upl-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** transferUpline: money from the member's main wallet to its upline agent, behind the payment password. */
export default function TransferUplinePage() {
  const { t, money } = useMoney();
  const errorText = useErrorText();
  const data = useLoad((signal) => apiRequest<{ upline: string | null }>(`${AGENT_TRANSFER_PATH}/upline`, { signal }));
  const [amount, setAmount] = useState('');
  const [pwd, setPwd] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const pending = useRef<{ amount: bigint; id: string } | null>(null);
  if (data.loading && !data.value) return <Loading />;
  if (data.error && !data.value) return <ErrorState message={errorText(data.error)} onRetry={data.reload} />;
  const upline = data.value!.upline;
  if (!upline) return <EmptyState>{t('upline.none')}</EmptyState>;
  async function submit(e: FormEvent) {
    e.preventDefault();
    setNote(null);
    let minor: bigint;
    try {
      minor = parseTaka(amount);
    } catch {
      return setNote({ ok: false, text: t('upline.badAmount') });
    }
    if (minor <= 0n) return setNote({ ok: false, text: t('upline.badAmount') });
    if (pending.current?.amount !== minor) pending.current = { amount: minor, id: newRequestId() };
    setBusy(true);
    try {
      const r = await apiRequest<AgentTransferDto>(AGENT_TRANSFER_PATH, {
        method: 'POST',
        body: { to: upline, amount: minor.toString(), paymentPassword: pwd, requestId: pending.current.id },
      });
      pending.current = null;
      setNote({ ok: true, text: t('upline.done', { amount: money(r.amount), account: r.to, balance: money(r.balance) }) });
      setAmount('');
      setPwd('');
    } catch (err) {
      if (err instanceof ApiError) pending.current = null;
      setNote({
        ok: false,
        text: err instanceof ApiError && err.errorCode === 'NOT_IN_TEAM' ? t('upline.notInTeam') : errorText(err),
      });
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="upl-form" onSubmit={submit} data-testid="transfer-upline-page">
      <dl>
        <dt>{t('upline.to')}</dt>
        <dd data-testid="upline-account">{upline}</dd>
      </dl>
      <label className="upl-field">
        {t('upline.amount')}
        <input
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          required
          data-testid="upline-amount"
        />
      </label>
      <label className="upl-field">
        {t('upline.paymentPassword')}
        <input
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={pwd}
          onChange={(e) => setPwd(e.target.value)}
          required
          data-testid="upline-password"
        />
      </label>
      <button type="submit" className="k-button" disabled={busy} data-testid="upline-submit">
        {t('upline.send')}
      </button>
      {note ? (
        <p
          role={note.ok ? 'status' : 'alert'}
          className={note.ok ? 'upl-ok' : 'k-error'}
          data-testid={note.ok ? 'upline-done' : 'upline-error'}
        >
          {note.text}
        </p>
      ) : null}
    </form>
  );
}
