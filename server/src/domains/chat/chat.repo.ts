// The live chat's SQL: conversations (one open per member) and their messages. The routes
// (chat.plugin.ts) decide and answer; this module reads and writes.
import type { ChatModel } from '@khela/api/chat';
import type { Queryable } from '../../db/db';

export interface MessageRow {
  id: string | number;
  conversation_id: string | number;
  sender: 'MEMBER' | 'OPERATOR';
  body: string;
  created_at: Date | string;
}
export interface ConversationRow {
  id: string | number;
  member_id: string | number;
  account: string;
  model_code: ChatModel;
  status: 'OPEN' | 'CLOSED';
  last_message_at: Date | string;
}

const MESSAGE_COLUMNS = 'id, conversation_id, sender, body, created_at';

/** A conversation with its member's account, or null. */
export async function findConversation(q: Queryable, id: number): Promise<ConversationRow | null> {
  return q.one<ConversationRow>(
    `SELECT c.id, c.member_id, m.account, c.model_code, c.status, c.last_message_at
       FROM chat_conversations c JOIN members m ON m.id = c.member_id WHERE c.id = $1`,
    [id],
  );
}

/** A conversation's latest message, or null. */
export async function lastMessage(q: Queryable, conversationId: number): Promise<MessageRow | null> {
  return q.one<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM chat_messages WHERE conversation_id = $1 ORDER BY id DESC LIMIT 1`, [
    conversationId,
  ]);
}

/** Stores a message and moves its conversation's last_message_at. */
export async function insertMessage(
  q: Queryable,
  conversationId: number,
  sender: 'MEMBER' | 'OPERATOR',
  body: string,
): Promise<MessageRow> {
  const row = await q.one<MessageRow>(
    `INSERT INTO chat_messages (conversation_id, sender, body) VALUES ($1, $2, $3) RETURNING ${MESSAGE_COLUMNS}`,
    [conversationId, sender, body],
  );
  await q.query(`UPDATE chat_conversations SET last_message_at = now() WHERE id = $1`, [conversationId]);
  return row!;
}

/** The member's open conversation (id and model), or null. */
export async function openConversation(
  q: Queryable,
  memberId: number,
): Promise<Pick<ConversationRow, 'id' | 'model_code'> | null> {
  return q.one<Pick<ConversationRow, 'id' | 'model_code'>>(
    `SELECT id, model_code FROM chat_conversations WHERE member_id = $1 AND status = 'OPEN'`,
    [memberId],
  );
}

/** A conversation's last `limit` messages, oldest first. */
export async function recentMessages(q: Queryable, conversationId: number, limit: number): Promise<MessageRow[]> {
  return q.query<MessageRow>(
    `SELECT * FROM (SELECT ${MESSAGE_COLUMNS} FROM chat_messages WHERE conversation_id = $1 ORDER BY id DESC LIMIT $2) x ORDER BY id`,
    [conversationId, limit],
  );
}

/** The member's open conversation, opened on `model` when there is none, locked for the transaction: its id. */
export async function lockOpenConversation(q: Queryable, memberId: number, model: ChatModel): Promise<number> {
  await q.query(
    `INSERT INTO chat_conversations (member_id, model_code) VALUES ($1, $2)
     ON CONFLICT (member_id) WHERE status = 'OPEN' DO NOTHING`,
    [memberId, model],
  );
  const c = await q.one<{ id: string | number }>(
    `SELECT id FROM chat_conversations WHERE member_id = $1 AND status = 'OPEN' FOR UPDATE`,
    [memberId],
  );
  return Number(c!.id);
}

/** The ids of the 100 conversations of a status with the latest messages. */
export async function conversationIds(q: Queryable, status: 'OPEN' | 'CLOSED'): Promise<number[]> {
  const rows = await q.query<{ id: string | number }>(
    `SELECT id FROM chat_conversations WHERE status = $1 ORDER BY last_message_at DESC, id DESC LIMIT 100`,
    [status],
  );
  return rows.map((r) => Number(r.id));
}

/** A conversation's member and status, locked for the transaction; null when there is none. */
export async function lockConversation(
  q: Queryable,
  id: number,
): Promise<{ memberId: number; status: 'OPEN' | 'CLOSED' } | null> {
  const c = await q.one<{ member_id: string | number; status: 'OPEN' | 'CLOSED' }>(
    `SELECT member_id, status FROM chat_conversations WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return c && { memberId: Number(c.member_id), status: c.status };
}

/** Closes an open conversation (a closed one stays as it is). */
export async function closeConversation(q: Queryable, id: number): Promise<void> {
  await q.query(`UPDATE chat_conversations SET status = 'CLOSED', closed_at = now() WHERE id = $1 AND status = 'OPEN'`, [id]);
}
