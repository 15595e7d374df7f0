// What the agent pages share: the translator and formatters, the period filter, the pager, a
// loader with its loading, empty and error states.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { addNamespace } from '@khela/i18n';
import { dhakaDateTime, formatCount, formatTaka } from '@khela/api';
import { ApiError } from '@khela/api-client';
import { RECORD_RANGES, dhakaDay, type RecordRange } from '@khela/api/records';
import { EmptyState, Loading } from '@khela/ui';
import { NS } from '../../i18n';
import { teamBn, teamEn } from './locales';
import './team.css';

addNamespace(NS, { bn: teamBn, en: teamEn });

export function useAgentText() {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language?.toLowerCase().startsWith('en') ? 'EN' : 'BN';
  const money = useCallback((minor: string) => formatTaka(BigInt(minor), lang), [lang]);
  // in Dhaka (the records' time zone), by hand: not a new Intl formatter per row (see dhakaDateTime)
  const time = useCallback((iso: string) => dhakaDateTime(iso, lang), [lang]);
  const num = useCallback((n: number) => formatCount(n, lang), [lang]);
  const errorText = useCallback(
    (err: unknown) => {
      const code = err instanceof ApiError ? err.errorCode : 'UNKNOWN_ERROR';
      const fields =
        err instanceof ApiError && err.value && typeof err.value === 'object'
          ? (err.value as { fields?: Record<string, string> }).fields
          : undefined;
      const known = t(`team.errors.${code}`, { defaultValue: '' });
      return known || (fields && Object.values(fields)[0]) || t('team.errors.UNKNOWN_ERROR');
    },
    [t],
  );
  return { t, lang, money, time, num, errorText };
}

export interface RangeValue {
  range: RecordRange;
  from?: string;
  to?: string;
}

export function RangeFilter({ value, onChange }: { value: RangeValue; onChange: (v: RangeValue) => void }) {
  const { t } = useAgentText();
  const today = dhakaDay(new Date());
  const [custom, setCustom] = useState(value.range === 'CUSTOM');
  const [from, setFrom] = useState(value.from ?? today);
  const [to, setTo] = useState(value.to ?? today);
  return (
    <div className="ag-range" role="group" aria-label={t('team.range.label')}>
      <div className="ag-chips">
        {RECORD_RANGES.map((r) => (
          <button
            key={r}
            type="button"
            className="ag-chip"
            data-testid={`range-${r}`}
            aria-pressed={r === 'CUSTOM' ? custom : !custom && value.range === r}
            onClick={() => {
              if (r === 'CUSTOM') return setCustom(true);
              setCustom(false);
              onChange({ range: r });
            }}
          >
            {t(`team.range.${r}`)}
          </button>
        ))}
      </div>
      {custom ? (
        <div className="ag-custom">
          <label>
            {t('team.range.from')}
            <input type="date" value={from} max={today} onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label>
            {t('team.range.to')}
            <input type="date" value={to} max={today} onChange={(e) => setTo(e.target.value)} />
          </label>
          <button type="button" className="k-button" onClick={() => onChange({ range: 'CUSTOM', from, to })}>
            {t('team.range.show')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

export function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (p: number) => void }) {
  const { t, num } = useAgentText();
  if (totalPages <= 1) return null;
  return (
    <nav className="ag-pager" aria-label={t('team.pager.page', { page: num(page), pages: num(totalPages) })}>
      <button type="button" className="k-button k-button--ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('team.pager.prev')}
      </button>
      <span>{t('team.pager.page', { page: num(page), pages: num(totalPages) })}</span>
      <button type="button" className="k-button k-button--ghost" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('team.pager.next')}
      </button>
    </nav>
  );
}

/** Loads `load` whenever `key` changes; `reload` asks again. */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string) {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [n, setN] = useState(0);
  useEffect(() => {
    const ctrl = new AbortController();
    setState((s) => ({ data: s.data, loading: true }));
    load(ctrl.signal).then(
      (data) => !ctrl.signal.aborted && setState({ data, loading: false }),
      (error) => !ctrl.signal.aborted && setState({ error, loading: false }),
    );
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for what `load` reads
  }, [key, n]);
  return { ...state, reload: () => setN((x) => x + 1) };
}

/** The loading, error and empty states around a loaded list. */
export function Loaded<T>({
  state,
  empty,
  children,
}: {
  state: { data?: T; error?: unknown; loading: boolean; reload: () => void };
  empty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { t, errorText } = useAgentText();
  if (state.error)
    return (
      <div className="k-error" role="alert" data-testid="error-state">
        <p className="k-error__message">{errorText(state.error)}</p>
        <button type="button" className="k-button" onClick={state.reload}>
          {t('team.retry')}
        </button>
      </div>
    );
  if (state.data === undefined) return <Loading />;
  if (empty?.(state.data)) return <EmptyState />;
  return <>{children(state.data)}</>;
}

/** A label and its value, one line of a card. */
export function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="ag-field">
      <span className="ag-label">{label}</span>
      <span className="ag-value" data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

export const signedClass = (minor: string) => (minor.startsWith('-') ? 'ag-neg' : minor === '0' ? '' : 'ag-pos');
