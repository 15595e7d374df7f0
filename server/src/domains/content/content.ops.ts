import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AnnouncementInput, AnnouncementRecord } from '@khela/api/content';
import { ApiError, ok, replies } from '../../http/envelope';
import { guardOps } from '../../http/ops-auth';
import { plainText, sanitizeRichText } from './sanitize';
import type { AnnouncementsCache } from './content.routes';
import {
  allHelpArticles,
  type AnnouncementRow,
  auditContent,
  insertAnnouncement,
  listAnnouncements,
  lockAnnouncement,
  saveHelpArticle,
  updateAnnouncement,
} from './content.repo';

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

const recordOf = (r: AnnouncementRow): AnnouncementRecord => ({
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
      const rows = await listAnnouncements(app.db, request.query.type ?? null, request.query.active ?? null);
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
        const r = await insertAnnouncement(q, clean(request.body));
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
        const before = await lockAnnouncement(q, request.params.id);
        if (!before) throw new ApiError(404, 'NOT_FOUND', `No announcement ${request.params.id}`);
        const merged = clean({ ...recordOf(before), ...request.body } as AnnouncementInput);
        const r = await updateAnnouncement(q, request.params.id, merged);
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
      const rows = await allHelpArticles(app.db);
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
        const r = await saveHelpArticle(q, {
          section: b.section,
          lang: b.lang,
          device: b.device ?? 'ALL',
          title,
          content: sanitizeRichText(b.content),
          sort: b.sort ?? null,
          active: b.active ?? null,
          updatedBy: actorOf(request),
        });
        await auditContent(q, actorOf(request), 'HELP_SAVED', { id: Number(r.id), section: b.section, lang: b.lang });
        return r;
      });
      return ok({ ...row, id: Number(row.id) });
    },
  );
};
