// The member centre's SQL that its routes ran themselves: the profile, signed-in devices, the
// authenticator app's rows, contact binding, rebate claims and referrals. The rules live in the
// services (authenticator.ts, vip.ts); the routes decide and answer; this module reads and writes.
import type { Queryable } from '../../db/db';

// ---- profile and devices

export interface ProfileRow {
  nickname: string;
  mobile_num: string | null;
  email: string | null;
  fields: Record<string, string> | null;
}

export async function profileRow(q: Queryable, memberId: number): Promise<ProfileRow | null> {
  return q.one<ProfileRow>(`SELECT nickname, mobile_num, email, profile AS fields FROM members WHERE id = $1`, [memberId]);
}

/** The member's payee name (null when not set), its row locked for the transaction. */
export async function lockPayeeName(q: Queryable, memberId: number): Promise<string | null> {
  const row = await q.one<{ payee: string | null }>(
    `SELECT nullif(trim(profile->>'payeeName'), '') AS payee FROM members WHERE id = $1 FOR UPDATE`,
    [memberId],
  );
  return row?.payee ?? null;
}

export async function setNickname(q: Queryable, memberId: number, nickname: string): Promise<void> {
  await q.query('UPDATE members SET nickname = $2 WHERE id = $1', [memberId, nickname]);
}

/** Merges fields into the member's profile (jsonb). */
export async function mergeProfile(q: Queryable, memberId: number, fields: Record<string, unknown>): Promise<void> {
  await q.query('UPDATE members SET profile = profile || $2::jsonb WHERE id = $1', [memberId, JSON.stringify(fields)]);
}

export interface DeviceRow {
  token_hash: string;
  created_at: Date;
  last_seen_at: Date;
  ip: string | null;
  user_agent: string | null;
}

/** The member's live sessions (50 at most), the one of `currentHash` first, then the last seen. */
export async function liveSessions(q: Queryable, memberId: number, currentHash: string): Promise<DeviceRow[]> {
  return q.query<DeviceRow>(
    `SELECT token_hash, created_at, last_seen_at, ip, user_agent FROM sessions
      WHERE member_id = $1 AND revoked_at IS NULL AND expires_at > now()
        AND last_seen_at + make_interval(secs => idle_timeout_s) > now()
      ORDER BY (token_hash = $2) DESC, last_seen_at DESC LIMIT 50`,
    [memberId, currentHash],
  );
}

/** How many of the member's sessions other than `currentHash` are not revoked. */
export async function otherSessionCount(q: Queryable, memberId: number, currentHash: string): Promise<number> {
  const row = await q.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM sessions WHERE member_id = $1 AND revoked_at IS NULL AND token_hash <> $2`,
    [memberId, currentHash],
  );
  return row?.n ?? 0;
}

/** Revokes the member's remembered logins not used yet. */
export async function revokeRememberTokens(q: Queryable, memberId: number): Promise<void> {
  await q.query('UPDATE remember_tokens SET revoked_at = now() WHERE member_id = $1 AND revoked_at IS NULL AND used_at IS NULL', [
    memberId,
  ]);
}

// ---- the authenticator app

/** Whether the app is confirmed and how many recovery codes are unused; null when never set up. */
export async function authenticatorRow(q: Queryable, memberId: number): Promise<{ enabled: boolean; left: number } | null> {
  return q.one<{ enabled: boolean; left: number }>(
    `SELECT (t.confirmed_at IS NOT NULL) AS enabled,
            (SELECT count(*)::int FROM member_totp_recovery r WHERE r.member_id = $1 AND r.used_at IS NULL) AS left
       FROM member_totp t WHERE t.member_id = $1`,
    [memberId],
  );
}

/** Stores a new sealed secret, replacing one not confirmed yet: false when the app is already on. */
export async function upsertPendingTotp(q: Queryable, memberId: number, secretSealed: string): Promise<boolean> {
  const replaced = await q.one(
    `INSERT INTO member_totp (member_id, secret_sealed) VALUES ($1, $2)
     ON CONFLICT (member_id) DO UPDATE SET secret_sealed = EXCLUDED.secret_sealed, created_at = now(), last_step = NULL
       WHERE member_totp.confirmed_at IS NULL
     RETURNING 1`,
    [memberId, secretSealed],
  );
  return !!replaced;
}

/** True when a setup waits for its first code (pending) or when the app is on (confirmed). */
export async function totpIn(q: Queryable, memberId: number, state: 'pending' | 'confirmed'): Promise<boolean> {
  const row =
    state === 'pending'
      ? await q.one('SELECT 1 FROM member_totp WHERE member_id = $1 AND confirmed_at IS NULL', [memberId])
      : await q.one('SELECT 1 FROM member_totp WHERE member_id = $1 AND confirmed_at IS NOT NULL', [memberId]);
  return !!row;
}

export async function confirmTotp(q: Queryable, memberId: number): Promise<void> {
  await q.query('UPDATE member_totp SET confirmed_at = now() WHERE member_id = $1', [memberId]);
}

/** Turns the app off: its secret and recovery codes go. */
export async function deleteTotp(q: Queryable, memberId: number): Promise<void> {
  await q.query('DELETE FROM member_totp_recovery WHERE member_id = $1', [memberId]);
  await q.query('DELETE FROM member_totp WHERE member_id = $1', [memberId]);
}

// ---- binding a mobile number or an e-mail

export interface Contact {
  mobile_num: string | null;
  country_dialing_code: string | null;
  email: string | null;
  language: string;
  password_hash: string | null;
}

export const contactOf = (q: Queryable, id: number) =>
  q.one<Contact>(`SELECT mobile_num, country_dialing_code, email, language, password_hash FROM members WHERE id = $1`, [id]);

/** True when another member has this national mobile number. */
export async function mobileTakenByOther(q: Queryable, national: string, memberId: number): Promise<boolean> {
  return !!(await q.one('SELECT 1 FROM members WHERE mobile_num = $1 AND id <> $2', [national, memberId]));
}

/** True when another member has this (lower-cased) e-mail. */
export async function emailTakenByOther(q: Queryable, email: string, memberId: number): Promise<boolean> {
  return !!(await q.one('SELECT 1 FROM members WHERE lower(email) = $1 AND id <> $2', [email, memberId]));
}

export async function setMobile(q: Queryable, memberId: number, national: string, dialingCode: string | null): Promise<void> {
  await q.query('UPDATE members SET mobile_num = $2, country_dialing_code = $3 WHERE id = $1', [memberId, national, dialingCode]);
}

export async function setEmail(q: Queryable, memberId: number, email: string): Promise<void> {
  await q.query('UPDATE members SET email = $2 WHERE id = $1', [memberId, email]);
}

// ---- rebates

/** The end of the member's last rebate claim, or null. */
export async function lastRebateUpto(q: Queryable, memberId: number): Promise<Date | null> {
  const last = await q.one<{ upto: Date }>('SELECT upto FROM rebate_claims WHERE member_id = $1 ORDER BY upto DESC LIMIT 1', [
    memberId,
  ]);
  return last ? new Date(last.upto) : null;
}

/** The member's settled valid bets placed in (since, upto] by game type. */
export async function validBetsByType(
  q: Queryable,
  memberId: number,
  since: Date | null,
  upto: Date,
): Promise<{ game_type: string; valid_bet: string }[]> {
  return q.query<{ game_type: string; valid_bet: string }>(
    `SELECT game_type, sum(valid_bet)::text AS valid_bet FROM bet_records
      WHERE member_id = $1 AND status = 'SETTLED' AND ($2::timestamptz IS NULL OR placed_at > $2) AND placed_at <= $3
      GROUP BY game_type ORDER BY game_type`,
    [memberId, since, upto],
  );
}

/** The member's last 20 rebate claims. */
export async function rebateHistory(
  q: Queryable,
  memberId: number,
): Promise<{ period: string; amount: string; created_at: Date }[]> {
  return q.query<{ period: string; amount: string; created_at: Date }>(
    'SELECT period, amount::text, created_at FROM rebate_claims WHERE member_id = $1 ORDER BY upto DESC LIMIT 20',
    [memberId],
  );
}

/**
 * Takes the period's claim row (a placeholder amount until `settleRebateClaim`): false when the
 * period was claimed already. A concurrent claim waits on the row, then finds it taken.
 */
export async function takeRebatePeriod(q: Queryable, memberId: number, period: string, since: Date | null, upto: Date) {
  const taken = await q.one(
    `INSERT INTO rebate_claims (member_id, period, since, upto, amount, transaction_id) VALUES ($1, $2, $3, $4, 1, 0)
     ON CONFLICT (member_id, period) DO NOTHING RETURNING 1`,
    [memberId, period, since, upto],
  );
  return !!taken;
}

export async function settleRebateClaim(
  q: Queryable,
  memberId: number,
  period: string,
  amount: bigint,
  transactionId: number,
): Promise<void> {
  await q.query('UPDATE rebate_claims SET amount = $3, transaction_id = $4 WHERE member_id = $1 AND period = $2', [
    memberId,
    period,
    amount.toString(),
    transactionId,
  ]);
}

// ---- referrals

/** How many members registered with this referral code (upper-cased), and the latest 50 of them. */
export async function referredMembers(
  q: Queryable,
  code: string,
): Promise<{ total: number; rows: { account: string; created_at: Date }[] }> {
  const [count, rows] = await Promise.all([
    q.one<{ n: number }>(`SELECT count(*)::int AS n FROM members WHERE upper(referral_code) = $1 AND referral_code IS NOT NULL`, [
      code,
    ]),
    q.query<{ account: string; created_at: Date }>(
      `SELECT account, created_at FROM members WHERE upper(referral_code) = $1 AND referral_code IS NOT NULL
        ORDER BY created_at DESC, id DESC LIMIT 50`,
      [code],
    ),
  ]);
  return { total: count?.n ?? 0, rows };
}
