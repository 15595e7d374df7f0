import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { PROMOTION_PATHS, type PromotionCardDto, type PromotionDetailDto, type PromotionListDto } from '@khela/api/promotions';
import { loadMember } from '../../http/auth';
import { ApiError, ok, replies } from '../../http/envelope';
import { requireEligibleMember, requireRealMember } from '../centre/guards';
import { activityState, wageringMet } from './promotions.rules';
import {
  claimPromotion,
  findPromotion,
  ineligibility,
  latestParticipations,
  memberBonuses,
  memberFacts,
  qualification,
  releaseBonus,
  wageringDone,
  type Lang,
  type ParticipationRow,
  type PromotionRow,
} from './promotions.service';
import { activePromotions, insertParticipation } from './promotions.repo';

const tags = ['promotions'];
const security = [{ token: [] }];
const langQuery = {
  type: 'object',
  properties: {
    lang: { type: 'string', enum: ['BN', 'EN'], default: 'BN' },
    category: { type: 'string', maxLength: 20 },
  },
};
const idBody = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2 ** 53 - 1 } },
};
const anyValue = { type: 'object', additionalProperties: true };

interface Viewer {
  memberId: number;
  facts: Awaited<ReturnType<typeof memberFacts>>;
  parts: Map<number, ParticipationRow>;
}

/** A promotion's card for a guest or a member, with its activity state from the member's progress. */
async function card(app: { db: import('../../db/db').Db }, promo: PromotionRow, lang: Lang, viewer: Viewer | null, now: Date) {
  const p = viewer?.parts.get(Number(promo.id)) ?? null;
  let qualifiesFor = BigInt(0);
  let met = false;
  if (p?.status === 'JOINED') qualifiesFor = (await qualification(app.db, promo, p)).bonus;
  if (p?.status === 'ISSUED') met = wageringMet(await wageringDone(app.db, p), BigInt(p.wagering_required));
  const { state, reason } = activityState({
    now,
    startsAt: promo.starts_at,
    endsAt: promo.ends_at,
    kind: promo.kind,
    ineligible: viewer?.facts ? ineligibility(promo, viewer.facts, now) : null,
    onceOnly: promo.once_per_member,
    participation: p ? { status: p.status, qualifiesFor, wageringMet: met } : null,
  });
  const c: PromotionCardDto = {
    id: Number(promo.id),
    code: promo.code,
    category: promo.category as PromotionCardDto['category'],
    kind: promo.kind,
    title: lang === 'EN' ? promo.title_en : promo.title_bn,
    startsAt: promo.starts_at.toISOString(),
    endsAt: promo.ends_at ? promo.ends_at.toISOString() : null,
    state,
    reason,
    stage: p ? p.status : null,
  };
  return { card: c, participation: p };
}

/** The member behind the request (a real one), or null for a guest or a trial account. */
async function viewerOf(request: FastifyRequest, promotionId?: number): Promise<Viewer | null> {
  await loadMember(request);
  const m = request.member;
  if (!m || m.type === 4) return null;
  const db = request.server.db;
  const [facts, parts] = await Promise.all([memberFacts(db, m.id), latestParticipations(db, m.id, promotionId)]);
  return { memberId: m.id, facts, parts };
}

const cardSchema = {
  type: 'object',
  required: ['id', 'code', 'category', 'kind', 'title', 'startsAt', 'endsAt', 'state', 'reason', 'stage'],
  properties: {
    id: { type: 'integer' },
    code: { type: 'string' },
    category: { type: 'string' },
    kind: { type: 'string' },
    title: { type: 'string' },
    startsAt: { type: 'string' },
    endsAt: { type: ['string', 'null'] },
    state: { type: ['string', 'null'] },
    reason: { type: ['string', 'null'] },
    stage: { type: ['string', 'null'] },
  },
};

const isUnique = (err: unknown, constraint: string) =>
  (err as { code?: string; constraint?: string })?.code === '23505' &&
  ((err as { constraint?: string }).constraint === constraint || String((err as Error).message).includes(constraint));

/** The member's promotions: the list and detail (public), join, claim, the reward centre and bonus details. */
export const promotionRoutes: FastifyPluginAsync<{ now: () => Date }> = async (app, opts) => {
  const now = opts.now;

  app.get<{ Querystring: { lang: Lang; category?: string } }>(
    PROMOTION_PATHS.list,
    {
      schema: {
        tags,
        summary: 'The promotions, with each one’s activity state for the member',
        description:
          'Public; with a session each card carries the member’s state (join, joined, process, claim, applying, issued, ' +
          'claimed, rejected, close, comingSoon; null for an information-only promotion). available counts join and claim.',
        querystring: langQuery,
        response: replies({
          type: 'object',
          required: ['list', 'available'],
          properties: { list: { type: 'array', items: cardSchema }, available: { type: 'integer' } },
        }),
      },
    },
    async (request, reply) => {
      const { lang, category } = request.query;
      const rows = await activePromotions(app.db, category ?? null);
      const viewer = await viewerOf(request);
      const at = now();
      const cards = await Promise.all(rows.map(async (r) => (await card(app, r, lang, viewer, at)).card));
      reply.header('cache-control', 'no-store');
      const value: PromotionListDto = {
        list: cards,
        available: cards.filter((c) => c.state === 'join' || c.state === 'claim').length,
      };
      return ok(value);
    },
  );

  app.get<{ Querystring: { id: number; lang: Lang } }>(
    PROMOTION_PATHS.detail,
    {
      schema: {
        tags,
        summary: 'One promotion: its content, rule, and the member’s progress',
        description: '404 PROMOTION_NOT_FOUND.',
        querystring: {
          type: 'object',
          required: ['id'],
          properties: {
            id: { type: 'integer', minimum: 1, maximum: 2 ** 53 - 1 },
            lang: { type: 'string', enum: ['BN', 'EN'], default: 'BN' },
          },
        },
        response: replies(anyValue),
      },
    },
    async (request, reply) => {
      const promo = await findPromotion(app.db, request.query.id);
      if (!promo || promo.status !== 'ACTIVE') throw new ApiError(404, 'PROMOTION_NOT_FOUND', 'No such promotion');
      const lang = request.query.lang;
      const viewer = await viewerOf(request, Number(promo.id));
      const { card: c, participation: p } = await card(app, promo, lang, viewer, now());
      let progress: PromotionDetailDto['progress'] = null;
      if (p) {
        const q = p.status === 'JOINED' ? await qualification(app.db, promo, p) : null;
        const required = q ? BigInt(0) : BigInt(p.wagering_required);
        const done = p.status === 'ISSUED' ? await wageringDone(app.db, p) : p.status === 'CLAIMED' ? required : BigInt(0);
        progress = {
          basis: (q ? q.basis : BigInt(p.basis_amount)).toString(),
          bonus: (q ? q.bonus : BigInt(p.bonus_amount)).toString(),
          wageringRequired: required.toString(),
          wageringDone: (done > required ? required : done).toString(),
        };
      }
      const value: PromotionDetailDto = {
        ...c,
        content: lang === 'EN' ? promo.content_en : promo.content_bn,
        percentBp: promo.percent_bp,
        fixedAmount: String(promo.fixed_amount),
        maxBonus: promo.max_bonus === null ? null : String(promo.max_bonus),
        minAmount: String(promo.min_amount),
        wageringMultiplier: promo.wagering_multiplier,
        contribution: promo.contribution as Record<string, number>,
        onWithdrawal: promo.on_withdrawal,
        needsApproval: promo.needs_approval,
        progress,
      };
      reply.header('cache-control', 'no-store');
      return ok(value);
    },
  );

  app.post<{ Body: { id: number; deviceId?: string } }>(
    PROMOTION_PATHS.join,
    {
      preHandler: requireEligibleMember,
      schema: {
        tags,
        security,
        summary: 'Joins a promotion',
        description:
          'What counts towards it (deposits, bets) is measured from now. 404 PROMOTION_NOT_FOUND; 409 PROMOTION_NOT_STARTED / ' +
          'PROMOTION_ENDED / ALREADY_JOINED / NOT_NEW_MEMBER / NOT_FIRST_DEPOSIT / VIP_LEVEL / ONCE_PER_IP / ONCE_PER_DEVICE; ' +
          '400 DEVICE_REQUIRED (a once-per-device promotion needs deviceId).',
        body: {
          ...idBody,
          properties: { ...idBody.properties, deviceId: { type: 'string', minLength: 8, maxLength: 100 } },
        },
        response: replies({ type: 'object', required: ['state'], properties: { state: { type: 'string' } } }),
      },
    },
    async (request) => {
      const memberId = request.member!.id;
      const at = now();
      try {
        await app.db.tx(async (q) => {
          const promo = await findPromotion(q, request.body.id);
          if (!promo || promo.status !== 'ACTIVE' || promo.kind === 'INFO')
            throw new ApiError(404, 'PROMOTION_NOT_FOUND', 'No such promotion');
          if (at < promo.starts_at) throw new ApiError(409, 'PROMOTION_NOT_STARTED', 'The promotion has not started');
          if (promo.ends_at && at >= promo.ends_at) throw new ApiError(409, 'PROMOTION_ENDED', 'The promotion has ended');
          const last = (await latestParticipations(q, memberId, Number(promo.id))).get(Number(promo.id));
          if (last && (promo.once_per_member || !['CLAIMED', 'REJECTED', 'FORFEITED'].includes(last.status)))
            throw new ApiError(409, 'ALREADY_JOINED', 'You took part already');
          const why = ineligibility(promo, (await memberFacts(q, memberId))!, at);
          if (why) throw new ApiError(409, why, 'You are not eligible for this promotion');
          const device = request.body.deviceId ?? null;
          if (promo.once_per_device && !device) throw new ApiError(400, 'DEVICE_REQUIRED', 'This promotion needs the device');
          await insertParticipation(q, {
            promotionId: promo.id,
            memberId,
            round: (last?.round ?? 0) + 1,
            joinedAt: at,
            ipKey: promo.once_per_ip ? request.ip : null,
            deviceKey: promo.once_per_device ? device : null,
          });
        });
      } catch (err) {
        if (isUnique(err, 'promotion_participations_ip'))
          throw new ApiError(409, 'ONCE_PER_IP', 'Someone on this network took part already');
        if (isUnique(err, 'promotion_participations_device'))
          throw new ApiError(409, 'ONCE_PER_DEVICE', 'Someone on this device took part already');
        if ((err as { code?: string })?.code === '23505') throw new ApiError(409, 'ALREADY_JOINED', 'You took part already');
        throw err;
      }
      return ok({ state: 'joined' }, 'Joined');
    },
  );

  app.post<{ Body: { id: number } }>(
    PROMOTION_PATHS.claim,
    {
      preHandler: requireEligibleMember,
      schema: {
        tags,
        security,
        summary: 'Claims the bonus a joined promotion qualifies for',
        description:
          'Fixes the bonus from what the member did since joining. Needing approval it is APPLYING until an operator decides; ' +
          'otherwise it is ISSUED into the bonus wallet (or, without wagering, CLAIMED into cash). 409 NOT_JOINED / ' +
          'NOT_QUALIFIED / BONUS_IN_PROGRESS / PROMOTION_ENDED.',
        body: idBody,
        response: replies({
          type: 'object',
          required: ['status', 'bonus'],
          properties: { status: { type: 'string' }, bonus: { type: 'string' } },
        }),
      },
    },
    async (request) => {
      const r = await app.ledger.transact((tx) => claimPromotion(tx, request.member!.id, request.body.id, now()));
      await app.badges.push(request.member!.id);
      return ok({ status: r.status, bonus: r.bonus.toString() });
    },
  );

  app.get<{ Querystring: { lang: Lang } }>(
    PROMOTION_PATHS.rewardCentre,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: 'The reward centre: bonuses to claim and the history',
        querystring: langQuery,
        response: replies(anyValue),
      },
    },
    async (request, reply) => {
      const all = await memberBonuses(app.db, request.member!.id, request.query.lang);
      reply.header('cache-control', 'no-store');
      return ok({ claimable: all.filter((b) => b.claimable), history: all.filter((b) => !b.claimable) });
    },
  );

  app.post<{ Body: { id: number } }>(
    PROMOTION_PATHS.claimReward,
    {
      preHandler: requireEligibleMember,
      schema: {
        tags,
        security,
        summary: 'Claims a bonus whose wagering is met into the main wallet',
        description:
          'Pays once: a repeat or a parallel twin gets 409 ALREADY_CLAIMED. 404 REWARD_NOT_FOUND; 409 WAGERING_NOT_MET.',
        body: idBody,
        response: replies({
          type: 'object',
          required: ['amount', 'balance'],
          properties: { amount: { type: 'string' }, balance: { type: 'string' } },
        }),
      },
    },
    async (request) => {
      const r = await app.ledger.transact((tx) => releaseBonus(tx, request.member!.id, request.body.id));
      await app.badges.push(request.member!.id);
      return ok({ amount: r.amount.toString(), balance: r.balance.toString() }, 'Claimed');
    },
  );

  app.get<{ Querystring: { lang: Lang } }>(
    PROMOTION_PATHS.bonusDetails,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: 'Every bonus of the member with its wagering progress',
        querystring: langQuery,
        response: replies({ type: 'array', items: anyValue }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await memberBonuses(app.db, request.member!.id, request.query.lang));
    },
  );
};
