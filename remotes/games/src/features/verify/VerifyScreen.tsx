import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { fromMinor, takaString } from '@khela/api';
import { ApiError } from '@khela/api-client';
import { ErrorState, Loading } from '@khela/ui';
import { ENGINE_IDS, ENGINES, type EngineId } from '@khela/games-math';
import { NS } from '../../i18n';
import { formatNumber, money, useLang } from '../../lib/format';
import { studioApi, type Round } from '../../lib/studio-api';
import { isEngineId, useEngine } from '../../engines/load';
import type { EngineView } from '../../engines/types';
import {
  sameOutcome,
  verifyForm,
  VerifyInputError,
  type Verification,
  type VerifyField,
  type VerifyForm as FormValues,
} from './verify';

type RoundLoad =
  { phase: 'none' } | { phase: 'loading' } | { phase: 'ready'; round: Round } | { phase: 'failed'; errorCode: string };

/**
 * The verify page: recomputes any round in the browser. Opened from a round of the recent list
 * (?round=…&token=…), after a rotation (?serverSeed=…&clientSeed=…&token=…), or empty to type in.
 */
export function VerifyScreen() {
  const { t } = useTranslation(NS);
  const [search] = useSearchParams();
  const roundId = search.get('round');
  const token = search.get('token');
  const [load, setLoad] = useState<RoundLoad>(roundId && token ? { phase: 'loading' } : { phase: 'none' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!roundId || !token) return;
    const ctrl = new AbortController();
    setLoad({ phase: 'loading' });
    studioApi.round(token, roundId, ctrl.signal).then(
      (round) => !ctrl.signal.aborted && setLoad({ phase: 'ready', round }),
      (err) =>
        !ctrl.signal.aborted &&
        setLoad({ phase: 'failed', errorCode: err instanceof ApiError ? err.errorCode : 'UNKNOWN_ERROR' }),
    );
    return () => ctrl.abort();
  }, [roundId, token, attempt]);

  const initial = useMemo<FormValues>(() => {
    const round = load.phase === 'ready' ? load.round : null;
    const engineParam = search.get('engine');
    const engine: EngineId = round && isEngineId(round.engine) ? round.engine : isEngineId(engineParam) ? engineParam : 'slot';
    return {
      engine,
      serverSeed: round?.serverSeed ?? search.get('serverSeed') ?? '',
      serverSeedHash: round?.serverSeedHash ?? search.get('serverSeedHash') ?? '',
      clientSeed: round?.clientSeed ?? search.get('clientSeed') ?? '',
      nonce: round ? String(round.nonce) : (search.get('nonce') ?? ''),
      stake: round ? takaString(round.stake) : '',
      params: round?.params ?? ENGINES[engine].defaultParams,
    };
  }, [load, search]);

  return (
    <div className="kg-verify" data-testid="verify-page">
      <header className="kg-panel">
        <h1>{t('verify.title')}</h1>
        <p className="kg-muted kg-small">{t('verify.intro')}</p>
      </header>
      {load.phase === 'loading' ? <Loading label={t('verify.loadingRound')} /> : null}
      {load.phase === 'failed' ? (
        <ErrorState
          testId="verify-round-error"
          message={t([`errors.${load.errorCode}`, `common:errors.${load.errorCode}`, 'common:errors.UNKNOWN_ERROR'])}
          hint={load.errorCode === 'INVALID_TOKEN' ? t('errors.relaunchHint') : undefined}
          onRetry={load.errorCode === 'INVALID_TOKEN' ? undefined : () => setAttempt((n) => n + 1)}
        />
      ) : null}
      {load.phase !== 'loading' ? (
        <VerifyPanel
          key={load.phase === 'ready' ? load.round.id : 'manual'}
          initial={initial}
          round={load.phase === 'ready' ? load.round : null}
          backTo={
            load.phase === 'ready' && load.round.gameCode && token
              ? `/play/${load.round.gameCode}?${new URLSearchParams({ token })}`
              : null
          }
        />
      ) : null}
    </div>
  );
}

function VerifyPanel({ initial, round, backTo }: { initial: FormValues; round: Round | null; backTo: string | null }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const ids = useId();
  const [input, setInput] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<VerifyField, true>>>({});
  const [result, setResult] = useState<Verification | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const engine = useEngine(input.engine);
  const config = ENGINES[input.engine].config;

  const run = async (value: FormValues) => {
    setBusy(true);
    setFailure(null);
    try {
      setResult(await verifyForm(value));
      setErrors({});
    } catch (err) {
      setResult(null);
      if (err instanceof VerifyInputError) setErrors(err.fields);
      else setFailure(t('verify.errors.crypto'));
    } finally {
      setBusy(false);
    }
  };
  // a round whose seed is revealed is verified at once
  useEffect(() => {
    if (round?.serverSeed) void run(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const set = (patch: Partial<FormValues>) => {
    setInput((v) => ({ ...v, ...patch }));
    setResult(null);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(input);
  };
  const field = (
    name: Exclude<VerifyField, 'params'>,
    label: string,
    extra: { wide?: boolean; inputMode?: 'numeric' | 'decimal' } = {},
  ) => (
    <label className={extra.wide ? 'kg-field kg-field--wide' : 'kg-field'}>
      <span>{label}</span>
      <input
        className={name === 'stake' || name === 'nonce' ? 'kg-input' : 'kg-input kg-mono'}
        name={name}
        value={input[name]}
        inputMode={extra.inputMode}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${ids}-${name}` : undefined}
        onChange={(e) => set({ [name]: e.target.value })}
        data-testid={`verify-${name}`}
      />
      {errors[name] ? (
        <p className="kg-field__error" id={`${ids}-${name}`}>
          {t(`verify.errors.${name}`)}
        </p>
      ) : null}
    </label>
  );

  const sealed = round && !round.serverSeed;
  const outcomeMatches =
    round && result
      ? sameOutcome(round.outcome, result.outcome) && (result.payout === null || result.payout === fromMinor(round.payout))
      : null;
  const Controls = engine.view?.Controls;

  return (
    <>
      <section className="kg-panel">
        {round ? (
          <p className="kg-muted" data-testid="verify-from-round">
            {t('verify.fromRound', {
              nonce: formatNumber(round.nonce, lang),
              game: round.gameCode ?? t(`engines.${round.engine}`),
            })}{' '}
            {backTo ? (
              <Link className="kg-link" to={backTo} data-testid="verify-back">
                {t('verify.backToGame')}
              </Link>
            ) : null}
          </p>
        ) : null}
        {sealed ? (
          <p className="kg-check kg-check--none" role="status" data-testid="verify-sealed">
            {t('verify.sealed')}
          </p>
        ) : null}
        <form
          onSubmit={submit}
          noValidate
          aria-label={t('verify.title')}
          data-testid="verify-form"
          data-engine={engine.view?.id ?? ''}
        >
          <div className="kg-fields">
            <label className="kg-field">
              <span>{t('verify.engine')}</span>
              <select
                className="kg-input"
                value={input.engine}
                onChange={(e) => {
                  const next = e.target.value as EngineId;
                  set({ engine: next, params: ENGINES[next].defaultParams });
                }}
                data-testid="verify-engine"
              >
                {ENGINE_IDS.map((id) => (
                  <option key={id} value={id}>
                    {t(`engines.${id}`)}
                  </option>
                ))}
              </select>
            </label>
            {field('nonce', t('verify.nonce'), { inputMode: 'numeric' })}
            {field('serverSeed', t('verify.serverSeed'), { wide: true })}
            {field('serverSeedHash', t('verify.serverSeedHash'), { wide: true })}
            {field('clientSeed', t('verify.clientSeed'))}
            {field('stake', t('verify.stake'), { inputMode: 'decimal' })}
          </div>
          {Controls ? (
            <fieldset className="kg-field kg-field--params">
              <legend className="kg-label">{t('verify.params')}</legend>
              <Controls
                config={config as never}
                params={input.params as never}
                onParams={(params) => set({ params })}
                disabled={busy}
              />
              {errors.params ? <p className="kg-field__error">{t('verify.errors.params')}</p> : null}
            </fieldset>
          ) : null}
          <button type="submit" className="kg-btn kg-btn--primary" disabled={busy} data-testid="verify-submit">
            {t('verify.submit')}
          </button>
        </form>
        {failure ? (
          <p className="kg-alert" role="alert">
            {failure}
          </p>
        ) : null}
      </section>
      {result && engine.view ? (
        <VerifyResult result={result} view={engine.view} config={config} outcomeMatches={outcomeMatches} />
      ) : null}
    </>
  );
}

function Check({ ok, children, testId }: { ok: boolean | null; children: ReactNode; testId: string }) {
  const cls = ok === null ? 'kg-check kg-check--none' : ok ? 'kg-check kg-check--ok' : 'kg-check kg-check--bad';
  return (
    <p className={cls} data-testid={testId} data-ok={ok === null ? 'none' : String(ok)}>
      <span aria-hidden="true">{ok === null ? 'ℹ' : ok ? '✓' : '✗'}</span>
      <span>{children}</span>
    </p>
  );
}

function VerifyResult({
  result,
  view,
  config,
  outcomeMatches,
}: {
  result: Verification;
  view: EngineView;
  config: unknown;
  outcomeMatches: boolean | null;
}) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const Board = view.Board;
  return (
    <section className="kg-panel" aria-live="polite" data-testid="verify-result">
      <h2>{t('verify.result')}</h2>
      <Check ok={result.hashMatches} testId="verify-hash">
        {result.hashMatches === null ? t('verify.hashNone') : result.hashMatches ? t('verify.hashOk') : t('verify.hashBad')}
      </Check>
      <p className="kg-muted kg-small kg-mono">{t('verify.computedHash', { hash: result.computedHash })}</p>
      {outcomeMatches === null ? null : (
        <Check ok={outcomeMatches} testId="verify-outcome">
          {outcomeMatches ? t('verify.outcomeOk') : t('verify.outcomeBad')}
        </Check>
      )}
      <div className="kg-stage">
        <Board
          config={config as never}
          params={result.params as never}
          outcome={result.outcome as never}
          payout={result.payout ?? undefined}
          playing={false}
        />
      </div>
      {result.payout !== null && result.stake !== null ? (
        <p data-testid="verify-payout">
          {t('verify.payoutOf', { stake: money(result.stake, lang), payout: money(result.payout, lang) })}
        </p>
      ) : null}
    </section>
  );
}
