// The content domain's SQL: announcements (banners, notices, popups, promotions), help articles and
// the operators' audit trail of them. The routes (content.routes.ts, help.routes.ts, content.ops.ts)
// sanitise, decide and answer; this module reads and writes.
import type { AnnouncementInput, AnnouncementRecord } from '@khela/api/content';
import type { Queryable } from '../../db/db';

export interface AnnouncementRow {
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

export interface LiveAnnouncementRow {
  id: number;
  seed_key: string | null;
  type: 'B' | 'PL' | 'PU' | 'PR';
  group_name: string | null;
  execution: string | null;
  title: string;
  content: string;
  link: string | null;
  promotion_type: string | null;
}

/** The live announcements of these types (active, in their window), titles and contents in the language. */
export async function liveAnnouncements(q: Queryable, types: string[], lang: 'BN' | 'EN'): Promise<LiveAnnouncementRow[]> {
  return q.query<LiveAnnouncementRow>(
    `SELECT id, seed_key, type, group_name, execution, link, promotion_type,
            CASE WHEN $2 = 'BN' THEN COALESCE(title_bn, title_en) ELSE title_en END AS title,
            CASE WHEN $2 = 'BN' THEN COALESCE(content_bn, content_en) ELSE content_en END AS content
       FROM announcements
      WHERE active AND type = ANY($1::text[])
        AND (starts_at IS NULL OR starts_at <= now()) AND (ends_at IS NULL OR ends_at > now())
      ORDER BY sort, id`,
    [types, lang],
  );
}

/** The operators' list of announcements, of a type and an active state or all. */
export async function listAnnouncements(q: Queryable, type: string | null, active: boolean | null): Promise<AnnouncementRow[]> {
  return q.query<AnnouncementRow>(
    `SELECT * FROM announcements WHERE ($1::text IS NULL OR type = $1) AND ($2::boolean IS NULL OR active = $2) ORDER BY type, sort, id`,
    [type, active],
  );
}

export async function insertAnnouncement(q: Queryable, a: AnnouncementInput): Promise<AnnouncementRow> {
  return (await q.one<AnnouncementRow>(
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

/** An announcement locked for the transaction, or null. */
export async function lockAnnouncement(q: Queryable, id: number): Promise<AnnouncementRow | null> {
  return q.one<AnnouncementRow>(`SELECT * FROM announcements WHERE id = $1 FOR UPDATE`, [id]);
}

/** Replaces every field of an announcement. */
export async function updateAnnouncement(q: Queryable, id: number, merged: AnnouncementInput): Promise<AnnouncementRow> {
  return (await q.one<AnnouncementRow>(
    `UPDATE announcements SET type = $2, group_name = $3, execution = $4, title_en = $5, title_bn = $6, content_en = $7,
            content_bn = $8, link = $9, promotion_type = $10, sort = $11, active = $12, starts_at = $13, ends_at = $14
      WHERE id = $1 RETURNING *`,
    [
      id,
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
}

/** Each help section once in the language (falling back to English) and for the device (over ALL). */
export async function helpArticles(
  q: Queryable,
  lang: 'BN' | 'EN',
  device: string,
): Promise<{ id: number; section: string; title: string; content: string; sort?: number }[]> {
  return q.query<{ id: number; section: string; title: string; content: string; sort?: number }>(
    `SELECT DISTINCT ON (section) id, section, title, content, sort
       FROM help_articles
      WHERE active AND lang = ANY($1::text[]) AND device IN ('ALL', $2)
      ORDER BY section, (lang = $3) DESC, (device = $2) DESC, id`,
    [lang === 'BN' ? ['BN', 'EN'] : ['EN'], device, lang],
  );
}

/** Every help article, as the operators list them. */
export async function allHelpArticles(q: Queryable): Promise<Record<string, unknown>[]> {
  return q.query(
    `SELECT id, section, lang, device, title, content, sort, active, updated_at AS "updatedAt", updated_by AS "updatedBy"
       FROM help_articles ORDER BY sort, section, lang, device`,
  );
}

export interface HelpArticleInput {
  section: string;
  lang: 'BN' | 'EN';
  device: string;
  title: string;
  content: string;
  sort: number | null;
  active: boolean | null;
  updatedBy: string;
}

/** Creates or replaces the article of (section, lang, device); a null sort or active keeps the stored one. */
export async function saveHelpArticle(q: Queryable, h: HelpArticleInput): Promise<{ id: number } & Record<string, unknown>> {
  const r = await q.one<{ id: number }>(
    `INSERT INTO help_articles (section, lang, device, title, content, sort, active, updated_by)
     VALUES ($1, $2, $3, $4, $5, coalesce($6, 0), coalesce($7, true), $8)
     ON CONFLICT (section, lang, device) DO UPDATE SET title = EXCLUDED.title, content = EXCLUDED.content,
       sort = coalesce($6, help_articles.sort), active = coalesce($7, help_articles.active),
       updated_at = now(), updated_by = EXCLUDED.updated_by
     RETURNING id, section, lang, device, title, content, sort, active`,
    [h.section, h.lang, h.device, h.title, h.content, h.sort, h.active, h.updatedBy],
  );
  return r!;
}

/** Every content change, who and when (the operators' audit trail of the storefront). */
export async function auditContent(q: Queryable, actor: string, action: string, detail: Record<string, unknown>) {
  await q.query(`INSERT INTO content_audit (actor, action, detail) VALUES ($1, $2, $3::jsonb)`, [
    actor,
    action,
    JSON.stringify(detail),
  ]);
}
