import { createHash } from 'node:crypto';
import { ENGINES, playRound, type EngineId } from '@khela/games-math';
import { nodeHmac } from '@khela/games-math/node';
import { SERVER_SEED } from './support';

interface FakeGame {
  engine: EngineId;
  mode?: 'REAL' | 'DEMO';
  balance?: bigint;
}

type Answer = { status: number; body: unknown };
const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/**
 * The studio API as the contract describes it, in memory, behind a fetch mock: real rounds from
 * @khela/games-math, so what the page draws is what the studio would send.
 */
export function fakeStudio(game: FakeGame) {
  let serverSeed = SERVER_SEED;
  let clientSeed = 'client-1';
  let nonce = 0;
  let balance = game.balance ?? 100000n;
  const rounds: Record<string, unknown>[] = [];
  const refuse: { next?: Answer; session?: Answer } = {};
  const calls: { path: string; method: string; body?: unknown; token: string | null; headers: Record<string, string> }[] = [];
  const hash = (s: string) => createHash('sha256').update(s).digest('hex');
  const fairness = () => ({ serverSeedHash: hash(serverSeed), clientSeed, nonce });
  const ok = (value: unknown): Answer => ({ status: 200, body: { success: true, message: 'OK', value } });
  const no = (status: number, errorCode: string, value: unknown = null): Answer => ({
    status,
    body: { success: false, message: errorCode, value, errorCode },
  });

  async function answer(path: string, method: string, body: unknown): Promise<Answer> {
    if (path === '/session')
      return (
        refuse.session ??
        ok({
          game: {
            gameCode: 'LOTUSREEL_0171',
            vendorCode: 'LOTUSREEL',
            displayName: 'Cosmic Boat Deluxe',
            gameType: game.engine === 'andarbahar' ? 'PVP' : 'RNG',
            engine: game.engine,
            iconUrl: '/art/171.svg',
          },
          mode: game.mode ?? 'REAL',
          currency: 'BDT',
          balance: String(balance),
          limits: { minStake: '100', maxStake: '10000', stakeSteps: ['100', '200', '500', '1000', '10000'] },
          config: ENGINES[game.engine].config,
          fairness: fairness(),
        })
      );
    if (refuse.next) {
      const r = refuse.next;
      refuse.next = undefined;
      return r;
    }
    if (path === '/play' && method === 'POST') {
      const { stake, params } = body as { stake: string; params: unknown };
      if (BigInt(stake) > balance) return no(409, 'INSUFFICIENT_FUNDS', { balance: String(balance) });
      const played = await playRound(nodeHmac, game.engine, { serverSeed, clientSeed, nonce }, params, BigInt(stake));
      balance += played.payout - BigInt(stake);
      const round = {
        id: `r${rounds.length + 1}`,
        engine: game.engine,
        mode: game.mode ?? 'REAL',
        status: 'SETTLED',
        nonce,
        clientSeed,
        serverSeedHash: hash(serverSeed),
        serverSeed: null,
        params: played.params,
        outcome: played.outcome,
        stake,
        payout: String(played.payout),
        createdAt: '2025-01-01T10:00:00Z',
        settledAt: '2025-01-01T10:00:00Z',
        gameCode: 'LOTUSREEL_0171',
      };
      rounds.unshift(round);
      nonce += 1;
      return ok({ round: copy(round), balance: String(balance), fairness: fairness() });
    }
    // the studio rotates the server seed with a new client seed (docs/studio-api.md, "Seeds model")
    const rotate = () => {
      const revealed = { serverSeed, serverSeedHash: hash(serverSeed), clientSeed, nonce };
      for (const r of rounds) if (r.serverSeedHash === revealed.serverSeedHash) r.serverSeed = serverSeed;
      serverSeed = (serverSeed[0] === 'b' ? 'c' : 'b').repeat(64);
      nonce = 0;
      return revealed;
    };
    if (path === '/fairness/client-seed') {
      const revealed = rotate();
      clientSeed = (body as { clientSeed: string }).clientSeed;
      return ok({ revealed, fairness: fairness() });
    }
    if (path === '/fairness/rotate') return ok({ revealed: rotate(), fairness: fairness() });
    if (path.startsWith('/rounds?')) {
      const q = new URLSearchParams(path.slice('/rounds?'.length));
      const before = q.get('before');
      const from = before ? rounds.findIndex((r) => r.id === before) + 1 : 0;
      return ok({ rounds: copy(rounds.slice(from, from + Number(q.get('limit') ?? 20))) });
    }
    if (path.startsWith('/rounds/')) {
      const r = rounds.find((x) => x.id === decodeURIComponent(path.slice('/rounds/'.length)));
      return r ? ok(copy(r)) : no(404, 'ROUND_NOT_FOUND');
    }
    if (path === '/demo/reset') {
      if ((game.mode ?? 'REAL') !== 'DEMO') return no(409, 'NOT_DEMO');
      balance = 1000000n;
      return ok({ balance: String(balance) });
    }
    return no(404, 'NOT_FOUND');
  }

  const fetchMock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = (init.headers ?? {}) as Record<string, string>;
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    let a: Answer;
    if (url.pathname.startsWith('/studio/v1')) {
      const path = url.pathname.slice('/studio/v1'.length) + url.search;
      calls.push({ path, method, body, token: headers['X-Game-Token'] ?? null, headers });
      a = await answer(path, method, body);
    } else if (url.pathname === '/wps/game/launchGame') {
      calls.push({ path: url.pathname + url.search, method, token: null, headers });
      a = ok({ content: { game_url: '/play/LOTUSREEL_0171?token=fresh-token', ticket: 't' } });
    } else a = no(404, 'NOT_FOUND');
    return { ok: a.status < 400, status: a.status, json: async () => a.body } as Response;
  });

  return {
    install() {
      global.fetch = fetchMock as unknown as typeof fetch;
      return this;
    },
    fetchMock,
    calls,
    rounds,
    refuse,
    setBalance: (v: bigint) => (balance = v),
  };
}
