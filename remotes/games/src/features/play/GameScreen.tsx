import { useCallback, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { playPausedAtom } from '@khela/session';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CATEGORY_PAGES, fromMinor, type GameType, type LaunchResponse, type MinorString } from '@khela/api';
import { ApiError, apiRequest } from '@khela/api-client';
import { ErrorState, Loading } from '@khela/ui';
import { NS } from '../../i18n';
import { money, useLang } from '../../lib/format';
import { usePlayKeys } from '../../lib/keys';
import type { Round, StudioSession } from '../../lib/studio-api';
import { useEngine } from '../../engines/load';
import type { EngineView } from '../../engines/types';
import { StakeSelector } from '../../components/StakeSelector';
import { FairnessPanel } from './FairnessPanel';
import { RecentRounds } from './RecentRounds';
import { readGameMemo, useGameSession, type PlayError } from './useGameSession';

/** The lobby a game belongs to: its category page, or home when unknown. */
const lobbyOf = (gameType: string | undefined) => (gameType && CATEGORY_PAGES[gameType as GameType]) || '/';

/**
 * A platform game's page (/play/<GAMECODE>?token=…): the session of the launch, the engine's board,
 * stake and bet controls, the result, provable fairness and the recent rounds.
 */
export function GameScreen() {
  const { t, i18n } = useTranslation(NS);
  const { gameCode = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token');
  const game = useGameSession(token, (i18n.language ?? 'bn').toUpperCase());
  const { load } = game;

  if (load.phase === 'loading') return <Loading label={t('page.loading')} />;
  if (load.phase === 'expired') return <Relaunch gameCode={gameCode} hasToken={!!token} />;
  if (load.phase === 'failed')
    return (
      <ErrorState
        testId="game-error"
        message={t([`errors.${load.errorCode}`, 'errors.sessionFailed'])}
        hint={t([`common:errors.${load.errorCode}`, 'common:errors.UNKNOWN_ERROR'])}
        onRetry={game.retry}
      />
    );
  return <Table session={load.session} token={token!} game={game} />;
}

/** The invalid or expired token: launch the game again, or go back to its lobby. */
function Relaunch({ gameCode, hasToken }: { gameCode: string; hasToken: boolean }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const lang = useLang();
  const memo = readGameMemo(gameCode);
  const [busy, setBusy] = useState(false);
  const [errorCode, setErrorCode] = useState<string>();
  const relaunch = async () => {
    setBusy(true);
    setErrorCode(undefined);
    try {
      const { content } = await apiRequest<LaunchResponse>('/wps/game/launchGame', {
        query: { launchMode: 'GAME', gameId: gameCode, accountType: memo?.mode === 'DEMO' ? 0 : 1, language: lang },
      });
      navigate(content.game_url, { replace: true });
    } catch (err) {
      setErrorCode(err instanceof ApiError ? err.errorCode : 'UNKNOWN_ERROR');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="kg-relaunch" role="alert" data-testid="game-expired">
      <p className="kg-relaunch__title">{hasToken ? t('errors.INVALID_TOKEN') : t('errors.noToken')}</p>
      <p className="kg-muted">{t('errors.relaunchHint')}</p>
      {errorCode ? (
        <p className="kg-alert" data-testid="relaunch-error">
          {t([`common:errors.${errorCode}`, 'common:errors.UNKNOWN_ERROR'])}
        </p>
      ) : null}
      <div className="kg-actions">
        {gameCode ? (
          <button type="button" className="kg-btn kg-btn--primary" onClick={relaunch} disabled={busy} data-testid="relaunch">
            {t('errors.relaunch')}
          </button>
        ) : null}
        <Link className="kg-btn" to={lobbyOf(memo?.gameType)} data-testid="back-to-lobby">
          {t('page.backToLobby')}
        </Link>
      </div>
    </div>
  );
}

type Game = ReturnType<typeof useGameSession>;

function Table({ session, token, game }: { session: StudioSession; token: string; game: Game }) {
  const { t } = useTranslation(NS);
  const engine = useEngine(session.game.engine);
  if (engine.error) return <ErrorState testId="engine-error" message={t('errors.sessionFailed')} onRetry={engine.retry} />;
  if (!engine.view) return <Loading label={t('page.loading')} />;
  return <Playing session={session} token={token} game={game} view={engine.view} />;
}

function Playing({ session, token, game, view }: { session: StudioSession; token: string; game: Game; view: EngineView }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const { game: info, mode, limits, config } = session;
  const steps = useMemo<MinorString[]>(
    () => (limits.stakeSteps.length ? limits.stakeSteps : [limits.minStake]),
    [limits.stakeSteps, limits.minStake],
  );
  const [stakeIndex, setStakeIndex] = useState(0);
  const [params, setParams] = useState<unknown>(() => view.defaultParams(config as never));
  // the round whose outcome the board has finished revealing: its result and announcement show then
  const [settled, setSettled] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const round = game.round;

  const stake = steps[Math.min(stakeIndex, steps.length - 1)];
  // a reality check waiting for the member's answer pauses play
  const paused = useAtomValue(playPausedAtom);
  const playRound = useCallback(() => {
    if (game.playing || paused) return;
    setSettled(null);
    void game.play(stake, params);
  }, [game, stake, params, paused]);
  const changeStake = useCallback(
    (delta: 1 | -1) => setStakeIndex((i) => Math.max(0, Math.min(steps.length - 1, i + delta))),
    [steps.length],
  );
  usePlayKeys({
    play: playRound,
    stake: changeStake,
    target: view.nudge
      ? (delta) => !game.playing && setParams((p: unknown) => view.nudge!(p as never, delta, config as never))
      : undefined,
  });

  const onSettled = useCallback(() => {
    if (!round) return;
    setSettled(round.id);
    const payout = fromMinor(round.payout);
    const vars = {
      nonce: round.nonce,
      amount: money(payout, lang),
      stake: money(round.stake, lang),
      balance: game.balance ? money(game.balance, lang) : '',
    };
    const detail = view.summary(round.outcome as never, round.params as never, t, lang);
    setAnnouncement(`${detail}. ${t(payout > 0n ? 'result.announceWin' : 'result.announceLose', vars)}`);
  }, [round, lang, t, view, game.balance]);

  const Board = view.Board;
  const Controls = view.Controls;
  const shownRound = round && settled === round.id ? round : null;
  const demo = mode === 'DEMO';
  const actionLabel = t(`actions.${info.engine}`);

  return (
    <div className={`kg-game kg-game--${info.engine}`} data-testid="game-page" data-engine={info.engine} data-mode={mode}>
      <header className="kg-game__head" style={{ ['--kg-art' as string]: `url("${info.iconUrl}")` }}>
        <Link className="kg-back" to={lobbyOf(info.gameType)} data-testid="back-to-lobby">
          <span aria-hidden="true">‹</span> {t('page.backToLobby')}
        </Link>
        <img className="kg-game__art" src={info.iconUrl} alt="" width={64} height={64} />
        <div className="kg-game__title">
          <h1 data-testid="game-name">{info.displayName}</h1>
          <p className="kg-muted">
            {info.vendorName ?? info.vendorCode} · {t(`engines.${info.engine}`)}
          </p>
        </div>
        <div className="kg-game__wallet">
          {demo ? (
            <span className="kg-badge kg-badge--demo" data-testid="demo-badge">
              {t('page.demoBadge')}
            </span>
          ) : (
            <span className="kg-badge">{t('page.realBadge')}</span>
          )}
          <span className="kg-muted">{t(demo ? 'page.demoBalance' : 'page.balance')}</span>
          <strong data-testid="game-balance">{game.balance ? money(game.balance, lang) : '—'}</strong>
        </div>
      </header>
      {demo ? (
        <div className="kg-demo-note" data-testid="demo-note">
          <p>{t('page.demoNote')}</p>
          <button type="button" className="kg-link" onClick={game.resetDemo} data-testid="demo-reset">
            {t('page.demoReset')}
          </button>
        </div>
      ) : null}

      <div className="kg-game__body">
        <section className="kg-stage" aria-label={t(`${info.engine}.board`)}>
          <Board
            config={config as never}
            params={params as never}
            outcome={(round?.outcome as never) ?? null}
            stake={round ? fromMinor(round.stake) : undefined}
            payout={round ? fromMinor(round.payout) : undefined}
            playing={game.playing}
            onSettled={onSettled}
          />
          <ResultBanner round={shownRound} />
        </section>

        <section className="kg-controls" aria-label={t('stake.label')}>
          <StakeSelector steps={steps} index={stakeIndex} onChange={setStakeIndex} onSubmit={playRound} disabled={game.playing} />
          {Controls ? (
            <Controls config={config as never} params={params as never} onParams={setParams} disabled={game.playing} />
          ) : null}
          <button
            type="button"
            className="kg-btn kg-btn--play"
            onClick={playRound}
            disabled={game.playing || paused}
            aria-keyshortcuts="Space Enter"
            data-testid="play-button"
          >
            {game.playing ? t('actions.busy') : actionLabel}
          </button>
          <p className="kg-hint">{view.nudge ? t('page.keyboardHintDice') : t('page.keyboardHint', { action: actionLabel })}</p>
          {game.playError ? (
            <PlayRefusal error={game.playError} demo={demo} onClose={game.clearPlayError} onResetDemo={game.resetDemo} />
          ) : null}
        </section>
      </div>

      <div className="kg-game__side">
        <FairnessPanel engine={info.engine} fairness={game.fairness} onSave={game.saveClientSeed} onRotate={game.rotate} />
        <RecentRounds token={token} view={view} rounds={game.rounds} onRefresh={game.reloadRounds} onOlder={game.loadOlder} />
      </div>
      <div className="kg-sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="game-announcer">
        {announcement}
      </div>
    </div>
  );
}

function ResultBanner({ round }: { round: Round | null }) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  if (!round) return <p className="kg-result kg-result--idle">{t('result.none')}</p>;
  const payout = fromMinor(round.payout);
  const stake = fromMinor(round.stake);
  const key = payout === 0n ? 'result.lose' : payout === stake ? 'result.push' : 'result.win';
  return (
    <p
      className={payout > 0n ? 'kg-result kg-result--win' : 'kg-result'}
      data-testid="round-result"
      data-round={round.id}
      data-stake={String(stake)}
      data-payout={String(payout)}
    >
      {t(key, { amount: money(payout, lang) })}
    </p>
  );
}

function PlayRefusal({
  error,
  demo,
  onClose,
  onResetDemo,
}: {
  error: PlayError;
  demo: boolean;
  onClose: () => void;
  onResetDemo: () => void;
}) {
  const { t } = useTranslation(NS);
  const funds = error.errorCode === 'INSUFFICIENT_FUNDS';
  return (
    <div className="kg-alert" role="alert" data-testid="play-error" data-code={error.errorCode}>
      <p>{t([`errors.${error.errorCode}`, `common:errors.${error.errorCode}`, 'common:errors.UNKNOWN_ERROR'])}</p>
      {funds ? (
        <p className="kg-muted">
          {t(demo ? 'errors.insufficientDemoHint' : 'errors.insufficientHint')}{' '}
          {demo ? (
            <button type="button" className="kg-link" onClick={onResetDemo}>
              {t('page.demoReset')}
            </button>
          ) : (
            <Link to="/member/depositv2" data-testid="deposit-link">
              {t('errors.deposit')}
            </Link>
          )}
        </p>
      ) : null}
      {error.errorCode === 'LIMIT_REACHED' ? (
        <p className="kg-muted">
          <Link to="/member/responsibleGaming" data-testid="limits-link">
            {t('errors.limitHint')}
          </Link>
        </p>
      ) : null}
      <button type="button" className="kg-link" onClick={onClose}>
        {t('common:close')}
      </button>
    </div>
  );
}
