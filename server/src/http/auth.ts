import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db';
import { ApiError } from './envelope';

/** The member behind the request's session token. */
export interface SessionMember {
  id: number;
  account: string;
  nickname: string;
  type: number;
  language: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `loadMember` / `requireMember`; null for a guest. */
    member: SessionMember | null;
  }
}

export const SESSION_IDLE_TIMEOUT_S = 30 * 60;
export const SESSION_ABSOLUTE_TTL_S = 12 * 60 * 60;
/** last_seen_at is written at most this often, so a busy client does not write on every call. */
const TOUCH_INTERVAL_S = 60;
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The raw token from `Authorization: <token>` (the platform's form) or `Authorization: Bearer <token>`. */
export function tokenFrom(header: string | undefined): string | null {
  const token = header?.trim().replace(/^Bearer\s+/i, '');
  return token && TOKEN_FORMAT.test(token) ? token : null;
}

/** Issues a session: a 256-bit random token, returned once; only its hash is stored. */
export async function createSession(
  q: Queryable,
  memberId: number,
  meta: { ip?: string; userAgent?: string; passwordSetup?: boolean } = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const row = await q.one<{ expires_at: Date }>(
    `INSERT INTO sessions (token_hash, member_id, expires_at, idle_timeout_s, ip, user_agent, password_setup)
     VALUES ($1, $2, now() + make_interval(secs => $3), $4, $5, $6, $7) RETURNING expires_at`,
    [
      hashToken(token),
      memberId,
      SESSION_ABSOLUTE_TTL_S,
      SESSION_IDLE_TIMEOUT_S,
      meta.ip ?? null,
      meta.userAgent?.slice(0, 512) ?? null,
      meta.passwordSetup ?? false,
    ],
  );
  return { token, expiresAt: row!.expires_at };
}

/**
 * Revokes a token (a no-op for an unknown or already revoked one), and the wallet tokens of the games
 * it launched: a game page left open stops betting when its sign-in logs out (migration 0027).
 */
export async function revokeSession(q: Queryable, tokenHash: string): Promise<void> {
  await q.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [tokenHash]);
  // the remember token this sign-in was given ends with it (issue 15, hardening 9): a logout means "forget me here"
  await q.query(
    'UPDATE remember_tokens SET revoked_at = now() WHERE session_token_hash = $1 AND revoked_at IS NULL AND used_at IS NULL',
    [tokenHash],
  );
  await q.query('UPDATE wallet_sessions SET revoked_at = now() WHERE session_token_hash = $1 AND revoked_at IS NULL', [
    tokenHash,
  ]);
}

/** Every sign-in of a member ends: sessions (but `keep`), their games' wallet tokens, and every remember token. */
export async function revokeMemberSignIns(q: Queryable, memberId: number, keepTokenHash: string | null): Promise<void> {
  await revokeMemberSessions(q, memberId, keepTokenHash);
  await q.query('UPDATE remember_tokens SET revoked_at = now() WHERE member_id = $1 AND revoked_at IS NULL AND used_at IS NULL', [
    memberId,
  ]);
}

/**
 * Revokes every live session of a member, but the one named (the caller's own, when it stays), and
 * the wallet tokens of the games those sessions launched.
 */
export async function revokeMemberSessions(q: Queryable, memberId: number, keepTokenHash: string | null = null): Promise<void> {
  await q.query(
    `UPDATE sessions SET revoked_at = now()
      WHERE member_id = $1 AND revoked_at IS NULL AND ($2::text IS NULL OR token_hash <> $2)`,
    [memberId, keepTokenHash],
  );
  await q.query(
    `UPDATE wallet_sessions SET revoked_at = now()
      WHERE member_id = $1 AND revoked_at IS NULL AND session_token_hash IS NOT NULL
        AND ($2::text IS NULL OR session_token_hash <> $2)`,
    [memberId, keepTokenHash],
  );
}

/** The member of a live session (not revoked, not idle too long, not past its absolute expiry). */
export async function findSessionMember(q: Queryable, token: string): Promise<SessionMember | null> {
  const tokenHash = hashToken(token);
  const row = await q.one<SessionMember & { stale: boolean }>(
    `SELECT m.id, m.account, m.nickname, m.type, m.language,
            s.last_seen_at < now() - make_interval(secs => $2) AS stale
       FROM sessions s JOIN members m ON m.id = s.member_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
        AND s.last_seen_at + make_interval(secs => s.idle_timeout_s) > now()
        AND m.status = 0`,
    [tokenHash, TOUCH_INTERVAL_S],
  );
  if (!row) return null;
  const { stale, ...member } = row;
  if (stale) await q.query('UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1', [tokenHash]);
  return member;
}

/** preHandler: sets `request.member` from the Authorization header, or null (a guest). */
export async function loadMember(request: FastifyRequest): Promise<void> {
  const token = tokenFrom(request.headers.authorization);
  request.member = token ? await findSessionMember(request.server.db, token) : null;
}

/** preHandler: like `loadMember`, but refuses a guest with 401 NOT_LOGGED_IN. */
export async function requireMember(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  await loadMember(request);
  if (!request.member) throw new ApiError(401, 'NOT_LOGGED_IN', 'Not logged in, please login');
}
