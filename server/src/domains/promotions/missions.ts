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

const tags = ['promotions'];
const security = [{ token: [] }];
const anyObject = { type: 'object', additionalProperties: true };

interface MissionRow {
  id: string;
  code: string;
  title_bn: string;
  title_en: string;
  game_type: string | null;
  target: string;
  reward: string;
  period: 'DAY' | 'WEEK';
  period_start: Date;
  period_end: Date;
  progress: string;
  claimed: boolean;
}

/** The period's bounds in Asia/Dhaka, as SQL over `$now`. */
const bounds = (period: string, now: string) =>
  `(date_trunc(${period}, ${now} AT TIME ZONE 'Asia/Dhaka') AT TIME ZONE 'Asia/Dhaka')`;

/** The member's missions with this period's progress and whether they were claimed. */
export async function memberMissions(q: Queryable, memberId: number, now: Date, missionId?: number): Promise<MissionRow[]> {
  return q.query<MissionRow>(
    `WITH m AS (
       SELECT mi.*, ${bounds(`lower(mi.period)`, '$2::timestamptz')} AS period_start FROM missions mi
        WHERE mi.status = 'ACTIVE' AND ($3::bigint IS NULL OR mi.id = $3))
     SELECT m.id, m.code, m.title_bn, m.title_en, m.game_type, m.target::text, m.reward::text, m.period, m.period_start,
            m.period_start + CASE WHEN m.period = 'DAY' THEN interval '1 day' ELSE interval '7 days' END AS period_end,
            (SELECT coalesce(sum(b.valid_bet), 0)::text FROM bet_records b
              WHERE b.member_id = $1 AND b.status = 'SETTLED' AND b.placed_at >= m.period_start AND b.placed_at <= $2
                AND (m.game_type IS NULL OR b.game_type = m.game_type)) AS progress,
            EXISTS (SELECT 1 FROM mission_claims c WHERE c.mission_id = m.id AND c.member_id = $1
                      AND c.period_start = m.period_start) AS claimed
       FROM m ORDER BY m.sort, m.id`,
    [memberId, now, missionId ?? null],
  );
}

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
        const claimed = await tx.q.one(
          `INSERT INTO mission_claims (mission_id, member_id, period_start, reward) VALUES ($1, $2, $3, $4)
           ON CONFLICT DO NOTHING RETURNING id`,
          [m.id, memberId, m.period_start, m.reward],
        );
        if (!claimed) throw new ApiError(409, 'ALREADY_CLAIMED', 'Claimed already this period');
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
      const rows = await app.db.query<{ member_id: string; account: string; valid: string; start: Date }>(
        `WITH p AS (SELECT ${bounds('$1', '$2::timestamptz')} AS start)
         SELECT b.member_id, m.account, sum(b.valid_bet)::text AS valid, p.start
           FROM p, bet_records b JOIN members m ON m.id = b.member_id
          WHERE b.status = 'SETTLED' AND b.placed_at >= p.start AND b.placed_at <= $2 AND b.valid_bet > 0 AND m.type <> 4
          GROUP BY b.member_id, m.account, p.start ORDER BY sum(b.valid_bet) DESC, b.member_id LIMIT 10`,
        [period.toLowerCase(), opts.now()],
      );
      const start = await app.db.one<{ start: Date }>(`SELECT ${bounds('$1', '$2::timestamptz')} AS start`, [
        period.toLowerCase(),
        opts.now(),
      ]);
      const value: LeaderboardDto = {
        period,
        periodStart: new Date(start!.start).toISOString(),
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
    ok(
      await app.db.query(
        `SELECT mi.id, mi.code, mi.title_bn, mi.title_en, mi.game_type, mi.target::text, mi.reward::text, mi.period, mi.status,
                mi.sort, (SELECT count(*)::int FROM mission_claims c WHERE c.mission_id = mi.id) AS claims
           FROM missions mi ORDER BY mi.status, mi.sort, mi.id`,
      ),
    ),
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
      const row = await app.db
        .one(
          `INSERT INTO missions (code, title_bn, title_en, game_type, target, reward, period, sort)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id, code, status`,
          [b.code, titleBn, titleEn, b.gameType ?? null, b.target, b.reward, b.period, b.sort ?? 0],
        )
        .catch((err: { code?: string }) => {
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
      const row = await app.db.one<{ status: string }>(`SELECT status FROM missions WHERE id = $1`, [request.params.id]);
      if (!row) throw new ApiError(404, 'MISSION_NOT_FOUND', 'No such mission');
      const closed = await app.db.one(
        `UPDATE missions SET status = 'HIDDEN' WHERE id = $1 AND status = 'ACTIVE' RETURNING id, code, status`,
        [request.params.id],
      );
      if (!closed) throw new ApiError(409, 'ALREADY_CLOSED', 'The mission is closed already');
      request.log.info({ mission: request.params.id, operator: request.body.operator }, 'mission closed');
      return ok(closed, 'Mission closed');
    },
  );
};
