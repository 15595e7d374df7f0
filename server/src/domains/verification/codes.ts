// One-time codes sent by SMS or e-mail: stored as an HMAC under a server secret, single use, short-lived; only the newest
// code of a (purpose, target) counts. Sends are throttled (once a second per target and per IP),
// counted (too many for one target lock it for 5 minutes) and wrong guesses are limited.
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FieldRule } from '@khela/validation';
import { matchesRule } from '@khela/validation';
import { SMS_ERRORS } from '@khela/api/auth';
import type { Queryable } from '../../db/db';
import { ApiError } from '../../http/envelope';
import { unwrapSecret, wrapSecret } from '../../http/sealed';
import { codeSubject, codeText, MessagingError, type CodePurpose, type MessageLang } from '../../services/messaging';
import { retrySeconds } from '../../services/rate-limit';

export const CODE_LENGTH = 6;
const SEND_LOCK_MS = 5 * 60_000;
const TEN_MINUTES = 10 * 60_000;

const CODE_SECRET = 'verification-codes';

/**
 * The server secret codes are keyed with (issue 15, hardening 10): made at first use, one row every
 * instance reads (the first writer wins), stored under KHELA_SEAL_KEK when that is set. A bare SHA-256
 * of six digits is reversed in a million tries by whoever reads the table; the HMAC needs the secret.
 */
export async function codeSecret(q: Queryable): Promise<Buffer> {
  const read = () => q.one<{ secret: string }>('SELECT secret FROM server_secrets WHERE name = $1', [CODE_SECRET]);
  let row = await read();
  if (!row) {
    await q.query('INSERT INTO server_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
      CODE_SECRET,
      wrapSecret(randomBytes(32)),
    ]);
    row = await read();
  }
  return unwrapSecret(row!.secret);
}

const codeHash = (secret: Buffer, purpose: CodePurpose, target: string, code: string) =>
  createHmac('sha256', secret).update(`${purpose}:${target}:${code}`).digest('hex');

export function randomCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

/** Stores a new code (the older ones of the same purpose and target stop counting). */
export async function storeCode(
  q: Queryable,
  purpose: CodePurpose,
  target: string,
  ip: string,
  minutes: number,
): Promise<string> {
  const code = randomCode();
  await q.query(
    `INSERT INTO verification_codes (purpose, target, code_hash, ip, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5))`,
    [purpose, target, codeHash(await codeSecret(q), purpose, target, code), ip, minutes],
  );
  if (randomInt(50) === 0) await q.query(`DELETE FROM verification_codes WHERE expires_at < now() - interval '1 day'`);
  return code;
}

/**
 * Uses the code up when it is the newest one of (purpose, target), unused, unexpired and equal;
 * false otherwise (wrong, expired, reused, superseded or never sent). Run it in the transaction
 * that acts on the code, so a refusal later in it leaves the code unused.
 */
export async function useCode(q: Queryable, purpose: CodePurpose, target: string, code: string): Promise<boolean> {
  if (!/^\d{4,8}$/.test(code)) return false;
  const row = await q.one(
    `UPDATE verification_codes SET used_at = now()
      WHERE id = (SELECT id FROM verification_codes WHERE purpose = $1 AND target = $2 ORDER BY id DESC LIMIT 1)
        AND used_at IS NULL AND expires_at > now() AND code_hash = $3
      RETURNING id`,
    [purpose, target, codeHash(await codeSecret(q), purpose, target, code.trim())],
  );
  return row !== null;
}

const guessKey = (purpose: CodePurpose, target: string) => `code:guess:${purpose}:${target}`;

/**
 * One guess at a code, counted atomically before it is checked (issue 15, hardening 6): a burst of
 * parallel guesses can't all pass a "fewer than five so far" check before any is counted. Refuses
 * when the target has had its guesses; runs `check`, which answers null for a wrong code (the guess
 * stays counted) or a value for a right one (the guess is taken back, as is one whose check threw
 * before it could tell: the code was not tried).
 */
export async function withGuess<T>(
  app: FastifyInstance,
  purpose: CodePurpose,
  target: string,
  errorCode: string,
  check: () => Promise<T | null>,
): Promise<T | null> {
  const limits = await app.auth.limits();
  const key = guessKey(purpose, target);
  const { limiter } = app.auth;
  const guess = await limiter.hit(key, Number.MAX_SAFE_INTEGER, TEN_MINUTES);
  if (guess.count > limits.codeGuesses) {
    await limiter.undo(key);
    throw new ApiError(400, errorCode, 'Verification code invalid or expired: send a new one');
  }
  let value: T | null;
  try {
    value = await check();
  } catch (err) {
    await limiter.undo(key);
    throw err;
  }
  if (value !== null) await limiter.undo(key);
  return value;
}

export async function clearGuesses(app: FastifyInstance, purpose: CodePurpose, target: string): Promise<void> {
  await app.auth.limiter.reset(guessKey(purpose, target));
}

// ---------------------------------------------------------------------------------------------
// Mobile numbers

export const DEFAULT_DIALING_CODE = '+880';

export interface Mobile {
  /** the national number as members type and store it, e.g. 01712345678 */
  national: string;
  dialingCode: string;
  /** E.164, e.g. +8801712345678: what the SMS gateway gets and codes are bound to */
  e164: string;
}

/**
 * A mobile number in the operator's format (the mobileNum field rule; Bangladesh: 01[3-9] and 8
 * digits). Spaces and dashes are ignored; for +880 the country code may be typed too. Throws 400
 * PHONE_FORMAT_INVALID.
 */
export function parseMobile(raw: string, dialingCode: string | undefined, rule: FieldRule | null): Mobile {
  const dialing = (dialingCode ?? DEFAULT_DIALING_CODE).trim();
  let national = raw.replace(/[\s-]/g, '');
  const fail = () => new ApiError(400, SMS_ERRORS.phoneFormat, 'Invalid phone number format');
  if (!/^\+[1-9]\d{0,3}$/.test(dialing)) throw fail();
  if (dialing === '+880') {
    if (/^\+?880\d{10}$/.test(national)) national = national.replace(/^\+?88/, '');
  }
  if (!/^\d{4,15}$/.test(national)) throw fail();
  if (dialing === DEFAULT_DIALING_CODE && rule && rule.acceptedPattern && matchesRule(rule, national) !== true) throw fail();
  return { national, dialingCode: dialing, e164: `${dialing}${national.replace(/^0+/, '')}` };
}

export async function mobileRule(q: Queryable): Promise<FieldRule | null> {
  return q.one<FieldRule>(
    `SELECT field, enabled, required, pattern_id AS "patternId", accepted_pattern AS "acceptedPattern",
            min_length AS "minLength", max_length AS "maxLength" FROM registration_field_rules WHERE field = 'mobileNum'`,
  );
}

// ---------------------------------------------------------------------------------------------
// Sending

export interface SendCode {
  purpose: CodePurpose;
  /** what the code is bound to (a mobile's E.164, an e-mail, a verification) */
  target: string;
  channel: 'sms' | 'email';
  /** the number (E.164) or address to deliver to; null: answer the same, deliver nothing (no enumeration) */
  to: string | null;
  lang: MessageLang;
  /**
   * Deliver after answering (the answer and its timing then do not depend on whether the number
   * belongs to a member). A delivery failure is only logged.
   */
  background?: boolean;
}

/** Throttles, stores and delivers a code; answers the minutes it is valid for. */
export async function sendCode(app: FastifyInstance, request: FastifyRequest, s: SendCode): Promise<{ expiredMinutes: number }> {
  const { limiter } = app.auth;
  const limits = await app.auth.limits();
  const settings = await app.settings.get();
  const minutes = settings.smsCodeExpiredMinutes ?? 2;
  const ip = request.ip;

  const locked = await limiter.lockedFor(`code:lock:${s.target}`);
  if (locked > 0) {
    throw new ApiError(429, SMS_ERRORS.tooMany, 'Too many requests: try again after 5 minutes', {
      retryAfterSeconds: retrySeconds(locked),
    });
  }
  for (const key of [`code:1s:${s.target}`, `code:1s:ip:${ip}`]) {
    const h = await limiter.hit(key, 1, 1000);
    if (!h.allowed)
      throw new ApiError(429, SMS_ERRORS.throttled, 'One code a second: wait a moment', {
        retryAfterSeconds: retrySeconds(h.retryAfterMs),
      });
  }
  const perTarget = await limiter.hit(`code:10m:${s.target}`, limits.codesPerTarget, TEN_MINUTES);
  if (!perTarget.allowed) {
    await limiter.lock(`code:lock:${s.target}`, SEND_LOCK_MS);
    throw new ApiError(429, SMS_ERRORS.tooMany, 'Too many requests: try again after 5 minutes', {
      retryAfterSeconds: retrySeconds(SEND_LOCK_MS),
    });
  }
  const perIp = await limiter.hit(`code:1h:ip:${ip}`, limits.codesPerIp, 60 * 60_000);
  if (!perIp.allowed) {
    throw new ApiError(429, SMS_ERRORS.tooMany, 'Too many requests: try again later', {
      retryAfterSeconds: retrySeconds(perIp.retryAfterMs),
    });
  }

  // The code is stored whether or not anyone receives it, so both cases cost the same.
  const code = await storeCode(app.db, s.purpose, s.target, ip, minutes);
  if (s.to) {
    const to = s.to;
    const deliver = () =>
      s.channel === 'sms'
        ? app.auth.messenger.sendSms(to, codeText(s.lang, s.purpose, code, minutes))
        : app.auth.messenger.sendEmail(to, codeSubject(s.lang, s.purpose), codeText(s.lang, s.purpose, code, minutes));
    if (s.background) {
      app.auth.defer(`${s.purpose} code delivery`, deliver);
    } else {
      try {
        await deliver();
      } catch (err) {
        if (!(err instanceof MessagingError)) throw err;
        request.log.error({ err, purpose: s.purpose }, 'code delivery failed');
        throw new ApiError(
          502,
          s.channel === 'sms' ? 'SMS_SEND_FAILED' : 'EMAIL_SEND_FAILED',
          'The message could not be sent: try again later',
        );
      }
    }
  }
  return { expiredMinutes: minutes };
}
