// The member messages' SQL: the inbox, its changes (read, read all, delete), the operators'
// sending, and who of the recipients has a live session. The routes (messages.plugin.ts) decide
// and answer; this module reads and writes.
import type { MessageCategory } from '@khela/api/member-centre';
import type { Queryable } from '../../db/db';

export interface MessageRow {
  id: string | number;
  title: string;
  content: string;
  category: MessageCategory;
  created_at: Date | string;
  read_at: Date | string | null;
}

/** The member's unread messages (the member centre's message badge). */
export async function unreadMessages(q: Queryable, memberId: number): Promise<number> {
  const row = await q.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM member_messages WHERE member_id = $1 AND deleted_at IS NULL AND read_at IS NULL`,
    [memberId],
  );
  return row?.n ?? 0;
}

/** The members among `memberIds` (or among every real member) who have a live session. */
export async function onlineMembers(q: Queryable, memberIds: readonly number[] | 'allReal'): Promise<number[]> {
  const online = await q.query<{ member_id: string | number }>(
    memberIds === 'allReal'
      ? `SELECT DISTINCT s.member_id FROM sessions s JOIN members m ON m.id = s.member_id
          WHERE m.type <> 4 AND s.revoked_at IS NULL AND s.expires_at > now()`
      : `SELECT DISTINCT member_id FROM sessions
          WHERE member_id = ANY($1::bigint[]) AND revoked_at IS NULL AND expires_at > now()`,
    memberIds === 'allReal' ? [] : [memberIds],
  );
  return online.map((r) => Number(r.member_id));
}

/** One page of the member's inbox, newest first, with the totals (messages and unread ones). */
export async function inboxPage(
  q: Queryable,
  memberId: number,
  limit: number,
  offset: number,
): Promise<{ total: number; unread: number; rows: MessageRow[] }> {
  const [counts, rows] = await Promise.all([
    q.one<{ total: number; unread: number }>(
      `SELECT count(*)::int AS total, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread
         FROM member_messages WHERE member_id = $1 AND deleted_at IS NULL`,
      [memberId],
    ),
    q.query<MessageRow>(
      `SELECT id, title, content, category, created_at, read_at FROM member_messages
        WHERE member_id = $1 AND deleted_at IS NULL
        ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [memberId, limit, offset],
    ),
  ]);
  return { total: counts?.total ?? 0, unread: counts?.unread ?? 0, rows };
}

/** Marks the member's own messages of `ids` read (all of them for 'all'): how many changed. */
export async function markRead(q: Queryable, memberId: number, ids: number[] | 'all'): Promise<number> {
  const rows =
    ids === 'all'
      ? await q.query<{ id: string }>(
          `UPDATE member_messages SET read_at = now()
            WHERE member_id = $1 AND deleted_at IS NULL AND read_at IS NULL RETURNING id`,
          [memberId],
        )
      : await q.query<{ id: string }>(
          `UPDATE member_messages SET read_at = now()
            WHERE member_id = $1 AND id = ANY($2::bigint[]) AND deleted_at IS NULL AND read_at IS NULL RETURNING id`,
          [memberId, ids],
        );
  return rows.length;
}

/** Deletes the member's own messages of `ids`: how many changed. */
export async function deleteMessages(q: Queryable, memberId: number, ids: number[]): Promise<number> {
  const rows = await q.query<{ id: string }>(
    `UPDATE member_messages SET deleted_at = now()
      WHERE member_id = $1 AND id = ANY($2::bigint[]) AND deleted_at IS NULL RETURNING id`,
    [memberId, ids],
  );
  return rows.length;
}

/**
 * Sends a message to every real member in one statement (no list of ids goes back and forth);
 * with `marketing`, not to those in a time-out or self-exclusion. How many got it.
 */
export async function sendToAllReal(
  q: Queryable,
  title: string,
  content: string,
  category: MessageCategory,
  marketing: boolean,
): Promise<number> {
  const row = await q.one<{ n: number }>(
    `WITH sent AS (
       INSERT INTO member_messages (member_id, title, content, category)
       SELECT m.id, $1, $2, $3 FROM members m
        WHERE m.type <> 4
          AND NOT ($4 AND EXISTS (SELECT 1 FROM rg_profiles p WHERE p.member_id = m.id AND p.excluded_kind IS NOT NULL
                                    AND (p.excluded_until IS NULL OR p.excluded_until > now())))
       RETURNING 1)
     SELECT count(*)::int AS n FROM sent`,
    [title, content, category, marketing],
  );
  return row?.n ?? 0;
}

/** The members of these accounts (lower-cased) that exist: id, account and type. */
export async function membersOfAccounts(
  q: Queryable,
  accounts: string[],
): Promise<{ id: string; account: string; type: number }[]> {
  return q.query<{ id: string; account: string; type: number }>(
    `SELECT id, account, type FROM members WHERE account = ANY($1::text[])`,
    [accounts],
  );
}

/** Sends a message to these members. */
export async function sendTo(q: Queryable, memberIds: number[], title: string, content: string, category: MessageCategory) {
  await q.query(
    `INSERT INTO member_messages (member_id, title, content, category)
     SELECT unnest($1::bigint[]), $2, $3, $4`,
    [memberIds, title, content, category],
  );
}
