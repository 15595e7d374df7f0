// Responsible gambling's SQL that its routes and jobs ran themselves: the member an operator names,
// a member's recent changes, and the pruning of old loss counters. The limits' and exclusions'
// rules and their SQL live in rg.service.ts.
import type { Queryable } from '../../db/db';

/** A member's id by account (lower-cased here), or null. */
export async function memberIdByAccount(q: Queryable, account: string): Promise<number | null> {
  const m = await q.one<{ id: number }>(`SELECT id FROM members WHERE account = $1`, [account.toLowerCase()]);
  return m ? Number(m.id) : null;
}

/** A member's last 20 responsible-gambling changes, newest first. */
export async function recentAudit(
  q: Queryable,
  memberId: number,
): Promise<{ action: string; detail: unknown; actor: string; at: Date }[]> {
  return q.query<{ action: string; detail: unknown; actor: string; at: Date }>(
    `SELECT action, detail, actor, created_at AS "at" FROM rg_audit WHERE member_id = $1 ORDER BY id DESC LIMIT 20`,
    [memberId],
  );
}

/** Forgets the loss-limit counters older than the longest window (30 days) and a margin. */
export async function pruneLossHours(q: Queryable): Promise<void> {
  await q.query(`DELETE FROM rg_loss_hours WHERE hour < now() - interval '32 days'`);
}
