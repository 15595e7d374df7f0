import { useCallback, useEffect, useRef, useState } from 'react';
import { type MinorString } from '@khela/api';
import { ApiError } from '@khela/api-client';
import { studioApi, TOKEN_ERRORS, type Fairness, type Revealed, type Round, type StudioSession } from '../../lib/studio-api';

export type LoadState =
  | { phase: 'loading' }
  | { phase: 'ready'; session: StudioSession }
  | { phase: 'expired' }
  | { phase: 'failed'; errorCode: string };

export interface PlayError {
  errorCode: string;
  /** INSUFFICIENT_FUNDS: the balance the wallet answered */
  balance?: MinorString;
}

/** The recent rounds: newest first; `more` while older pages may exist. */
export interface RoundsState {
  list: Round[] | null;
  errorCode?: string;
  loading: boolean;
  more: boolean;
}
export const ROUNDS_PAGE = 20;

const codeOf = (err: unknown) => (err instanceof ApiError ? err.errorCode : 'UNKNOWN_ERROR');

/** Remembers what a game page learnt about its game, for the "launch again" state after the token expired. */
export interface GameMemo {
  gameType: string;
  mode: 'REAL' | 'DEMO';
}
const memoKey = (gameCode: string) => `khela.games.${gameCode}`;
export function readGameMemo(gameCode: string): GameMemo | null {
  try {
    const raw = window.sessionStorage.getItem(memoKey(gameCode));
    return raw ? (JSON.parse(raw) as GameMemo) : null;
  } catch {
    return null;
  }
}
function writeGameMemo(gameCode: string, memo: GameMemo): void {
  try {
    window.sessionStorage.setItem(memoKey(gameCode), JSON.stringify(memo));
  } catch {
    /* storage disabled: the lobby link falls back to home */
  }
}

/**
 * One game page's conversation with the studio: the session, the balance and fairness as the last
 * answer left them, the round on show, the recent rounds, and the refusals translated by code.
 * A refused token at any call turns the page into the "launch again" state.
 */
export function useGameSession(token: string | null, language: string) {
  const [load, setLoad] = useState<LoadState>({ phase: 'loading' });
  const [balance, setBalance] = useState<MinorString | null>(null);
  const [fairness, setFairness] = useState<Fairness | null>(null);
  const [round, setRound] = useState<Round | null>(null);
  const [playing, setPlaying] = useState(false);
  const [playError, setPlayError] = useState<PlayError | null>(null);
  const [rounds, setRounds] = useState<RoundsState>({ list: null, loading: true, more: false });
  const [attempt, setAttempt] = useState(0);
  const busy = useRef(false);

  const expire = useCallback(() => setLoad({ phase: 'expired' }), []);
  const refused = useCallback(
    (err: unknown): string => {
      const code = codeOf(err);
      if (TOKEN_ERRORS.has(code)) expire();
      return code;
    },
    [expire],
  );

  useEffect(() => {
    if (!token) {
      setLoad({ phase: 'expired' });
      return;
    }
    const ctrl = new AbortController();
    setLoad({ phase: 'loading' });
    studioApi.session(token, ctrl.signal, language).then(
      (session) => {
        if (ctrl.signal.aborted) return;
        writeGameMemo(session.game.gameCode, { gameType: session.game.gameType, mode: session.mode });
        setBalance(session.balance);
        setFairness(session.fairness);
        setLoad({ phase: 'ready', session });
      },
      (err) => {
        if (ctrl.signal.aborted) return;
        const code = codeOf(err);
        setLoad(TOKEN_ERRORS.has(code) ? { phase: 'expired' } : { phase: 'failed', errorCode: code });
      },
    );
    return () => ctrl.abort();
  }, [token, language, attempt]);

  const loadRounds = useCallback(
    (signal?: AbortSignal) => {
      if (!token) return;
      setRounds((r) => ({ ...r, loading: true }));
      studioApi.rounds(token, { limit: ROUNDS_PAGE, signal }).then(
        (list) => !signal?.aborted && setRounds({ list, loading: false, more: list.length === ROUNDS_PAGE }),
        (err) => !signal?.aborted && setRounds((r) => ({ ...r, loading: false, errorCode: refused(err) })),
      );
    },
    [token, refused],
  );

  /** The page of rounds before the oldest on show. */
  const loadOlder = useCallback(() => {
    const oldest = rounds.list?.[rounds.list.length - 1];
    if (!token || !oldest || rounds.loading) return;
    setRounds((r) => ({ ...r, loading: true }));
    studioApi.rounds(token, { limit: ROUNDS_PAGE, before: oldest.id }).then(
      (older) =>
        setRounds((r) => {
          const known = new Set((r.list ?? []).map((x) => x.id));
          return {
            list: [...(r.list ?? []), ...older.filter((x) => !known.has(x.id))],
            loading: false,
            more: older.length === ROUNDS_PAGE,
          };
        }),
      (err) => setRounds((r) => ({ ...r, loading: false, errorCode: refused(err) })),
    );
  }, [token, rounds, refused]);

  const ready = load.phase === 'ready';
  useEffect(() => {
    if (!ready) return;
    const ctrl = new AbortController();
    loadRounds(ctrl.signal);
    return () => ctrl.abort();
  }, [ready, loadRounds]);

  const play = useCallback(
    async (stake: MinorString, params: unknown): Promise<Round | null> => {
      if (!token || busy.current) return null;
      busy.current = true;
      setPlaying(true);
      setPlayError(null);
      try {
        const result = await studioApi.play(token, stake, params);
        setRound(result.round);
        setBalance(result.balance);
        setFairness(result.fairness);
        setRounds((r) => ({
          ...r,
          list: [result.round, ...(r.list ?? []).filter((x) => x.id !== result.round.id)],
        }));
        return result.round;
      } catch (err) {
        const errorCode = refused(err);
        const value = err instanceof ApiError ? (err.value as { balance?: MinorString } | undefined) : undefined;
        if (value?.balance !== undefined) setBalance(value.balance);
        setPlayError({ errorCode, balance: value?.balance });
        // a round the wallet took before it stopped answering is listed (PENDING) and settles later
        if (errorCode === 'WALLET_UNAVAILABLE' || errorCode === 'NETWORK_ERROR') loadRounds();
        return null;
      } finally {
        busy.current = false;
        setPlaying(false);
      }
    },
    [token, refused, loadRounds],
  );

  /** A new client seed; the studio rotates the server seed with it and reveals the old one. */
  const saveClientSeed = useCallback(
    async (clientSeed: string): Promise<Revealed | null> => {
      if (!token) return null;
      try {
        const result = await studioApi.setClientSeed(token, clientSeed);
        setFairness(result.fairness);
        if (result.revealed) loadRounds();
        return result.revealed ?? null;
      } catch (err) {
        throw new ApiError(refused(err), (err as Error).message, err instanceof ApiError ? err.status : 0);
      }
    },
    [token, refused, loadRounds],
  );

  /** DEMO only: the demo credits back to their start. */
  const resetDemo = useCallback(async () => {
    if (!token) return;
    try {
      setBalance((await studioApi.resetDemo(token)).balance);
      setPlayError(null);
    } catch (err) {
      setPlayError({ errorCode: refused(err) });
    }
  }, [token, refused]);

  const rotate = useCallback(async () => {
    if (!token) throw new ApiError('INVALID_TOKEN', '', 401);
    try {
      const result = await studioApi.rotate(token);
      setFairness(result.fairness);
      loadRounds(); // the rounds of the revealed seed can be verified now
      return result.revealed;
    } catch (err) {
      throw new ApiError(refused(err), (err as Error).message, err instanceof ApiError ? err.status : 0);
    }
  }, [token, refused, loadRounds]);

  return {
    load,
    balance,
    fairness,
    round,
    playing,
    playError,
    clearPlayError: () => setPlayError(null),
    rounds,
    reloadRounds: () => loadRounds(),
    loadOlder,
    play,
    saveClientSeed,
    resetDemo,
    rotate,
    retry: () => setAttempt((n) => n + 1),
  };
}
