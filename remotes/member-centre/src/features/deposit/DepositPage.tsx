import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { addNamespace } from '@khela/i18n';
import { MoneyFormatError, parseTaka } from '@khela/api';
import { depositFee, type DepositChannelDto, type DepositOrderDto } from '@khela/api/payments';
import { EmptyState, ErrorState, Loading } from '@khela/ui';
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
import { fetchChannels, fetchDeposits, fetchMainBalance, fetchOrder, startDeposit } from './api';
import { depositBn, depositEn } from './locales';
import { fetchProfile } from '../../common/rg/api';

addNamespace(NS, { bn: depositBn, en: depositEn });

const POLL_MS = 2000;

/** The amount field's text as poisha, or the error key to show under it. */
export function readAmount(text: string, channel: DepositChannelDto | null): { amount: bigint } | { error: string } {
  if (!text.trim()) return { error: 'pay.fields.required' };
  let amount: bigint;
  try {
    amount = parseTaka(text);
  } catch (err) {
    if (err instanceof MoneyFormatError) return { error: 'pay.fields.amountFormat' };
    throw err;
  }
  if (amount <= BigInt(0)) return { error: 'pay.fields.amountFormat' };
  if (channel && amount < BigInt(channel.minAmount)) return { error: 'pay.errors.AMOUNT_BELOW_MIN' };
  if (channel && amount > BigInt(channel.maxAmount)) return { error: 'pay.errors.AMOUNT_ABOVE_MAX' };
  return { amount };
}

function feeText(c: DepositChannelDto, t: ReturnType<typeof useMoney>['t'], money: ReturnType<typeof useMoney>['money']) {
  if (c.feeBps === 0 && c.feeFixed === '0') return t('deposit.noFee');
  const percent = (c.feeBps / 100).toFixed(2).replace(/\.?0+$/, '');
  return c.feeFixed === '0' ? t('deposit.fee', { percent }) : t('deposit.feeFixed', { percent, fixed: money(c.feeFixed) });
}

/** Follows an order while it waits for the payment: polls it, and again when the tab is shown. */
function useLiveOrder(orderNo: string | null, onSettled: (o: DepositOrderDto) => void) {
  const [order, setOrder] = useState<DepositOrderDto | null>(null);
  const [error, setError] = useState<unknown>(null);
  const settled = useCallback(onSettled, [onSettled]);
  useEffect(() => {
    if (!orderNo) {
      setOrder(null);
      return;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ac = new AbortController();
    const poll = async () => {
      clearTimeout(timer);
      try {
        const o = await fetchOrder(orderNo, ac.signal);
        if (stopped) return;
        setError(null);
        setOrder(o);
        if (o.status !== 'PENDING') return settled(o);
      } catch (err) {
        if (stopped || (err as Error).name === 'AbortError') return;
        setError(err);
      }
      if (!document.hidden) timer = setTimeout(poll, POLL_MS);
    };
    const onVisible = () => !document.hidden && void poll();
    document.addEventListener('visibilitychange', onVisible);
    void poll();
    return () => {
      stopped = true;
      ac.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [orderNo, settled]);
  return { order, error };
}

function OrderPanel({ order, error, onNew }: { order: DepositOrderDto | null; error: unknown; onNew: () => void }) {
  const { t, money, time } = useMoney();
  const errorText = useErrorText();
  if (!order) return error ? <p className="pay-note pay-note--bad">{errorText(error)}</p> : <Loading />;
  const note =
    order.status === 'PAID'
      ? { cls: 'pay-note--good', text: t('deposit.paid', { amount: money(order.credit) }) }
      : order.status === 'FAILED'
        ? { cls: 'pay-note--bad', text: t('deposit.failed') }
        : order.status === 'EXPIRED'
          ? { cls: 'pay-note--bad', text: t('deposit.expired') }
          : { cls: '', text: t('deposit.waiting') };
  return (
    <section className="pay-card" data-testid="deposit-order" aria-live="polite">
      <div className="pay-balance">
        <h3>{t('deposit.order', { orderNo: order.orderNo })}</h3>
        <StatusChip status={order.status} label={t(`pay.status.${order.status}`)} />
      </div>
      <dl className="pay-summary">
        <dt>{t('deposit.youPay')}</dt>
        <dd>{money(order.amount)}</dd>
        <dt>{t('deposit.feeLabel')}</dt>
        <dd>{money(order.fee)}</dd>
        <dt>{t('deposit.youReceive')}</dt>
        <dd className="pay-summary__receive">{money(order.credit)}</dd>
      </dl>
      <p className={`pay-note ${note.cls}`} data-testid="deposit-order-note">
        {note.text}
      </p>
      {order.status === 'PENDING' && order.payUrl ? (
        <div className="pay-actions">
          <a className="k-button" href={order.payUrl} target="_blank" rel="noopener" data-testid="deposit-pay-link">
            {t('deposit.openPage')}
          </a>
          <small>{t('deposit.until', { time: time(order.expiresAt) })}</small>
        </div>
      ) : (
        <div className="pay-actions">
          <button type="button" className="k-button k-button--ghost" onClick={onNew}>
            {t('deposit.newDeposit')}
          </button>
        </div>
      )}
    </section>
  );
}

export default function DepositPage() {
  const { t, money, time } = useMoney();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const orderNo = params.get('order');
  const channels = useLoad((signal) => fetchChannels(signal));
  const history = useLoad((signal) => fetchDeposits(signal));
  const balance = useLoad((signal) => fetchMainBalance(signal));
  // responsible gambling: the first deposit prompts for a deposit limit (a failed look-up shows nothing)
  const rg = useLoad((signal) => fetchProfile(signal).catch(() => null));
  const [code, setCode] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [requestKey, setRequestKey] = useState(newRequestKey);

  const list = channels.value ?? [];
  const channel = list.find((c) => c.code === code) ?? list[0] ?? null;
  const parsed = useMemo(() => (text.trim() ? readAmount(text, channel) : null), [text, channel]);
  const quote =
    parsed && 'amount' in parsed && channel
      ? (() => {
          const fee = depositFee(parsed.amount, channel.feeBps, BigInt(channel.feeFixed));
          return { amount: parsed.amount, fee, credit: parsed.amount - fee };
        })()
      : null;

  const onSettled = useCallback(
    (o: DepositOrderDto) => {
      history.reload();
      if (o.status === 'PAID') balance.reload();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const live = useLiveOrder(orderNo, onSettled);

  const show = (key: string | undefined) =>
    key ? t(key, { min: channel ? money(channel.minAmount) : '', max: channel ? money(channel.maxAmount) : '' }) : undefined;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(undefined);
    const r = readAmount(text, channel);
    if ('error' in r) return setFieldError(show(r.error));
    if (!channel) return;
    setFieldError(undefined);
    // a window opened in the click itself is not blocked; the payment page is put in it once known
    const win = window.open('', '_blank');
    setBusy(true);
    try {
      const order = await startDeposit({ channel: channel.code, amount: r.amount.toString(), requestKey });
      setRequestKey(newRequestKey());
      if (win && order.payUrl) {
        win.opener = null;
        win.location.href = order.payUrl;
      }
      setParams({ order: order.orderNo });
      setText('');
      history.reload();
    } catch (err) {
      win?.close();
      const fields = fieldErrorsOf(err, errorText);
      if (fields.amount) setFieldError(fields.amount);
      else setFormError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  if (channels.loading && !channels.value) return <Loading />;
  if (channels.error && !channels.value) {
    return <ErrorState message={errorText(channels.error)} onRetry={channels.reload} testId="deposit-error" />;
  }

  return (
    <div className="pay" data-testid="deposit-page">
      <div className="pay-card pay-balance">
        <span>{t('pay.balance')}</span>
        <strong data-testid="deposit-balance">{balance.value !== null ? money(balance.value) : '…'}</strong>
        <button type="button" className="k-button k-button--ghost" onClick={balance.reload}>
          {t('pay.refresh')}
        </button>
      </div>

      {rg.value?.promptDepositLimit && history.value?.length === 0 ? (
        <p className="pay-note" data-testid="deposit-limit-prompt">
          {t('pay.limitPrompt')} <Link to="/member/responsibleGaming">{t('pay.limitPromptLink')}</Link>
        </p>
      ) : null}

      {orderNo ? <OrderPanel order={live.order} error={live.error} onNew={() => setParams({})} /> : null}

      {!orderNo || (live.order && live.order.status !== 'PENDING') ? (
        list.length === 0 ? (
          <EmptyState>{t('deposit.noChannels')}</EmptyState>
        ) : (
          <form className="pay-card" onSubmit={submit} noValidate data-testid="deposit-form">
            <h3>{t('deposit.choose')}</h3>
            <div className="pay-channels" role="group" aria-label={t('deposit.choose')}>
              {list.map((c) => (
                <button
                  key={c.code}
                  type="button"
                  className="pay-channel"
                  aria-pressed={channel?.code === c.code}
                  data-testid={`channel-${c.code}`}
                  onClick={() => {
                    setCode(c.code);
                    setRequestKey(newRequestKey());
                    setFieldError(undefined);
                  }}
                >
                  <MethodMark method={c.method} />
                  <span>{c.name}</span>
                  <small>{feeText(c, t, money)}</small>
                </button>
              ))}
            </div>
            {channel ? (
              <AmountField
                value={text}
                onChange={(v) => {
                  setText(v);
                  setRequestKey(newRequestKey());
                  setFieldError(undefined);
                }}
                error={fieldError}
                min={channel.minAmount}
                max={channel.maxAmount}
                quick={channel.quickAmounts}
                testId="deposit-amount"
              />
            ) : null}
            {quote ? (
              <dl className="pay-summary" data-testid="deposit-quote">
                <dt>{t('deposit.youPay')}</dt>
                <dd>{money(quote.amount)}</dd>
                <dt>
                  {t('deposit.feeLabel')} {channel ? `(${feeText(channel, t, money)})` : ''}
                </dt>
                <dd>{money(quote.fee)}</dd>
                <dt>{t('deposit.youReceive')}</dt>
                <dd className="pay-summary__receive" data-testid="deposit-receive">
                  {money(quote.credit)}
                </dd>
              </dl>
            ) : null}
            <FieldError testId="deposit-form-error">{formError}</FieldError>
            <div className="pay-actions">
              <button type="submit" className="k-button" disabled={busy} data-testid="deposit-submit">
                {busy
                  ? t('deposit.starting')
                  : quote
                    ? t('deposit.submit', { amount: money(quote.amount) })
                    : t('deposit.submitPlain')}
              </button>
            </div>
          </form>
        )
      ) : null}

      <section className="pay-card">
        <h3>{t('pay.history')}</h3>
        {history.error && !history.value ? (
          <ErrorState message={errorText(history.error)} onRetry={history.reload} />
        ) : !history.value ? (
          <Loading />
        ) : history.value.length === 0 ? (
          <p className="pay-field__hint">{t('pay.noHistory')}</p>
        ) : (
          <ul className="pay-list" data-testid="deposit-history">
            {history.value.map((o) => (
              <li key={o.orderNo} data-testid={`deposit-${o.orderNo}`}>
                <span>
                  {t(`pay.methods.${o.method}`)} · <span className="pay-list__amount">{money(o.amount)}</span>
                </span>
                <StatusChip status={o.status} label={t(`pay.status.${o.status}`)} />
                <span className="pay-list__meta">
                  {o.orderNo} · {time(o.createdAt)}
                  {o.fee !== '0' ? ` · ${t('deposit.feeLabel')} ${money(o.fee)}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
