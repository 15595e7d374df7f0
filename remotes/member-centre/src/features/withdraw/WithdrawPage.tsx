import { useState, type FormEvent } from 'react';
import { addNamespace } from '@khela/i18n';
import { MoneyFormatError, parseTaka } from '@khela/api';
import { PAYMENT_PASSWORD, weakPaymentPassword, type WithdrawInfoDto, type WithdrawalDto } from '@khela/api/payments';
import { ErrorState, Loading } from '@khela/ui';
import { NS } from '../../i18n';
import {
  AmountField,
  FieldError,
  MethodMark,
  StatusChip,
  fieldErrorsOf,
  newRequestKey,
  useErrorText,
  useLoad,
  useMoney,
} from '../../common/payments/ui';
import { AccountsSection } from './AccountsSection';
import { confirmReceived, fetchInfo, fetchWithdrawals, requestWithdrawal, setPaymentPassword } from './api';
import { withdrawBn, withdrawEn } from './locales';
import { NotReceivedDialog } from './NotReceivedDialog';

addNamespace(NS, { bn: withdrawBn, en: withdrawEn });

const QUICK = ['50000', '100000', '200000', '500000', '1000000', '2500000'];

function PaymentPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useMoney();
  const errorText = useErrorText();
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<{ newPassword?: string; confirmPassword?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: typeof errors = {};
    if (!PAYMENT_PASSWORD.test(pin)) next.newPassword = t('pay.errors.PAYMENT_PASSWORD_FORMAT');
    else if (weakPaymentPassword(pin)) next.newPassword = t('pay.errors.PAYMENT_PASSWORD_WEAK');
    if (!next.newPassword && again !== pin) next.confirmPassword = t('pay.errors.PAYMENT_PASSWORD_MISMATCH');
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      await setPaymentPassword({ newPassword: pin, confirmPassword: again });
      onDone();
    } catch (err) {
      const fields = fieldErrorsOf(err, errorText);
      setErrors(Object.keys(fields).length ? fields : { form: errorText(err) });
    } finally {
      setBusy(false);
    }
  }
  const pinInput = (value: string, set: (v: string) => void, testId: string, invalid: boolean) => (
    <input
      type="password"
      inputMode="numeric"
      autoComplete="new-password"
      maxLength={6}
      value={value}
      onChange={(e) => set(e.target.value.replace(/\D/g, ''))}
      aria-invalid={invalid}
      data-testid={testId}
    />
  );
  return (
    <form className="pay-card" onSubmit={submit} noValidate data-testid="pin-form">
      <h3>{t('withdraw.pinTitle')}</h3>
      <p className="pay-field__hint">{t('withdraw.pinHint')}</p>
      <label className="pay-field">
        <span className="pay-field__label">{t('withdraw.newPin')}</span>
        {pinInput(pin, setPin, 'pin-new', !!errors.newPassword)}
        <FieldError>{errors.newPassword}</FieldError>
      </label>
      <label className="pay-field">
        <span className="pay-field__label">{t('withdraw.confirmPin')}</span>
        {pinInput(again, setAgain, 'pin-confirm', !!errors.confirmPassword)}
        <FieldError>{errors.confirmPassword}</FieldError>
      </label>
      <FieldError>{errors.form}</FieldError>
      <div className="pay-actions">
        <button type="submit" className="k-button" disabled={busy} data-testid="pin-submit">
          {t('withdraw.savePin')}
        </button>
      </div>
    </form>
  );
}

function WithdrawForm({ info, onDone }: { info: WithdrawInfoDto; onDone: (w: WithdrawalDto) => void }) {
  const { t, money } = useMoney();
  const errorText = useErrorText();
  const [accountId, setAccountId] = useState<number | null>(info.accounts[0]?.id ?? null);
  const [text, setText] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; paymentPassword?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const left = Math.max(0, info.dailyCount - info.usedToday);
  const blocked = !info.paymentPasswordSet
    ? t('withdraw.blockedPin')
    : info.accounts.length === 0
      ? t('withdraw.blockedAccount')
      : left === 0
        ? t('withdraw.blockedDaily')
        : null;
  const quick = QUICK.filter((q) => BigInt(q) >= BigInt(info.minAmount) && BigInt(q) <= BigInt(info.maxAmount));
  let amount: bigint | null = null;
  try {
    amount = text.trim() ? parseTaka(text) : null;
  } catch {
    amount = null;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: typeof errors = {};
    const min = BigInt(info.minAmount);
    const max = BigInt(info.maxAmount);
    let value: bigint | null = null;
    if (!text.trim()) next.amount = t('pay.fields.required');
    else {
      try {
        value = parseTaka(text);
        if (value <= BigInt(0)) next.amount = t('pay.fields.amountFormat');
        else if (value < min) next.amount = t('pay.errors.AMOUNT_BELOW_MIN', { min: money(min) });
        else if (value > max) next.amount = t('pay.errors.AMOUNT_ABOVE_MAX', { max: money(max) });
        else if (value > BigInt(info.balance)) next.amount = t('pay.errors.INSUFFICIENT_FUNDS', { balance: money(info.balance) });
      } catch (err) {
        if (!(err instanceof MoneyFormatError)) throw err;
        next.amount = t('pay.fields.amountFormat');
      }
    }
    if (!PAYMENT_PASSWORD.test(pin)) next.paymentPassword = t('pay.errors.PAYMENT_PASSWORD_FORMAT');
    setErrors(next);
    if (Object.keys(next).length || value === null || accountId === null) return;
    setBusy(true);
    try {
      const w = await requestWithdrawal({ accountId, amount: value.toString(), paymentPassword: pin, requestKey });
      setRequestKey(newRequestKey());
      setText('');
      setPin('');
      onDone(w);
    } catch (err) {
      const fields = fieldErrorsOf(err, errorText);
      setErrors(Object.keys(fields).length ? fields : { form: errorText(err) });
      setPin('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="pay-card" onSubmit={submit} noValidate data-testid="withdraw-form">
      <h3>{t('withdraw.chooseAccount')}</h3>
      {info.accounts.length ? (
        <ul className="pay-accounts" role="radiogroup">
          {info.accounts.map((a) => (
            <li key={a.id}>
              <label>
                <input
                  type="radio"
                  name="account"
                  checked={accountId === a.id}
                  onChange={() => {
                    setAccountId(a.id);
                    setRequestKey(newRequestKey());
                  }}
                />
                <MethodMark method={a.method} />
                <span>
                  {a.method === 'BANK' ? a.bankName : t(`pay.methods.${a.method}`)} {a.accountNo}
                </span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <AmountField
        value={text}
        onChange={(v) => {
          setText(v);
          setRequestKey(newRequestKey());
          setErrors((e) => ({ ...e, amount: undefined }));
        }}
        error={errors.amount}
        min={info.minAmount}
        max={info.maxAmount}
        quick={quick}
        testId="withdraw-amount"
      />
      <label className="pay-field">
        <span className="pay-field__label">{t('withdraw.paymentPassword')}</span>
        <input
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
          aria-invalid={!!errors.paymentPassword}
          data-testid="withdraw-pin"
        />
        <FieldError testId="withdraw-pin-error">{errors.paymentPassword}</FieldError>
      </label>
      {blocked ? <p className="pay-note pay-note--bad">{blocked}</p> : null}
      <FieldError testId="withdraw-form-error">{errors.form}</FieldError>
      <div className="pay-actions">
        <button type="submit" className="k-button" disabled={busy || !!blocked} data-testid="withdraw-submit">
          {busy
            ? t('withdraw.sending')
            : amount && amount > BigInt(0)
              ? t('withdraw.submit', { amount: money(amount) })
              : t('withdraw.submitPlain')}
        </button>
      </div>
    </form>
  );
}

function History({ rows, onChanged }: { rows: WithdrawalDto[]; onChanged: () => void }) {
  const { t, money, time } = useMoney();
  const errorText = useErrorText();
  const [reporting, setReporting] = useState<WithdrawalDto | null>(null);
  const [error, setError] = useState<{ id: number; text: string } | null>(null);
  async function received(id: number) {
    setError(null);
    try {
      await confirmReceived(id);
      onChanged();
    } catch (err) {
      setError({ id, text: errorText(err) });
    }
  }
  if (!rows.length) return <p className="pay-field__hint">{t('pay.noHistory')}</p>;
  return (
    <>
      <ul className="pay-list" data-testid="withdraw-history">
        {rows.map((w) => {
          const status = w.status === 'PENDING' ? 'W_PENDING' : w.status;
          const awaiting = w.status === 'APPROVED' && !w.confirmation;
          return (
            <li key={w.id} data-testid={`withdrawal-${w.id}`}>
              <span>
                <span className="pay-list__amount">{money(w.amount)}</span> → {t(`pay.methods.${w.method}`)} {w.accountNo}
              </span>
              <span>
                <StatusChip status={status} label={t(`pay.status.${status}`)} />{' '}
                {w.confirmation ? <StatusChip status={w.confirmation} label={t(`pay.confirmation.${w.confirmation}`)} /> : null}
              </span>
              <span className="pay-list__meta">
                #{w.id} · {time(w.requestedAt)}
              </span>
              {w.status === 'REJECTED' ? (
                <p className="pay-note pay-note--bad pay-list__meta" data-testid={`withdrawal-${w.id}-rejected`}>
                  {t('withdraw.rejected', { reason: w.rejectReason ?? '' })}
                </p>
              ) : null}
              {awaiting ? (
                <div className="pay-list__meta pay-field">
                  <strong>{t('withdraw.askConfirm')}</strong>
                  <div className="pay-actions">
                    <button
                      type="button"
                      className="k-button"
                      onClick={() => void received(w.id)}
                      data-testid={`withdrawal-${w.id}-received`}
                    >
                      {t('withdraw.received')}
                    </button>
                    <button
                      type="button"
                      className="k-button k-button--ghost"
                      onClick={() => setReporting(w)}
                      data-testid={`withdrawal-${w.id}-not-received`}
                    >
                      {t('withdraw.notReceived')}
                    </button>
                  </div>
                  {w.autoReceiveAt ? <small>{t('withdraw.autoAt', { time: time(w.autoReceiveAt) })}</small> : null}
                </div>
              ) : null}
              {w.confirmation === 'NOT_RECEIVED' ? (
                <div className="pay-list__meta">
                  {w.proofs.length ? (
                    <div>{t('withdraw.proofNames', { names: w.proofs.map((p) => p.fileName).join(', ') })}</div>
                  ) : null}
                  {w.dispute ? (
                    <div data-testid={`withdrawal-${w.id}-dispute`}>
                      {t(w.dispute.outcome === 'REFUNDED' ? 'withdraw.disputeRefunded' : 'withdraw.disputePaid', {
                        note: w.dispute.note,
                      })}
                    </div>
                  ) : (
                    <>
                      <div>{t('withdraw.underReview')}</div>
                      <button type="button" className="k-link" onClick={() => void received(w.id)}>
                        {t('withdraw.receivedLate')}
                      </button>
                    </>
                  )}
                </div>
              ) : null}
              {error?.id === w.id ? <FieldError>{error.text}</FieldError> : null}
            </li>
          );
        })}
      </ul>
      {reporting ? (
        <NotReceivedDialog
          withdrawal={reporting}
          onClose={() => setReporting(null)}
          onDone={() => {
            setReporting(null);
            onChanged();
          }}
        />
      ) : null}
    </>
  );
}

export default function WithdrawPage() {
  const { t, money, num } = useMoney();
  const errorText = useErrorText();
  const info = useLoad((signal) => fetchInfo(signal));
  const history = useLoad((signal) => fetchWithdrawals(signal));
  const [notice, setNotice] = useState<string | null>(null);
  const reloadAll = () => {
    info.reload();
    history.reload();
  };

  if (info.loading && !info.value) return <Loading />;
  if (info.error && !info.value)
    return <ErrorState message={errorText(info.error)} onRetry={info.reload} testId="withdraw-error" />;
  const v = info.value!;
  const tv = v.turnover;
  const left = Math.max(0, v.dailyCount - v.usedToday);
  return (
    <div className="pay" data-testid="withdraw-page">
      <div className="pay-card">
        <div className="pay-balance">
          <span>{t('pay.balance')}</span>
          <strong data-testid="withdraw-balance">{money(v.balance)}</strong>
          <button type="button" className="k-button k-button--ghost" onClick={reloadAll}>
            {t('pay.refresh')}
          </button>
        </div>
        <small className="pay-field__hint">
          {t('withdraw.rules', { min: money(v.minAmount), max: money(v.maxAmount), left: num(left), count: num(v.dailyCount) })}
        </small>
      </div>

      {tv.missing !== '0' ? (
        <div className="pay-card" data-testid="turnover-notice">
          <h3>{t('withdraw.turnoverTitle')}</h3>
          <p className="pay-note pay-note--bad" style={{ margin: 0 }}>
            {t('withdraw.turnoverBody', {
              deposits: money(tv.deposits),
              multiplier: num(tv.multiplier),
              required: money(tv.required),
              done: money(tv.done),
              missing: money(tv.missing),
            })}
          </p>
          <div
            className="pay-progress"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Number((BigInt(tv.done) * BigInt(100)) / BigInt(tv.required))}
          >
            <span style={{ width: `${Number((BigInt(tv.done) * BigInt(100)) / BigInt(tv.required))}%` }} />
          </div>
        </div>
      ) : null}

      {notice ? (
        <p className="pay-note pay-note--good" data-testid="withdraw-notice">
          {notice}
        </p>
      ) : null}

      {!v.paymentPasswordSet ? (
        <PaymentPasswordForm
          onDone={() => {
            setNotice(t('withdraw.pinSaved'));
            info.reload();
          }}
        />
      ) : null}

      <AccountsSection info={v} onChanged={info.reload} />

      {tv.missing === '0' ? (
        <WithdrawForm
          key={`${v.accounts.length}-${v.paymentPasswordSet}`}
          info={v}
          onDone={(w) => {
            setNotice(t('withdraw.requested', { amount: money(w.amount) }));
            reloadAll();
          }}
        />
      ) : null}

      <section className="pay-card">
        <h3>{t('withdraw.history')}</h3>
        {history.error && !history.value ? (
          <ErrorState message={errorText(history.error)} onRetry={history.reload} />
        ) : !history.value ? (
          <Loading />
        ) : (
          <History rows={history.value} onChanged={reloadAll} />
        )}
      </section>
    </div>
  );
}
