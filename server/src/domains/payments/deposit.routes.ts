import type { FastifyPluginAsync } from 'fastify';
import { requireMember } from '../../http/auth';
import { amountsAsStrings } from './strict-amount';
import { ApiError, ok, replies } from '../../http/envelope';
import { requestLang } from '../auth/auth.services';
import { positiveMinorAmount } from '../wallet/wallet.schemas';
import { refuseTrialMoney, startDeposit } from './deposits';
import { channelDto, channelSchema, orderDto, orderSchema } from './payments.dto';
import { findOrder, listChannels, memberOrders } from './payments.repo';

const tags = ['payments'];
const security = [{ token: [] }];
const requestKey = {
  type: 'string',
  minLength: 8,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  description: "the client's id of this attempt: sending it again (a double click, a lost answer) returns the same result",
} as const;
const REFUSALS =
  '401 NOT_LOGGED_IN; 403 NEED_REAL_ACCOUNT for a trial account; 404 CHANNEL_NOT_FOUND; 409 CHANNEL_DISABLED; ' +
  '400 AMOUNT_BELOW_MIN / AMOUNT_ABOVE_MAX (value: min, max); 409 TOO_MANY_PENDING_DEPOSITS; 503 GATEWAY_UNAVAILABLE.';

/** The member's deposits: the channels, starting one, and following its order. */
export const depositRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', requireMember);
  app.addHook('preValidation', amountsAsStrings);

  app.get(
    '/deposit/channels',
    {
      schema: {
        tags,
        security,
        summary: 'The deposit channels open now',
        description:
          "Enabled channels whose gateway is connected, in the operator's order, with their limits, fee and quick amounts " +
          '(poisha). What the wallet receives is amount - fee, fee = round(amount × feeBps / 10000) + feeFixed. 403 NEED_REAL_ACCOUNT.',
        response: replies({ type: 'array', items: channelSchema }),
      },
    },
    async (request) => {
      refuseTrialMoney(request.member!);
      const channels = await listChannels(app.db, { enabledOnly: true });
      const open = [];
      for (const c of channels) if (app.payments.gateways.has(c.gateway)) open.push(channelDto(c, requestLang(request)));
      return ok(open);
    },
  );

  app.post<{ Body: { channel: string; amount: string; requestKey?: string } }>(
    '/deposits',
    {
      schema: {
        tags,
        security,
        summary: 'Starts a deposit',
        description:
          "Creates a PENDING order at the channel's gateway and answers it with payUrl, the payment page to open. Poll " +
          `GET /wps/payments/deposits/{orderNo} (or listen to the balance) until it is PAID, FAILED or EXPIRED. ${REFUSALS}`,
        body: {
          type: 'object',
          required: ['channel', 'amount'],
          additionalProperties: false,
          properties: {
            channel: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Z][A-Z0-9_]*$' },
            amount: { ...positiveMinorAmount, description: 'poisha the member pays' },
            requestKey,
          },
        },
        response: replies(orderSchema),
      },
    },
    async (request, reply) => {
      const order = await startDeposit(app, {
        member: request.member!,
        channelCode: request.body.channel,
        amount: BigInt(request.body.amount),
        requestKey: request.body.requestKey,
        language: requestLang(request),
        ip: request.ip,
        returnPath: '/member/depositv2',
      });
      reply.code(201);
      return ok(orderDto(order), 'Deposit started');
    },
  );

  app.get<{ Querystring: { limit?: number } }>(
    '/deposits',
    {
      schema: {
        tags,
        security,
        summary: "The member's recent deposits",
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 } },
        },
        response: replies({ type: 'array', items: orderSchema }),
      },
    },
    async (request, reply) => {
      refuseTrialMoney(request.member!);
      reply.header('cache-control', 'no-store');
      return ok((await memberOrders(app.db, request.member!.id, request.query.limit ?? 10)).map(orderDto));
    },
  );

  app.get<{ Params: { orderNo: string } }>(
    '/deposits/:orderNo',
    {
      schema: {
        tags,
        security,
        summary: 'One deposit order (poll it while PENDING)',
        description: "404 ORDER_NOT_FOUND for an order that is not the member's.",
        params: {
          type: 'object',
          required: ['orderNo'],
          properties: { orderNo: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Z0-9]+$' } },
        },
        response: replies(orderSchema),
      },
    },
    async (request, reply) => {
      refuseTrialMoney(request.member!);
      const order = await findOrder(app.db, request.params.orderNo);
      if (!order || Number(order.member_id) !== request.member!.id) throw new ApiError(404, 'ORDER_NOT_FOUND', 'No such order');
      reply.header('cache-control', 'no-store');
      return ok(orderDto(order));
    },
  );
};
