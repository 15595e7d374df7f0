// The manual rebate (issue 10): the member claims, once per Dhaka day, the operator's rate per game
// type (setting rebateRates, basis points) on the valid bets placed since the previous claim. The
// claim row's primary key (member, day) is taken in the same transaction as the ledger posting (key
// rebate:<member>:<day>), so a second claim, or two at the same moment, pay nothing more.
import type { FastifyPluginAsync } from 'fastify';
import { REBATE_PATH, type RebateDto, type RebateLineDto } from '@khela/api/member-centre';
import { dhakaDay } from '@khela/api/records';
import type { Queryable } from '../../db/db';
import { ApiError, ok, replies } from '../../http/envelope';
import { requireEligibleMember, requireRealMember } from './guards';
import { lastRebateUpto, rebateHistory, settleRebateClaim, takeRebatePeriod, validBetsByType } from './centre.repo';

const tags = ['member centre'];
const security = [{ token: [] }];

export interface RebateOptions {
  /** the clock of the period (tests) */
  now?: () => Date;
}

interface Computed {
  since: Date | null;
  lines: RebateLineDto[];
  total: bigint;
}

/** What a claim at `upto` would pay: the valid bets after the last claim's end, by game type, at the rates. */
export async function computeRebate(
  q: Queryable,
  memberId: number,
  rates: Record<string, number>,
  upto: Date,
): Promise<Computed> {
  const since = await lastRebateUpto(q, memberId);
  const rows = await validBetsByType(q, memberId, since, upto);
  const lines: RebateLineDto[] = rows
    .filter((r) => (rates[r.game_type] ?? 0) > 0 && BigInt(r.valid_bet) > BigInt(0))
    .map((r) => {
      const rateBp = rates[r.game_type]!;
      return {
        gameType: r.game_type,
        validBet: r.valid_bet,
        rateBp,
        amount: ((BigInt(r.valid_bet) * BigInt(rateBp)) / BigInt(10_000)).toString(),
      };
    });
  return { since, lines, total: lines.reduce((s, l) => s + BigInt(l.amount), BigInt(0)) };
}

const lineSchema = {
  type: 'object',
  required: ['gameType', 'validBet', 'rateBp', 'amount'],
  properties: {
    gameType: { type: 'string' },
    validBet: { type: 'string' },
    rateBp: { type: 'integer' },
    amount: { type: 'string' },
  },
};
const rebateSchema = {
  type: 'object',
  required: ['period', 'since', 'lines', 'total', 'claimedThisPeriod', 'history'],
  properties: {
    period: { type: 'string' },
    since: { type: ['string', 'null'] },
    lines: { type: 'array', items: lineSchema },
    total: { type: 'string' },
    claimedThisPeriod: { type: 'boolean' },
    history: {
      type: 'array',
      items: {
        type: 'object',
        required: ['period', 'amount', 'claimedAt'],
        properties: { period: { type: 'string' }, amount: { type: 'string' }, claimedAt: { type: 'string' } },
      },
    },
  },
};

export const rebateRoutes: FastifyPluginAsync<RebateOptions> = async (app, opts) => {
  const now = opts.now ?? (() => new Date());
  const rates = async () => (await app.settings.get()).rebateRates ?? {};

  const view = async (memberId: number): Promise<RebateDto> => {
    const at = now();
    const period = dhakaDay(at);
    const c = await computeRebate(app.db, memberId, await rates(), at);
    const history = await rebateHistory(app.db, memberId);
    return {
      period,
      since: c.since ? c.since.toISOString() : null,
      lines: c.lines,
      total: c.total.toString(),
      claimedThisPeriod: history.some((h) => h.period === period),
      history: history.map((h) => ({ period: h.period, amount: h.amount, claimedAt: new Date(h.created_at).toISOString() })),
    };
  };

  app.get(
    REBATE_PATH,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: 'The rebate claimable now, by game type, and the claims made',
        description:
          "The operator's rates (setting rebateRates, basis points per game type) on the valid bet of settled bets placed " +
          'since the last claim. Amounts are poisha (digits), rounded down per game type. 401; 403 NEED_REAL_ACCOUNT.',
        response: replies(rebateSchema),
      },
    },
    async (request) => ok(await view(request.member!.id)),
  );

  app.post(
    REBATE_PATH,
    {
      preHandler: requireEligibleMember,
      schema: {
        tags,
        security,
        summary: 'Claims the rebate (once per Dhaka day), paid into the main wallet through the ledger',
        description:
          '409 REBATE_ALREADY_CLAIMED when this period was claimed (also the loser of two claims at the same moment); ' +
          '400 REBATE_NOTHING when there is nothing to claim (nothing is recorded then). Answers the page as GET does.',
        body: { type: 'object', additionalProperties: false, maxProperties: 0 },
        response: replies(rebateSchema),
      },
    },
    async (request) => {
      const me = request.member!;
      const at = now();
      const period = dhakaDay(at);
      const r = await rates();
      await app.ledger.transact(async (tx) => {
        const c = await computeRebate(tx.q, me.id, r, at);
        // the period's row: a concurrent claim waits here, then finds it taken (and its own sum unused)
        const taken = await takeRebatePeriod(tx.q, me.id, period, c.since, at);
        if (!taken) throw new ApiError(409, 'REBATE_ALREADY_CLAIMED', 'The rebate of this period was claimed already');
        if (c.total <= BigInt(0)) throw new ApiError(400, 'REBATE_NOTHING', 'There is no rebate to claim yet');
        const posted = await tx.post({
          key: `rebate:${me.id}:${period}`,
          kind: 'MANUAL_REBATE',
          memberId: me.id,
          reference: period,
          createdBy: `member:${me.id}`,
          meta: { lines: c.lines },
          legs: [
            { account: { member: me.id }, amount: c.total },
            { account: { house: 'GAME_REVENUE' }, amount: -c.total },
          ],
        });
        await settleRebateClaim(tx.q, me.id, period, c.total, posted.transactionId);
      });
      return ok(await view(me.id), 'Rebate claimed');
    },
  );
};
