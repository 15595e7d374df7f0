// What the deposit and withdraw pages share: money on screen, the amount field with quick amounts,
// status chips, translated refusals, a loader hook and request keys.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { addNamespace } from '@khela/i18n';
import { dhakaDateTime, formatCount, formatTaka, type MinorString } from '@khela/api';
import { ApiError } from '@khela/api-client';
import { NS } from '../../i18n';
import { payBn, payEn } from './locales';
import './payments.css';

addNamespace(NS, { bn: payBn, en: payEn });

export type Lang = 'BN' | 'EN';

/** The page's language and money/time formatters in it. */
export function useMoney() {
  const { t, i18n } = useTranslation(NS);
  const lang: Lang = i18n.language?.toLowerCase().startsWith('en') ? 'EN' : 'BN';
  const money = useCallback((minor: MinorString | bigint) => formatTaka(minor, lang), [lang]);
  // by hand, not a new Intl formatter per line (see dhakaDateTime)
  const time = useCallback((iso: string) => dhakaDateTime(iso, lang), [lang]);
  const num = useCallback((n: number) => formatCount(n, lang), [lang]);
  return { t, lang, money, time, num };
}

/** A refusal in the member's language, with its figures (limits, balance, what is missing) filled in. */
export function useErrorText() {
  const { t, money, time } = useMoney();
  return useCallback(
    (err: unknown): string => {
      const code = err instanceof ApiError ? err.errorCode : 'UNKNOWN_ERROR';
      const v = (err instanceof ApiError && err.value && typeof err.value === 'object' ? err.value : {}) as Record<
        string,
        unknown
      >;
      const asMoney = (x: unknown) => (typeof x === 'string' && /^\d+$/.test(x) ? money(x) : '');
      const seconds = typeof v.retryAfterSeconds === 'number' ? v.retryAfterSeconds : 60;
      const when = (x: unknown) => (typeof x === 'string' && x ? time(x) : '');
      const periodWord = { DAY: t('pay.limitPeriod.DAY'), WEEK: t('pay.limitPeriod.WEEK'), MONTH: t('pay.limitPeriod.MONTH') };
      const never = code === 'DEPOSIT_LIMIT_REACHED' && v.resetsAt === null;
      const untilText =
        code === 'SELF_EXCLUDED' || code === 'EXCLUSION_CANNOT_SHORTEN' ? when(v.until) || t('pay.permanent') : '';
      return t([`pay.errors.${code}${never ? '_never' : ''}`, 'pay.errors.UNKNOWN_ERROR'], {
        limit: asMoney(v.limit),
        remaining: asMoney(v.remaining),
        period: typeof v.period === 'string' ? (periodWord[v.period as keyof typeof periodWord] ?? '') : '',
        resetsAt: when(v.resetsAt),
        effectiveAt: when(v.effectiveAt),
        until: untilText,
        min: typeof v.min === 'number' ? v.min : asMoney(v.min),
        max: typeof v.max === 'number' ? v.max : asMoney(v.max),
        balance: asMoney(v.balance),
        missing: asMoney(v.missing),
        attemptsLeft: v.attemptsLeft ?? '',
        minutes: Math.max(1, Math.ceil(seconds / 60)),
        dailyCount: v.dailyCount ?? '',
        payeeName: v.payeeName ?? '',
      });
    },
    [t, money, time],
  );
}

/** The server's refusal as field errors: value.fields names the field, the code is the message. */
export function fieldErrorsOf(err: unknown, text: (e: unknown) => string): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const fields = (err.value as { fields?: Record<string, string> } | undefined)?.fields;
  if (!fields) return {};
  return Object.fromEntries(Object.keys(fields).map((k) => [k, text(err)]));
}

/** Loads once and on `reload()`; keeps the last value while reloading. */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[] = []) {
  const [state, setState] = useState<{ value: T | null; error: unknown; loading: boolean }>({
    value: null,
    error: null,
    loading: true,
  });
  const [tick, setTick] = useState(0);
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    const ac = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    loader.current(ac.signal).then(
      (value) => !ac.signal.aborted && setState({ value, error: null, loading: false }),
      (error) =>
        !ac.signal.aborted && (error as Error)?.name !== 'AbortError' && setState((s) => ({ ...s, error, loading: false })),
    );
    return () => ac.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tick, ...deps]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { ...state, reload };
}

/** A random id of one attempt (a retry sends it again and gets the same result), also on plain http. */
export function newRequestKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function FieldError({ children, testId }: { children?: ReactNode; testId?: string }) {
  return children ? (
    <small className="pay-field__error" role="alert" data-testid={testId}>
      {children}
    </small>
  ) : null;
}

interface AmountFieldProps {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  min: MinorString;
  max: MinorString;
  quick: MinorString[];
  testId?: string;
}

/** Taka typed as people type it (Bengali digits too), quick amounts, the limits, the error under it. */
export function AmountField({ value, onChange, error, min, max, quick, testId = 'amount' }: AmountFieldProps) {
  const { t, money, lang } = useMoney();
  const plain = (minor: MinorString) => formatTaka(minor, lang, { symbol: false }).replace(/[.,]([0০]{2})$/, '');
  return (
    <div className="pay-field">
      <label className="pay-field__label" htmlFor={`${testId}-input`}>
        {t('pay.amount')}
      </label>
      <div className="pay-amount">
        <span aria-hidden="true">৳</span>
        <input
          id={`${testId}-input`}
          data-testid={`${testId}-input`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('pay.amountPlaceholder')}
          value={value}
          aria-invalid={Boolean(error)}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      <small className="pay-field__hint">{t('pay.limits', { min: money(min), max: money(max) })}</small>
      <FieldError testId={`${testId}-error`}>{error}</FieldError>
      {quick.length ? (
        <div className="pay-quick" role="group">
          {quick.map((q) => (
            <button
              key={q}
              type="button"
              className="pay-chip"
              onClick={() => onChange(formatTaka(q, 'EN', { symbol: false }).replace(/,/g, '').replace(/\.00$/, ''))}
            >
              {plain(q)}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

export function StatusChip({ status, label }: { status: string; label: string }) {
  return (
    <span className={`pay-status pay-status--${status.toLowerCase()}`} data-status={status}>
      {label}
    </span>
  );
}

/** The method's mark: its colour and initials (no third-party logo files); a bank gets a bank. */
export function MethodMark({ method }: { method: string }) {
  const text = { BKASH: 'bK', NAGAD: 'N', ROCKET: 'R' }[method];
  return (
    <span className={`pay-mark pay-mark--${method.toLowerCase()}`} aria-hidden="true">
      {text ?? (
        <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
          <path d="M12 2 2 7v2h20V7L12 2Zm-7 9v7h2v-7H5Zm4 0v7h2v-7H9Zm4 0v7h2v-7h-2Zm4 0v7h2v-7h-2ZM3 20v2h18v-2H3Z" />
        </svg>
      )}
    </span>
  );
}
