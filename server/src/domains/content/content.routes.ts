import type { FastifyPluginAsync } from 'fastify';
import type { Announcement, AnnouncementsResponse, Banner } from '@khela/api/games';
import type { Queryable } from '../../db/db';
import { ok, replies } from '../../http/envelope';
import { requestLang } from '../../http/lang';
import { sanitizeRichText } from './sanitize';
import { liveAnnouncements, type LiveAnnouncementRow } from './content.repo';

const tags = ['content'];
const str = { type: 'string' };
const nullableStr = { type: ['string', 'null'] };

const announcement = {
  type: 'object',
  required: ['id', 'type', 'title', 'content', 'promotionType', 'execution'],
  properties: {
    id: { type: 'integer' },
    type: str,
    title: str,
    content: str,
    promotionType: nullableStr,
    execution: nullableStr,
    link: nullableStr,
  },
};

const announcementsValue = {
  type: 'object',
  required: ['banners', 'playerNotices', 'popup', 'promotion'],
  properties: {
    banners: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'groupName', 'title', 'content', 'imageUrl', 'link'],
        properties: { id: { type: 'integer' }, groupName: str, title: str, content: str, imageUrl: str, link: nullableStr },
      },
    },
    playerNotices: { type: 'array', items: announcement },
    popup: { type: 'array', items: announcement },
    promotion: { type: 'array', items: announcement },
  },
};

/** A banner's artwork: generated from its key, so a new banner gets its own. */
const bannerImage = (r: LiveAnnouncementRow) => `/wps/static/art/banner/${r.seed_key ?? `b${r.id}`}.svg`;

async function load(
  q: Queryable,
  types: string[],
  execution: string | undefined,
  groupName: string | undefined,
  lang: 'BN' | 'EN',
) {
  const rows = await liveAnnouncements(q, types, lang);
  const value: AnnouncementsResponse = { banners: [], playerNotices: [], popup: [], promotion: [] };
  for (const r of rows) {
    if (r.type === 'B') {
      if (groupName && r.group_name !== groupName) continue;
      const banner: Banner = {
        id: Number(r.id),
        groupName: r.group_name!,
        title: r.title,
        content: sanitizeRichText(r.content),
        imageUrl: bannerImage(r),
        link: r.link,
      };
      value.banners.push(banner);
      continue;
    }
    // popups and promotions follow the execution code asked for (A or B; F after a first-time login)
    if (r.type !== 'PL' && execution && r.execution !== execution) continue;
    const a: Announcement = {
      id: Number(r.id),
      type: r.type,
      title: r.title,
      // stored sanitised by /ops/content; sanitised again here for rows written any other way
      content: sanitizeRichText(r.content),
      promotionType: r.promotion_type,
      execution: r.execution,
      link: r.link,
    };
    (r.type === 'PL' ? value.playerNotices : r.type === 'PU' ? value.popup : value.promotion).push(a);
  }
  return value;
}

/**
 * The announcements' answers, kept 5 seconds per request shape. An operator's change clears it (the
 * live `announcement` event makes members' pages ask again at once: they must not get the old list);
 * other instances keep theirs for at most the 5 seconds.
 */
export interface AnnouncementsCache {
  entries: Map<string, { at: number; value: Promise<AnnouncementsResponse> }>;
  clear(): void;
}

export function createAnnouncementsCache(): AnnouncementsCache {
  const entries = new Map<string, { at: number; value: Promise<AnnouncementsResponse> }>();
  return { entries, clear: () => entries.clear() };
}

/** The storefront's announcements: banners (by group), player notices, popups and promotions. */
export const contentRoutes: FastifyPluginAsync<{ cache?: AnnouncementsCache }> = async (app, opts) => {
  const cache = (opts.cache ?? createAnnouncementsCache()).entries;

  app.get<{ Querystring: { types: string; execution?: string; groupName?: string; language?: string; platform?: string } }>(
    '/wps/relay/MCSFE_getListAnnouncements',
    {
      schema: {
        tags,
        summary: 'Announcements',
        description:
          'types: comma-separated B (banners), PL (player notices), PU (popups), PR (promotions). execution filters popups and ' +
          'promotions (A or B; F after a first-time login). groupName keeps the banners of one group (w_home, w_login, ' +
          'w_register, w_leftmenu). Texts in the request language. Answers are kept for 5 seconds.',
        querystring: {
          type: 'object',
          properties: {
            types: { type: 'string', pattern: '^(B|PL|PU|PR)(,(B|PL|PU|PR)){0,3}$', default: 'B,PL,PU,PR' },
            platform: { type: 'string', enum: ['W', 'M'] },
            execution: { type: 'string', enum: ['A', 'B', 'F'] },
            groupName: { type: 'string', pattern: '^[a-z0-9_]{1,32}$' },
            language: { type: 'string', enum: ['BN', 'EN', 'bn', 'en'] },
          },
        },
        response: replies(announcementsValue),
      },
    },
    async (request) => {
      const { types, execution, groupName } = request.query;
      const lang = requestLang(request);
      const key = `${types}|${execution}|${groupName}|${lang}`;
      let entry = cache.get(key);
      if (!entry || Date.now() - entry.at > 5000) {
        const value = load(app.db, types.split(','), execution, groupName, lang);
        entry = { at: Date.now(), value };
        cache.set(key, entry);
        value.catch(() => cache.delete(key));
      }
      return ok(await entry.value);
    },
  );
};
