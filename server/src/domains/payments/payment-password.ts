// The payment password: six digits, argon2id like the login password (app.auth.passwords), asked
// before money leaves (a withdrawal) and before a payout account is bound or removed. Wrong
// attempts are counted per member (in Redis when REDIS_URL is set, so every server counts
// together); past the operator's limit the payment password is locked for the window.
import type { FastifyInstance } from 'fastify';
import { PAYMENT_PASSWORD, weakPaymentPassword } from '@khela/api/payments';
import type { Queryable } from '../../db/db';
import { ApiError } from '../../http/envelope';
import { retrySeconds } from '../../services/rate-limit';
import { memberPaymentRow, setPaymentPasswordHash } from './payments.repo';
import type { PaymentRules } from './rules';

const failKey = (memberId: number) => `paypwd:fail:${memberId}`;
const lockKey = (memberId: number) => `paypwd:lock:${memberId}`;

/** Refuses (and counts) a wrong payment password; resolves when it is right. */
export async function checkPaymentPassword(
  app: FastifyInstance,
  memberId: number,
  given: string,
  rules: PaymentRules,
): Promise<void> {
  const limiter = app.auth.limiter;
  const locked = await limiter.lockedFor(lockKey(memberId));
  if (locked > 0) {
    throw new ApiError(429, 'PAYMENT_PASSWORD_LOCKED', 'Too many wrong payment passwords: try again later', {
      retryAfterSeconds: retrySeconds(locked),
    });
  }
  const row = await memberPaymentRow(app.db, memberId);
  if (!row?.payment_password_hash) {
    throw new ApiError(409, 'PAYMENT_PASSWORD_NOT_SET', 'Set a payment password first');
  }
  if (PAYMENT_PASSWORD.test(given) && (await app.auth.passwords.verify(row.payment_password_hash, given))) {
    await limiter.reset(failKey(memberId));
    return;
  }
  const windowMs = rules.paymentPasswordLockMinutes * 60_000;
  const hit = await limiter.hit(failKey(memberId), rules.paymentPasswordMaxFailures, windowMs);
  if (hit.count >= rules.paymentPasswordMaxFailures) {
    await limiter.lock(lockKey(memberId), windowMs);
    await limiter.reset(failKey(memberId));
    throw new ApiError(429, 'PAYMENT_PASSWORD_LOCKED', 'Too many wrong payment passwords: try again later', {
      retryAfterSeconds: retrySeconds(windowMs),
    });
  }
  throw new ApiError(400, 'PAYMENT_PASSWORD_WRONG', 'The payment password is wrong', {
    attemptsLeft: rules.paymentPasswordMaxFailures - hit.count,
    fields: { paymentPassword: 'PAYMENT_PASSWORD_WRONG' },
  });
}

/** The new payment password's rules: 6 digits, not weak, equal to its confirmation (400 otherwise). */
export function assertNewPaymentPassword(body: { newPassword: string; confirmPassword: string }): void {
  if (!PAYMENT_PASSWORD.test(body.newPassword)) {
    throw new ApiError(400, 'PAYMENT_PASSWORD_FORMAT', 'The payment password is 6 digits', {
      fields: { newPassword: 'PAYMENT_PASSWORD_FORMAT' },
    });
  }
  if (weakPaymentPassword(body.newPassword)) {
    throw new ApiError(400, 'PAYMENT_PASSWORD_WEAK', 'Choose digits that are not all the same nor a run like 123456', {
      fields: { newPassword: 'PAYMENT_PASSWORD_WEAK' },
    });
  }
  if (body.confirmPassword !== body.newPassword) {
    throw new ApiError(400, 'PAYMENT_PASSWORD_MISMATCH', 'The two entries differ', {
      fields: { confirmPassword: 'PAYMENT_PASSWORD_MISMATCH' },
    });
  }
}

/** A payment password reset by a code (the security centre): the new hash, and the lock of wrong attempts lifted. */
export async function resetPaymentPassword(
  app: FastifyInstance,
  q: Queryable,
  memberId: number,
  newPassword: string,
): Promise<void> {
  await setPaymentPasswordHash(q, memberId, await app.auth.passwords.hash(newPassword));
  await app.auth.limiter.reset(failKey(memberId));
  await app.auth.limiter.reset(lockKey(memberId));
}

/**
 * Sets the payment password: the first time with the session alone (the withdraw page asks for it
 * when missing), afterwards only with the current one (checked and counted like any attempt).
 */
export async function setPaymentPassword(
  app: FastifyInstance,
  memberId: number,
  body: { newPassword: string; confirmPassword: string; oldPassword?: string },
  rules: PaymentRules,
): Promise<{ changed: boolean }> {
  assertNewPaymentPassword(body);
  const row = await memberPaymentRow(app.db, memberId);
  const existing = !!row?.payment_password_hash;
  if (existing) {
    if (!body.oldPassword) {
      throw new ApiError(409, 'PAYMENT_PASSWORD_SET', 'A payment password is set: give the current one to change it', {
        fields: { oldPassword: 'PAYMENT_PASSWORD_SET' },
      });
    }
    await checkPaymentPassword(app, memberId, body.oldPassword, rules);
  }
  const hash = await app.auth.passwords.hash(body.newPassword);
  const updated = await app.db.tx(async (q) => {
    // a concurrent first setting: the one that finds none set wins
    const now = await memberPaymentRow(q, memberId, { forUpdate: true });
    if (!existing && now?.payment_password_hash) return false;
    await setPaymentPasswordHash(q, memberId, hash);
    return true;
  });
  if (!updated) throw new ApiError(409, 'PAYMENT_PASSWORD_SET', 'A payment password was set meanwhile');
  return { changed: existing };
}
