import type { FastifyPluginAsync } from 'fastify';
import { ApiError, ok, replies } from '../../http/envelope';
import { guardOps } from '../../http/ops-auth';
import { expireDueDeposits } from './deposits';
import { opsChannelDto, opsChannelSchema, orderSchema, orderDto, opsWithdrawalSchema, withdrawalDto } from './payments.dto';
import {
  findChannel,
  findOrder,
  findWithdrawal,
  listChannels,
  opsOrders,
  opsWithdrawals,
  proofData,
  proofsOf,
  updateChannel,
  type WithdrawalRow,
  type ProofRow,
  accountOf,
} from './payments.repo';
import { autoReceiveWithdrawals, decideWithdrawal, resolveDispute } from './withdrawals';

const hide = true;
const operator = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.@-]+$' } as const;
const poisha = { type: 'string', pattern: '^[1-9][0-9]{0,14}$' } as const;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2 ** 53 - 1 } } };

interface ChannelBody {
  name?: string;
  nameBn?: string;
  minAmount?: string;
  maxAmount?: string;
  feeBps?: number;
  feeFixed?: string;
  quickAmounts?: string[];
  enabled?: boolean;
  sort?: number;
  operator: string;
}

function opsWithdrawal(w: WithdrawalRow & { account?: string }, proofs: ProofRow[]) {
  return {
    ...withdrawalDto(w, proofs),
    account: w.account ?? '',
    accountNoFull: w.account_no,
    branch: w.branch,
    decidedBy: w.decided_by,
    disputeResolvedBy: w.dispute_resolved_by,
    payoutReference: w.payout_reference,
  };
}

/** Operator endpoints of deposits and withdrawals (X-Ops-Key). */
export const paymentsOpsRoutes: FastifyPluginAsync = async (app) => {
  guardOps(app);

  app.get('/channels', { schema: { hide, response: replies({ type: 'array', items: opsChannelSchema }) } }, async () =>
    ok((await listChannels(app.db)).map(opsChannelDto)),
  );

  app.put<{ Params: { code: string }; Body: ChannelBody }>(
    '/channels/:code',
    {
      schema: {
        hide,
        description:
          'Changes a deposit channel: limits and fee (feeBps: basis points, 100 = 1 %; feeFixed poisha), quick amounts, ' +
          'enabled, sort. 400 CHANNEL_INVALID when the minimum exceeds the maximum or the fee would eat the minimum.',
        params: {
          type: 'object',
          required: ['code'],
          properties: { code: { type: 'string', pattern: '^[A-Z][A-Z0-9_]{1,30}$' } },
        },
        body: {
          type: 'object',
          required: ['operator'],
          additionalProperties: false,
          minProperties: 2,
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 60 },
            nameBn: { type: 'string', minLength: 1, maxLength: 60 },
            minAmount: poisha,
            maxAmount: poisha,
            feeBps: { type: 'integer', minimum: 0, maximum: 2000 },
            feeFixed: { type: 'string', pattern: '^(0|[1-9][0-9]{0,12})$' },
            quickAmounts: { type: 'array', items: poisha, maxItems: 8, uniqueItems: true },
            enabled: { type: 'boolean' },
            sort: { type: 'integer', minimum: 0, maximum: 100000 },
            operator,
          },
        },
        response: replies(opsChannelSchema),
      },
    },
    async (request) => {
      const b = request.body;
      const code = request.params.code;
      if (!(await findChannel(app.db, code))) throw new ApiError(404, 'CHANNEL_NOT_FOUND', `No channel ${code}`);
      try {
        const row = await app.db.tx((q) =>
          updateChannel(
            q,
            code,
            {
              name: b.name,
              nameBn: b.nameBn,
              minAmount: b.minAmount === undefined ? undefined : BigInt(b.minAmount),
              maxAmount: b.maxAmount === undefined ? undefined : BigInt(b.maxAmount),
              feeBps: b.feeBps,
              feeFixed: b.feeFixed === undefined ? undefined : BigInt(b.feeFixed),
              quickAmounts: b.quickAmounts?.map((a) => BigInt(a)).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)),
              enabled: b.enabled,
              sort: b.sort,
            },
            `ops:${b.operator}`,
          ),
        );
        request.log.info({ channel: code, operator: b.operator, change: b }, 'deposit channel changed');
        return ok(opsChannelDto(row!), 'Channel updated');
      } catch (err) {
        if ((err as { code?: string }).code === '23514') {
          throw new ApiError(
            400,
            'CHANNEL_INVALID',
            'The minimum must not exceed the maximum, and the fee must leave part of the minimum',
          );
        }
        throw err;
      }
    },
  );

  app.get<{ Querystring: { status?: string; account?: string; limit?: number } }>(
    '/deposits',
    {
      schema: {
        hide,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            status: { type: 'string', enum: ['PENDING', 'PAID', 'FAILED', 'EXPIRED'] },
            account: { type: 'string', maxLength: 64 },
            limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
          },
        },
        response: replies({
          type: 'array',
          items: {
            type: 'object',
            properties: { ...orderSchema.properties, account: { type: 'string' }, late: { type: 'boolean' } },
          },
        }),
      },
    },
    async (request) => {
      const rows = await opsOrders(app.db, { ...request.query, limit: request.query.limit ?? 50 });
      return ok(rows.map((o) => ({ ...orderDto(o), account: o.account, late: o.late })));
    },
  );

  app.get<{ Params: { orderNo: string } }>(
    '/deposits/:orderNo',
    {
      schema: {
        hide,
        params: { type: 'object', required: ['orderNo'], properties: { orderNo: { type: 'string', maxLength: 40 } } },
        response: replies({
          type: 'object',
          properties: { ...orderSchema.properties, late: { type: 'boolean' }, gatewayReference: { type: ['string', 'null'] } },
        }),
      },
    },
    async (request) => {
      const o = await findOrder(app.db, request.params.orderNo);
      if (!o) throw new ApiError(404, 'ORDER_NOT_FOUND', 'No such order');
      return ok({ ...orderDto(o), late: o.late, gatewayReference: o.gateway_reference });
    },
  );

  app.post(
    '/jobs/run',
    {
      schema: {
        hide,
        description:
          'Runs the scheduled checks now: expires unpaid deposits past their time (asking the gateway first) and marks ' +
          'approved withdrawals not confirmed in time as received.',
        response: replies({
          type: 'object',
          properties: {
            expired: { type: 'integer' },
            paid: { type: 'integer' },
            failed: { type: 'integer' },
            autoReceived: { type: 'integer' },
          },
        }),
      },
    },
    async () => {
      const deposits = await expireDueDeposits(app);
      const autoReceived = await autoReceiveWithdrawals(app);
      return ok({ ...deposits, autoReceived });
    },
  );

  app.get<{ Querystring: { status?: string; account?: string; limit?: number } }>(
    '/withdrawals',
    {
      schema: {
        hide,
        description: 'PENDING (the default, oldest first), APPROVED, REJECTED, or DISPUTED (approved but reported not received).',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            status: { type: 'string', enum: ['PENDING', 'APPROVED', 'REJECTED', 'DISPUTED', 'ALL'], default: 'PENDING' },
            account: { type: 'string', maxLength: 64 },
            limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
          },
        },
        response: replies({ type: 'array', items: opsWithdrawalSchema }),
      },
    },
    async (request) => {
      const status = request.query.status === 'ALL' ? undefined : (request.query.status ?? 'PENDING');
      const rows = await opsWithdrawals(app.db, { status, account: request.query.account, limit: request.query.limit ?? 50 });
      const proofs = await proofsOf(
        app.db,
        rows.map((r) => Number(r.id)),
      );
      return ok(rows.map((r) => opsWithdrawal(r, proofs)));
    },
  );

  app.get<{ Params: { id: number } }>(
    '/withdrawals/:id',
    { schema: { hide, params: idParams, response: replies(opsWithdrawalSchema) } },
    async (request) => {
      const w = await findWithdrawal(app.db, request.params.id);
      if (!w) throw new ApiError(404, 'WITHDRAWAL_NOT_FOUND', 'No such withdrawal');
      const account = await accountOf(app.db, w.member_id);
      return ok(opsWithdrawal({ ...w, account: account ?? undefined }, await proofsOf(app.db, [Number(w.id)])));
    },
  );

  const decide =
    (decision: 'APPROVE' | 'REJECT') =>
    async (request: { params: { id: number }; body: { operator: string; reason?: string; payoutReference?: string } }) => {
      const w = await decideWithdrawal(app, request.params.id, { decision, ...request.body });
      const proofs = await proofsOf(app.db, [Number(w.id)]);
      const account = await accountOf(app.db, w.member_id);
      return ok(
        opsWithdrawal({ ...w, account: account ?? undefined }, proofs),
        decision === 'APPROVE' ? 'Approved' : 'Rejected: the funds are back in the main wallet',
      );
    };

  app.post<{ Params: { id: number }; Body: { operator: string; payoutReference?: string } }>(
    '/withdrawals/:id/approve',
    {
      schema: {
        hide,
        description:
          'The money was sent: records the payout. 409 WITHDRAWAL_NOT_PENDING when it was decided already (exactly one decision wins).',
        params: idParams,
        body: {
          type: 'object',
          required: ['operator'],
          additionalProperties: false,
          properties: { operator, payoutReference: { type: 'string', minLength: 1, maxLength: 100 } },
        },
        response: replies(opsWithdrawalSchema),
      },
    },
    decide('APPROVE'),
  );

  app.post<{ Params: { id: number }; Body: { operator: string; reason: string } }>(
    '/withdrawals/:id/reject',
    {
      schema: {
        hide,
        description:
          'Refuses it with a reason the member sees; the amount goes back to the main wallet (a reversal). 409 WITHDRAWAL_NOT_PENDING.',
        params: idParams,
        body: {
          type: 'object',
          required: ['operator', 'reason'],
          additionalProperties: false,
          properties: { operator, reason: { type: 'string', minLength: 3, maxLength: 500, pattern: '\\S' } },
        },
        response: replies(opsWithdrawalSchema),
      },
    },
    decide('REJECT'),
  );

  app.post<{ Params: { id: number }; Body: { operator: string; outcome: 'PAID' | 'REFUNDED'; note: string } }>(
    '/withdrawals/:id/resolve',
    {
      schema: {
        hide,
        description:
          'Closes a "not received" report, once: PAID (the payout did arrive; the note says how it was traced) or REFUNDED (it did not: the amount returns to the main wallet). 409 NOT_DISPUTED when there is no open report.',
        params: idParams,
        body: {
          type: 'object',
          required: ['operator', 'outcome', 'note'],
          additionalProperties: false,
          properties: {
            operator,
            outcome: { type: 'string', enum: ['PAID', 'REFUNDED'] },
            note: { type: 'string', minLength: 3, maxLength: 500, pattern: '\\S' },
          },
        },
        response: replies(opsWithdrawalSchema),
      },
    },
    async (request) => {
      const w = await resolveDispute(app, request.params.id, request.body);
      const proofs = await proofsOf(app.db, [Number(w.id)]);
      const account = await accountOf(app.db, w.member_id);
      return ok(
        opsWithdrawal({ ...w, account: account ?? undefined }, proofs),
        w.dispute_outcome === 'REFUNDED' ? 'Refunded: the amount is back in the main wallet' : 'Closed: the payout arrived',
      );
    },
  );

  app.get<{ Params: { id: number; proofId: number } }>(
    '/withdrawals/:id/proofs/:proofId',
    {
      schema: {
        hide,
        params: {
          type: 'object',
          required: ['id', 'proofId'],
          properties: { id: { type: 'integer', minimum: 1 }, proofId: { type: 'integer', minimum: 1 } },
        },
      },
    },
    async (request, reply) => {
      const p = await proofData(app.db, request.params.id, request.params.proofId);
      if (!p) throw new ApiError(404, 'PROOF_NOT_FOUND', 'No such proof');
      const ascii = p.file_name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .type(p.content_type)
        .headers({
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'",
          'content-disposition': `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(p.file_name)}`,
        })
        .send(Buffer.from(p.data));
    },
  );
};
