import { type Envelope, type GameType, type MinorString } from '@khela/api';
import { ApiError, NETWORK_ERROR } from '@khela/api-client';

/**
 * The studio API (docs/studio-api.md): the game page's only server. Every call carries the launch's
 * wallet token in X-Game-Token (never the member's session token: a game page may be opened by a
 * launch link alone). The remote keeps its own small fetch instead of extending the shared client,
 * since a shared singleton comes from the shell in use, which may be older than this remote.
 */

export type EngineId = 'slot' | 'dice' | 'andarbahar';
export type PlayMode = 'REAL' | 'DEMO';

export interface StudioGame {
  gameCode: string;
  /** the stable English name */
  gameName?: string;
  /** the name in the request's language */
  displayName: string;
  vendorCode: string;
  vendorName?: string;
  gameType: GameType;
  engine: EngineId;
  iconUrl: string;
}

export interface Fairness {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export interface Limits {
  minStake: MinorString;
  maxStake: MinorString;
  stakeSteps: MinorString[];
}

export interface StudioSession<Config = unknown> {
  game: StudioGame;
  mode: PlayMode;
  currency: 'BDT';
  balance: MinorString;
  limits: Limits;
  config: Config;
  fairness: Fairness;
}

export type RoundStatus = 'SETTLED' | 'PENDING' | 'ROLLED_BACK';

export interface Round<Outcome = unknown, Params = unknown> {
  id: string;
  engine: EngineId;
  mode?: PlayMode;
  /** SETTLED; PENDING: the win is still being delivered (the outcome is final); ROLLED_BACK: the stake was returned */
  status?: RoundStatus;
  nonce: number;
  clientSeed: string;
  serverSeedHash: string;
  /** revealed once the seed pair was rotated; null before */
  serverSeed?: string | null;
  params: Params;
  outcome: Outcome;
  stake: MinorString;
  payout: MinorString;
  createdAt?: string;
  settledAt?: string | null;
  gameCode?: string;
}

export interface PlayResult {
  round: Round;
  balance: MinorString;
  fairness: Fairness;
}

export interface Revealed {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** the rounds played with the revealed seed */
  nonce: number;
}

/** A rotation's answer; setting a client seed rotates the server seed too (the old one is revealed). */
export interface RotateResult {
  revealed: Revealed;
  fairness: Fairness;
}

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT';
  body?: unknown;
  signal?: AbortSignal;
  language?: string;
}

/** One call: resolves with the envelope's value, rejects with ApiError (errorCode NETWORK_ERROR when unreachable). */
export async function studioCall<T>(path: string, token: string, opts: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { 'X-Game-Token': token, Device: 'web' };
  if (opts.language) headers.Language = opts.language;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`/studio/v1${path}`, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
      cache: 'no-store',
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(NETWORK_ERROR, 'network link abnormal', 0);
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await res.json()) as Envelope<T>;
  } catch {
    throw new ApiError(res.status === 503 ? 'WALLET_UNAVAILABLE' : NETWORK_ERROR, 'invalid answer', res.status);
  }
  if (!res.ok || !envelope.success) {
    throw new ApiError(envelope.errorCode ?? 'UNKNOWN_ERROR', envelope.message ?? '', res.status, envelope.value ?? undefined);
  }
  return envelope.value;
}

export const studioApi = {
  session: (token: string, signal?: AbortSignal, language?: string) =>
    studioCall<StudioSession>('/session', token, { signal, language }),
  play: (token: string, stake: MinorString, params: unknown) =>
    studioCall<PlayResult>('/play', token, { method: 'POST', body: { stake, params } }),
  setClientSeed: (token: string, clientSeed: string) =>
    studioCall<{ revealed?: Revealed; fairness: Fairness }>('/fairness/client-seed', token, {
      method: 'PUT',
      body: { clientSeed },
    }),
  rotate: (token: string) => studioCall<RotateResult>('/fairness/rotate', token, { method: 'POST', body: {} }),
  rounds: async (token: string, opts: { limit?: number; before?: string; signal?: AbortSignal } = {}): Promise<Round[]> => {
    const query = new URLSearchParams({ limit: String(opts.limit ?? 20) });
    if (opts.before) query.set('before', opts.before);
    const value = await studioCall<Round[] | { rounds: Round[] }>(`/rounds?${query}`, token, { signal: opts.signal });
    return Array.isArray(value) ? value : value.rounds;
  },
  resetDemo: (token: string) => studioCall<{ balance: MinorString }>('/demo/reset', token, { method: 'POST', body: {} }),
  round: async (token: string, id: string, signal?: AbortSignal): Promise<Round> => {
    const value = await studioCall<Round | { round: Round }>(`/rounds/${encodeURIComponent(id)}`, token, { signal });
    return 'round' in value && typeof value.round === 'object' ? value.round : (value as Round);
  },
};

/** The refusals the game page explains in its own words (the rest fall back to common errors). */
export const TOKEN_ERRORS = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED', 'NOT_LOGGED_IN']);
