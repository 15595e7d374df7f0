import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CURRENCY, CURRENCY_SYMBOL } from '@khela/api/money';
import { TRANSFER_PATHS, TRANSFER_REFERENCE_PATTERN } from '@khela/api/transfer';
import { requireMember } from '../../http/auth';
import { ApiError, ok, replies } from '../../http/envelope';
import { strictBody } from '../../http/strict-body';
import { langOf } from '../game/game.http';
import { memberOrders, type TransferOrder } from './transfer.repo';
import { consolidatedContracts } from '../agent/consolidated';
import { consolidatedValue, toTransferDto, transferBody, transferDto } from './transfer.schemas';

const tags = ['wallet'];
const security = [{ token: [] }];

/** Money needs a real account: a trial account is refused (the spec's in_need_true_account). */
async function requireRealMember(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireMember(request, reply);
  if (request.member!.type === 4) throw new ApiError(403, 'NEED_REAL_ACCOUNT', 'A real account is needed');
}

/** A FAILED transfer as the client sees it: a refusal with a stable errorCode, and the order. */
function failure(o: TransferOrder): ApiError {
  const transfer = toTransferDto(o);
  const vendorBalance = o.vendorBalance?.toString();
  switch (o.errorCode) {
    case 'INSUFFICIENT_FUNDS':
      return new ApiError(409, 'INSUFFICIENT_FUNDS', `${o.vendor} does not hold this amount`, {
        transfer,
        balance: vendorBalance,
      });
    case 'VENDOR_UNAVAILABLE':
      return new ApiError(503, 'VENDOR_UNAVAILABLE', `${o.vendor} cannot be reached now; nothing was moved`, { transfer });
    default:
      return new ApiError(409, 'VENDOR_REFUSED', `${o.vendor} refused the transfer (${o.errorCode}); nothing was moved`, {
        transfer,
        vendorCode: o.errorCode,
      });
  }
}

const refusals =
  'Refusals: 401 NOT_LOGGED_IN, 403 NEED_REAL_ACCOUNT (trial), 400 VALIDATION_ERROR, 400 AMOUNT_TOO_SMALL (value.min), ' +
  '404 VENDOR_NOT_FOUND, 409 VENDOR_NOT_TRANSFER_WALLET (IN to a seamless vendor), 409 INSUFFICIENT_FUNDS (value.balance: ' +
  'what the wallet holds), 409 IDEMPOTENCY_KEY_REUSED (the reference was used for another transfer), 409 VENDOR_REFUSED ' +
  '(value.vendorCode), 503 VENDOR_UNAVAILABLE (the vendor could not be reached; nothing moved).';

/** The member's transfer-wallet calls: transfer, recall, records, consolidated funds. */
export const transferRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { vendor: string; direction: 'IN' | 'OUT'; amount: string; reference: string } }>(
    TRANSFER_PATHS.transfer,
    {
      // money is a string of digits: a JSON number is refused, never coerced
      preValidation: strictBody,
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: 'Transfer between the main wallet and a vendor wallet',
        description:
          'direction IN moves `amount` (poisha) from the main wallet into the vendor wallet, OUT moves it back. `reference` ' +
          'is the client’s, unique per transfer: a retry with it answers the first outcome and moves nothing. 200 with ' +
          'status SUCCESS when done; 202 with status UNKNOWN (or PENDING) when the vendor did not answer in time: the ' +
          'platform then asks the vendor by reference and settles it (an IN that did not happen is refunded), never ' +
          'assuming either way; the records call shows the outcome, and the balance follows on the live channel. ' +
          refusals,
        body: transferBody,
        response: replies(transferDto),
      },
    },
    async (request, reply) => {
      const b = request.body;
      const order = await app.transfers.transfer(request.member!, {
        vendor: b.vendor.toUpperCase(),
        direction: b.direction,
        amount: BigInt(b.amount),
        reference: b.reference,
      });
      if (order.status === 'FAILED') throw failure(order);
      if (order.status !== 'SUCCESS') reply.code(202);
      return ok(toTransferDto(order), order.status === 'SUCCESS' ? 'Transferred' : 'Being checked with the vendor');
    },
  );

  app.post<{ Body: { reference: string } }>(
    TRANSFER_PATHS.recall,
    {
      preValidation: strictBody,
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: 'Recall every vendor wallet into the main wallet',
        description:
          'One OUT transfer per vendor wallet that holds money (a connected vendor is asked what it holds; one that does ' +
          'not answer is left for a later recall), each with the reference `<reference>/<vendor>`. `reference` is the ' +
          'client’s, unique per recall: a retry answers the same transfers and moves nothing twice. value.transfers lists ' +
          'them with their status (SUCCESS, FAILED with errorCode, UNKNOWN while being checked); value.recalled is the sum ' +
          'that reached the main wallet. An empty list: no vendor wallet held money. 401 NOT_LOGGED_IN, 403 NEED_REAL_ACCOUNT.',
        body: {
          type: 'object',
          required: ['reference'],
          additionalProperties: false,
          properties: {
            reference: {
              type: 'string',
              pattern: TRANSFER_REFERENCE_PATTERN,
              description: 'the client’s reference of this recall',
            },
          },
        },
        response: replies({
          type: 'object',
          required: ['transfers', 'recalled'],
          properties: {
            transfers: { type: 'array', items: transferDto },
            recalled: { type: 'string', pattern: '^(0|[1-9][0-9]*)$' },
          },
        }),
      },
    },
    async (request) => {
      const orders = await app.transfers.recall(request.member!, request.body.reference);
      const recalled = orders.filter((o) => o.status === 'SUCCESS').reduce((s, o) => s + o.amount, BigInt(0));
      return ok({ transfers: orders.map(toTransferDto), recalled: recalled.toString() });
    },
  );

  app.get<{ Querystring: { pageNo: number; pageSize: number } }>(
    TRANSFER_PATHS.records,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: "The member's transfers, newest first",
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            pageNo: { type: 'integer', minimum: 1, maximum: 10000, default: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
          },
        },
        response: replies({
          type: 'object',
          required: ['list', 'pageNo', 'totalPages'],
          properties: {
            list: { type: 'array', items: transferDto },
            pageNo: { type: 'integer' },
            totalPages: { type: 'integer' },
          },
        }),
      },
    },
    async (request, reply) => {
      const { pageNo, pageSize } = request.query;
      const { list, total } = await memberOrders(app.db, request.member!.id, pageNo, pageSize);
      reply.header('cache-control', 'no-store');
      return ok({ list: list.map(toTransferDto), pageNo, totalPages: Math.ceil(total / pageSize) });
    },
  );

  app.get(
    TRANSFER_PATHS.consolidated,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: "The member's funds across every wallet, and the contract flags",
        description:
          'funds: every wallet (main, each transfer wallet, bonus) with its balance in poisha; a connected vendor is asked ' +
          'what it holds for the member (status UNAVAILABLE and balance "0" when it does not answer), the sandbox’s ' +
          'wallets are read from the ledger; canTransferIn / canTransferOut say which transfers the wallet takes now; ' +
          'pendingTransfers counts transfers still being carried out or checked. enableSalary, enableContract and ' +
          'contracts are what the client keeps in session storage (consolidated, enableSalary, enableContract) for the ' +
          'salary, dividend and contract features: while the AGENTPOLICY3 flag is on, true for an agent, and per kind the ' +
          "agent's active contract (else its newest open offer) as its upline offered it; false and null otherwise. The client loads " +
          'it for logged-in real members only. 401 NOT_LOGGED_IN, 403 NEED_REAL_ACCOUNT.',
        response: replies(consolidatedValue),
      },
    },
    async (request, reply) => {
      const member = request.member!;
      const [wallets, pendingTransfers] = await Promise.all([
        app.transfers.funds(member, langOf(request)),
        app.transfers.openCount(member.id),
      ]);
      reply.header('cache-control', 'no-store');
      return ok({
        funds: {
          currency: CURRENCY,
          currencySymbol: CURRENCY_SYMBOL,
          sumBalance: wallets.reduce((s, w) => s + w.balance, BigInt(0)).toString(),
          mainBalance: (wallets.find((w) => w.type === 'MAIN')?.balance ?? BigInt(0)).toString(),
          wallets: wallets.map((w) => ({ ...w, balance: w.balance.toString() })),
          pendingTransfers,
        },
        ...(await consolidatedContracts(app.db, member)),
      });
    },
  );
};
