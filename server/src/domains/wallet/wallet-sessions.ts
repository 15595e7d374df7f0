import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/db';

/**
 * Wallet sessions: the token a game launch hands to the vendor (inside the game's address, as its
 * `token` query parameter) and the vendor sends back with every wallet-API call. 256 random bits,
 * returned once; only the SHA-256 is stored.
 */

/** A launch's wallet token lives this long (the game page stays playable for a day). */
export const WALLET_SESSION_TTL_S = 24 * 3600;

export interface WalletSession {
  memberId: number;
  vendorCode: string;
  nodeId: number | null;
  accountType: 0 | 1;
  expired: boolean;
}

export const walletTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/**
 * Issues the wallet token of a launch (accountType 0: a free trial, which never touches the ledger).
 * With `signinTokenHash` (the sign-in the launch came from) the token expires no later than that
 * sign-in, ends when it logs out, and is shortened with it by a session time limit.
 */
export async function issueWalletSession(
  q: Queryable,
  s: {
    memberId: number;
    vendorCode: string;
    nodeId: number | null;
    accountType: 0 | 1;
    ttlSeconds?: number;
    signinTokenHash?: string | null;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const row = await q.one<{ expires_at: Date }>(
    `INSERT INTO wallet_sessions (token_hash, member_id, vendor_code, node_id, account_type, expires_at, session_token_hash)
     VALUES ($1, $2, $3, $4, $5,
             least(now() + make_interval(secs => $6), (SELECT expires_at FROM sessions WHERE token_hash = $7::text)), $7::text)
     RETURNING expires_at`,
    [
      walletTokenHash(token),
      s.memberId,
      s.vendorCode,
      s.nodeId,
      s.accountType,
      s.ttlSeconds ?? WALLET_SESSION_TTL_S,
      s.signinTokenHash ?? null,
    ],
  );
  return { token, expiresAt: row!.expires_at };
}

/**
 * The session behind a token, or null for an unknown, malformed or revoked one (an expired one is
 * returned with `expired: true`: a bet needs a live session, a win or rollback of an earlier bet
 * does not).
 */
export async function findWalletSession(q: Queryable, token: string): Promise<WalletSession | null> {
  if (!TOKEN_FORMAT.test(token)) return null;
  const row = await q.one<{
    member_id: number;
    vendor_code: string;
    node_id: number | null;
    account_type: 0 | 1;
    expired: boolean;
  }>(
    `SELECT member_id, vendor_code, node_id, account_type, expires_at <= now() AS expired
       FROM wallet_sessions WHERE token_hash = $1 AND revoked_at IS NULL`,
    [walletTokenHash(token)],
  );
  if (!row) return null;
  return {
    memberId: Number(row.member_id),
    vendorCode: row.vendor_code,
    nodeId: row.node_id === null ? null : Number(row.node_id),
    accountType: row.account_type,
    expired: row.expired,
  };
}

/** Ends every wallet session of a member (logout everywhere, self-exclusion). */
export async function revokeWalletSessions(q: Queryable, memberId: number): Promise<void> {
  await q.query(`UPDATE wallet_sessions SET revoked_at = now() WHERE member_id = $1 AND revoked_at IS NULL`, [memberId]);
}

/** Ends the games a sign-in launched (its logout). */
export async function revokeSigninWalletSessions(q: Queryable, signinTokenHash: string): Promise<void> {
  await q.query(`UPDATE wallet_sessions SET revoked_at = now() WHERE session_token_hash = $1 AND revoked_at IS NULL`, [
    signinTokenHash,
  ]);
}

/** Shortens the games of a member's sign-ins to their sign-in's expiry (a session time limit applied). */
export async function capWalletSessionsToSignins(q: Queryable, memberId: number): Promise<void> {
  await q.query(
    `UPDATE wallet_sessions w SET expires_at = s.expires_at
       FROM sessions s
      WHERE w.member_id = $1 AND w.revoked_at IS NULL AND w.session_token_hash = s.token_hash AND w.expires_at > s.expires_at`,
    [memberId],
  );
}
