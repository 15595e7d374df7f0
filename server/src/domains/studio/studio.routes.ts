import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { engineOf } from '@khela/games-math';
import { ok, replies } from '../../http/envelope';
import { artVersion, gameArtUrl } from '../game/catalogue.store';
import { langOf } from '../game/game.http';
import type { RoundRow } from './studio.repo';
import type { Studio, StudioSession } from './studio.service';

const tags = ['studio'];
const TOKEN_HEADER = 'x-game-token';

const str = { type: 'string' } as const;
const poisha = { type: 'string', pattern: '^[0-9]+$', description: 'poisha as a string of digits' } as const;
const anyObject = { type: 'object', additionalProperties: true } as const;
const engine = { type: 'string', enum: ['slot', 'dice', 'andarbahar'] } as const;

const fairnessSchema = {
  type: 'object',
  required: ['serverSeedHash', 'clientSeed', 'nonce'],
  properties: {
    serverSeedHash: { type: 'string', description: 'SHA-256 (hex) of the active server seed: its commitment' },
    clientSeed: str,
    nonce: { type: 'integer', description: 'the next round’s nonce (rounds played with this server seed)' },
  },
};

const roundSchema = {
  type: 'object',
  required: [
    'id',
    'gameCode',
    'engine',
    'mode',
    'status',
    'nonce',
    'clientSeed',
    'serverSeedHash',
    'serverSeed',
    'params',
    'outcome',
    'stake',
    'payout',
    'createdAt',
    'settledAt',
  ],
  properties: {
    id: str,
    gameCode: str,
    engine,
    mode: { type: 'string', enum: ['REAL', 'DEMO'] },
    status: {
      type: 'string',
      enum: ['SETTLED', 'PENDING', 'ROLLED_BACK'],
      description:
        'PENDING: the outcome is final, the wallet has not confirmed the payout yet; ROLLED_BACK: the stake was returned',
    },
    nonce: { type: 'integer' },
    clientSeed: str,
    serverSeedHash: str,
    serverSeed: { type: ['string', 'null'], description: 'revealed once the seed was rotated, null before' },
    params: anyObject,
    outcome: anyObject,
    stake: poisha,
    payout: poisha,
    createdAt: { type: 'string', format: 'date-time' },
    settledAt: { type: ['string', 'null'], format: 'date-time' },
  },
};

const revealedSchema = {
  type: 'object',
  required: ['revealed', 'fairness'],
  properties: {
    revealed: {
      type: 'object',
      required: ['serverSeed', 'serverSeedHash', 'clientSeed', 'nonce'],
      properties: {
        serverSeed: str,
        serverSeedHash: str,
        clientSeed: str,
        nonce: { type: 'integer', description: 'rounds played with the revealed seed' },
      },
    },
    fairness: fairnessSchema,
  },
};

const sessionSchema = {
  type: 'object',
  required: ['game', 'mode', 'currency', 'balance', 'limits', 'config', 'fairness'],
  properties: {
    game: {
      type: 'object',
      required: ['gameCode', 'gameName', 'displayName', 'vendorCode', 'vendorName', 'gameType', 'engine', 'iconUrl'],
      properties: {
        gameCode: str,
        gameName: str,
        displayName: str,
        vendorCode: str,
        vendorName: str,
        gameType: str,
        engine,
        iconUrl: str,
      },
    },
    mode: { type: 'string', enum: ['REAL', 'DEMO'] },
    currency: { type: 'string', enum: ['BDT'] },
    balance: poisha,
    limits: {
      type: 'object',
      required: ['minStake', 'maxStake', 'stakeSteps'],
      properties: { minStake: poisha, maxStake: poisha, stakeSteps: { type: 'array', items: poisha } },
    },
    config: { ...anyObject, description: "the engine's public config (docs/studio-api.md)" },
    fairness: fairnessSchema,
  },
};

const PUBLIC_STATUS = {
  SETTLED: 'SETTLED',
  BETTING: 'PENDING',
  PENDING: 'PENDING',
  ROLLBACK: 'PENDING',
  ROLLED_BACK: 'ROLLED_BACK',
  REFUSED: 'ROLLED_BACK',
} as const;

export const roundWire = (r: RoundRow) => ({
  id: String(r.id),
  gameCode: r.gameCode,
  engine: r.engine,
  mode: r.mode,
  status: PUBLIC_STATUS[r.status],
  nonce: r.nonce,
  clientSeed: r.clientSeed,
  serverSeedHash: r.serverSeedHash,
  serverSeed: r.serverSeed,
  params: r.params,
  outcome: r.outcome,
  stake: r.stake.toString(),
  payout: r.payout.toString(),
  createdAt: r.createdAt.toISOString(),
  settledAt: r.settledAt ? r.settledAt.toISOString() : null,
});

const COMMON =
  'Header X-Game-Token: the wallet token of the launch (the game address carries it). 401 INVALID_TOKEN when it is ' +
  'missing, unknown, ended, or not a game the platform studio plays. Money: poisha as strings of digits.';

declare module 'fastify' {
  interface FastifyRequest {
    /** The studio session of the request's game token (studio routes). */
    studioSession?: StudioSession;
  }
}

/** The studio API under /studio/v1 (docs/studio-api.md), for the games remote. */
export const studioRoutes: FastifyPluginAsync<{ studio: Studio }> = async (app, { studio }) => {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const header = request.headers[TOKEN_HEADER];
    request.studioSession = await studio.sessionOf(typeof header === 'string' ? header.trim() : undefined);
  });
  const sessionOf = (request: FastifyRequest) => request.studioSession!;
  const schema = (summary: string, description: string, value: object, extra: object = {}) => ({
    tags,
    summary,
    description: `${description} ${COMMON}`,
    headers: { type: 'object', properties: { [TOKEN_HEADER]: { type: 'string', maxLength: 200 } } },
    response: replies(value),
    ...extra,
  });

  app.get(
    '/session',
    {
      schema: schema(
        'The game session',
        'The game, the mode (REAL: the wallet; DEMO: free-trial credits), the balance it plays from, the stakes, the ' +
          "engine's config and the fairness state (the active server seed's commitment, the client seed, the next nonce). " +
          '503 WALLET_UNAVAILABLE when the wallet does not answer.',
        sessionSchema,
        { querystring: { type: 'object', properties: { language: { type: 'string', enum: ['BN', 'EN', 'bn', 'en'] } } } },
      ),
    },
    async (request) => {
      const s = sessionOf(request);
      const lang = langOf(request);
      const g = s.game;
      const [balance, fairness] = await Promise.all([studio.balance(s), studio.fairness(s)]);
      return ok({
        game: {
          gameCode: g.gameCode,
          gameName: g.nameEn,
          displayName: (lang === 'BN' && g.nameBn) || g.nameEn,
          vendorCode: g.vendorCode,
          vendorName: (lang === 'BN' && g.vendorNameBn) || g.vendorName,
          gameType: g.gameType,
          engine: s.engine,
          iconUrl: gameArtUrl({
            gameCode: g.gameCode,
            artVersion: artVersion(g.gameCode, g.nameEn, g.gameType, g.vendorCode, g.isGame),
          }),
        },
        mode: s.mode,
        currency: 'BDT',
        balance: balance.toString(),
        limits: {
          minStake: s.limits.minStake.toString(),
          maxStake: s.limits.maxStake.toString(),
          stakeSteps: s.limits.stakeSteps.map(String),
        },
        config: engineOf(s.engine).config,
        fairness,
      });
    },
  );

  app.post<{ Body: { stake: string; params?: unknown } }>(
    '/play',
    {
      schema: schema(
        'Play a round',
        "Takes the next nonce, fixes the outcome from the seeds, then bets and pays through the seamless-wallet API as the game's " +
          'vendor (REAL), or in the demo credits (DEMO). params: the engine’s (docs/studio-api.md), the default when left out. ' +
          'Refusals: 400 STAKE_OUT_OF_RANGE, 400 BAD_PARAMS, 409 INSUFFICIENT_FUNDS (value.balance), 409 GAME_MAINTENANCE, ' +
          '503 WALLET_UNAVAILABLE (nothing taken, or value.roundId: played, paid when the wallet answers).',
        {
          type: 'object',
          required: ['round', 'balance', 'fairness'],
          properties: { round: roundSchema, balance: poisha, fairness: fairnessSchema },
        },
        {
          body: {
            type: 'object',
            required: ['stake'],
            additionalProperties: false,
            properties: {
              stake: { type: 'string', pattern: '^[1-9][0-9]{0,14}$', description: 'poisha' },
              params: anyObject,
            },
          },
        },
      ),
    },
    async (request) => {
      const r = await studio.play(sessionOf(request), BigInt(request.body.stake), request.body.params);
      return ok({ round: roundWire(r.round), balance: r.balance.toString(), fairness: r.fairness });
    },
  );

  const clientSeed = { type: 'string', minLength: 1, maxLength: 64, description: '1-64 printable ASCII characters, no spaces' };

  app.put<{ Body: { clientSeed: string } }>(
    '/fairness/client-seed',
    {
      schema: schema(
        'Set the client seed',
        'Sets the client seed for the next rounds. It also rotates the server seed (the old one is revealed, a new one ' +
          'committed, the nonce restarts at 0): a client seed set back to an earlier value would otherwise replay rounds ' +
          'already seen. 400 BAD_CLIENT_SEED.',
        revealedSchema,
        { body: { type: 'object', required: ['clientSeed'], additionalProperties: false, properties: { clientSeed } } },
      ),
    },
    async (request) => ok(await studio.rotate(sessionOf(request), request.body.clientSeed)),
  );

  app.post<{ Body: { clientSeed?: string } | undefined }>(
    '/fairness/rotate',
    {
      schema: schema(
        'Rotate the server seed',
        'Reveals the active server seed (its rounds can now be verified) and commits a new one; the nonce restarts at 0. ' +
          'An optional clientSeed replaces the client seed too.',
        revealedSchema,
        { body: { type: ['object', 'null'], additionalProperties: false, properties: { clientSeed } } },
      ),
    },
    async (request) => ok(await studio.rotate(sessionOf(request), request.body?.clientSeed)),
  );

  app.get<{ Querystring: { limit: number; before?: string } }>(
    '/rounds',
    {
      schema: schema(
        'The member’s rounds of this game',
        'Newest first; before (a round id) pages back. Each round carries its server seed once the seed was rotated.',
        { type: 'object', required: ['rounds'], properties: { rounds: { type: 'array', items: roundSchema } } },
        {
          querystring: {
            type: 'object',
            properties: {
              limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
              before: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' },
            },
          },
        },
      ),
    },
    async (request) => {
      const { limit, before } = request.query;
      const rows = await studio.rounds(sessionOf(request), limit, before ? Number(before) : null);
      return ok({ rounds: rows.map(roundWire) });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/rounds/:id',
    {
      schema: schema('One round', 'A round of the token’s member (any game). 404 ROUND_NOT_FOUND otherwise.', roundSchema, {
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' } } },
      }),
    },
    async (request) => ok(roundWire(await studio.round(sessionOf(request), Number(request.params.id)))),
  );

  app.post(
    '/demo/reset',
    {
      schema: schema(
        'Reset the demo credits',
        'Free-trial play only (409 NOT_DEMO otherwise): the demo credits go back to ৳10,000.00.',
        { type: 'object', required: ['balance'], properties: { balance: poisha } },
      ),
    },
    async (request) => ok({ balance: (await studio.demoReset(sessionOf(request))).toString() }),
  );
};
