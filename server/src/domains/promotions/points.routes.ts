import type { FastifyPluginAsync } from 'fastify';
import {
  PROMOTION_PATHS,
  type ConvertResultDto,
  type PointConfigDto,
  type PointEntryDto,
  type PointRewardDto,
  type RedemptionDto,
} from '@khela/api/promotions';
import { ok, replies } from '../../http/envelope';
import { SEALED_DESCRIPTION, sealedBody } from '../../http/sealed';
import { strictBody } from '../../http/strict-body';
import { requireEligibleMember, requireRealMember } from '../centre/guards';
import { checkPaymentPassword } from '../payments/payment-password';
import { accrue, convert, memberRate, pointSettings, redeem, type RedemptionRow } from './points.service';
import { activeRewards, memberRedemptions, pointEntries, pointRates, rewardTitle } from './promotions.repo';
import type { Lang } from './promotions.service';

const tags = ['points mall'];
const security = [{ token: [] }];
const langQuery = { type: 'object', properties: { lang: { type: 'string', enum: ['BN', 'EN'], default: 'BN' } } };
const anyObject = { type: 'object', additionalProperties: true };
const anyList = { type: 'array', items: anyObject };
const paymentPassword = { type: 'string', minLength: 1, maxLength: 32 } as const;
const requestKey = { type: 'string', minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const;

const redemptionDto = (r: RedemptionRow & { title: string }): RedemptionDto => ({
  id: Number(r.id),
  rewardId: Number(r.reward_id),
  title: r.title,
  quantity: r.quantity,
  points: String(r.points),
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
  decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
});

/** The points mall for members: balance, catalogue, history, details, config, redeem and convert. */
export const pointRoutes: FastifyPluginAsync = async (app) => {
  // reading the mall needs a real account; redeeming and converting, one not excluded (responsible gambling)
  app.addHook('preHandler', (request, reply) =>
    request.method === 'GET' ? requireRealMember(request, reply) : requireEligibleMember(request, reply),
  );

  app.get(
    PROMOTION_PATHS.pointBalance,
    {
      schema: {
        tags,
        security,
        summary: "The member's points",
        description: 'Valid bets not counted yet are turned into points first (at the operators’ ratio).',
        response: replies({ type: 'object', required: ['points'], properties: { points: { type: 'string' } } }),
      },
    },
    async (request, reply) => {
      const points = await app.db.tx((q) => accrue(q, request.member!.id));
      reply.header('cache-control', 'no-store');
      return ok({ points: points.toString() });
    },
  );

  app.get<{ Querystring: { lang: Lang } }>(
    PROMOTION_PATHS.pointRewards,
    {
      schema: { tags, security, summary: 'The reward catalogue with stock', querystring: langQuery, response: replies(anyList) },
    },
    async (request, reply) => {
      const en = request.query.lang === 'EN';
      const rows = await activeRewards(app.db);
      reply.header('cache-control', 'no-store');
      return ok(
        rows.map((r): PointRewardDto => ({
          id: Number(r.id),
          title: en ? r.title_en : r.title_bn,
          detail: en ? r.detail_en : r.detail_bn,
          points: String(r.points),
          stock: r.stock,
          maxPerRedeem: r.max_per_redeem,
        })),
      );
    },
  );

  app.get<{ Querystring: { lang: Lang } }>(
    PROMOTION_PATHS.redeemList,
    { schema: { tags, security, summary: 'The redeem history', querystring: langQuery, response: replies(anyList) } },
    async (request, reply) => {
      const rows = await memberRedemptions(app.db, request.member!.id, request.query.lang);
      reply.header('cache-control', 'no-store');
      return ok(rows.map(redemptionDto));
    },
  );

  app.get(
    PROMOTION_PATHS.pointDetails,
    { schema: { tags, security, summary: 'Points in and out, newest first', response: replies(anyList) } },
    async (request, reply) => {
      const memberId = request.member!.id;
      await app.db.tx((q) => accrue(q, memberId));
      const rows = await pointEntries(app.db, memberId);
      reply.header('cache-control', 'no-store');
      return ok(
        rows.map((r): PointEntryDto => ({
          id: Number(r.id),
          kind: r.kind,
          delta: r.delta,
          balanceAfter: r.balance_after,
          createdAt: new Date(r.created_at).toISOString(),
        })),
      );
    },
  );

  app.get(
    PROMOTION_PATHS.pointConfig,
    { schema: { tags, security, summary: 'The points rules and the exchange-rate table', response: replies(anyObject) } },
    async (request) => {
      const [settings, rates, mine] = await Promise.all([
        pointSettings(app.db),
        pointRates(app.db),
        memberRate(app.db, request.member!.id),
      ]);
      const value: PointConfigDto = {
        poishaPerPoint: settings.poishaPerPoint.toString(),
        minConvert: settings.minConvert.toString(),
        vipLevel: mine.vipLevel,
        memberRate: mine.rate.toString(),
        rates: rates.map((r) => ({ vipLevel: r.vip_level, poishaPerPoint: r.poisha_per_point })),
      };
      return ok(value);
    },
  );

  app.post<{ Body: { rewardId: number; quantity: number; requestKey: string; paymentPassword: string } }>(
    PROMOTION_PATHS.redeem,
    {
      preValidation: [sealedBody, strictBody],
      schema: {
        tags,
        security,
        summary: 'Redeems points for a reward (behind the payment password)',
        description:
          'Stock and points are taken at once; the redemption is IN_PROCESS until an operator approves it or rejects it ' +
          '(points and stock returned). The same requestKey again answers the first redemption. 400 PAYMENT_PASSWORD_WRONG / ' +
          'QUANTITY_TOO_LARGE; 404 REWARD_NOT_FOUND; 409 OUT_OF_STOCK / INSUFFICIENT_POINTS / PAYMENT_PASSWORD_NOT_SET; 429 ' +
          'PAYMENT_PASSWORD_LOCKED. ' +
          SEALED_DESCRIPTION,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['rewardId', 'quantity', 'requestKey', 'paymentPassword'],
          properties: {
            rewardId: { type: 'integer', minimum: 1, maximum: 2 ** 53 - 1 },
            quantity: { type: 'integer', minimum: 1, maximum: 100 },
            requestKey,
            paymentPassword,
          },
        },
        response: replies(anyObject),
      },
    },
    async (request, reply) => {
      const memberId = request.member!.id;
      const { paymentPassword: given, ...b } = request.body;
      await checkPaymentPassword(app, memberId, given, await app.payments.rules());
      const r = await app.db.tx(async (q) => {
        const done = await redeem(q, memberId, b);
        const title = (await rewardTitle(q, b.rewardId))!;
        return { ...done, title };
      });
      if (!r.replayed) reply.code(201);
      return ok(redemptionDto({ ...r.redemption, title: r.title }), 'Redeemed: in process');
    },
  );

  app.post<{ Body: { points: string; requestKey: string; paymentPassword: string } }>(
    PROMOTION_PATHS.convert,
    {
      preValidation: [sealedBody, strictBody],
      schema: {
        tags,
        security,
        summary: 'Converts points into the main wallet (behind the payment password)',
        description:
          'At the member’s VIP level’s rate (the exchange-rate table). The same requestKey again answers the first result and ' +
          'moves nothing. 400 BELOW_MIN_CONVERT / PAYMENT_PASSWORD_WRONG; 409 INSUFFICIENT_POINTS / NO_EXCHANGE_RATE / ' +
          'PAYMENT_PASSWORD_NOT_SET; 429 PAYMENT_PASSWORD_LOCKED. ' +
          SEALED_DESCRIPTION,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['points', 'requestKey', 'paymentPassword'],
          properties: {
            points: { type: 'string', pattern: '^[1-9][0-9]{0,14}$' },
            requestKey,
            paymentPassword,
          },
        },
        response: replies({
          type: 'object',
          required: ['points', 'amount', 'balance', 'pointsLeft'],
          properties: {
            points: { type: 'string' },
            amount: { type: 'string' },
            balance: { type: 'string' },
            pointsLeft: { type: 'string' },
          },
        }),
      },
    },
    async (request) => {
      const memberId = request.member!.id;
      await checkPaymentPassword(app, memberId, request.body.paymentPassword, await app.payments.rules());
      const r = await app.ledger.transact((tx) =>
        convert(tx, memberId, { points: BigInt(request.body.points), requestKey: request.body.requestKey }),
      );
      const value: ConvertResultDto = {
        points: r.points.toString(),
        amount: r.amount.toString(),
        balance: r.balance.toString(),
        pointsLeft: r.pointsLeft.toString(),
      };
      return ok(value, 'Converted');
    },
  );
};
