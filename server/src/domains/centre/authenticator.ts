// The authenticator app (TOTP, RFC 6238: HMAC-SHA1, 6 digits, 30-second steps) of the security
// centre, and the "Google code" of the login's extra verification. The secret is stored sealed
// (wrapSecret); a code is accepted one step either side of now (a phone's clock drifts, a code
// typed at the end of its step arrives in the next one) and each step once (the last one used is
// kept). Recovery codes are random, stored hashed, and each works once in place of a code.
import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import type { Queryable } from '../../db/db';
import { unwrapSecret, wrapSecret } from '../../http/sealed';

export const TOTP_PERIOD_S = 30;
/** steps accepted either side of now */
export const TOTP_WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 8;
export const TOTP_ISSUER = 'Khela';

/** The step a TOTP code accepted at `epochSeconds` belongs to, or null (wrong, outside the window, or not after `afterStep`). */
export function totpStep(secret: string, code: string, epochSeconds: number, afterStep: number | null = null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const result = verifySync({
    secret,
    token: code,
    epoch: epochSeconds,
    epochTolerance: TOTP_PERIOD_S * TOTP_WINDOW_STEPS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  if (!result.valid) return null;
  // the step of the code that matched: now's step moved by the match's offset
  return Math.floor(epochSeconds / TOTP_PERIOD_S) + result.delta;
}

export const newTotpSecret = (): string => generateSecret();
export const totpUri = (account: string, secret: string) => generateURI({ issuer: TOTP_ISSUER, label: account, secret });

// Recovery codes: 10 characters of an alphabet without look-alikes (50 bits), shown as xxxxx-xxxxx.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}
/** The typed code as stored: lower case, without spaces and dashes. */
const normaliseRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
export const isRecoveryShape = (code: string) => /^[a-z0-9]{10}$/.test(normaliseRecovery(code));
const recoveryHash = (memberId: number, code: string) =>
  createHash('sha256')
    .update(`totp-recovery:${memberId}:${normaliseRecovery(code)}`)
    .digest('hex');

export const sealTotpSecret = (secret: string) => wrapSecret(Buffer.from(secret));
export const openTotpSecret = (sealed: string) => unwrapSecret(sealed).toString();

/** Whether the member has a confirmed authenticator. */
export async function authenticatorEnabled(q: Queryable, memberId: number): Promise<boolean> {
  return (await q.one(`SELECT 1 FROM member_totp WHERE member_id = $1 AND confirmed_at IS NOT NULL`, [memberId])) !== null;
}

/** Replaces the member's recovery codes with new ones; answers them (stored only hashed). */
export async function issueRecoveryCodes(q: Queryable, memberId: number): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  await q.query('DELETE FROM member_totp_recovery WHERE member_id = $1', [memberId]);
  for (const code of codes)
    await q.query('INSERT INTO member_totp_recovery (member_id, code_hash) VALUES ($1, $2)', [
      memberId,
      recoveryHash(memberId, code),
    ]);
  return [...codes];
}

/**
 * Uses up a code of the member's authenticator (confirmed or, with `pending`, the one being set
 * up): a TOTP code of a step after the last one used, or an unused recovery code (not for
 * `pending`). Run it in the transaction that acts on the code. Answers whether it was accepted.
 */
export async function useAuthenticatorCode(
  q: Queryable,
  memberId: number,
  raw: string,
  opts: { pending?: boolean; nowMs?: number } = {},
): Promise<boolean> {
  const code = raw.trim();
  const row = await q.one<{ secret_sealed: string; last_step: string | null }>(
    `SELECT secret_sealed, last_step::text FROM member_totp
      WHERE member_id = $1 AND (confirmed_at IS NOT NULL) = $2 FOR UPDATE`,
    [memberId, !opts.pending],
  );
  if (!row) return false;
  if (/^\d{6}$/.test(code)) {
    const last = row.last_step === null ? null : Number(row.last_step);
    const step = totpStep(openTotpSecret(row.secret_sealed), code, Math.floor((opts.nowMs ?? Date.now()) / 1000), last);
    if (step === null) return false;
    await q.query('UPDATE member_totp SET last_step = $2 WHERE member_id = $1', [memberId, step]);
    return true;
  }
  if (opts.pending || !isRecoveryShape(code)) return false;
  const used = await q.one(
    `UPDATE member_totp_recovery SET used_at = now() WHERE member_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1`,
    [memberId, recoveryHash(memberId, code)],
  );
  return used !== null;
}
