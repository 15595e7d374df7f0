// The member domain's SQL that its routes ran themselves: registration, the password's change and
// resets, and the member's language. The routes validate, decide and answer; this module reads
// and writes.
import type { Queryable } from '../../db/db';

/** True when a member has this account (already lower-cased). */
export async function accountTaken(q: Queryable, account: string): Promise<boolean> {
  return !!(await q.one('SELECT 1 FROM members WHERE account = $1', [account]));
}

/** True when a member has this national mobile number. */
export async function mobileTaken(q: Queryable, national: string): Promise<boolean> {
  return !!(await q.one('SELECT 1 FROM members WHERE mobile_num = $1', [national]));
}

export interface NewMember {
  account: string;
  nickname: string;
  passwordHash: string;
  mustChangePassword: boolean;
  mobileNum: string | null;
  dialingCode: string | null;
  email: string | null;
  language: string;
  ip: string;
  referralCode: string | null;
  affiliateCode: string | null;
  parentAgentId: number | null;
  paymentPasswordHash: string | null;
  profile: Record<string, string>;
}

/** Creates a player registered on the web: its id, or null when the account or the number was taken meanwhile. */
export async function insertWebMember(q: Queryable, m: NewMember): Promise<number | null> {
  const created = await q.one<{ id: number }>(
    `INSERT INTO members (account, nickname, type, password_hash, password_changed_at, must_change_password, mobile_num,
                        country_dialing_code, email, language, registration_ip, register_method, referral_code,
                        affiliate_code, parent_agent_id, payment_password_hash, profile)
   VALUES ($1, $2, 0, $3, now(), $4, $5, $6, $7, $8, $9, 'WEB', $10, $11, $12, $13, $14::jsonb)
   ON CONFLICT DO NOTHING RETURNING id`,
    [
      m.account,
      m.nickname,
      m.passwordHash,
      m.mustChangePassword,
      m.mobileNum,
      m.dialingCode,
      m.email,
      m.language,
      m.ip,
      m.referralCode,
      m.affiliateCode,
      m.parentAgentId,
      m.paymentPasswordHash,
      JSON.stringify(m.profile),
    ],
  );
  return created ? created.id : null;
}

export interface PasswordState {
  password_hash: string | null;
  must_change_password: boolean;
  password_setup: boolean;
}

/** The member's password state as seen by one of its sessions (null when the session is not the member's). */
export async function passwordState(q: Queryable, memberId: number, tokenHash: string): Promise<PasswordState | null> {
  return q.one<PasswordState>(
    `SELECT m.password_hash, m.must_change_password, s.password_setup FROM members m JOIN sessions s ON s.member_id = m.id
    WHERE m.id = $1 AND s.token_hash = $2`,
    [memberId, tokenHash],
  );
}

/**
 * Sets a new password (clearing a temporary one) if the stored hash is still `previousHash`: false
 * when it was changed meanwhile.
 */
export async function changePassword(
  q: Queryable,
  memberId: number,
  hash: string,
  previousHash: string | null,
): Promise<boolean> {
  const changed = await q.one(
    `UPDATE members SET password_hash = $2, password_changed_at = now(), must_change_password = false,
          temp_password_hash = NULL, temp_password_expires_at = NULL
    WHERE id = $1 AND password_hash IS NOT DISTINCT FROM $3 RETURNING 1`,
    [memberId, hash, previousHash],
  );
  return !!changed;
}

/** The session no longer counts as one that may set a first password. */
export async function endPasswordSetup(q: Queryable, tokenHash: string): Promise<void> {
  await q.query('UPDATE sessions SET password_setup = false WHERE token_hash = $1', [tokenHash]);
}

/**
 * Gives an active player whose account and e-mail match a temporary password valid `minutes`:
 * where to send it, or null when nothing matched.
 */
export async function setTemporaryPassword(
  q: Queryable,
  account: string,
  email: string,
  hash: string,
  minutes: number,
): Promise<{ account: string; email: string; language: string } | null> {
  return q.one<{ account: string; email: string; language: string }>(
    `UPDATE members SET temp_password_hash = $3, temp_password_expires_at = now() + make_interval(mins => $4)
    WHERE account = $1 AND lower(email) = lower($2) AND status = 0 AND type <> 4
    RETURNING account, email, language`,
    [account, email, hash, minutes],
  );
}

/** The active player (not a trial) of a mobile number, or null. */
export async function activePlayerByMobile(
  q: Queryable,
  national: string,
  dialingCode: string,
): Promise<{ id: number; account: string; language: string } | null> {
  return q.one<{ id: number; account: string; language: string }>(
    `SELECT id, account, language FROM members WHERE mobile_num = $1 AND coalesce(country_dialing_code, '+880') = $2 AND status = 0 AND type <> 4`,
    [national, dialingCode],
  );
}

/** Sets a new password by a reset (clearing a temporary one). */
export async function resetPassword(q: Queryable, memberId: number, hash: string): Promise<void> {
  await q.query(
    `UPDATE members SET password_hash = $2, password_changed_at = now(), must_change_password = false,
        temp_password_hash = NULL, temp_password_expires_at = NULL WHERE id = $1`,
    [memberId, hash],
  );
}

export async function setLanguage(q: Queryable, memberId: number, language: string): Promise<void> {
  await q.query('UPDATE members SET language = $1 WHERE id = $2', [language, memberId]);
}
