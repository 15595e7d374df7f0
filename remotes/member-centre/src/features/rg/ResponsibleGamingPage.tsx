import { useState, type FormEvent } from 'react';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { addNamespace } from '@khela/i18n';
import { MoneyFormatError, parseTaka } from '@khela/api';
import {
  RG_CHANGED_EVENT,
  RG_HELP_LINKS,
  RG_LIMIT_PERIODS,
  RG_REALITY_CHECK_CHOICES,
  RG_SELF_EXCLUSION_PERIODS,
  RG_SESSION_LIMIT_CHOICES,
  RG_TIMEOUT_PERIODS,
  type RgExclusionPeriod,
  type RgLimitDto,
  type RgLimitKind,
  type RgProfileDto,
} from '@khela/api/rg';
import { clearSession, GUEST, loginStateAtom } from '@khela/session';
import { ConfirmDialog, ErrorState, Loading } from '@khela/ui';
import { FieldError, useErrorText, useLoad, useMoney } from '../../common/payments/ui';
import { NS } from '../../i18n';
import {
  cancelLimit,
  confirmLimit,
  exclude,
  fetchProfile,
  setLimit,
  setRealityCheck,
  setSessionLimit,
} from '../../common/rg/api';
import { rgBn, rgEn } from './locales';
import './rg.css';

addNamespace(NS, { bn: rgBn, en: rgEn });

/** The taka typed as poisha, or the error key. */
function readLimit(text: string): { amount: string } | { error: string } {
  try {
    const v = parseTaka(text);
    if (v <= BigInt(0)) return { error: 'rg.amountInvalid' };
    return { amount: v.toString() };
  } catch (err) {
    if (err instanceof MoneyFormatError) return { error: 'rg.amountInvalid' };
    throw err;
  }
}

function LimitRow({ limit, onProfile }: { limit: RgLimitDto; onProfile: (p: RgProfileDto, note?: string) => void }) {
  const { t, money, time } = useMoney();
  const errorText = useErrorText();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const id = `rg-${limit.kind}-${limit.period}`;
  const run = async (action: () => Promise<{ outcome: string; profile: RgProfileDto }>) => {
    setBusy(true);
    setError(undefined);
    try {
      const r = await action();
      setText('');
      onProfile(r.profile, t(`rg.outcome.${r.outcome}`));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = readLimit(text);
    if ('error' in r) return setError(t(r.error));
    void run(() => setLimit(limit.kind, limit.period, r.amount));
  };
  return (
    <form className="rg-limit" onSubmit={submit} noValidate data-testid={id}>
      <div className="rg-limit__head">
        <label htmlFor={`${id}-input`}>{t(`rg.period.${limit.period}`)}</label>
        <strong data-testid={`${id}-amount`}>{limit.amount ? money(limit.amount) : t('rg.noLimit')}</strong>
      </div>
      {limit.amount ? (
        <small className="rg-muted">
          {t(limit.kind === 'DEPOSIT' ? 'rg.usedDeposit' : 'rg.usedLoss', { used: money(limit.used) })}
        </small>
      ) : null}
      {limit.pending ? (
        <div className="rg-pending" data-testid={`${id}-pending`}>
          <small>
            {limit.pending.amount
              ? t('rg.pendingIncrease', { amount: money(limit.pending.amount), time: time(limit.pending.effectiveAt) })
              : t('rg.pendingRemoval', { time: time(limit.pending.effectiveAt) })}
          </small>
          <div className="rg-actions">
            {limit.pending.confirmable ? (
              <button
                type="button"
                className="k-button"
                disabled={busy}
                onClick={() => run(() => confirmLimit(limit.kind, limit.period))}
              >
                {t('rg.confirm')}
              </button>
            ) : null}
            <button
              type="button"
              className="k-button k-button--ghost"
              disabled={busy}
              onClick={() => run(() => cancelLimit(limit.kind, limit.period))}
            >
              {t('rg.keep')}
            </button>
          </div>
        </div>
      ) : null}
      <div className="rg-limit__form">
        <span aria-hidden="true">৳</span>
        <input
          id={`${id}-input`}
          data-testid={`${id}-input`}
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('rg.amountPlaceholder')}
          value={text}
          aria-invalid={Boolean(error)}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="k-button" disabled={busy} data-testid={`${id}-save`}>
          {t('rg.save')}
        </button>
        {limit.amount && !limit.pending ? (
          <button
            type="button"
            className="k-button k-button--ghost"
            disabled={busy}
            onClick={() => run(() => setLimit(limit.kind, limit.period, null))}
          >
            {t('rg.remove')}
          </button>
        ) : null}
      </div>
      <FieldError testId={`${id}-error`}>{error}</FieldError>
    </form>
  );
}

function LimitSection({
  kind,
  profile,
  onProfile,
}: {
  kind: RgLimitKind;
  profile: RgProfileDto;
  onProfile: (p: RgProfileDto, note?: string) => void;
}) {
  const { t } = useMoney();
  return (
    <section className="pay-card" aria-labelledby={`rg-${kind}-title`}>
      <h3 id={`rg-${kind}-title`}>{t(kind === 'DEPOSIT' ? 'rg.depositTitle' : 'rg.lossTitle')}</h3>
      <p className="rg-muted">{t(kind === 'DEPOSIT' ? 'rg.depositHelp' : 'rg.lossHelp')}</p>
      {RG_LIMIT_PERIODS.map((period) => {
        const limit = profile.limits.find((l) => l.kind === kind && l.period === period)!;
        return <LimitRow key={period} limit={limit} onProfile={onProfile} />;
      })}
      <small className="rg-muted">{t('rg.coolingOff')}</small>
    </section>
  );
}

function MinutesSetting({
  testId,
  title,
  help,
  value,
  choices,
  onSave,
}: {
  testId: string;
  title: string;
  help: string;
  value: number | null;
  choices: readonly number[];
  onSave: (minutes: number | null) => Promise<void>;
}) {
  const { t, num } = useMoney();
  const errorText = useErrorText();
  const [chosen, setChosen] = useState<string>(value === null ? '' : String(value));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await onSave(chosen === '' ? null : Number(chosen));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="pay-card" onSubmit={submit} data-testid={testId}>
      <h3>
        <label htmlFor={`${testId}-select`}>{title}</label>
      </h3>
      <p className="rg-muted">{help}</p>
      <div className="rg-limit__form">
        <select
          id={`${testId}-select`}
          data-testid={`${testId}-select`}
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
        >
          <option value="">{t('rg.off')}</option>
          {choices.map((m) => (
            <option key={m} value={m}>
              {t('rg.minutes', { n: num(m) })}
            </option>
          ))}
        </select>
        <button type="submit" className="k-button" disabled={busy} data-testid={`${testId}-save`}>
          {t('rg.save')}
        </button>
      </div>
      <FieldError>{error}</FieldError>
    </form>
  );
}

function BreakSection() {
  const { t } = useMoney();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const setLogin = useSetAtom(loginStateAtom);
  const [asking, setAsking] = useState<RgExclusionPeriod | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const take = async () => {
    if (!asking) return;
    setBusy(true);
    setError(undefined);
    try {
      await exclude(asking);
      // every session ended on the server: this page leaves too
      clearSession();
      setLogin(GUEST);
      navigate('/');
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
      setAsking(null);
    }
  };
  const choice = (p: RgExclusionPeriod) => (
    <button
      key={p}
      type="button"
      className="k-button k-button--ghost"
      onClick={() => setAsking(p)}
      data-testid={`rg-exclude-${p}`}
    >
      {t(`rg.periods.${p}`)}
    </button>
  );
  return (
    <section className="pay-card" aria-labelledby="rg-break-title">
      <h3 id="rg-break-title">{t('rg.breakTitle')}</h3>
      <p className="rg-muted">{t('rg.timeoutHelp')}</p>
      <div className="rg-actions">{RG_TIMEOUT_PERIODS.map(choice)}</div>
      <p className="rg-muted">{t('rg.selfExclusionHelp')}</p>
      <div className="rg-actions">{RG_SELF_EXCLUSION_PERIODS.map(choice)}</div>
      <FieldError>{error}</FieldError>
      {asking ? (
        <ConfirmDialog
          title={t((RG_TIMEOUT_PERIODS as readonly string[]).includes(asking) ? 'rg.confirmTimeout' : 'rg.confirmExclusion', {
            period: t(`rg.periods.${asking}`),
          })}
          onConfirm={take}
          onCancel={() => setAsking(null)}
          busy={busy}
          testId="rg-exclude-confirm"
        >
          <p>{t('rg.confirmBreakText')}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

export default function ResponsibleGamingPage() {
  const { t } = useMoney();
  const errorText = useErrorText();
  const loaded = useLoad((signal) => fetchProfile(signal));
  const [override, setOverride] = useState<RgProfileDto | null>(null);
  const [note, setNote] = useState<string | undefined>();
  const profile = override ?? loaded.value;
  const onProfile = (p: RgProfileDto, n?: string) => {
    setOverride(p);
    setNote(n);
  };

  if (loaded.loading && !profile) return <Loading />;
  if (!profile) return <ErrorState message={errorText(loaded.error)} onRetry={loaded.reload} testId="rg-error" />;

  return (
    <div className="pay rg" data-testid="rg-page">
      <p className="rg-intro">{t('rg.intro')}</p>
      {profile.promptDepositLimit ? (
        <p className="pay-note" data-testid="rg-prompt">
          {t('rg.prompt')}
        </p>
      ) : null}
      {note ? (
        <p className="pay-note pay-note--good" role="status" data-testid="rg-note">
          {note}
        </p>
      ) : null}
      <LimitSection kind="DEPOSIT" profile={profile} onProfile={onProfile} />
      <LimitSection kind="LOSS" profile={profile} onProfile={onProfile} />
      <MinutesSetting
        testId="rg-reality"
        title={t('rg.realityTitle')}
        help={t('rg.realityHelp')}
        value={profile.realityCheckMinutes}
        choices={RG_REALITY_CHECK_CHOICES}
        onSave={async (m) => {
          onProfile(await setRealityCheck(m), t('rg.saved'));
          window.dispatchEvent(new Event(RG_CHANGED_EVENT));
        }}
      />
      <MinutesSetting
        testId="rg-session"
        title={t('rg.sessionTitle')}
        help={t('rg.sessionHelp')}
        value={profile.sessionLimitMinutes}
        choices={RG_SESSION_LIMIT_CHOICES}
        onSave={async (m) => {
          onProfile(await setSessionLimit(m), t('rg.saved'));
          window.dispatchEvent(new Event(RG_CHANGED_EVENT));
        }}
      />
      <BreakSection />
      <section className="pay-card" aria-labelledby="rg-help-title">
        <h3 id="rg-help-title">{t('rg.helpTitle')}</h3>
        <p className="rg-muted">{t('rg.helpText')}</p>
        <ul className="rg-links" data-testid="rg-help-links">
          {RG_HELP_LINKS.map((l) => (
            <li key={l.url}>
              <a href={l.url} target="_blank" rel="noopener noreferrer">
                {l.name}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
