import type { FastifyInstance } from 'fastify';
import { AGENT_TRANSFER_PATH, type AgentTransferDto } from '@khela/api/agent';
import { ApiError, ok, replies } from '../../http/envelope';
import { requireRealMember } from '../centre/guards';
import { checkPaymentPassword } from '../payments/payment-password';
import { LedgerError } from '../wallet/ledger';
import { inTeam, isAgentType } from './tree';
import { memberByAccount, uplineAccountOf, uplineIdOf } from './agent.repo';

/**
 * Transfers inside the agent tree (issue 11): an agent to a member of its team or to its upline, a
 * member to its upline (the member centre's transferUpline). Behind the payment password, one
 * ledger posting keyed by the caller's requestId: the same request again moves nothing.
 */
export async function agentTransferRoutes(app: FastifyInstance) {
  app.get(
    `${AGENT_TRANSFER_PATH}/upline`,
    {
      preHandler: requireRealMember,
      schema: {
        tags: ['agent centre'],
        security: [{ token: [] }],
        summary: "The member's upline (whom transferUpline pays), or null",
        response: replies({ type: 'object', required: ['upline'], properties: { upline: { type: ['string', 'null'] } } }),
      },
    },
    async (request) => {
      return ok({ upline: await uplineAccountOf(app.db, request.member!.id) });
    },
  );

  app.post<{ Body: { to: string; amount: string; paymentPassword: string; requestId: string } }>(
    AGENT_TRANSFER_PATH,
    {
      preHandler: requireRealMember,
      schema: {
        tags: ['agent centre'],
        security: [{ token: [] }],
        summary: 'Transfers money to the upline, or (an agent) to a member of its team',
        description:
          'amount in poisha. requestId: the caller’s unique id of this transfer (a retry with the same id moves nothing ' +
          'and answers the first result). Refusals: 403 NOT_IN_TEAM (neither the upline nor, for an agent, a team member); ' +
          '409 INSUFFICIENT_FUNDS; the payment password’s 400 PAYMENT_PASSWORD_WRONG, 409 PAYMENT_PASSWORD_NOT_SET, ' +
          '429 PAYMENT_PASSWORD_LOCKED; 409 IDEMPOTENCY_MISMATCH (the requestId was used for another transfer).',
        body: {
          type: 'object',
          required: ['to', 'amount', 'paymentPassword', 'requestId'],
          additionalProperties: false,
          properties: {
            to: { type: 'string', pattern: '^[A-Za-z0-9_]{3,32}$' },
            amount: { type: 'string', pattern: '^[1-9][0-9]{0,12}$' },
            paymentPassword: { type: 'string', maxLength: 64 },
            requestId: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,64}$' },
          },
        },
        response: replies({
          type: 'object',
          required: ['transactionId', 'to', 'amount', 'balance', 'replayed'],
          properties: {
            transactionId: { type: 'integer' },
            to: { type: 'string' },
            amount: { type: 'string' },
            balance: { type: 'string' },
            replayed: { type: 'boolean' },
          },
        }),
      },
    },
    async (request) => {
      const me = request.member!;
      const b = request.body;
      const to = await memberByAccount(app.db, b.to.toLowerCase());
      const mine = await uplineIdOf(app.db, me.id);
      const toId = to ? to.id : 0;
      const allowed =
        to !== null && toId !== me.id && (mine === toId || (isAgentType(me.type) && (await inTeam(app.db, me.id, toId))));
      if (!allowed) throw new ApiError(403, 'NOT_IN_TEAM', 'Transfers go to your upline or to your team');
      await checkPaymentPassword(app, me.id, b.paymentPassword, await app.payments.rules());
      const amount = BigInt(b.amount);
      try {
        const r = await app.ledger.post({
          key: `agent-transfer:${me.id}:${b.requestId}`,
          kind: 'AGENT_TRANSFER',
          memberId: me.id,
          reference: to!.account,
          createdBy: `member:${me.id}`,
          meta: { to: toId },
          legs: [
            { account: { member: me.id }, amount: -amount },
            { account: { member: toId }, amount },
          ],
        });
        const value: AgentTransferDto = {
          transactionId: r.transactionId,
          to: to!.account,
          amount: b.amount,
          balance: (r.balances.find((x) => x.memberId === me.id && x.wallet === 'MAIN')?.balance ?? 0n).toString(),
          replayed: r.replayed,
        };
        return ok(value, 'Transferred');
      } catch (err) {
        if (err instanceof LedgerError && err.code === 'INSUFFICIENT_FUNDS')
          throw new ApiError(409, 'INSUFFICIENT_FUNDS', 'The balance does not cover this transfer');
        if (err instanceof LedgerError && err.code === 'IDEMPOTENCY_MISMATCH')
          throw new ApiError(409, 'IDEMPOTENCY_MISMATCH', 'This request id was used for another transfer');
        throw err;
      }
    },
  );
}
