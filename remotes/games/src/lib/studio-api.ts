import { ApiError, NETWORK_ERROR, type Envelope, type GameType, type MinorString } from '@khela/api';

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
  vendorCode: string;
  displayName: string;
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

export interface Round<Outcome = unknown, Params = unknown> {
  id: string;
  engine: EngineId;
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
  gameCode?: string;
}

export interface PlayResult {
  round: Round;
  balance: MinorString;
  fairness: Fairness;
}

export interface RotateResult {
  revealed: { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number };
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
    studioCall<{ fairness: Fairness }>('/fairness/client-seed', token, { method: 'PUT', body: { clientSeed } }),
  rotate: (token: string) => studioCall<RotateResult>('/fairness/rotate', token, { method: 'POST', body: {} }),
  rounds: async (token: string, limit = 20, signal?: AbortSignal): Promise<Round[]> => {
    const value = await studioCall<Round[] | { rounds: Round[] }>(`/rounds?limit=${limit}`, token, { signal });
    return Array.isArray(value) ? value : value.rounds;
  },
  round: async (token: string, id: string, signal?: AbortSignal): Promise<Round> => {
    const value = await studioCall<Round | { round: Round }>(`/rounds/${encodeURIComponent(id)}`, token, { signal });
    return 'round' in value && typeof value.round === 'object' ? value.round : (value as Round);
  },
};

/** The refusals the game page explains in its own words (the rest fall back to common errors). */
export const TOKEN_ERRORS = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED', 'NOT_LOGGED_IN']);
