import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AnnouncementInput, AnnouncementRecord } from '@khela/api/content';
import type { Queryable } from '../../db/db';
import { ApiError, ok, replies } from '../../http/envelope';
import { guardOps } from '../../http/ops-auth';
import { plainText, sanitizeRichText } from './sanitize';
import type { AnnouncementsCache } from './content.routes';

// Operator endpoints are not part of the public API document.
const hide = true;

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max });
const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });
const link = nullable({ type: 'string', maxLength: 500, pattern: '^(/[^\\s]*|https://[^\\s]+)$' });
const when = nullable({ type: 'string', format: 'date-time' });

const announcementProps = {
  type: { type: 'string', enum: ['B', 'PL', 'PU', 'PR'] },
  groupName: nullable({ type: 'string', pattern: '^[a-z0-9_]{1,32}$' }),
  execution: nullable({ type: 'string', enum: ['A', 'B', 'F'] }),
  titleEn: text(200),
  titleBn: nullable(text(200)),
  contentEn: { type: 'string', maxLength: 65536 },
  contentBn: nullable({ type: 'string', maxLength: 65536 }),
  link,
  promotionType: nullable({ type: 'string', pattern: '^[A-Z_]{1,32}$' }),
  sort: { type: 'integer', minimum: -100000, maximum: 100000 },
  active: { type: 'boolean' },
  startsAt: when,
  endsAt: when,
};

interface Row {
  id: number;
  type: AnnouncementRecord['type'];
  group_name: string | null;
  execution: AnnouncementRecord['execution'];
  title_en: string;
  title_bn: string | null;
  content_en: string;
  content_bn: string | null;
  link: string | null;
  promotion_type: string | null;
  sort: number;
  active: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
  created_at: Date;
}

const recordOf = (r: Row): AnnouncementRecord => ({
  id: Number(r.id),
  type: r.type,
  groupName: r.group_name,
  execution: r.execution,
  titleEn: r.title_en,
  titleBn: r.title_bn,
  contentEn: r.content_en,
  contentBn: r.content_bn,
  link: r.link,
  promotionType: r.promotion_type,
  sort: r.sort,
  active: r.active,
  startsAt: r.starts_at ? new Date(r.starts_at).toISOString() : null,
  endsAt: r.ends_at ? new Date(r.ends_at).toISOString() : null,
  createdAt: new Date(r.created_at).toISOString(),
});

/** The stored form: titles plain, contents sanitised, and the rules the table's checks would give as a 500. */
function clean(a: AnnouncementInput): AnnouncementInput {
  if (a.type === 'B' && !a.groupName) {
    throw new ApiError(
      400,
      'VALIDATION_ERROR',
      'A banner (type B) needs its groupName (w_home, w_login, w_register, w_leftmenu)',
    );
  }
  if (a.startsAt && a.endsAt && Date.parse(a.endsAt) <= Date.parse(a.startsAt)) {
    throw new ApiError(400, 'VALIDATION_ERROR', 'endsAt must be after startsAt');
  }
  const titleEn = plainText(a.titleEn);
  if (!titleEn) throw new ApiError(400, 'VALIDATION_ERROR', 'titleEn has no text');
  return {
    ...a,
    titleEn,
    titleBn: a.titleBn ? plainText(a.titleBn) || null : null,
    contentEn: sanitizeRichText(a.contentEn ?? ''),
    contentBn: a.contentBn ? sanitizeRichText(a.contentBn) : null,
  };
}

const actorOf = (request: FastifyRequest) => `ops:${request.ip}`;

async function insert(q: Queryable, a: AnnouncementInput): Promise<Row> {
  return (await q.one<Row>(
    `INSERT INTO announcements (type, group_name, execution, title_en, title_bn, content_en, content_bn, link, promotion_type,
                                sort, active, starts_at, ends_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING *`,
    [
      a.type,
      a.type === 'B' ? a.groupName : (a.groupName ?? null),
      a.execution ?? null,
      a.titleEn,
      a.titleBn ?? null,
      a.contentEn ?? '',
      a.contentBn ?? null,
      a.link ?? null,
      a.promotionType ?? null,
      a.sort ?? 0,
      a.active ?? true,
      a.startsAt ?? null,
      a.endsAt ?? null,
    ],
  ))!;
}

const announcementSchema = { type: 'object', additionalProperties: true };
const helpInput = {
  type: 'object',
  required: ['section', 'lang', 'title', 'content'],
  additionalProperties: false,
  properties: {
    section: { type: 'string', pattern: '^[a-z0-9-]{1,32}$' },
    lang: { type: 'string', enum: ['BN', 'EN'] },
    device: { type: 'string', enum: ['ALL', 'WEB', 'MOBILE'], default: 'ALL' },
    title: text(200),
    content: { type: 'string', maxLength: 65536 },
    sort: { type: 'integer', minimum: -100000, maximum: 100000 },
    active: { type: 'boolean' },
  },
};

interface HelpInput {
  section: string;
  lang: 'BN' | 'EN';
  device: 'ALL' | 'WEB' | 'MOBILE';
  title: string;
  content: string;
  sort?: number;
  active?: boolean;
}

/**
 * Operators keep the storefront's content (/ops/content, behind the operator key): announcements
 * (banners by group, player notices, popups, promotions) and help articles. Every text is stored
 * sanitised. An announcement is never deleted: it is switched off (active false), so what players
 * were shown stays on record.
 */
export const contentOpsRoutes: FastifyPluginAsync<{ cache?: AnnouncementsCache }> = async (app, opts) => {
  guardOps(app);

  app.get<{ Querystring: { type?: string; active?: boolean } }>(
    '/announcements',
    {
      schema: {
        hide,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { type: { type: 'string', enum: ['B', 'PL', 'PU', 'PR'] }, active: { type: 'boolean' } },
        },
        response: replies({ type: 'array', items: announcementSchema }),
      },
    },
    async (request) => {
      const rows = await app.db.query<Row>(
        `SELECT * FROM announcements WHERE ($1::text IS NULL OR type = $1) AND ($2::boolean IS NULL OR active = $2) ORDER BY type, sort, id`,
        [request.query.type ?? null, request.query.active ?? null],
      );
      return ok(rows.map(recordOf));
    },
  );

  app.post<{ Body: AnnouncementInput }>(
    '/announcements',
    {
      schema: {
        hide,
        body: {
          type: 'object',
          required: ['type', 'titleEn'],
          additionalProperties: false,
          properties: announcementProps,
        },
        response: replies(announcementSchema),
      },
    },
    async (request, reply) => {
      const row = await app.db.tx(async (q) => {
        const r = await insert(q, clean(request.body));
        await auditContent(q, actorOf(request), 'ANNOUNCEMENT_CREATED', { id: Number(r.id), type: r.type });
        return r;
      });
      reply.code(201);
      opts.cache?.clear();
      app.live.toAllMembers('announcement', { id: Number(row.id), type: row.type });
      return ok(recordOf(row), 'Created');
    },
  );

  app.put<{ Params: { id: number }; Body: Partial<AnnouncementInput> }>(
    '/announcements/:id',
    {
      schema: {
        hide,
        params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } },
        body: { type: 'object', additionalProperties: false, minProperties: 1, properties: announcementProps },
        response: replies(announcementSchema),
      },
    },
    async (request) => {
      const row = await app.db.tx(async (q) => {
        const before = await q.one<Row>(`SELECT * FROM announcements WHERE id = $1 FOR UPDATE`, [request.params.id]);
        if (!before) throw new ApiError(404, 'NOT_FOUND', `No announcement ${request.params.id}`);
        const merged = clean({ ...recordOf(before), ...request.body } as AnnouncementInput);
        const r = (await q.one<Row>(
          `UPDATE announcements SET type = $2, group_name = $3, execution = $4, title_en = $5, title_bn = $6, content_en = $7,
                  content_bn = $8, link = $9, promotion_type = $10, sort = $11, active = $12, starts_at = $13, ends_at = $14
            WHERE id = $1 RETURNING *`,
          [
            request.params.id,
            merged.type,
            merged.groupName ?? null,
            merged.execution ?? null,
            merged.titleEn,
            merged.titleBn ?? null,
            merged.contentEn ?? '',
            merged.contentBn ?? null,
            merged.link ?? null,
            merged.promotionType ?? null,
            merged.sort ?? 0,
            merged.active ?? true,
            merged.startsAt ?? null,
            merged.endsAt ?? null,
          ],
        ))!;
        await auditContent(q, actorOf(request), 'ANNOUNCEMENT_CHANGED', { id: Number(r.id), fields: Object.keys(request.body) });
        return r;
      });
      opts.cache?.clear();
      app.live.toAllMembers('announcement', { id: Number(row.id), type: row.type });
      return ok(recordOf(row));
    },
  );

  app.get(
    '/help',
    { schema: { hide, response: replies({ type: 'array', items: { type: 'object', additionalProperties: true } }) } },
    async () => {
      const rows = await app.db.query(
        `SELECT id, section, lang, device, title, content, sort, active, updated_at AS "updatedAt", updated_by AS "updatedBy"
           FROM help_articles ORDER BY sort, section, lang, device`,
      );
      return ok(rows.map((r) => ({ ...r, id: Number((r as { id: number }).id) })));
    },
  );

  app.put<{ Body: HelpInput }>(
    '/help',
    { schema: { hide, body: helpInput, response: replies({ type: 'object', additionalProperties: true }) } },
    async (request) => {
      const b = request.body;
      const title = plainText(b.title);
      if (!title) throw new ApiError(400, 'VALIDATION_ERROR', 'title has no text');
      const row = await app.db.tx(async (q) => {
        const r = await q.one<{ id: number }>(
          `INSERT INTO help_articles (section, lang, device, title, content, sort, active, updated_by)
           VALUES ($1, $2, $3, $4, $5, coalesce($6, 0), coalesce($7, true), $8)
           ON CONFLICT (section, lang, device) DO UPDATE SET title = EXCLUDED.title, content = EXCLUDED.content,
             sort = coalesce($6, help_articles.sort), active = coalesce($7, help_articles.active),
             updated_at = now(), updated_by = EXCLUDED.updated_by
           RETURNING id, section, lang, device, title, content, sort, active`,
          [
            b.section,
            b.lang,
            b.device ?? 'ALL',
            title,
            sanitizeRichText(b.content),
            b.sort ?? null,
            b.active ?? null,
            actorOf(request),
          ],
        );
        await auditContent(q, actorOf(request), 'HELP_SAVED', { id: Number(r!.id), section: b.section, lang: b.lang });
        return r!;
      });
      return ok({ ...row, id: Number(row.id) });
    },
  );
};

/** Every content change, who and when (the operators' audit trail of the storefront). */
async function auditContent(q: Queryable, actor: string, action: string, detail: Record<string, unknown>) {
  await q.query(`INSERT INTO content_audit (actor, action, detail) VALUES ($1, $2, $3::jsonb)`, [
    actor,
    action,
    JSON.stringify(detail),
  ]);
}
