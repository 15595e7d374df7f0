// Missions and the leaderboard (issue 12): targets measured from the member's settled valid bets
// placed in the current period (Asia/Dhaka day or week from Monday), a reward claimed once per
// member per period, and the period's top members by valid bets.
import type { FastifyPluginAsync } from 'fastify';
import { MISSION_PATHS, type LeaderboardDto, type MissionDto } from '@khela/api/promotions';
import type { Queryable } from '../../db/db';
import { ApiError, ok, replies } from '../../http/envelope';
import { guardOps } from '../../http/ops-auth';
import { plainText } from '../content/sanitize';
import { requireEligibleMember, requireRealMember } from '../centre/guards';
import { GAME_TYPES } from './promotions.rules';
import {
  closeMission,
  insertMission,
  insertMissionClaim,
  leaderboard,
  memberMissions,
  type MissionRow,
  missionStatus,
  opsMissions,
} from './promotions.repo';

const tags = ['promotions'];
const security = [{ token: [] }];
const anyObject = { type: 'object', additionalProperties: true };

const toDto = (r: MissionRow, lang: 'BN' | 'EN'): MissionDto => {
  const progress = BigInt(r.progress);
  const target = BigInt(r.target);
  return {
    id: Number(r.id),
    code: r.code,
    title: lang === 'EN' ? r.title_en : r.title_bn,
    gameType: r.game_type,
    period: r.period,
    target: r.target,
    progress: (progress > target ? target : progress).toString(),
    reward: r.reward,
    claimed: r.claimed,
    claimable: !r.claimed && progress >= target,
    periodEndsAt: new Date(r.period_end).toISOString(),
  };
};

/** The mission badge: missions done and not claimed yet this period. */
export async function claimableMissions(q: Queryable, memberId: number): Promise<number> {
  return (await memberMissions(q, memberId, new Date())).filter((r) => !r.claimed && BigInt(r.progress) >= BigInt(r.target))
    .length;
}

export const missionRoutes: FastifyPluginAsync<{ now: () => Date }> = async (app, opts) => {
  app.get<{ Querystring: { lang: 'BN' | 'EN' } }>(
    MISSION_PATHS.list,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: "The missions with this period's progress",
        querystring: { type: 'object', properties: { lang: { type: 'string', enum: ['BN', 'EN'], default: 'BN' } } },
        response: replies({ type: 'array', items: anyObject }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok((await memberMissions(app.db, request.member!.id, opts.now())).map((r) => toDto(r, request.query.lang)));
    },
  );

  app.post<{ Body: { id: number } }>(
    MISSION_PATHS.claim,
    {
      preHandler: requireEligibleMember,
      schema: {
        tags,
        security,
        summary: "Claims a mission's reward into the main wallet, once a period",
        description: '404 MISSION_NOT_FOUND; 409 MISSION_NOT_DONE / ALREADY_CLAIMED.',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1, maximum: 2 ** 53 - 1 } },
        },
        response: replies({
          type: 'object',
          required: ['amount', 'balance'],
          properties: { amount: { type: 'string' }, balance: { type: 'string' } },
        }),
      },
    },
    async (request) => {
      const memberId = request.member!.id;
      const now = opts.now();
      const r = await app.ledger.transact(async (tx) => {
        const [m] = await memberMissions(tx.q, memberId, now, request.body.id);
        if (!m) throw new ApiError(404, 'MISSION_NOT_FOUND', 'No such mission');
        if (BigInt(m.progress) < BigInt(m.target)) throw new ApiError(409, 'MISSION_NOT_DONE', 'The mission is not done yet');
        if (!(await insertMissionClaim(tx.q, m, memberId)))
          throw new ApiError(409, 'ALREADY_CLAIMED', 'Claimed already this period');
        const reward = BigInt(m.reward);
        const posted = await tx.post({
          key: `mission:${m.id}:${memberId}:${new Date(m.period_start).toISOString()}`,
          kind: 'MISSION',
          memberId,
          reference: `MISSION-${m.code}`,
          createdBy: `member:${memberId}`,
          legs: [
            { account: { member: memberId }, amount: reward },
            { account: { house: 'PROMOTIONS' }, amount: -reward },
          ],
        });
        return { amount: reward, balance: posted.balances.find((b) => b.wallet === 'MAIN')?.balance ?? reward };
      });
      await app.badges.push(memberId);
      return ok({ amount: r.amount.toString(), balance: r.balance.toString() }, 'Claimed');
    },
  );

  app.get<{ Querystring: { period: 'DAY' | 'WEEK' } }>(
    MISSION_PATHS.leaderboard,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: "The period's top 10 members by valid bets (accounts masked)",
        querystring: { type: 'object', properties: { period: { type: 'string', enum: ['DAY', 'WEEK'], default: 'WEEK' } } },
        response: replies(anyObject),
      },
    },
    async (request, reply) => {
      const period = request.query.period;
      const { start, rows } = await leaderboard(app.db, period, opts.now());
      const value: LeaderboardDto = {
        period,
        periodStart: new Date(start).toISOString(),
        list: rows.map((r, i) => ({
          rank: i + 1,
          account: `${r.account.slice(0, 2)}***${r.account.slice(-1)}`,
          validBet: r.valid,
          me: Number(r.member_id) === request.member!.id,
        })),
      };
      reply.header('cache-control', 'no-store');
      return ok(value);
    },
  );
};

const positive = { type: 'string', pattern: '^[1-9][0-9]{0,14}$' } as const;
const operator = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.@-]+$' } as const;

/** /ops/missions: operators list, create and close missions (a closed mission is HIDDEN: members no longer see it). */
export const missionOpsRoutes: FastifyPluginAsync = async (app) => {
  guardOps(app);

  app.get('/', { schema: { hide: true, response: replies({ type: 'array', items: anyObject }) } }, async () =>
    ok(await opsMissions(app.db)),
  );

  app.post<{
    Body: {
      code: string;
      titleBn: string;
      titleEn: string;
      gameType?: string | null;
      target: string;
      reward: string;
      period: 'DAY' | 'WEEK';
      sort?: number;
    };
  }>(
    '/',
    {
      schema: {
        hide: true,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['code', 'titleBn', 'titleEn', 'target', 'reward', 'period'],
          properties: {
            code: { type: 'string', pattern: '^[A-Z0-9_]{2,40}$' },
            titleBn: { type: 'string', minLength: 1, maxLength: 200 },
            titleEn: { type: 'string', minLength: 1, maxLength: 200 },
            gameType: { type: ['string', 'null'], enum: [...GAME_TYPES, null] },
            target: positive,
            reward: positive,
            period: { type: 'string', enum: ['DAY', 'WEEK'] },
            sort: { type: 'integer', minimum: -100000, maximum: 100000 },
          },
        },
        response: replies(anyObject),
      },
    },
    async (request, reply) => {
      const b = request.body;
      const [titleBn, titleEn] = [plainText(b.titleBn), plainText(b.titleEn)];
      if (!titleBn || !titleEn) throw new ApiError(400, 'BAD_REQUEST', 'A title is empty once sanitised');
      const row = await insertMission(app.db, {
        code: b.code,
        titleBn,
        titleEn,
        gameType: b.gameType ?? null,
        target: b.target,
        reward: b.reward,
        period: b.period,
        sort: b.sort ?? 0,
      }).catch((err: { code?: string }) => {
        if (err?.code === '23505') throw new ApiError(409, 'MISSION_CODE_TAKEN', 'A mission has this code already');
        throw err;
      });
      reply.code(201);
      return ok(row, 'Mission created');
    },
  );

  app.post<{ Params: { id: number }; Body: { operator: string } }>(
    '/:id/close',
    {
      schema: {
        hide: true,
        params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2 ** 53 - 1 } } },
        body: { type: 'object', additionalProperties: false, required: ['operator'], properties: { operator } },
        response: replies(anyObject),
      },
    },
    async (request) => {
      if ((await missionStatus(app.db, request.params.id)) === null)
        throw new ApiError(404, 'MISSION_NOT_FOUND', 'No such mission');
      const closed = await closeMission(app.db, request.params.id);
      if (!closed) throw new ApiError(409, 'ALREADY_CLOSED', 'The mission is closed already');
      request.log.info({ mission: request.params.id, operator: request.body.operator }, 'mission closed');
      return ok(closed, 'Mission closed');
    },
  );
};
