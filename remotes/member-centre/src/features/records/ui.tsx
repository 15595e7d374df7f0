// What the three record pages share: the date range, the selects, the pager, money with its sign,
// dates in Dhaka time, and refusals in the member's language.
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { addNamespace } from '@khela/i18n';
import { dhakaDateTime, formatCount, formatTaka } from '@khela/api';
import { ApiError } from '@khela/api-client';
import { RECORD_RANGES, dhakaDay, type RecordRange } from '@khela/api/records';
import { NS } from '../../i18n';
import { recordsBn, recordsEn } from './locales';
import './records.css';

addNamespace(NS, { bn: recordsBn, en: recordsEn });

// a day's and a month's formatters, one per language and kind, made when first asked for (not one per line)
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(locale: string, month: boolean): Intl.DateTimeFormat {
  const key = `${locale}:${month}`;
  let f = dayFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      timeZone: 'UTC',
      ...(month ? { month: 'long', year: 'numeric' } : { day: 'numeric', month: 'short', year: 'numeric' }),
    });
    dayFormats.set(key, f);
  }
  return f;
}

export type Lang = 'BN' | 'EN';

/** The page's translator, language and formatters (money exact from poisha; times in Dhaka). */
export function useRecordsText() {
  const { t, i18n } = useTranslation(NS);
  const lang: Lang = i18n.language?.toLowerCase().startsWith('en') ? 'EN' : 'BN';
  const locale = lang === 'BN' ? 'bn-BD' : 'en-GB';
  const money = useCallback((minor: string) => formatTaka(BigInt(minor), lang), [lang]);
  // in RECORDS_TIME_ZONE (Dhaka), by hand: not a new Intl formatter per line (see dhakaDateTime)
  const time = useCallback((iso: string) => dhakaDateTime(iso, lang, { seconds: true }), [lang]);
  /** a yyyy-MM-dd day (already Dhaka's) as people read it */
  const day = useCallback((d: string, month = false) => dayFormat(locale, month).format(new Date(`${d}T00:00:00Z`)), [locale]);
  const num = useCallback((n: number) => formatCount(n, lang), [lang]);
  const errorText = useCallback(
    (err: unknown) => {
      const code = err instanceof ApiError ? err.errorCode : 'UNKNOWN_ERROR';
      const v = (err instanceof ApiError && err.value && typeof err.value === 'object' ? err.value : {}) as { maxDays?: number };
      return t([`records.errors.${code}`, 'records.errors.UNKNOWN_ERROR'], { maxDays: v.maxDays ?? 93 });
    },
    [t],
  );
  return { t, lang, money, time, day, num, errorText };
}

export interface RangeValue {
  range: RecordRange;
  from?: string;
  to?: string;
}

/** Today, yesterday, 7 days, 30 days, or two days picked (applied with Show). */
export function RangeFilter({ value, onChange }: { value: RangeValue; onChange: (v: RangeValue) => void }) {
  const { t } = useRecordsText();
  const today = dhakaDay(new Date());
  const [from, setFrom] = useState(value.from ?? today);
  const [to, setTo] = useState(value.to ?? today);
  const [custom, setCustom] = useState(value.range === 'CUSTOM');
  return (
    <div className="rec-range" role="group" aria-label={t('records.range.label')}>
      <div className="rec-chips">
        {RECORD_RANGES.map((r) => (
          <button
            key={r}
            type="button"
            className="rec-chip"
            aria-pressed={r === 'CUSTOM' ? custom : !custom && value.range === r}
            data-testid={`range-${r}`}
            onClick={() => {
              if (r === 'CUSTOM') setCustom(true);
              else {
                setCustom(false);
                onChange({ range: r });
              }
            }}
          >
            {t(`records.range.${r}`)}
          </button>
        ))}
      </div>
      {custom ? (
        <form
          className="rec-custom"
          onSubmit={(e) => {
            e.preventDefault();
            onChange({ range: 'CUSTOM', from, to });
          }}
        >
          <label>
            <span>{t('records.range.from')}</span>
            <input type="date" value={from} max={today} onChange={(e) => setFrom(e.target.value)} data-testid="range-from" />
          </label>
          <label>
            <span>{t('records.range.to')}</span>
            <input type="date" value={to} max={today} onChange={(e) => setTo(e.target.value)} data-testid="range-to" />
          </label>
          <button type="submit" className="k-button" data-testid="range-apply">
            {t('records.range.apply')}
          </button>
        </form>
      ) : null}
    </div>
  );
}

/** A labelled select with an "all" choice first. */
export function Select({
  label,
  value,
  onChange,
  options,
  testId,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
  testId: string;
}) {
  const { t } = useRecordsText();
  return (
    <label className="rec-select">
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        <option value="">{t('records.all')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }) {
  const { t, num } = useRecordsText();
  if (pages <= 1) return null;
  return (
    <nav className="rec-pager" aria-label={t('records.pager.page', { page: num(page), pages: num(pages) })}>
      <button type="button" className="k-button k-button--ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('records.pager.prev')}
      </button>
      <span data-testid="pager-page">{t('records.pager.page', { page: num(page), pages: num(pages) })}</span>
      <button
        type="button"
        className="k-button k-button--ghost"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        data-testid="pager-next"
      >
        {t('records.pager.next')}
      </button>
    </nav>
  );
}

/** A signed amount: green above 0, red below, with its sign. */
export function Signed({ value, testId }: { value: string; testId?: string }) {
  const { money } = useRecordsText();
  const n = BigInt(value);
  const cls = n > BigInt(0) ? 'rec-pos' : n < BigInt(0) ? 'rec-neg' : '';
  return (
    <span className={cls} data-testid={testId}>
      {n > BigInt(0) ? '+' : ''}
      {money(value)}
    </span>
  );
}

/** Label/value pairs of a totals card or a row. */
export function Figures({ items }: { items: [label: string, value: ReactNode, testId?: string][] }) {
  return (
    <dl className="rec-figures">
      {items.map(([label, value, testId]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
