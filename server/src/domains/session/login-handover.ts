import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { hashToken } from '../../http/auth';

/**
 * One-time login codes (issue 15, hardening 5). A link for the browser (`/?login=<code>`) hands over a
 * session without carrying its token: the page exchanges the code once, within a minute, at
 * `POST /wps/session/handover`. Only operators issue codes, so nobody can craft a link that signs a
 * visitor in to an account of their choosing (login CSRF); the storefront also never lets a code
 * replace a session the tab already has.
 *
 * The table keeps the code's SHA-256 and the session token sealed (AES-256-GCM) under a key drawn from
 * the code: the rows alone open no session.
 */
export const LOGIN_CODE_TTL_S = 60;
export const LOGIN_CODE_PATTERN = '^[A-Za-z0-9_-]{43}$';

const codeHash = (code: string) => createHash('sha256').update(`login-code:${code}`).digest('hex');
const codeKey = (code: string) => createHash('sha256').update(`login-key:${code}`).digest();

function seal(code: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', codeKey(code), iv);
  const data = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
}

function open(code: string, sealed: string): string | null {
  const raw = Buffer.from(sealed, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', codeKey(code), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A one-time code for a live session's token, or null when the token is no live session. */
export async function issueLoginCode(q: Queryable, token: string): Promise<{ code: string; expiresAt: Date } | null> {
  const session = await q.one('SELECT 1 FROM sessions WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()', [
    hashToken(token),
  ]);
  if (!session) return null;
  const code = randomBytes(32).toString('base64url');
  const row = await q.one<{ expires_at: Date }>(
    `INSERT INTO login_handovers (code_hash, session_hash, sealed_token, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4)) RETURNING expires_at`,
    [codeHash(code), hashToken(token), seal(code, token), LOGIN_CODE_TTL_S],
  );
  return { code, expiresAt: row!.expires_at };
}

/** The session token behind a code, once: null for an unknown, used or expired code or an ended session. */
export async function redeemLoginCode(q: Queryable, code: string): Promise<string | null> {
  const row = await q.one<{ sealed_token: string; session_hash: string }>(
    `UPDATE login_handovers SET used_at = now()
      WHERE code_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING sealed_token, session_hash`,
    [codeHash(code)],
  );
  if (!row) return null;
  const token = open(code, row.sealed_token);
  if (!token || hashToken(token) !== row.session_hash) return null;
  const live = await q.one(
    `SELECT 1 FROM sessions s JOIN members m ON m.id = s.member_id
      WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
        AND s.last_seen_at + make_interval(secs => s.idle_timeout_s) > now() AND m.status = 0`,
    [row.session_hash],
  );
  return live ? token : null;
}
