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
import { actOnContract, offerContract } from './contracts';
import { LEDGER_KINDS } from './settlement';
import { AGENT_TYPES, agentLevel, assertPlacement, isAgentType, lockTree, mayRegister, SUB_AGENT_TYPE } from './tree';
import { assertPassword } from '../auth/password-policy';
import { langOf } from '../game/game.http';
import { createAffiliateCode } from './affiliate';
import {
  accountOf,
  contractParties,
  contractView,
  contractViews,
  type ContractView,
  insertDownlineMember,
  isInTeam,
  ledgerEntries,
  memberIdOf,
  memberStatus,
  settlements,
  teamBets,
  teamOverview,
  teamPage,
  teamProfit,
} from './agent.repo';

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

export async function agentRoutes(app: FastifyInstance, opts: { now: () => Date }) {
  const now = opts.now;
  const ensureInTeam = async (agentId: number, memberId: number) => {
    if (agentId === memberId) return;
    if (!(await isInTeam(app.db, agentId, memberId))) throw new ApiError(403, 'NOT_IN_TEAM', 'That member is not in your team');
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
      const row = await teamOverview(app.db, id, r.from, r.to, AGENT_TYPES);
      return ok({
        from: r.fromDay,
        to: r.toDay,
        members: Number(row.members),
        agents: Number(row.agents),
        newMembers: Number(row.new_members),
        activeMembers: Number(row.active_members),
        deposits: row.deposits,
        withdrawals: row.withdrawals,
        validBet: row.valid_bet,
        profit: row.profit,
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
      const status = await memberStatus(app.db, me.id);
      if (!mayRegister({ type: me.type, status: status ?? 1 }, b.kind))
        throw new ApiError(403, 'US_CUSTOMER_NO_RIGHT_TO_REGISTER_ERROR', 'You have no right to register this account');
      assertPassword('password', b.password, null, langOf(request), account);
      const hash = await app.auth.passwords.hash(b.password);
      const type = b.kind === 'AGENT' ? SUB_AGENT_TYPE : 0;
      const created = await app.db.tx(async (q) => {
        await lockTree(q);
        await assertPlacement(q, { memberId: null, type, uplineId: me.id });
        const id = await insertDownlineMember(q, {
          account,
          nickname: b.nickname ?? account,
          type,
          passwordHash: hash,
          uplineId: me.id,
        });
        if (id === null) throw new ApiError(409, 'US_CUSTOMER_EXIST_ERROR', `Account ${account} already exists`);
        let affiliateCode: string | null = null;
        if (type !== 0) {
          affiliateCode = await createAffiliateCode(q, id);
        }
        return { id, account, type, affiliateCode };
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
      const { limit, offset } = paging(page, pageSize);
      const [{ total, rows }, parentAccount] = await Promise.all([
        teamPage(app.db, root, search?.toLowerCase(), limit, offset),
        accountOf(app.db, parentId),
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
      return ok({
        parent: { id: parentId, account: parentAccount ?? '' },
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
      const { totals, rows } = await teamBets(app.db, request.member!.id, q.account?.toLowerCase() ?? null, {
        ...r,
        limit,
        offset,
      });
      const total = Number(totals.n);
      return ok({
        ...pageOf(r.fromDay, r.toDay, q.page, q.pageSize, total),
        totals: {
          stake: totals.stake,
          validBet: totals.valid_bet,
          payout: totals.payout,
          profit: totals.profit,
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
      const { totals, rows } = await teamProfit(app.db, request.member!.id, { ...r, limit, offset });
      return ok({
        ...pageOf(r.fromDay, r.toDay, q.page, q.pageSize, Number(totals.n)),
        totals: { stake: totals.stake, validBet: totals.valid_bet, payout: totals.payout, profit: totals.profit },
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
    const { totals, rows } = await ledgerEntries(app.db, request.member!.id, incomeOnly ? LEDGER_KIND_LIST : null, {
      ...r,
      limit,
      offset,
    });
    return ok({
      ...pageOf(r.fromDay, r.toDay, q.page, q.pageSize, Number(totals.n)),
      totals: { in: totals.inflow, out: totals.outflow },
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
  const contractDto = (c: ContractView, me: number): ContractDto => ({
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
    void contractParties(app.db, c.id)
      .then((ids) => app.live.toMembers(ids, 'contract', { id: c.id, kind: c.kind, status: c.status }))
      .catch(() => undefined);
  };
  const contractById = async (id: number, me: number) => {
    const row = await contractView(app.db, id);
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
      const rows = await contractViews(app.db, me, request.query.kind ?? null);
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
        const d = await memberIdOf(q, b.downline.toLowerCase());
        if (d === null) throw new ApiError(404, 'USER_NOT_EXIST', `No member ${b.downline}`);
        return offerContract(q, me, d, {
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
      const { totals, rows } = await settlements(app.db, me, q.kind ?? null, { ...r, limit, offset });
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
        ...pageOf(r.fromDay, r.toDay, q.page, q.pageSize, Number(totals.n)),
        totals: { amount: totals.amount, paid: totals.paid, owed: totals.owed },
        list,
      });
    },
  );
}
