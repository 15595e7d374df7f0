import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatTaka, parseTaka, type FundsWalletDto, type TransferDirection } from '@khela/api';
import { MIN_TRANSFER_MINOR } from '@khela/api/transfer';
import { liveActions } from '@khela/session';
import { newReference, postTransfer } from './api';
import { TNS } from './i18n';
import type { Funds } from './useFunds';

type Lang = 'BN' | 'EN';
type Outcome = { kind: 'done' | 'checking' | 'error'; text: string } | null;

const MIN = BigInt(MIN_TRANSFER_MINOR);

/** Why the form cannot be sent (a translated message), or null. */
export function validate(
  t: TFunction,
  lang: Lang,
  p: { vendor: string; amount: string; available: bigint | null },
): string | null {
  if (!p.vendor) return t('invalid.wallet');
  if (!p.amount.trim()) return t('invalid.empty');
  let minor: bigint;
  try {
    minor = parseTaka(p.amount);
  } catch {
    return t('invalid.format');
  }
  if (minor < MIN) return t('invalid.min', { min: formatTaka(MIN, lang) });
  if (p.available !== null && minor > p.available) return t('invalid.more', { amount: formatTaka(p.available, lang) });
  return null;
}

/**
 * Transfer in (main → a game wallet) or out (a game wallet → main). Each send carries a reference
 * kept until the server gives a definite answer, so re-sending after a network failure is a retry
 * that can never move money twice.
 */
export function TransferForm({
  funds,
  vendor,
  onVendor,
  onDone,
}: {
  funds: Funds;
  vendor: string;
  onVendor: (code: string) => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation(TNS);
  const lang: Lang = i18n.language?.toUpperCase() === 'EN' ? 'EN' : 'BN';
  const ids = { amount: useId(), wallet: useId(), feedback: useId() };
  const [direction, setDirection] = useState<TransferDirection>('IN');
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // the reference of the transfer being sent: the same one for a retry of the same transfer
  const pending = useRef<{ key: string; reference: string } | null>(null);

  const choices = funds.wallets.filter(
    (w) => w.type === 'TRANSFER' && (direction === 'IN' ? w.canTransferIn : w.canTransferOut || w.walletCode === vendor),
  );
  const selected = funds.wallets.find((w) => w.walletCode === vendor && w.type === 'TRANSFER') as FundsWalletDto | undefined;
  const available = useMemo(() => {
    if (direction === 'IN') return BigInt(funds.mainBalance);
    return selected ? BigInt(selected.balance) : null;
  }, [direction, funds.mainBalance, selected]);

  const change = (update: () => void) => {
    update();
    setInvalid(null);
    setOutcome(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const why = validate(t, lang, { vendor, amount, available });
    if (why) return setInvalid(why);
    const minor = parseTaka(amount).toString();
    const key = `${direction}|${vendor}|${minor}`;
    if (pending.current?.key !== key) pending.current = { key, reference: newReference() };
    setBusy(true);
    setOutcome(null);
    try {
      const r = await postTransfer({ vendor, direction, amount: minor, reference: pending.current.reference });
      pending.current = null;
      setAmount('');
      setOutcome(
        r.status === 'SUCCESS'
          ? { kind: 'done', text: t('form.done', { amount: formatTaka(r.amount, lang) }) }
          : { kind: 'checking', text: t('form.checking') },
      );
      void liveActions.refreshBalance();
      onDone();
    } catch (err) {
      const code = (err as { errorCode?: string }).errorCode ?? 'UNKNOWN_ERROR';
      // a network failure keeps the reference: sending again is a retry of the same transfer
      if (code !== 'NETWORK_ERROR') pending.current = null;
      setOutcome({ kind: 'error', text: t([`errors.${code}`, `common:errors.${code}`, 'common:errors.UNKNOWN_ERROR']) });
      if (code !== 'NETWORK_ERROR') onDone();
    } finally {
      setBusy(false);
    }
  };

  const feedback = invalid ?? outcome?.text;
  return (
    <form className="mt-card mt-form" onSubmit={submit} noValidate data-testid="transfer-form">
      <h3>{t('form.title')}</h3>
      <fieldset className="mt-direction">
        <legend>{t('form.direction')}</legend>
        {(['IN', 'OUT'] as const).map((d) => (
          <label key={d} className={direction === d ? 'mt-direction__option mt-direction__option--on' : 'mt-direction__option'}>
            <input
              type="radio"
              name="direction"
              value={d}
              checked={direction === d}
              onChange={() => change(() => setDirection(d))}
              data-testid={`transfer-direction-${d}`}
            />
            {t(d === 'IN' ? 'form.in' : 'form.out')}
          </label>
        ))}
      </fieldset>
      <label htmlFor={ids.wallet}>{t('form.wallet')}</label>
      <select
        id={ids.wallet}
        value={vendor}
        onChange={(e) => change(() => onVendor(e.target.value))}
        data-testid="transfer-wallet"
        aria-invalid={invalid === t('invalid.wallet')}
      >
        <option value="">{t('form.choose')}</option>
        {choices.map((w) => (
          <option key={w.walletCode} value={w.walletCode}>
            {w.walletName} · {formatTaka(w.balance, lang)}
          </option>
        ))}
      </select>
      <label htmlFor={ids.amount}>{t('form.amount')}</label>
      <div className="mt-amount">
        <input
          id={ids.amount}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('form.amountPlaceholder')}
          value={amount}
          onChange={(e) => change(() => setAmount(e.target.value))}
          aria-invalid={Boolean(invalid) && invalid !== t('invalid.wallet')}
          aria-describedby={ids.feedback}
          data-testid="transfer-amount"
        />
        <button
          type="button"
          className="k-button k-button--ghost"
          disabled={available === null || available <= BigInt(0)}
          onClick={() => available !== null && change(() => setAmount(formatTaka(available, lang, { symbol: false })))}
          data-testid="transfer-all"
        >
          {t('form.all')}
        </button>
      </div>
      {available !== null ? <p className="mt-hint">{t('form.available', { amount: formatTaka(available, lang) })}</p> : null}
      <p
        id={ids.feedback}
        className={`mt-feedback mt-feedback--${invalid ? 'error' : (outcome?.kind ?? 'none')}`}
        role={invalid || outcome?.kind === 'error' ? 'alert' : 'status'}
        data-testid="transfer-feedback"
      >
        {feedback}
      </p>
      <button type="submit" className="k-button" disabled={busy} data-testid="transfer-submit">
        {busy ? t('form.submitting') : t('form.submit')}
      </button>
    </form>
  );
}
