// The operators' SQL that their routes ran themselves: members they create, members they look up,
// and the whitelabel flags they switch. The routes validate, decide and answer; this module reads
// and writes.
import type { Queryable } from '../../db/db';

/** A member's id by account (already lower-cased), or null. */
export async function memberIdByAccount(q: Queryable, account: string): Promise<number | null> {
  const row = await q.one<{ id: number }>('SELECT id FROM members WHERE account = $1', [account]);
  return row ? Number(row.id) : null;
}

export async function accountTaken(q: Queryable, account: string): Promise<boolean> {
  return !!(await q.one('SELECT 1 FROM members WHERE account = $1', [account]));
}

export interface OpsMember {
  account: string;
  nickname: string;
  type: number;
  passwordHash: string | null;
  mustChangePassword: boolean;
  mobileNum: string | null;
  dialingCode: string | null;
  email: string | null;
  language: string;
}

export interface CreatedMember {
  id: number;
  account: string;
  nickname: string;
  type: number;
  affiliateCode?: string;
}

/** Creates a member (password_changed_at set with a password): null when the account or the number is taken. */
export async function insertOpsMember(q: Queryable, m: OpsMember): Promise<CreatedMember | null> {
  return q.one<CreatedMember>(
    `INSERT INTO members (account, nickname, type, password_hash, password_changed_at, must_change_password,
                        mobile_num, country_dialing_code, email, language)
   VALUES ($1, $2, $3, $4, CASE WHEN $4::text IS NULL THEN NULL ELSE now() END, $5, $6, $7, $8, $9)
   ON CONFLICT DO NOTHING RETURNING id, account, nickname, type`,
    [m.account, m.nickname, m.type, m.passwordHash, m.mustChangePassword, m.mobileNum, m.dialingCode, m.email, m.language],
  );
}

export async function setUplineId(q: Queryable, memberId: number, uplineId: number): Promise<void> {
  await q.query('UPDATE members SET parent_agent_id = $2 WHERE id = $1', [memberId, uplineId]);
}

/** Switches a whitelabel flag: null for an unknown flag. */
export async function setWhitelabelFlag(
  q: Queryable,
  modId: string,
  enabled: boolean,
): Promise<{ mod_id: string; enabled: boolean } | null> {
  return q.one<{ mod_id: string; enabled: boolean }>(
    'UPDATE whitelabel_flags SET enabled = $2 WHERE mod_id = $1 RETURNING mod_id, enabled',
    [modId, enabled],
  );
}
