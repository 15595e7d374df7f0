// What every way in (login, verification, registration, free play) ends with: a new session and
// the LoginValue of the contract (shared/api/src/auth.ts).
import { createHash, randomBytes } from 'node:crypto';
import type { LoginValue, LoginVerificationChallenge } from '@khela/api/auth';
import type { Queryable } from '../../db/db';
import { createSession, hashToken, revokeSession } from '../../http/auth';
import type { SystemSettings } from '../../services/settings';
import { authenticatorEnabled } from '../centre/authenticator';
import { onSessionStart } from '../rg/rg.service';

/** Remember-me lasts one day (the spec's 86400000 ms). */
export const REMEMBER_TTL_S = 86_400;
/** An extra-verification challenge lives 10 minutes. */
export const LOGIN_VERIFICATION_TTL_S = 600;

export interface LoginMember {
  id: number;
  account: string;
  nickname: string;
  type: number;
  status: number;
  password_hash: string | null;
  temp_password_hash: string | null;
  temp_live: boolean;
  must_change_password: boolean;
  password_changed_at: Date | null;
  last_login_at: Date | null;
  mobile_num: string | null;
  country_dialing_code: string | null;
  email: string | null;
  language: string;
}

export const LOGIN_MEMBER_COLUMNS = `id, account, nickname, type, status, password_hash, temp_password_hash,
  (temp_password_hash IS NOT NULL AND temp_password_expires_at > now()) AS temp_live,
  must_change_password, password_changed_at, last_login_at, mobile_num, country_dialing_code, email, language`;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
export const deviceHash = (deviceId: string) => sha256(`device:${deviceId}`);

/** The member a login name names: the account, else a mobile number. */
export async function findLoginMember(q: Queryable, name: string): Promise<LoginMember | null> {
  const n = name.trim();
  return q.one<LoginMember>(
    `SELECT ${LOGIN_MEMBER_COLUMNS} FROM members WHERE account = $1 OR mobile_num = $2
      ORDER BY (account = $1) DESC LIMIT 1`,
    [n.toLowerCase(), n],
  );
}

export async function findMemberById(q: Queryable, id: number): Promise<LoginMember | null> {
  return q.one<LoginMember>(`SELECT ${LOGIN_MEMBER_COLUMNS} FROM members WHERE id = $1`, [id]);
}

export function passwordExpired(
  settings: SystemSettings,
  member: Pick<LoginMember, 'password_changed_at' | 'password_hash'>,
): boolean {
  if (settings.passwordPolicy !== true || !member.password_hash || !member.password_changed_at) return false;
  const days = settings.passwordMaxAgeDays ?? 90;
  return Date.now() - new Date(member.password_changed_at).getTime() > days * 86_400_000;
}

export interface SessionContext {
  ip: string;
  userAgent?: string;
  /** a token sent with the login (Authorization): revoked, the new session replaces it */
  presentedToken?: string | null;
  presentedTokenHash?: string | null;
  /** issue a remember token bound to this device (hash of the browser's device id) */
  rememberDevice?: string | null;
  /** the session may set the first password without the old one */
  passwordSetup?: boolean;
}

/** Opens a session (in the caller's transaction) and answers the LoginValue. */
export async function startSession(
  q: Queryable,
  settings: SystemSettings,
  member: LoginMember,
  ctx: SessionContext,
): Promise<LoginValue> {
  const presented = ctx.presentedTokenHash ?? (ctx.presentedToken ? hashToken(ctx.presentedToken) : null);
  if (presented) await revokeSession(q, presented);
  const session = await createSession(q, member.id, { ip: ctx.ip, userAgent: ctx.userAgent, passwordSetup: ctx.passwordSetup });
  // responsible gambling: an excluded member gets no session (throws; the transaction rolls back),
  // and a session time limit shortens this one
  await onSessionStart(q, member.id, hashToken(session.token));
  await rememberIp(q, member.id, ctx.ip);
  await q.query('UPDATE members SET last_login_at = now() WHERE id = $1', [member.id]);
  let rememberToken: string | undefined;
  if (ctx.rememberDevice) {
    // one live token per member and device: a new one replaces the old
    await q.query(
      `UPDATE remember_tokens SET revoked_at = now() WHERE member_id = $1 AND device_hash = $2 AND used_at IS NULL AND revoked_at IS NULL`,
      [member.id, ctx.rememberDevice],
    );
    rememberToken = randomBytes(32).toString('base64url');
    await q.query(
      `INSERT INTO remember_tokens (token_hash, member_id, device_hash, expires_at, session_token_hash)
       VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5)`,
      [hashToken(rememberToken), member.id, ctx.rememberDevice, REMEMBER_TTL_S, hashToken(session.token)],
    );
  }
  return {
    token: session.token,
    firstTimeLogin: member.last_login_at === null,
    passwordExpired: passwordExpired(settings, member),
    defaultPassword: member.must_change_password,
    member: { id: member.id, account: member.account, nickname: member.nickname, type: member.type },
    ...(ctx.passwordSetup ? { passwordSetup: true } : {}),
    ...(rememberToken ? { rememberToken } : {}),
  };
}

export async function rememberIp(q: Queryable, memberId: number, ip: string): Promise<void> {
  await q.query(
    `INSERT INTO member_known_ips (member_id, ip) VALUES ($1, $2)
     ON CONFLICT (member_id, ip) DO UPDATE SET last_seen_at = now()`,
    [memberId, ip],
  );
}

/**
 * Whether a login must be verified first: the setting is on, the member has a bound mobile or
 * e-mail to send a code to (or an authenticator app), has logged in or registered before, and
 * never from this IP.
 */
export async function needsIpVerification(
  q: Queryable,
  settings: SystemSettings,
  member: LoginMember,
  ip: string,
): Promise<boolean> {
  if (settings.loginIpVerification === false) return false;
  if (!member.mobile_num && !member.email && !(await authenticatorEnabled(q, member.id)) && !(await hasBankAccount(q, member.id)))
    return false;
  const row = await q.one<{ known: number; this_ip: boolean }>(
    `SELECT count(*)::int AS known, bool_or(ip = $2) AS this_ip FROM member_known_ips WHERE member_id = $1`,
    [member.id, ip],
  );
  return (row?.known ?? 0) > 0 && !row?.this_ip;
}

/** Whether the member has a bound (not removed) bank account: its holder's name verifies a login (method BANK). */
export async function hasBankAccount(q: Queryable, memberId: number): Promise<boolean> {
  const row = await q.one(
    `SELECT 1 FROM withdraw_accounts WHERE member_id = $1 AND method = 'BANK' AND removed_at IS NULL LIMIT 1`,
    [memberId],
  );
  return row !== null;
}

/** A name as compared: letters kept, case, accents' case and runs of spaces ignored. */
export const normalName = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

/** Whether `name` is the holder's name of one of the member's bound bank accounts. */
export async function bankNameMatches(q: Queryable, memberId: number, name: string): Promise<boolean> {
  const given = normalName(name);
  if (!given) return false;
  const rows = await q.query<{ holder_name: string }>(
    `SELECT holder_name FROM withdraw_accounts WHERE member_id = $1 AND method = 'BANK' AND removed_at IS NULL`,
    [memberId],
  );
  return rows.some((r) => normalName(r.holder_name) === given);
}

export function maskMobile(mobile: string): string {
  if (mobile.length <= 6) return '•'.repeat(mobile.length);
  return mobile.slice(0, 3) + '•'.repeat(mobile.length - 6) + mobile.slice(-3);
}

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** Records an extra-verification challenge for a login whose password was right. */
export async function createChallenge(
  q: Queryable,
  member: LoginMember,
  ctx: { ip: string; rememberDevice?: string | null; presentedTokenHash?: string | null; viaTempPassword?: boolean },
): Promise<LoginVerificationChallenge> {
  const verificationId = randomBytes(16).toString('base64url');
  const methods: LoginVerificationChallenge['methods'] = [];
  if (member.mobile_num) methods.push('MOBILE');
  if (member.email) methods.push('EMAIL');
  if (await authenticatorEnabled(q, member.id)) methods.push('GOOGLE');
  if (await hasBankAccount(q, member.id)) methods.push('BANK');
  await q.query(
    `INSERT INTO login_verifications (id_hash, member_id, ip, methods, remember, device_hash, revoke_token_hash, temp_password, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(secs => $9))`,
    [
      sha256(verificationId),
      member.id,
      ctx.ip,
      methods,
      Boolean(ctx.rememberDevice),
      ctx.rememberDevice ?? null,
      ctx.presentedTokenHash ?? null,
      ctx.viaTempPassword ?? false,
      LOGIN_VERIFICATION_TTL_S,
    ],
  );
  return {
    verificationId,
    methods,
    ...(member.mobile_num ? { maskedMobile: maskMobile(member.mobile_num) } : {}),
    ...(member.email ? { maskedEmail: maskEmail(member.email) } : {}),
  };
}
