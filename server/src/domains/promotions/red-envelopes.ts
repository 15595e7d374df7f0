// Red envelopes (issue 12): operators schedule a timed drop with bounds and a budget; a real member
// claims once while it is open, an amount drawn uniformly between the bounds and capped by what is
// left (the envelope's row lock serialises the claims, the unique key makes a second one fail).
import { randomInt } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { RED_ENVELOPE_PATHS, type RedEnvelopeDto } from '@khela/api/promotions';
import { ApiError, ok, replies } from '../../http/envelope';
import { guardOps } from '../../http/ops-auth';
import { plainText } from '../content/sanitize';
import { requireEligibleMember, requireRealMember } from '../centre/guards';
import {
  claimEnvelope,
  closeEnvelope,
  envelopeClaimed,
  insertEnvelope,
  lockEnvelope,
  lockEnvelopeState,
  opsEnvelopes,
  upcomingEnvelopes,
  type NewEnvelope,
} from './promotions.repo';

/** A draw between min and max (inclusive), never above what is left; 0 when less than min is left. */
export function drawAmount(min: bigint, max: bigint, remaining: bigint, rand: (span: number) => number): bigint {
  if (remaining < min) return BigInt(0);
  const top = max < remaining ? max : remaining;
  const span = top - min;
  // randomInt takes up to 2^48; spans beyond are drawn in steps of their ratio (operators' bounds are far below)
  const limit = BigInt(2 ** 47);
  if (span < limit) return min + BigInt(rand(Number(span) + 1));
  return min + (span * BigInt(rand(2 ** 47))) / limit;
}

export const redEnvelopeRoutes: FastifyPluginAsync<{ now: () => Date }> = async (app, opts) => {
  app.get<{ Querystring: { lang: 'BN' | 'EN' } }>(
    RED_ENVELOPE_PATHS.list,
    {
      preHandler: requireRealMember,
      schema: {
        tags: ['promotions'],
        security: [{ token: [] }],
        summary: 'Red envelopes open now or starting within a day, with what the member claimed',
        querystring: { type: 'object', properties: { lang: { type: 'string', enum: ['BN', 'EN'], default: 'BN' } } },
        response: replies({ type: 'array', items: { type: 'object', additionalProperties: true } }),
      },
    },
    async (request, reply) => {
      const now = opts.now();
      const rows = await upcomingEnvelopes(app.db, request.member!.id, now);
      reply.header('cache-control', 'no-store');
      return ok(
        rows.map((r): RedEnvelopeDto => {
          const empty = BigInt(r.remaining) < BigInt(r.min_amount);
          return {
            id: Number(r.id),
            title: request.query.lang === 'EN' ? r.title_en : r.title_bn,
            startsAt: r.starts_at.toISOString(),
            endsAt: r.ends_at.toISOString(),
            open: r.starts_at <= now && r.claimed === null && !empty,
            claimed: r.claimed,
            empty,
          };
        }),
      );
    },
  );

  app.post<{ Body: { id: number } }>(
    RED_ENVELOPE_PATHS.claim,
    {
      preHandler: requireEligibleMember,
      schema: {
        tags: ['promotions'],
        security: [{ token: [] }],
        summary: 'Claims a red envelope: once, while it is open, an amount between its bounds',
        description: '404 RED_ENVELOPE_NOT_FOUND; 409 RED_ENVELOPE_NOT_OPEN / RED_ENVELOPE_EMPTY / ALREADY_CLAIMED.',
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
        const e = await lockEnvelope(tx.q, request.body.id);
        if (!e) throw new ApiError(404, 'RED_ENVELOPE_NOT_FOUND', 'No such red envelope');
        if (now < e.starts_at || now >= e.ends_at || e.closed_at)
          throw new ApiError(409, 'RED_ENVELOPE_NOT_OPEN', 'The red envelope is not open');
        if (await envelopeClaimed(tx.q, e.id, memberId))
          throw new ApiError(409, 'ALREADY_CLAIMED', 'You opened this red envelope already');
        const amount = drawAmount(BigInt(e.min_amount), BigInt(e.max_amount), BigInt(e.remaining), (n) => randomInt(n));
        if (amount <= BigInt(0)) throw new ApiError(409, 'RED_ENVELOPE_EMPTY', 'The red envelope is empty');
        await claimEnvelope(tx.q, e.id, memberId, amount);
        const posted = await tx.post({
          key: `redenv:${e.id}:${memberId}`,
          kind: 'RED_ENVELOPE',
          memberId,
          reference: `REDENV-${e.id}`,
          createdBy: `member:${memberId}`,
          legs: [
            { account: { member: memberId }, amount },
            { account: { house: 'PROMOTIONS' }, amount: -amount },
          ],
        });
        return { amount, balance: posted.balances.find((b) => b.wallet === 'MAIN')?.balance ?? amount };
      });
      return ok({ amount: r.amount.toString(), balance: r.balance.toString() }, 'Opened');
    },
  );
};

/** /ops/red-envelopes: schedule a drop, list the drops with what they paid, close one early. */
export const redEnvelopeOpsRoutes: FastifyPluginAsync = async (app) => {
  guardOps(app);
  app.get(
    '/',
    { schema: { hide: true, response: replies({ type: 'array', items: { type: 'object', additionalProperties: true } }) } },
    async () => ok(await opsEnvelopes(app.db)),
  );

  app.post<{ Params: { id: number }; Body: { operator: string } }>(
    '/:id/close',
    {
      schema: {
        hide: true,
        params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2 ** 53 - 1 } } },
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['operator'],
          properties: { operator: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.@-]+$' } },
        },
        response: replies({ type: 'object', additionalProperties: true }),
      },
    },
    async (request) =>
      ok(
        await app.db.tx(async (q) => {
          const e = await lockEnvelopeState(q, request.params.id);
          if (!e) throw new ApiError(404, 'RED_ENVELOPE_NOT_FOUND', 'No such red envelope');
          if (e.closed_at) throw new ApiError(409, 'ALREADY_CLOSED', 'The red envelope is closed already');
          if (e.ends_at <= new Date()) throw new ApiError(409, 'ALREADY_ENDED', 'The red envelope has ended already');
          return closeEnvelope(q, request.params.id, `ops:${request.body.operator}`);
        }),
        'Red envelope closed',
      ),
  );

  const amount = { type: 'string', pattern: '^[1-9][0-9]{0,12}$' } as const;
  app.post<{
    Body: Omit<NewEnvelope, 'createdBy'> & { operator: string };
  }>(
    '/',
    {
      schema: {
        hide: true,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['titleBn', 'titleEn', 'startsAt', 'endsAt', 'minAmount', 'maxAmount', 'budget', 'operator'],
          properties: {
            titleBn: { type: 'string', minLength: 1, maxLength: 200 },
            titleEn: { type: 'string', minLength: 1, maxLength: 200 },
            startsAt: { type: 'string', format: 'date-time' },
            endsAt: { type: 'string', format: 'date-time' },
            minAmount: amount,
            maxAmount: amount,
            budget: amount,
            operator: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.@-]+$' },
          },
        },
        response: replies({ type: 'object', additionalProperties: true }),
      },
    },
    async (request, reply) => {
      const b = request.body;
      const [titleBn, titleEn] = [plainText(b.titleBn), plainText(b.titleEn)];
      if (!titleBn || !titleEn) throw new ApiError(400, 'BAD_REQUEST', 'A title is empty once sanitised');
      if (BigInt(b.maxAmount) < BigInt(b.minAmount)) throw new ApiError(400, 'BAD_REQUEST', 'maxAmount is below minAmount');
      if (new Date(b.endsAt) <= new Date(b.startsAt)) throw new ApiError(400, 'BAD_REQUEST', 'endsAt is not after startsAt');
      const row = await insertEnvelope(app.db, {
        titleBn,
        titleEn,
        startsAt: b.startsAt,
        endsAt: b.endsAt,
        minAmount: b.minAmount,
        maxAmount: b.maxAmount,
        budget: b.budget,
        createdBy: `ops:${b.operator}`,
      });
      reply.code(201);
      return ok(row, 'Red envelope scheduled');
    },
  );
};
