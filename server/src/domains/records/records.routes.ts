import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  addDays,
  dhakaDay,
  dhakaDayStart,
  GAME_TYPES,
  MAX_HISTORY_DAYS,
  MAX_RANGE_DAYS,
  MOVEMENT_TYPES,
  PAGE_SIZES,
  PROFIT_GROUPS,
  rangeDays,
  RECORD_RANGES,
  RECORDS_PATHS,
  type GameType,
  type MovementType,
  type ProfitGroup,
  type RecordFiltersDto,
  type RecordRange,
} from '@khela/api/records';
import { requireMember } from '../../http/auth';
import { ApiError, ok, replies } from '../../http/envelope';
import { langOf } from '../game/game.http';
import { betPage, filterChoices, movementPage, profitRows } from './records.repo';

export interface RecordsOptions {
  /** The clock "today" is read from (tests move it). */
  now?: () => Date;
}

const tags = ['records'];
const security = [{ token: [] }];

/** The records are of money: a trial account has none (the spec's in_need_true_account). */
async function requireRealMember(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireMember(request, reply);
  if (request.member!.type === 4) throw new ApiError(403, 'NEED_REAL_ACCOUNT', 'A real account is needed');
}

const DAY = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'a day in Asia/Dhaka, yyyy-MM-dd' } as const;
const rangeProps = {
  range: { type: 'string', enum: RECORD_RANGES, default: 'TODAY' },
  from: DAY,
  to: DAY,
} as const;
const pageProps = {
  page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
  pageSize: { type: 'integer', enum: PAGE_SIZES, default: 20 },
} as const;
const money = { type: 'string', pattern: '^\\d+$' } as const;
const signed = { type: 'string', pattern: '^-?\\d+$' } as const;
const pageInfo = {
  from: { type: 'string' },
  to: { type: 'string' },
  page: { type: 'integer' },
  pageSize: { type: 'integer' },
  total: { type: 'integer' },
  totalPages: { type: 'integer' },
} as const;
const sums = {
  stake: money,
  validBet: money,
  payout: money,
  profit: signed,
  openStake: money,
} as const;

const rangeRules =
  'range TODAY (default), YESTERDAY, LAST_7_DAYS, LAST_30_DAYS (Asia/Dhaka days, today included) or CUSTOM with from and to ' +
  `(yyyy-MM-dd, both included, at most ${MAX_RANGE_DAYS} days, not before ${MAX_HISTORY_DAYS} days ago, not after today). ` +
  'Refusals: 401 NOT_LOGGED_IN; 403 NEED_REAL_ACCOUNT (trial); 400 VALIDATION_ERROR (an unknown field or value); ' +
  '400 RANGE_INVALID (CUSTOM without from and to, a day that does not exist, from after to, after today); ' +
  '400 RANGE_TOO_LONG (value.maxDays).';

const isRealDay = (d: string) =>
  !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

/** The asked days as instants [from, to): Dhaka midnight to the midnight after the last day. */
export function resolveRange(q: { range?: RecordRange; from?: string; to?: string }, now: Date) {
  const range = q.range ?? 'TODAY';
  let from: string;
  let to: string;
  if (range === 'CUSTOM') {
    if (!q.from || !q.to) throw new ApiError(400, 'RANGE_INVALID', 'A custom range needs from and to');
    if (!isRealDay(q.from) || !isRealDay(q.to)) throw new ApiError(400, 'RANGE_INVALID', 'Not a day: use yyyy-MM-dd');
    from = q.from;
    to = q.to;
    const today = dhakaDay(now);
    if (from > to) throw new ApiError(400, 'RANGE_INVALID', 'from is after to');
    if (to > today) throw new ApiError(400, 'RANGE_INVALID', 'The range ends after today');
    if (from < addDays(today, -MAX_HISTORY_DAYS))
      throw new ApiError(400, 'RANGE_TOO_LONG', `Records go back ${MAX_HISTORY_DAYS} days`, { maxDays: MAX_RANGE_DAYS });
    if (addDays(from, MAX_RANGE_DAYS - 1) < to)
      throw new ApiError(400, 'RANGE_TOO_LONG', `A range covers at most ${MAX_RANGE_DAYS} days`, { maxDays: MAX_RANGE_DAYS });
  } else {
    if (q.from || q.to) throw new ApiError(400, 'RANGE_INVALID', 'from and to go with range CUSTOM only');
    ({ from, to } = rangeDays(range, now));
  }
  return { fromDay: from, toDay: to, from: dhakaDayStart(from), to: dhakaDayStart(addDays(to, 1)) };
}

export const paging = (page: number, pageSize: number) => ({ limit: pageSize, offset: (page - 1) * pageSize });
export const pageOf = (fromDay: string, toDay: string, page: number, pageSize: number, total: number) => ({
  from: fromDay,
  to: toDay,
  page,
  pageSize,
  total,
  totalPages: Math.ceil(total / pageSize),
});

const WALLET_NAMES = { MAIN: { EN: 'Main wallet', BN: 'প্রধান ওয়ালেট' }, BONUS: { EN: 'Bonus wallet', BN: 'বোনাস ওয়ালেট' } };

/**
 * The member's records (issue 10): the betting record, the account record and the profit and loss,
 * each read from bet_records and the ledger (records.repo.ts), and the choices of their filters.
 */
export const recordsRoutes = fp<RecordsOptions>(
  async (app, opts) => {
    const now = opts.now ?? (() => new Date());

    const choices = async (lang: 'BN' | 'EN'): Promise<RecordFiltersDto> => {
      const vendors = await filterChoices(app.db, lang);
      const types = new Set(vendors.flatMap((v) => v.game_types));
      return {
        gameTypes: GAME_TYPES.filter((t) => types.has(t)),
        vendors: vendors.map((v) => ({ code: v.code, name: v.name })),
        wallets: [
          { code: 'MAIN', name: WALLET_NAMES.MAIN[lang] },
          ...vendors.filter((v) => v.wallet_mode === 'TRANSFER').map((v) => ({ code: v.code, name: v.name })),
          { code: 'BONUS', name: WALLET_NAMES.BONUS[lang] },
        ],
        movementTypes: [...MOVEMENT_TYPES],
      };
    };

    app.get(
      RECORDS_PATHS.filters,
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          security,
          summary: 'The choices of the record filters',
          description: 'Game types and vendors (betting record, profit and loss), wallets and movement types (account record).',
          querystring: { type: 'object', additionalProperties: false, properties: {} },
          response: replies({
            type: 'object',
            required: ['gameTypes', 'vendors', 'wallets', 'movementTypes'],
            properties: {
              gameTypes: { type: 'array', items: { type: 'string' } },
              vendors: {
                type: 'array',
                items: { type: 'object', properties: { code: { type: 'string' }, name: { type: 'string' } } },
              },
              wallets: {
                type: 'array',
                items: { type: 'object', properties: { code: { type: 'string' }, name: { type: 'string' } } },
              },
              movementTypes: { type: 'array', items: { type: 'string' } },
            },
          }),
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await choices(langOf(request)));
      },
    );

    app.get<{
      Querystring: {
        range?: RecordRange;
        from?: string;
        to?: string;
        gameType?: GameType;
        vendor?: string;
        page: number;
        pageSize: number;
      };
    }>(
      RECORDS_PATHS.bets,
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          security,
          summary: 'The betting record',
          description:
            'Every bet of the member placed in the range (newest first), with game, vendor, round, stake, payout, valid bet, ' +
            'status (OPEN, SETTLED, ROLLED_BACK) and times, filtered by game type and vendor, one page at a time; totals ' +
            'cover the whole filter: count (every bet), stake and valid bet (rolled-back bets excluded), payout and profit ' +
            '(settled bets: payout − stake), openStake (bets not settled yet). ' +
            rangeRules,
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: {
              ...rangeProps,
              gameType: { type: 'string', enum: GAME_TYPES },
              vendor: { type: 'string', pattern: '^[A-Z0-9_]{2,32}$' },
              ...pageProps,
            },
          },
          response: replies({
            type: 'object',
            required: ['list', 'totals', 'page', 'pageSize', 'total', 'totalPages', 'from', 'to'],
            properties: {
              ...pageInfo,
              totals: { type: 'object', properties: { count: { type: 'integer' }, ...sums } },
              list: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'integer' },
                    placedAt: { type: 'string' },
                    settledAt: { type: ['string', 'null'] },
                    gameCode: { type: 'string' },
                    gameName: { type: 'string' },
                    gameType: { type: 'string' },
                    vendorCode: { type: 'string' },
                    vendorName: { type: 'string' },
                    roundId: { type: 'string' },
                    stake: money,
                    payout: money,
                    validBet: money,
                    profit: signed,
                    status: { type: 'string' },
                    lottery: {
                      type: ['object', 'null'],
                      description:
                        "a bet on the platform's own lottery draws: the draw, bet type, numbers, stake per number, result and payout; null otherwise",
                      properties: {
                        drawIndex: { type: 'integer' },
                        numero: { type: 'string' },
                        drawAt: { type: 'string' },
                        group: { type: ['string', 'null'], description: "the game's group: how its draw reads" },
                        betType: { type: 'string' },
                        prizeMode: { type: 'string' },
                        numbers: { type: 'array', items: { type: 'string' } },
                        stakePerNumber: money,
                        odds: { type: 'integer' },
                        status: { type: 'string' },
                        drawnNumbers: { type: ['array', 'null'], items: { type: 'string' } },
                        hits: {
                          type: ['array', 'null'],
                          items: { type: 'object', properties: { number: { type: 'string' }, hits: { type: 'integer' } } },
                        },
                        payout: money,
                      },
                    },
                  },
                },
              },
            },
          }),
        },
      },
      async (request, reply) => {
        const q = request.query;
        const r = resolveRange(q, now());
        const { list, totals } = await betPage(
          app.db,
          { memberId: request.member!.id, from: r.from, to: r.to, gameType: q.gameType, vendor: q.vendor },
          paging(q.page, q.pageSize),
          langOf(request),
        );
        reply.header('cache-control', 'no-store');
        return ok({ ...pageOf(r.fromDay, r.toDay, q.page, q.pageSize, totals.count), list, totals });
      },
    );

    app.get<{
      Querystring: {
        range?: RecordRange;
        from?: string;
        to?: string;
        type?: MovementType;
        wallet?: string;
        page: number;
        pageSize: number;
      };
    }>(
      RECORDS_PATHS.transactions,
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          security,
          summary: 'The account record',
          description:
            "Every ledger movement of the member's wallets in the range (newest first): one line per wallet moved, with its " +
            'type (DEPOSIT, WITHDRAWAL, TRANSFER, BET, WIN, ROLLBACK, BONUS, REBATE, ADJUSTMENT, OTHER), the ledger kind, ' +
            'direction, amount and the wallet balance after it; filtered by type and wallet (MAIN, BONUS or a vendor code), ' +
            'one page at a time; totals (in, out, net) cover the whole filter. ' +
            rangeRules,
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: {
              ...rangeProps,
              type: { type: 'string', enum: MOVEMENT_TYPES },
              wallet: { type: 'string', pattern: '^[A-Z0-9_]{2,32}$' },
              ...pageProps,
            },
          },
          response: replies({
            type: 'object',
            required: ['list', 'totals', 'page', 'pageSize', 'total', 'totalPages', 'from', 'to'],
            properties: {
              ...pageInfo,
              totals: {
                type: 'object',
                properties: { count: { type: 'integer' }, in: money, out: money, net: signed },
              },
              list: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'integer' },
                    transactionId: { type: 'integer' },
                    createdAt: { type: 'string' },
                    type: { type: 'string' },
                    kind: { type: 'string' },
                    wallet: { type: 'string' },
                    walletName: { type: 'string' },
                    direction: { type: 'string', enum: ['IN', 'OUT'] },
                    amount: money,
                    balanceAfter: money,
                    reference: { type: ['string', 'null'] },
                  },
                },
              },
            },
          }),
        },
      },
      async (request, reply) => {
        const q = request.query;
        const lang = langOf(request);
        const r = resolveRange(q, now());
        const names = new Map((await choices(lang)).wallets.map((w) => [w.code, w.name]));
        const { list, totals } = await movementPage(
          app.db,
          { memberId: request.member!.id, from: r.from, to: r.to, type: q.type, wallet: q.wallet },
          paging(q.page, q.pageSize),
          (code) => names.get(code) ?? code,
        );
        reply.header('cache-control', 'no-store');
        return ok({ ...pageOf(r.fromDay, r.toDay, q.page, q.pageSize, totals.count), list, totals });
      },
    );

    app.get<{
      Querystring: {
        range?: RecordRange;
        from?: string;
        to?: string;
        groupBy: ProfitGroup;
        gameType?: GameType;
        vendor?: string;
      };
    }>(
      RECORDS_PATHS.profit,
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          security,
          summary: 'The profit and loss',
          description:
            "The member's game result in the range by Asia/Dhaka day, week (from Monday) or month (the period's first day as " +
            'key, newest first), or by game type: bets, stake and valid bet (rolled-back bets excluded), payout and profit ' +
            '(settled bets: payout − stake; negative is a loss), openStake (not settled yet). Σ profit − Σ openStake equals the ' +
            "member's ledger movements of kind BET, WIN and ROLLBACK. " +
            rangeRules,
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: {
              ...rangeProps,
              groupBy: { type: 'string', enum: PROFIT_GROUPS, default: 'DAY' },
              gameType: { type: 'string', enum: GAME_TYPES },
              vendor: { type: 'string', pattern: '^[A-Z0-9_]{2,32}$' },
            },
          },
          response: replies({
            type: 'object',
            required: ['from', 'to', 'groupBy', 'rows', 'totals'],
            properties: {
              from: { type: 'string' },
              to: { type: 'string' },
              groupBy: { type: 'string' },
              rows: {
                type: 'array',
                items: { type: 'object', properties: { key: { type: 'string' }, bets: { type: 'integer' }, ...sums } },
              },
              totals: { type: 'object', properties: { bets: { type: 'integer' }, ...sums } },
            },
          }),
        },
      },
      async (request, reply) => {
        const q = request.query;
        const r = resolveRange(q, now());
        const result = await profitRows(
          app.db,
          { memberId: request.member!.id, from: r.from, to: r.to, gameType: q.gameType, vendor: q.vendor },
          q.groupBy,
        );
        reply.header('cache-control', 'no-store');
        return ok({ from: r.fromDay, to: r.toDay, groupBy: q.groupBy, ...result });
      },
    );
  },
  { name: 'records' },
);
