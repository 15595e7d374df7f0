import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AGENT_PATHS,
  CONTRACT_ACTIONS,
  CONTRACT_CALLS,
  CONTRACT_KINDS,
  CONTRACT_PERIODS,
  type ContractAction,
  type ContractDto,
  type ContractKind,
  type ContractPeriod,
  type SettlementDto,
  type TeamMemberDto,
} from '@khela/api/agent';
import { PAGE_SIZES, RECORD_RANGES, type RecordRange } from '@khela/api/records';
import { requireMember } from '../../http/auth';
import { ApiError, ok, replies } from '../../http/envelope';
import { pageOf, paging, resolveRange } from '../records/records.routes';
import { actOnContract, offerContract, type ContractRow } from './contracts';
import { LEDGER_KINDS } from './settlement';
import { AGENT_TYPES, agentLevel, assertPlacement, isAgentType, lockTree, mayRegister, SUB_AGENT_TYPE, TEAM_CTE } from './tree';
import { assertPassword } from '../auth/password-policy';
import { langOf } from '../game/game.http';
import { createAffiliateCode } from './affiliate';

const tags = ['agent centre'];
const security = [{ token: [] }];
const anyValue = replies({ type: 'object', additionalProperties: true });

/** The agent centre is for active agents (types 1, 2, 41, 42): others get NOT_AGENT. */
export async function requireAgent(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireMember(request, reply);
  if (!isAgentType(request.member!.type)) throw new ApiError(403, 'NOT_AGENT', 'Non-agents cannot use the agent centre');
}

type RangeQ = { range?: RecordRange; from?: string; to?: string; page: number; pageSize: number };
const DAY = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const rangeQuery = (extra: Record<string, object> = {}) => ({
  type: 'object',
  additionalProperties: false,
  properties: {
    range: { type: 'string', enum: RECORD_RANGES, default: 'TODAY' },
    from: DAY,
    to: DAY,
    page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
    pageSize: { type: 'integer', enum: PAGE_SIZES, default: 20 },
    ...extra,
  },
});
const RANGE_RULES =
  'range TODAY (default), YESTERDAY, LAST_7_DAYS, LAST_30_DAYS or CUSTOM with from and to (Asia/Dhaka days, as the member ' +
  'records); page and pageSize (10, 20, 50). 401 NOT_LOGGED_IN; 403 NOT_AGENT; 400 RANGE_INVALID, RANGE_TOO_LONG.';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const LEDGER_KIND_LIST = Object.values(LEDGER_KINDS);

/** Team members matching `search` (account contains), or the direct downline of `parentId`. */
function teamQuery(search: string | undefined) {
  return search
    ? `WITH RECURSIVE ${TEAM_CTE} SELECT m.* , team.depth FROM team JOIN members m ON m.id = team.id WHERE m.account LIKE '%' || $2 || '%'`
    : `SELECT m.*, 1 AS depth FROM members m WHERE m.parent_agent_id = $1`;
}

export async function agentRoutes(app: FastifyInstance, opts: { now: () => Date }) {
  const now = opts.now;
  const ensureInTeam = async (agentId: number, memberId: number) => {
    if (agentId === memberId) return;
    const row = await app.db.one(`WITH RECURSIVE ${TEAM_CTE} SELECT 1 FROM team WHERE id = $2`, [agentId, memberId]);
    if (!row) throw new ApiError(403, 'NOT_IN_TEAM', 'That member is not in your team');
  };

  // ---- team overview
  app.get<{ Querystring: RangeQ }>(
    AGENT_PATHS.overview,
    {
      preHandler: requireAgent,
      schema: {
        tags,
        security,
        summary: 'Team overview',
        description:
          "The agent's whole team (every member below it): members and agents now; new members (registered in the range); " +
          'active members (who placed a bet in the range); deposits and withdrawals (ledger, net of rejections); valid bet ' +
          '(bets placed in the range, rolled back excluded) and profit (settled bets: payout − stake). ' +
          RANGE_RULES,
        querystring: rangeQuery(),
        response: anyValue,
      },
    },
    async (request) => {
      const r = resolveRange(request.query, now());
      const id = request.member!.id;
      const row = await app.db.one<Record<string, string>>(
        `WITH RECURSIVE ${TEAM_CTE},
           t AS (SELECT m.id, m.type, m.created_at FROM team JOIN members m ON m.id = team.id),
           b AS (SELECT b.* FROM bet_records b WHERE b.member_id IN (SELECT id FROM t) AND b.placed_at >= $2 AND b.placed_at < $3),
           l AS (SELECT x.kind, e.amount FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
                   JOIN ledger_transactions x ON x.id = e.transaction_id
                  WHERE a.member_id IN (SELECT id FROM t) AND a.kind = 'MEMBER_MAIN' AND e.created_at >= $2 AND e.created_at < $3
                    AND x.kind IN ('DEPOSIT', 'WITHDRAWAL', 'WITHDRAWAL_REJECTED'))
         SELECT (SELECT count(*) FROM t)::int AS members,
                (SELECT count(*) FROM t WHERE type = ANY($4::smallint[]))::int AS agents,
                (SELECT count(*) FROM t WHERE created_at >= $2 AND created_at < $3)::int AS new_members,
                (SELECT count(DISTINCT member_id) FROM b WHERE status <> 'ROLLED_BACK')::int AS active_members,
                (SELECT coalesce(sum(amount), 0) FROM l WHERE kind = 'DEPOSIT')::text AS deposits,
                (SELECT coalesce(-sum(amount), 0) FROM l WHERE kind <> 'DEPOSIT')::text AS withdrawals,
                (SELECT coalesce(sum(valid_bet) FILTER (WHERE status <> 'ROLLED_BACK'), 0) FROM b)::text AS valid_bet,
                (SELECT coalesce(sum(payout - stake) FILTER (WHERE status = 'SETTLED'), 0) FROM b)::text AS profit`,
        [id, r.from, r.to, AGENT_TYPES],
      );
      return ok({
        from: r.fromDay,
        to: r.toDay,
        members: Number(row!.members),
        agents: Number(row!.agents),
        newMembers: Number(row!.new_members),
        activeMembers: Number(row!.active_members),
        deposits: row!.deposits,
        withdrawals: row!.withdrawals,
        validBet: row!.valid_bet,
        profit: row!.profit,
      });
    },
  );

  // ---- register account
  app.post<{ Body: { account: string; password: string; nickname?: string; kind: 'PLAYER' | 'AGENT' } }>(
    AGENT_PATHS.register,
    {
      preHandler: requireAgent,
      schema: {
        tags,
        security,
        summary: 'Registers a player or a sub-agent in the agent’s team',
        description:
          'kind PLAYER (type 0) or AGENT (a sub-agent, type 2, with its own invitation code). Rights: agents of types 1 and 2 ' +
          'register both, 41 and 42 players only (403 US_CUSTOMER_NO_RIGHT_TO_REGISTER_ERROR); 400 MAX_AGENT_LEVEL_ERROR past the ' +
          "operator's maxAgentLevel; 409 US_CUSTOMER_EXIST_ERROR; 400 VALIDATION_ERROR (account 3-32 letters, digits, _; the password policy).",
        body: {
          type: 'object',
          required: ['account', 'password', 'kind'],
          additionalProperties: false,
          properties: {
            account: { type: 'string', pattern: '^[A-Za-z0-9_]{3,32}$' },
            password: { type: 'string', minLength: 1, maxLength: 128 },
            nickname: { type: 'string', minLength: 1, maxLength: 50 },
            kind: { type: 'string', enum: ['PLAYER', 'AGENT'] },
          },
        },
        response: anyValue,
      },
    },
    async (request, reply) => {
      const b = request.body;
      const me = request.member!;
      const account = b.account.toLowerCase();
      const status = await app.db.one<{ status: number }>('SELECT status FROM members WHERE id = $1', [me.id]);
      if (!mayRegister({ type: me.type, status: status?.status ?? 1 }, b.kind))
        throw new ApiError(403, 'US_CUSTOMER_NO_RIGHT_TO_REGISTER_ERROR', 'You have no right to register this account');
      assertPassword('password', b.password, null, langOf(request), account);
      const hash = await app.auth.passwords.hash(b.password);
      const type = b.kind === 'AGENT' ? SUB_AGENT_TYPE : 0;
      const created = await app.db.tx(async (q) => {
        await lockTree(q);
        await assertPlacement(q, { memberId: null, type, uplineId: me.id });
        const row = await q.one<{ id: string }>(
          `INSERT INTO members (account, nickname, type, password_hash, password_changed_at, parent_agent_id, register_method)
           VALUES ($1, $2, $3, $4, now(), $5, 'AGENT') ON CONFLICT DO NOTHING RETURNING id`,
          [account, b.nickname ?? account, type, hash, me.id],
        );
        if (!row) throw new ApiError(409, 'US_CUSTOMER_EXIST_ERROR', `Account ${account} already exists`);
        let affiliateCode: string | null = null;
        if (type !== 0) {
          affiliateCode = await createAffiliateCode(q, Number(row.id));
        }
        return { id: Number(row.id), account, type, affiliateCode };
      });
      reply.code(201);
      return ok(created, 'Account registered');
    },
  );

  // ---- team management
  app.get<{ Querystring: { parent?: number; search?: string; page: number; pageSize: number } }>(
    AGENT_PATHS.team,
    {
      preHandler: requireAgent,
      schema: {
        tags,
        security,
        summary: 'Team management: the downline with balance, last login and status',
        description:
          'Without search: the direct downline of parent (default the agent; a sub-agent of its team to drill down). With ' +
          'search: every team member whose account contains it. 403 NOT_IN_TEAM for a parent outside the team.',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            parent: { type: 'integer', minimum: 1 },
            search: { type: 'string', pattern: '^[A-Za-z0-9_]{1,32}$' },
            page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
            pageSize: { type: 'integer', enum: PAGE_SIZES, default: 20 },
          },
        },
        response: anyValue,
      },
    },
    async (request) => {
      const me = request.member!;
      const { search, page, pageSize } = request.query;
      const parentId = request.query.parent ?? me.id;
      await ensureInTeam(me.id, parentId);
      const root = search ? me.id : parentId;
      const base = teamQuery(search?.toLowerCase());
      const params: unknown[] = search ? [root, search.toLowerCase()] : [root];
      const { limit, offset } = paging(page, pageSize);
      const [count, rows, parent] = await Promise.all([
        app.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM (${base}) s`, params),
        app.db.query<Record<string, unknown>>(
          `SELECT s.id, s.account, s.nickname, s.type, s.status, s.created_at, s.last_login_at, u.account AS upline,
                  coalesce(a.balance, 0)::text AS balance,
                  (SELECT count(*) FROM members c WHERE c.parent_agent_id = s.id)::int AS children
             FROM (${base}) s LEFT JOIN members u ON u.id = s.parent_agent_id
             LEFT JOIN ledger_accounts a ON a.member_id = s.id AND a.kind = 'MEMBER_MAIN'
            ORDER BY s.created_at DESC, s.id DESC LIMIT ${limit} OFFSET ${offset}`,
          params,
        ),
        app.db.one<{ account: string }>('SELECT account FROM members WHERE id = $1', [parentId]),
      ]);
      const myLevel = await agentLevel(app.db, me.id);
      const list: TeamMemberDto[] = [];
      for (const r of rows) {
        const id = Number(r.id);
        list.push({
          id,
          account: String(r.account),
          nickname: String(r.nickname),
          type: Number(r.type),
          isAgent: isAgentType(Number(r.type)),
          level: isAgentType(Number(r.type)) ? await agentLevel(app.db, id) : myLevel,
          uplineAccount: (r.upline as string) ?? null,
          balance: String(r.balance),
          lastLoginAt: iso(r.last_login_at as Date | null),
          createdAt: iso(r.created_at as Date)!,
          status: Number(r.status),
          teamSize: Number(r.children),
        });
      }
      const total = count?.n ?? 0;
      return ok({
        parent: { id: parentId, account: parent?.account ?? '' },
        page,
        pageSize,
        total,
        totalPages: Math.ceil(total / pageSize),
        list,
      });
    },
  );

  // ---- team betting
  app.get<{ Querystring: RangeQ & { account?: string } }>(
    AGENT_PATHS.bets,
    {
      preHandler: requireAgent,
      schema: {
        tags,
        security,
        summary: 'Team betting: the bets of the whole team',
        description:
          'Bets placed in the range by any team member (account: one member), newest first; totals over the whole filter ' +
          '(stake and valid bet without rolled-back bets; payout and profit of settled bets). ' +
          RANGE_RULES,
        querystring: rangeQuery({ account: { type: 'string', pattern: '^[A-Za-z0-9_]{1,32}$' } }),
        response: anyValue,
      },
    },
    async (request) => {
      const q = request.query;
      const r = resolveRange(q, now());
      const { limit, offset } = paging(q.page, q.pageSize);
      const where = `WITH RECURSIVE ${TEAM_CTE}
        SELECT b.*, m.account FROM bet_records b JOIN team ON team.id = b.member_id JOIN members m ON m.id = b.member_id
         WHERE b.placed_at >= $2 AND b.placed_at < $3 AND ($4::text IS NULL OR m.account = $4)`;
      const params = [request.member!.id, r.from, r.to, q.account?.toLowerCase() ?? null];
      const [totals, rows] = await Promise.all([
        app.db.one<Record<string, string>>(
          `SELECT count(*)::int AS n, coalesce(sum(stake) FILTER (WHERE status <> 'ROLLED_BACK'), 0)::text AS stake,
                  coalesce(sum(valid_bet) FILTER (WHERE status <> 'ROLLED_BACK'), 0)::text AS valid_bet,
                  coalesce(sum(payout) FILTER (WHERE status = 'SETTLED'), 0)::text AS payout,
                  coalesce(sum(payout - stake) FILTER (WHERE status = 'SETTLED'), 0)::text AS profit FROM (${where}) s`,
          params,
        ),
        app.db.query<Record<string, unknown>>(
          `${where} ORDER BY b.placed_at DESC, b.id DESC LIMIT ${limit} OFFSET ${offset}`,
          params,
        ),
      ]);
      const total = Number(totals!.n);
      return ok({
        ...pageOf(r.fromDay, r.toDay, q.page, q.pageSize, total),
        totals: {
          stake: totals!.stake,
          validBet: totals!.valid_bet,
          payout: totals!.payout,
          profit: totals!.profit,
          count: total,
        },
        list: rows.map((b) => ({
          id: Number(b.id),
          account: String(b.account),
          gameCode: String(b.game_code),
          gameType: String(b.game_type),
          roundId: String(b.round_id),
          stake: String(b.stake),
          validBet: String(b.valid_bet),
          payout: String(b.payout),
          profit: b.status === 'SETTLED' ? String(BigInt(String(b.payout)) - BigInt(String(b.stake))) : '0',
          status: String(b.status),
          placedAt: iso(b.placed_at as Date)!,
        })),
      });
    },
  );

  // ---- user loss (profit and loss per member)
  app.get<{ Querystring: RangeQ }>(
    AGENT_PATHS.profit,
    {
      preHandler: requireAgent,
      schema: {
        tags,
        security,
        summary: 'User loss: profit and loss per team member',
        description:
          'Per team member with bets placed in the range: bets, stake, valid bet (rolled back excluded), payout and profit ' +
          '(settled bets), the biggest loss first; totals over every member. ' +
          RANGE_RULES,
        querystring: rangeQuery(),
        response: anyValue,
      },
    },
    async (request) => {
      const q = request.query;
      const r = resolveRange(q, now());
      const { limit, offset } = paging(q.page, q.pageSize);
      const per = `WITH RECURSIVE ${TEAM_CTE}
        SELECT m.account, count(*)::int AS bets,
               coalesce(sum(b.stake) FILTER (WHERE b.status <> 'ROLLED_BACK'), 0) AS stake,
               coalesce(sum(b.valid_bet) FILTER (WHERE b.status <> 'ROLLED_BACK'), 0) AS valid_bet,
               coalesce(sum(b.payout) FILTER (WHERE b.status = 'SETTLED'), 0) AS payout,
               coalesce(sum(b.payout - b.stake) FILTER (WHERE b.status = 'SETTLED'), 0) AS profit
          FROM bet_records b JOIN team ON team.id = b.member_id JOIN members m ON m.id = b.member_id
         WHERE b.placed_at >= $2 AND b.placed_at < $3 GROUP BY m.account`;
      const params = [request.member!.id, r.from, r.to];
      const [totals, rows] = await Promise.all([
        app.db.one<Record<string, string>>(
          `SELECT count(*)::int AS n, coalesce(sum(stake), 0)::text AS stake, coalesce(sum(valid_bet), 0)::text AS valid_bet,
                  coalesce(sum(payout), 0)::text AS payout, coalesce(sum(profit), 0)::text AS profit FROM (${per}) s`,
          params,
        ),
        app.db.query<Record<string, unknown>>(
          `SELECT account, bets, stake::text, valid_bet::text, payout::text, profit::text FROM (${per}) s
            ORDER BY profit ASC, account LIMIT ${limit} OFFSET ${offset}`,
          params,
        ),
      ]);
      return ok({
        ...pageOf(r.fromDay, r.toDay, q.page, q.pageSize, Number(totals!.n)),
        totals: { stake: totals!.stake, validBet: totals!.valid_bet, payout: totals!.payout, profit: totals!.profit },
        list: rows.map((m) => ({
          account: String(m.account),
          bets: Number(m.bets),
          stake: String(m.stake),
          validBet: String(m.valid_bet),
          payout: String(m.payout),
          profit: String(m.profit),
        })),
      });
    },
  );

  // ---- my income and account details: the agent's own ledger entries
  const ledgerPage = (incomeOnly: boolean) => async (request: FastifyRequest<{ Querystring: RangeQ }>) => {
    const q = request.query;
    const r = resolveRange(q, now());
    const { limit, offset } = paging(q.page, q.pageSize);
    const where = `FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transactions x ON x.id = e.transaction_id
      WHERE a.member_id = $1 AND a.kind = 'MEMBER_MAIN' AND e.created_at >= $2 AND e.created_at < $3
        AND ($4::text[] IS NULL OR (x.kind = ANY($4::text[]) AND e.amount > 0))`;
    const params = [request.member!.id, r.from, r.to, incomeOnly ? LEDGER_KIND_LIST : null];
    const [totals, rows] = await Promise.all([
      app.db.one<Record<string, string>>(
        `SELECT count(*)::int AS n, coalesce(sum(e.amount) FILTER (WHERE e.amount > 0), 0)::text AS inflow,
                coalesce(-sum(e.amount) FILTER (WHERE e.amount < 0), 0)::text AS outflow ${where}`,
        params,
      ),
      app.db.query<Record<string, unknown>>(
        `SELECT x.id, x.kind, e.amount::text, e.balance_after::text, x.reference, e.created_at ${where}
          ORDER BY e.created_at DESC, e.id DESC LIMIT ${limit} OFFSET ${offset}`,
        params,
      ),
    ]);
    return ok({
      ...pageOf(r.fromDay, r.toDay, q.page, q.pageSize, Number(totals!.n)),
      totals: { in: totals!.inflow, out: totals!.outflow },
      list: rows.map((m) => ({
        transactionId: Number(m.id),
        kind: String(m.kind),
        amount: String(m.amount),
        balanceAfter: (m.balance_after as string) ?? null,
        reference: (m.reference as string) ?? null,
        createdAt: iso(m.created_at as Date)!,
      })),
    });
  };
  app.get<{ Querystring: RangeQ }>(
    AGENT_PATHS.income,
    {
      preHandler: requireAgent,
      schema: {
        tags,
        security,
        summary: 'My income: salaries, wages and dividends received',
        description: `The ledger credits of kinds ${LEDGER_KIND_LIST.join(', ')} to the agent's main wallet. ${RANGE_RULES}`,
        querystring: rangeQuery(),
        response: anyValue,
      },
    },
    ledgerPage(true),
  );
  app.get<{ Querystring: RangeQ }>(
    AGENT_PATHS.ledger,
    {
      preHandler: requireAgent,
      schema: {
        tags,
        security,
        summary: "Account details: the agent's own ledger",
        description: `Every entry of the agent's main wallet, with the balance after it; totals in and out. ${RANGE_RULES}`,
        querystring: rangeQuery(),
        response: anyValue,
      },
    },
    ledgerPage(false),
  );

  // ---- contracts
  const contractDto = (
    c: ContractRow & { upline_account: string | null; downline_account: string },
    me: number,
  ): ContractDto => ({
    id: Number(c.id),
    kind: c.kind,
    uplineAccount: c.upline_account,
    downlineAccount: c.downline_account,
    rateBp: c.rate_bp,
    minActiveMembers: c.min_active_members,
    minValidBet: String(c.min_valid_bet),
    period: c.period,
    status: c.status,
    offeredAt: iso(c.offered_at)!,
    acceptedAt: iso(c.accepted_at),
    endedAt: iso(c.ended_at),
    endReason: c.end_reason,
    mine: Number(c.downline_id) === me,
  });
  /** the live `contract` event to both parties (after the commit) */
  const notify = (c: ContractDto) => {
    void app.db
      .query<{ id: string }>(
        'SELECT upline_id AS id FROM agent_contracts WHERE id = $1 UNION SELECT downline_id FROM agent_contracts WHERE id = $1',
        [c.id],
      )
      .then((rows) =>
        app.live.toMembers(
          rows.filter((r) => r.id !== null).map((r) => Number(r.id)),
          'contract',
          { id: c.id, kind: c.kind, status: c.status },
        ),
      )
      .catch(() => undefined);
  };
  const contractById = async (id: number, me: number) => {
    const row = await app.db.one<ContractRow & { upline_account: string | null; downline_account: string }>(
      `SELECT c.*, u.account AS upline_account, d.account AS downline_account FROM agent_contracts c
         LEFT JOIN members u ON u.id = c.upline_id JOIN members d ON d.id = c.downline_id WHERE c.id = $1`,
      [id],
    );
    return contractDto(row!, me);
  };

  app.get<{ Querystring: { kind?: ContractKind } }>(
    AGENT_PATHS.contracts,
    {
      preHandler: requireAgent,
      schema: {
        tags,
        security,
        summary: 'Contracts offered to the agent and by it',
        description: 'Newest first; mine: the agent is the downline (it may accept, reject or terminate).',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { kind: { type: 'string', enum: CONTRACT_KINDS } },
        },
        response: anyValue,
      },
    },
    async (request) => {
      const me = request.member!.id;
      const rows = await app.db.query<ContractRow & { upline_account: string | null; downline_account: string }>(
        `SELECT c.*, u.account AS upline_account, d.account AS downline_account FROM agent_contracts c
           LEFT JOIN members u ON u.id = c.upline_id JOIN members d ON d.id = c.downline_id
          WHERE (c.downline_id = $1 OR c.upline_id = $1) AND ($2::text IS NULL OR c.kind = $2)
          ORDER BY c.offered_at DESC, c.id DESC LIMIT 200`,
        [me, request.query.kind ?? null],
      );
      return ok({ list: rows.map((c) => contractDto(c, me)) });
    },
  );

  app.post<{
    Body: {
      downline: string;
      kind: ContractKind;
      rateBp: number;
      minActiveMembers?: number;
      minValidBet?: string;
      period?: ContractPeriod;
    };
  }>(
    AGENT_PATHS.contracts,
    {
      preHandler: requireAgent,
      schema: {
        tags,
        security,
        summary: 'Offers a contract to a sub-agent of the direct downline',
        description:
          'rateBp: basis points (100 = 1 %) of the team valid bet per window (dividend: of the team loss per period). ' +
          '403 NOT_IN_TEAM (not the direct downline); 400 NOT_AGENT (the downline is not an agent); 400 CONTRACT_RATE_TOO_HIGH ' +
          '(more than the agent’s own active contract of the kind).',
        body: {
          type: 'object',
          required: ['downline', 'kind', 'rateBp'],
          additionalProperties: false,
          properties: {
            downline: { type: 'string', pattern: '^[A-Za-z0-9_]{3,32}$' },
            kind: { type: 'string', enum: CONTRACT_KINDS },
            rateBp: { type: 'integer', minimum: 1, maximum: 10000 },
            minActiveMembers: { type: 'integer', minimum: 0, maximum: 100000 },
            minValidBet: { type: 'string', pattern: '^\\d{1,15}$' },
            period: { type: 'string', enum: CONTRACT_PERIODS },
          },
        },
        response: anyValue,
      },
    },
    async (request, reply) => {
      const me = request.member!.id;
      const b = request.body;
      const id = await app.db.tx(async (q) => {
        const d = await q.one<{ id: string }>('SELECT id FROM members WHERE account = $1', [b.downline.toLowerCase()]);
        if (!d) throw new ApiError(404, 'USER_NOT_EXIST', `No member ${b.downline}`);
        return offerContract(q, me, Number(d.id), {
          kind: b.kind,
          rateBp: b.rateBp,
          minActiveMembers: b.minActiveMembers,
          minValidBet: b.minValidBet ? BigInt(b.minValidBet) : 0n,
          period: b.period,
        });
      });
      reply.code(201);
      const dto = await contractById(id, me);
      notify(dto);
      return ok(dto, 'Contract offered');
    },
  );

  const act = async (request: FastifyRequest, id: number, action: ContractAction, kind?: ContractKind) => {
    const me = request.member!.id;
    await app.db.tx((q) => actOnContract(q, id, me, action, { kind }));
    const dto = await contractById(id, me);
    notify(dto);
    return ok(dto);
  };
  const actionBody = {
    type: 'object',
    required: ['action'],
    additionalProperties: false,
    properties: { action: { type: 'string', enum: CONTRACT_ACTIONS } },
  };
  const ACT_RULES =
    'ACCEPT and REJECT by the downline of an OFFERED contract; TERMINATE by either party of an OFFERED or ACTIVE one. Accepting ' +
    'ends the downline’s lower-rate contracts of the kind (SUPERSEDED). 404 CONTRACT_NOT_FOUND; 409 CONTRACT_STATE; ' +
    '409 CONTRACT_RATE_NOT_HIGHER (an active contract of the kind pays as much).';
  app.post<{ Params: { id: number }; Body: { action: ContractAction } }>(
    `${AGENT_PATHS.contracts}/:id`,
    {
      preHandler: requireAgent,
      schema: {
        tags,
        security,
        summary: 'Accepts, rejects or terminates a contract',
        description: ACT_RULES,
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } },
        body: actionBody,
        response: anyValue,
      },
    },
    (request) => act(request, request.params.id, request.body.action),
  );
  // the original platform's calls, one per kind
  for (const kind of CONTRACT_KINDS) {
    app.post<{ Body: { id: number; action: ContractAction } }>(
      CONTRACT_CALLS[kind],
      {
        preHandler: requireAgent,
        schema: {
          tags,
          security,
          summary: `Processes a ${kind.toLowerCase()} contract (the original platform's call)`,
          description: `id: a ${kind} contract. ${ACT_RULES}`,
          body: {
            type: 'object',
            required: ['id', 'action'],
            additionalProperties: false,
            properties: { id: { type: 'integer', minimum: 1 }, action: { type: 'string', enum: CONTRACT_ACTIONS } },
          },
          response: anyValue,
        },
      },
      (request) => act(request, request.body.id, request.body.action, kind),
    );
  }

  // ---- settlements (dividend records, daily wages, hourly salary, real-time salary)
  /** A window as it stands: less what was clawed back (a bet rolled back), owed less what was collected or forgiven. */
  const settledFigures = (s: Record<string, unknown>) => {
    const n = (k: string) => BigInt(s[k] as string);
    const amount = n('amount') - n('clawed_back');
    const owed = n('owed') - n('collected') - n('forgiven');
    return { amount: String(amount), paid: String(amount - owed), owed: String(owed) };
  };
  app.get<{ Querystring: RangeQ & { kind?: ContractKind } }>(
    AGENT_PATHS.settlements,
    {
      preHandler: requireAgent,
      schema: {
        tags,
        security,
        summary: 'Settled contract windows, received and paid',
        description:
          'Each window of a contract the agent is a party of, settled in the range (window end), newest first: the team ' +
          'figures, the amount due, what was paid and what the payer still owes. ' +
          RANGE_RULES,
        querystring: rangeQuery({ kind: { type: 'string', enum: CONTRACT_KINDS } }),
        response: anyValue,
      },
    },
    async (request) => {
      const q = request.query;
      const me = request.member!.id;
      const r = resolveRange(q, now());
      const { limit, offset } = paging(q.page, q.pageSize);
      const where = `FROM agent_settlements s JOIN members p ON p.id = s.payee_id LEFT JOIN members u ON u.id = s.payer_id
        WHERE (s.payee_id = $1 OR s.payer_id = $1) AND s.window_end > $2 AND s.window_end <= $3 AND ($4::text IS NULL OR s.kind = $4)`;
      const params = [me, r.from, r.to, q.kind ?? null];
      const [totals, rows] = await Promise.all([
        app.db.one<Record<string, string>>(
          `SELECT count(*)::int AS n, coalesce(sum(s.amount - s.clawed_back) FILTER (WHERE s.payee_id = $1), 0)::text AS amount,
                  coalesce(sum(s.amount - s.clawed_back - (s.owed - s.collected - s.forgiven)) FILTER (WHERE s.payee_id = $1), 0)::text AS paid,
                  coalesce(sum(s.owed - s.collected - s.forgiven) FILTER (WHERE s.payee_id = $1), 0)::text AS owed ${where}`,
          params,
        ),
        app.db.query<Record<string, unknown>>(
          `SELECT s.*, p.account AS payee, u.account AS payer ${where} ORDER BY s.window_end DESC, s.contract_id DESC
            LIMIT ${limit} OFFSET ${offset}`,
          params,
        ),
      ]);
      const list: SettlementDto[] = rows.map((s) => ({
        key: String(s.settlement_key),
        contractId: Number(s.contract_id),
        kind: s.kind as ContractKind,
        payeeAccount: String(s.payee),
        payerAccount: (s.payer as string) ?? null,
        windowStart: iso(s.window_start as Date)!,
        windowEnd: iso(s.window_end as Date)!,
        activeMembers: Number(s.active_members),
        validBet: String(s.valid_bet),
        profit: String(s.profit),
        ...settledFigures(s),
        direction: Number(s.payee_id) === me ? 'RECEIVED' : 'PAID',
      }));
      return ok({
        ...pageOf(r.fromDay, r.toDay, q.page, q.pageSize, Number(totals!.n)),
        totals: { amount: totals!.amount, paid: totals!.paid, owed: totals!.owed },
        list,
      });
    },
  );
}
