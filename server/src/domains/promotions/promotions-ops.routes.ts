import type { FastifyPluginAsync } from 'fastify';
import { PROMOTION_CATEGORIES, PROMOTION_KINDS } from '@khela/api/promotions';
import { ApiError, ok, replies } from '../../http/envelope';
import { guardOps } from '../../http/ops-auth';
import { plainText, sanitizeRichText } from '../content/sanitize';
import { decideRedemption } from './points.service';
import { GAME_TYPES } from './promotions.rules';
import { issue } from './promotions.service';
import {
  allPromotions,
  decideApplication,
  insertPromotion,
  insertReward,
  lockParticipation,
  opsRedemptions,
  pendingApplications,
  setVipLevel,
  updatePointSettings,
  updatePromotion,
} from './promotions.repo';

const hide = true;
const anyObject = { type: 'object', additionalProperties: true };
const operator = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.@-]+$' } as const;
const amount = { type: 'string', pattern: '^(0|[1-9][0-9]{0,14})$' } as const;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2 ** 53 - 1 } } };

const promotionFields = {
  code: { type: 'string', pattern: '^[A-Z0-9_]{2,40}$' },
  category: { type: 'string', enum: PROMOTION_CATEGORIES.filter((c) => c !== 'all') },
  titleBn: { type: 'string', minLength: 1, maxLength: 200 },
  titleEn: { type: 'string', minLength: 1, maxLength: 200 },
  contentBn: { type: 'string', maxLength: 20000 },
  contentEn: { type: 'string', maxLength: 20000 },
  startsAt: { type: 'string', format: 'date-time' },
  endsAt: { type: ['string', 'null'], format: 'date-time' },
  kind: { type: 'string', enum: [...PROMOTION_KINDS] },
  percentBp: { type: 'integer', minimum: 0, maximum: 100000 },
  fixedAmount: amount,
  maxBonus: { type: ['string', 'null'], pattern: '^[1-9][0-9]{0,14}$' },
  minAmount: amount,
  wageringMultiplier: { type: 'integer', minimum: 0, maximum: 100 },
  contribution: {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(GAME_TYPES.map((g) => [g, { type: 'integer', minimum: 0, maximum: 100 }])),
  },
  onWithdrawal: { type: 'string', enum: ['FORFEIT', 'BLOCK'] },
  needsApproval: { type: 'boolean' },
  newMemberDays: { type: ['integer', 'null'], minimum: 1, maximum: 3650 },
  firstDeposit: { type: 'boolean' },
  vipLevels: { type: ['array', 'null'], maxItems: 20, items: { type: 'integer', minimum: 0, maximum: 50 } },
  oncePerMember: { type: 'boolean' },
  oncePerIp: { type: 'boolean' },
  oncePerDevice: { type: 'boolean' },
  status: { type: 'string', enum: ['ACTIVE', 'HIDDEN'] },
  sort: { type: 'integer', minimum: -100000, maximum: 100000 },
} as const;

type Fields = { [K in keyof typeof promotionFields]?: unknown };

const COLUMNS: Record<keyof typeof promotionFields, string> = {
  code: 'code',
  category: 'category',
  titleBn: 'title_bn',
  titleEn: 'title_en',
  contentBn: 'content_bn',
  contentEn: 'content_en',
  startsAt: 'starts_at',
  endsAt: 'ends_at',
  kind: 'kind',
  percentBp: 'percent_bp',
  fixedAmount: 'fixed_amount',
  maxBonus: 'max_bonus',
  minAmount: 'min_amount',
  wageringMultiplier: 'wagering_multiplier',
  contribution: 'contribution',
  onWithdrawal: 'on_withdrawal',
  needsApproval: 'needs_approval',
  newMemberDays: 'new_member_days',
  firstDeposit: 'first_deposit',
  vipLevels: 'vip_levels',
  oncePerMember: 'once_per_member',
  oncePerIp: 'once_per_ip',
  oncePerDevice: 'once_per_device',
  status: 'status',
  sort: 'sort',
};

/** The columns and values of a body: titles as plain text, content sanitised (refused when empty after it). */
function columnsOf(b: Fields): [string[], unknown[]] {
  const cols: string[] = [];
  const vals: unknown[] = [];
  for (const [k, v] of Object.entries(b) as [keyof typeof promotionFields, unknown][]) {
    let value = v;
    if (k === 'titleBn' || k === 'titleEn') {
      value = plainText(String(v));
      if (!value) throw new ApiError(400, 'BAD_REQUEST', `${k} is empty once sanitised`);
    }
    if (k === 'contentBn' || k === 'contentEn') value = sanitizeRichText(String(v));
    if (k === 'contribution') value = JSON.stringify(v);
    cols.push(COLUMNS[k]);
    vals.push(value);
  }
  return [cols, vals];
}

const dbError = (err: unknown): never => {
  const e = err as { code?: string; message?: string };
  if (e?.code === '23505') throw new ApiError(409, 'PROMOTION_CODE_TAKEN', 'A promotion has this code already');
  if (e?.code === '23514') throw new ApiError(400, 'BAD_REQUEST', `The promotion is not consistent: ${e.message}`);
  throw err;
};

/** The operators' promotions: define and change them, decide applications, run the points mall. */
export const promotionOpsRoutes: FastifyPluginAsync = async (app) => {
  guardOps(app);

  app.get('/promotions', { schema: { hide, response: replies({ type: 'array', items: anyObject }) } }, async () =>
    ok(await allPromotions(app.db)),
  );

  app.post<{ Body: Fields }>(
    '/promotions',
    {
      schema: {
        hide,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['code', 'category', 'titleBn', 'titleEn', 'contentBn', 'contentEn', 'startsAt', 'kind'],
          properties: promotionFields,
        },
        response: replies(anyObject),
      },
    },
    async (request, reply) => {
      const [cols, vals] = columnsOf(request.body);
      const row = await insertPromotion(app.db, cols, vals).catch(dbError);
      reply.code(201);
      return ok(row, 'Promotion created');
    },
  );

  app.patch<{ Params: { id: number }; Body: Fields }>(
    '/promotions/:id',
    {
      schema: {
        hide,
        params: idParams,
        body: { type: 'object', additionalProperties: false, minProperties: 1, properties: promotionFields },
        response: replies(anyObject),
      },
    },
    async (request) => {
      const [cols, vals] = columnsOf(request.body);
      const row = await updatePromotion(app.db, request.params.id, cols, vals).catch(dbError);
      if (!row) throw new ApiError(404, 'PROMOTION_NOT_FOUND', 'No such promotion');
      return ok(row, 'Promotion changed');
    },
  );

  app.get('/promotions/applications', { schema: { hide, response: replies({ type: 'array', items: anyObject }) } }, async () =>
    ok(await pendingApplications(app.db)),
  );

  app.post<{ Params: { id: number }; Body: { decision: 'approve' | 'reject'; operator: string; reason?: string } }>(
    '/promotions/applications/:id',
    {
      schema: {
        hide,
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['decision', 'operator'],
          properties: {
            decision: { type: 'string', enum: ['approve', 'reject'] },
            operator,
            reason: { type: 'string', minLength: 1, maxLength: 200 },
          },
        },
        response: replies({ type: 'object', required: ['status'], properties: { status: { type: 'string' } } }),
      },
    },
    async (request) => {
      const { decision, operator: by, reason } = request.body;
      const r = await app.ledger.transact(async (tx) => {
        const p = await lockParticipation(tx.q, request.params.id);
        if (!p) throw new ApiError(404, 'APPLICATION_NOT_FOUND', 'No such application');
        if (p.status !== 'APPLYING') throw new ApiError(409, 'ALREADY_DECIDED', `The application is ${p.status} already`);
        await decideApplication(tx.q, p.id, by, decision === 'reject' ? { reason: reason ?? null } : null);
        if (decision === 'reject') {
          return { status: 'REJECTED', memberId: Number(p.member_id) };
        }
        return { status: await issue(tx, p, `ops:${by}`), memberId: Number(p.member_id) };
      });
      await app.badges.push(r.memberId);
      return ok({ status: r.status });
    },
  );

  app.post<{ Body: { account: string; level: number } }>(
    '/promotions/vip',
    {
      schema: {
        hide,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['account', 'level'],
          properties: {
            account: { type: 'string', minLength: 1, maxLength: 64 },
            level: { type: 'integer', minimum: 0, maximum: 50 },
          },
        },
        response: replies(anyObject),
      },
    },
    async (request) => {
      const row = await setVipLevel(app.db, request.body.account.trim().toLowerCase(), request.body.level);
      if (!row) throw new ApiError(404, 'USER_NOT_EXIST', 'No such account');
      return ok(row);
    },
  );

  app.put<{ Body: { poishaPerPoint?: string; minConvert?: string } }>(
    '/points/settings',
    {
      schema: {
        hide,
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: {
            poishaPerPoint: { type: 'string', pattern: '^[1-9][0-9]{0,12}$' },
            minConvert: { type: 'string', pattern: '^[1-9][0-9]{0,12}$' },
          },
        },
        response: replies(anyObject),
      },
    },
    async (request) =>
      ok(await updatePointSettings(app.db, request.body.poishaPerPoint ?? null, request.body.minConvert ?? null)),
  );

  app.post<{ Body: { titleBn: string; titleEn: string; detailBn?: string; detailEn?: string; points: string; stock: number } }>(
    '/points/rewards',
    {
      schema: {
        hide,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['titleBn', 'titleEn', 'points', 'stock'],
          properties: {
            titleBn: { type: 'string', minLength: 1, maxLength: 200 },
            titleEn: { type: 'string', minLength: 1, maxLength: 200 },
            detailBn: { type: 'string', maxLength: 2000 },
            detailEn: { type: 'string', maxLength: 2000 },
            points: { type: 'string', pattern: '^[1-9][0-9]{0,12}$' },
            stock: { type: 'integer', minimum: 0, maximum: 1000000 },
          },
        },
        response: replies(anyObject),
      },
    },
    async (request, reply) => {
      const b = request.body;
      const row = await insertReward(app.db, {
        titleBn: plainText(b.titleBn),
        titleEn: plainText(b.titleEn),
        detailBn: plainText(b.detailBn ?? ''),
        detailEn: plainText(b.detailEn ?? ''),
        points: b.points,
        stock: b.stock,
      });
      reply.code(201);
      return ok(row);
    },
  );

  app.get<{ Querystring: { status?: 'IN_PROCESS' | 'REJECTED' | 'APPROVED'; account?: string } }>(
    '/points/redemptions',
    {
      schema: {
        hide,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            status: { type: 'string', enum: ['IN_PROCESS', 'REJECTED', 'APPROVED'] },
            account: { type: 'string', minLength: 1, maxLength: 64 },
          },
        },
        response: replies({ type: 'array', items: anyObject }),
      },
    },
    async (request) =>
      ok(await opsRedemptions(app.db, request.query.status ?? null, request.query.account?.trim().toLowerCase() ?? null)),
  );

  app.post<{ Params: { id: number }; Body: { decision: 'approve' | 'reject'; operator: string } }>(
    '/points/redemptions/:id',
    {
      schema: {
        hide,
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['decision', 'operator'],
          properties: { decision: { type: 'string', enum: ['approve', 'reject'] }, operator },
        },
        response: replies(anyObject),
      },
    },
    async (request) =>
      ok(
        await app.db.tx((q) =>
          decideRedemption(q, request.params.id, request.body.decision === 'approve', `ops:${request.body.operator}`),
        ),
      ),
  );
};
