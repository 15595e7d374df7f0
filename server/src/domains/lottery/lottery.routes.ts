import type { FastifyPluginAsync } from 'fastify';
import { LOTTERY_BET_TYPES, PRIZE_MODES, potentialWin, topOdds } from '@khela/games-math';
import { TRIAL_TYPE } from '@khela/api/agent';
import { requireMember } from '../../http/auth';
import { ApiError, ok, replies } from '../../http/envelope';
import { guardOps } from '../../http/ops-auth';
import { placedBet, type LotteryBetRow, type LotteryService } from './lottery.service';

const tags = ['lottery'];
const str = { type: 'string' };
const int = { type: 'integer' };
const money = { type: 'string', pattern: '^\\d{1,18}$', description: 'poisha' };
const prizeMode = { type: 'string', enum: [...PRIZE_MODES] };

const oddsTable = {
  type: ['object', 'null'],
  additionalProperties: { type: 'integer' },
  description:
    'the odds by unit or count of matches, hundredths (DICE_SUM by total, COLOUR by colour, PICK by "picks:matches"); null for one fixed odds',
};

const drawSchema = {
  type: 'object',
  required: ['index', 'numero', 'drawAt', 'closesAt', 'serverSeedHash'],
  properties: {
    index: int,
    numero: str,
    drawAt: { type: 'string', format: 'date-time' },
    closesAt: { type: 'string', format: 'date-time', description: 'bets are refused from then on' },
    serverSeedHash: { type: 'string', description: "SHA-256 of the draw's server seed, revealed after the draw" },
  },
};

const betSchema = {
  type: 'object',
  required: ['id', 'gameCode', 'drawIndex', 'numero', 'drawAt', 'betType', 'numbers', 'stakePerNumber', 'stake', 'odds'],
  properties: {
    id: int,
    gameCode: str,
    drawIndex: int,
    numero: str,
    drawAt: { type: 'string', format: 'date-time' },
    betType: { type: 'string', enum: [...LOTTERY_BET_TYPES] },
    numbers: { type: 'array', items: str },
    stakePerNumber: money,
    stake: money,
    odds: { type: 'integer', description: 'payout per hit in hundredths of the stake per number (the highest of its table)' },
    oddsTable,
    prizeMode: { ...prizeMode, description: "the prize mode the bet was placed under (its odds are that mode's)" },
    potentialWin: money,
    status: { type: 'string', enum: ['BETTING', 'OPEN', 'WON', 'LOST', 'VOID', 'ROLLED_BACK'] },
    payout: money,
    hits: { type: ['array', 'null'], items: { type: 'object', properties: { number: str, hits: int } } },
    drawnNumbers: { type: ['array', 'null'], items: str },
    placedAt: { type: 'string', format: 'date-time' },
    settledAt: { type: ['string', 'null'], format: 'date-time' },
  },
};

const wireBet = (b: LotteryBetRow, drawn: string[] | null = null) => ({
  id: b.id,
  gameCode: b.gameCode,
  drawIndex: b.drawIndex,
  numero: b.numero,
  drawAt: b.drawAt.toISOString(),
  betType: b.betType,
  numbers: b.numbers,
  stakePerNumber: b.stakePerNumber.toString(),
  stake: b.stake.toString(),
  odds: b.odds,
  oddsTable: b.oddsTable,
  prizeMode: b.prizeMode,
  potentialWin: potentialWin(placedBet(b)).toString(),
  status: b.status,
  payout: b.payout.toString(),
  hits: b.hits,
  drawnNumbers: drawn,
  placedAt: b.placedAt.toISOString(),
  settledAt: b.settledAt ? b.settledAt.toISOString() : null,
});

/** The member's side: a game's open draws and odds, placing a bet, the member's lottery bets. */
export const lotteryRoutes: FastifyPluginAsync<{ lottery: LotteryService }> = async (app, { lottery }) => {
  app.addHook('preHandler', requireMember);

  app.get<{ Params: { code: string }; Querystring: { prizeMode?: string } }>(
    '/games/:code',
    {
      schema: {
        tags,
        security: [{ token: [] }],
        summary: 'A lottery game for betting',
        description:
          "The next draws that take bets (with seed commitments), the bet types the game offers and their odds in the prize mode (default the game's first), the stake limits. 400 PRIZE_MODE_UNSUPPORTED.",
        params: { type: 'object', required: ['code'], properties: { code: { type: 'string', pattern: '^[A-Za-z0-9_]{2,48}$' } } },
        querystring: { type: 'object', properties: { prizeMode } },
        response: replies({
          type: 'object',
          required: ['gameCode', 'draws', 'betTypes', 'minStake', 'maxStake', 'closeBeforeS'],
          properties: {
            gameCode: str,
            groupCode: str,
            prizeMode,
            prizeModes: { type: 'array', items: prizeMode },
            draws: { type: 'array', items: drawSchema },
            betTypes: {
              type: 'array',
              items: {
                type: 'object',
                required: ['type', 'odds'],
                properties: { type: str, odds: int, oddsTable, digits: int, pair: { type: 'boolean' } },
              },
            },
            minStake: money,
            maxStake: money,
            maxPayout: { ...money, description: 'poisha: the most one bet pays, whatever its odds' },
            closeBeforeS: int,
          },
        }),
      },
    },
    async (request) => {
      const g = await lottery.gameOf(request.params.code);
      const { config } = app.lottery;
      const mode = lottery.prizeModeFor(g, request.query.prizeMode);
      return ok({
        gameCode: g.gameCode,
        groupCode: g.groupCode ?? '',
        prizeMode: mode,
        prizeModes: lottery.prizeModes(g),
        draws: lottery.openDraws(g, 3),
        betTypes: lottery.betTypesOf(g, mode).map(({ type, odds }) => ({
          type,
          odds: topOdds(odds),
          oddsTable: typeof odds === 'number' ? null : odds,
          digits: type.endsWith('3D') ? 3 : 2,
          pair: type === 'LOTTO',
        })),
        minStake: config.minStake.toString(),
        maxStake: config.maxStake.toString(),
        maxPayout: config.maxPayout.toString(),
        closeBeforeS: config.closeBeforeS,
      });
    },
  );

  app.post<{
    Body: { gameCode: string; drawIndex: number; betType: string; numbers: string[]; stakePerNumber: string; prizeMode?: string };
  }>(
    '/bets',
    {
      schema: {
        tags,
        security: [{ token: [] }],
        summary: 'Place a lottery bet',
        description:
          'Debits stakePerNumber × numbers (× 1 for a LOTTO pair or a PICK ticket) through the wallet, at the odds of the prize mode (default the game\'s first). The numbers are the units the bet type takes on the game: 2- or 3-digit numbers, "place:value" (POSITION, TWO_SIDES), a choice (dice totals and sides, colours) or distinct picks "01".. of the pool. 400 BAD_BET (details.reason: TYPE, EMPTY, TOO_MANY, DUPLICATE, FORMAT, COUNT, RANGE, BOX_TRIPLE) / STAKE_OUT_OF_RANGE / PRIZE_MODE_UNSUPPORTED, 403 NEED_REAL_ACCOUNT (a trial account), 409 DRAW_CLOSED / DRAW_VOID / INSUFFICIENT_FUNDS, 503 WALLET_UNAVAILABLE.',
        body: {
          type: 'object',
          required: ['gameCode', 'drawIndex', 'betType', 'numbers', 'stakePerNumber'],
          additionalProperties: false,
          properties: {
            gameCode: { type: 'string', pattern: '^[A-Za-z0-9_]{2,48}$' },
            drawIndex: { type: 'integer', minimum: 0 },
            betType: { type: 'string', enum: [...LOTTERY_BET_TYPES] },
            numbers: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'string', pattern: '^[0-9A-Z:]{1,10}$' } },
            stakePerNumber: money,
            prizeMode,
          },
        },
        response: replies({ type: 'object', required: ['bet', 'balance'], properties: { bet: betSchema, balance: money } }),
      },
    },
    async (request) => {
      const b = request.body;
      if (request.member!.type === TRIAL_TYPE) throw new ApiError(403, 'NEED_REAL_ACCOUNT', 'A real account is needed to bet');
      const r = await lottery.place(request.member!.id, { ...b, stakePerNumber: BigInt(b.stakePerNumber) });
      return ok({ bet: wireBet(r.bet), balance: r.balance.toString() }, 'Bet placed');
    },
  );

  app.get<{ Querystring: { gameCode?: string; limit?: number } }>(
    '/bets',
    {
      schema: {
        tags,
        security: [{ token: [] }],
        summary: "The member's lottery bets",
        description: 'Newest first, with the draw, numbers, bet type, stake, result (the drawn numbers once settled) and payout.',
        querystring: {
          type: 'object',
          properties: {
            gameCode: { type: 'string', pattern: '^[A-Za-z0-9_]{2,48}$' },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          },
        },
        response: replies({ type: 'object', required: ['list'], properties: { list: { type: 'array', items: betSchema } } }),
      },
    },
    async (request) => {
      const bets = await lottery.memberBets(request.member!.id, request.query.limit, request.query.gameCode);
      const drawn = new Map<string, string[] | null>();
      for (const b of bets) {
        const key = `${b.gameCode}:${b.drawIndex}`;
        if (!drawn.has(key)) drawn.set(key, (await lottery.drawStatus(b.gameCode, b.drawIndex))?.numbers ?? null);
      }
      return ok({ list: bets.map((b) => wireBet(b, drawn.get(`${b.gameCode}:${b.drawIndex}`) ?? null)) });
    },
  );
};

/** Operators (X-Ops-Key): run the settler now, void a draw. */
export const lotteryOpsRoutes: FastifyPluginAsync<{ lottery: LotteryService }> = async (app, { lottery }) => {
  guardOps(app);
  const hide = true;

  app.post(
    '/settle',
    {
      schema: {
        hide,
        description: 'Settles every bet whose draw has run now (it also runs every few seconds and at start).',
        response: replies({
          type: 'object',
          properties: { won: int, lost: int, voided: int, rolledBack: int, left: int },
        }),
      },
    },
    async () => ok(await lottery.settleDue()),
  );

  app.post<{ Body: { gameCode: string; drawIndex?: number; numero?: string; reason: string } }>(
    '/draws/void',
    {
      schema: {
        hide,
        description:
          'Voids a draw that is not settled: its bets are refunded through the wallet, later bets on it refused. 409 DRAW_SETTLED.',
        body: {
          type: 'object',
          required: ['gameCode', 'reason'],
          additionalProperties: false,
          properties: {
            gameCode: { type: 'string', pattern: '^[A-Za-z0-9_]{2,48}$' },
            drawIndex: { type: 'integer', minimum: 0 },
            numero: { type: 'string', pattern: '^[0-9-]{8,16}$' },
            reason: { type: 'string', minLength: 1, maxLength: 300 },
          },
        },
        response: replies({
          type: 'object',
          properties: { gameCode: str, drawIndex: int, numero: str, refunded: int, left: int },
        }),
      },
    },
    async (request) => {
      const b = request.body;
      const r = await lottery.voidDraw(b.gameCode, { index: b.drawIndex, numero: b.numero }, b.reason);
      request.log.info(r, 'lottery: draw voided');
      return ok(r, 'Voided');
    },
  );
};
