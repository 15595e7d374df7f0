// POST /wps/session/login: by password (account or mobile number), by SMS code, or by a
// remember token. The rules that matter:
// - an unknown account and a wrong password get the same answer, after the same argon2 work;
// - failures are counted per account and per IP: past a threshold the captcha is required, past
//   a second one the account (or IP) is locked for the rest of the window;
// - the account's state (disabled, not an agent, needs verification) is only told to someone who
//   gave the right password;
// - a refusal writes nothing (a captcha is used up by its attempt, right or wrong: that is its point).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LOGIN_ERRORS, SMS_ERRORS, type LoginRequest, type LoginValue } from '@khela/api/auth';
import { hashToken, revokeMemberSignIns, tokenFrom } from '../../http/auth';
import { ApiError } from '../../http/envelope';
import { retrySeconds } from '../../services/rate-limit';
import type { SystemSettings } from '../../services/settings';
import { flagEnabled } from '../auth/auth.services';
import type { AuthLimits } from '../auth/limits';
import {
  createChallenge,
  deviceHash,
  findLoginMember,
  findMemberById,
  LOGIN_MEMBER_COLUMNS,
  needsIpVerification,
  startSession,
  type LoginMember,
} from '../auth/login-session';
import { isAgentType } from '@khela/api/agent';
import { consumeCaptcha } from '../captcha/captcha';
import { clearGuesses, mobileRule, parseMobile, useCode, withGuess } from '../verification/codes';

const TRIAL_TYPE = 4;

interface Attempt {
  app: FastifyInstance;
  request: FastifyRequest;
  body: LoginRequest;
  settings: SystemSettings;
  limits: AuthLimits;
  ip: string;
  /** the hash of a session token sent with the login (revoked when the new session opens) */
  presentedTokenHash: string | null;
  rememberDevice: string | null;
}

const bad = (captcha: boolean) =>
  new ApiError(401, LOGIN_ERRORS.bad, 'Incorrect username or password', captcha ? { captcha: true } : null);
const locked = (ms: number) =>
  new ApiError(429, LOGIN_ERRORS.locked, 'Too many failed attempts: try again later', { retryAfterSeconds: retrySeconds(ms) });

const ipKey = (ip: string) => `login:ip:${ip}`;
const accountKey = (member: LoginMember | null, name: string) =>
  `login:acct:${member ? `m${member.id}` : `n:${name.trim().toLowerCase()}`}`;

async function assertNotLocked(a: Attempt, keys: string[]): Promise<void> {
  for (const key of keys) {
    const ms = await a.app.auth.limiter.lockedFor(key);
    if (ms > 0) throw locked(ms);
  }
}

interface Counted {
  acct: { count: number; retryAfterMs: number };
  ip: { count: number; retryAfterMs: number };
}

/**
 * Counts a sign-in attempt against the account and the IP before its secret is checked (issue 15,
 * hardening 6): the counters are atomic, so of a burst of parallel attempts only as many as the
 * thresholds allow are checked without a captcha, and none past the lock. A right password takes
 * its attempt back (`undoAttempt`).
 */
async function countAttempt(a: Attempt, acctKey: string): Promise<Counted> {
  const { limiter } = a.app.auth;
  const windowMs = a.limits.loginWindowMinutes * 60_000;
  const [acct, ip] = await Promise.all([
    limiter.hit(acctKey, Number.MAX_SAFE_INTEGER, windowMs),
    limiter.hit(ipKey(a.ip), Number.MAX_SAFE_INTEGER, windowMs),
  ]);
  return { acct, ip };
}

async function undoAttempt(a: Attempt, acctKey: string): Promise<void> {
  await Promise.all([a.app.auth.limiter.undo(acctKey), a.app.auth.limiter.undo(ipKey(a.ip))]);
}

/** A counted attempt that failed: locks when it reached a lock threshold; answers the refusal to throw. */
async function countedFailure(
  a: Attempt,
  acctKey: string,
  c: Counted,
  refusal: (captcha: boolean) => ApiError,
): Promise<ApiError> {
  const { limiter } = a.app.auth;
  if (c.acct.count >= a.limits.accountLockAfter) {
    await limiter.lock(acctKey, c.acct.retryAfterMs);
    return locked(c.acct.retryAfterMs);
  }
  if (c.ip.count >= a.limits.ipLockAfter) {
    await limiter.lock(ipKey(a.ip), c.ip.retryAfterMs);
    return locked(c.ip.retryAfterMs);
  }
  return refusal(c.acct.count >= a.limits.accountCaptchaAfter || c.ip.count >= a.limits.ipCaptchaAfter);
}

/** Counts a failure against the account and the IP; answers the refusal to throw. */
async function failure(a: Attempt, acctKey: string, refusal: (captcha: boolean) => ApiError): Promise<ApiError> {
  const { limiter } = a.app.auth;
  const windowMs = a.limits.loginWindowMinutes * 60_000;
  const [acct, ip] = await Promise.all([
    limiter.hit(acctKey, Number.MAX_SAFE_INTEGER, windowMs),
    limiter.hit(ipKey(a.ip), Number.MAX_SAFE_INTEGER, windowMs),
  ]);
  if (acct.count >= a.limits.accountLockAfter) {
    await limiter.lock(acctKey, acct.retryAfterMs);
    return locked(acct.retryAfterMs);
  }
  if (ip.count >= a.limits.ipLockAfter) {
    await limiter.lock(ipKey(a.ip), ip.retryAfterMs);
    return locked(ip.retryAfterMs);
  }
  return refusal(acct.count >= a.limits.accountCaptchaAfter || ip.count >= a.limits.ipCaptchaAfter);
}

/** After the secret was right: the account's own refusals (told only now), then the agent page's. */
function assertMayLogIn(a: Attempt, member: LoginMember): void {
  if (member.status !== 0)
    throw new ApiError(403, LOGIN_ERRORS.forbidden, 'This account cannot log in: contact customer service');
  if (a.body.portal === 'agent') {
    if (member.type === TRIAL_TYPE) throw new ApiError(403, LOGIN_ERRORS.nonMember, 'Non-member account unable to login');
    if (!isAgentType(member.type)) throw new ApiError(403, LOGIN_ERRORS.notAgent, 'Non-agents cannot log in');
  }
}

async function challengeIfNewIp(a: Attempt, member: LoginMember, viaTempPassword: boolean): Promise<void> {
  if (!(await needsIpVerification(a.app.db, a.settings, member, a.ip))) return;
  const challenge = await a.app.db.tx((q) =>
    createChallenge(q, member, {
      ip: a.ip,
      rememberDevice: a.rememberDevice,
      presentedTokenHash: a.presentedTokenHash,
      viaTempPassword,
    }),
  );
  throw new ApiError(403, LOGIN_ERRORS.verify, 'Please complete verification first: a login from a new place', { ...challenge });
}

const session = (a: Attempt) => ({
  ip: a.ip,
  userAgent: a.request.headers['user-agent'],
  presentedTokenHash: a.presentedTokenHash,
  rememberDevice: a.rememberDevice,
});

async function byPassword(a: Attempt): Promise<LoginValue> {
  const { app, body } = a;
  if (!body.password) throw new ApiError(400, 'VALIDATION_ERROR', 'body/password is required for this login type');
  const member = await findLoginMember(app.db, body.username);
  const acctKey = accountKey(member, body.username);
  await assertNotLocked(a, [ipKey(a.ip), acctKey]);

  const counted = await countAttempt(a, acctKey);
  // attempts past a lock threshold (their lock being set by an attempt still in flight) are refused unchecked
  if (counted.acct.count > a.limits.accountLockAfter || counted.ip.count > a.limits.ipLockAfter)
    throw await countedFailure(a, acctKey, counted, bad);
  // the attempts before this one (failed, or still being checked) decide whether it needs the captcha
  if (counted.acct.count - 1 >= a.limits.accountCaptchaAfter || counted.ip.count - 1 >= a.limits.ipCaptchaAfter) {
    if (!(await consumeCaptcha(app.db, body.captchaId, body.captcha, a.ip))) {
      await undoAttempt(a, acctKey); // no password was checked: the attempt does not count
      throw new ApiError(400, LOGIN_ERRORS.captcha, 'Captcha check failed: enter the characters of the new image', {
        captcha: true,
      });
    }
  }

  // Always one argon2 verification (against a dummy hash for an unknown account). A second one only
  // for an account with a live e-mailed temporary password (30 minutes after a forgot-password
  // request that named the account and its e-mail): the one timing difference left, and it tells
  // nothing to someone who does not already know both.
  let via: 'password' | 'temp' | null = (await app.auth.passwords.verify(member?.password_hash, body.password))
    ? 'password'
    : null;
  if (!via && member?.temp_live && (await app.auth.passwords.verify(member.temp_password_hash, body.password))) via = 'temp';
  if (!member || !via) throw await countedFailure(a, acctKey, counted, bad);

  await undoAttempt(a, acctKey);
  assertMayLogIn(a, member);
  await app.auth.limiter.reset(acctKey);
  await challengeIfNewIp(a, member, via === 'temp');

  const rehash =
    via === 'password' && app.auth.passwords.needsRehash(member.password_hash!)
      ? await app.auth.passwords.hash(body.password)
      : null;
  return app.db.tx(async (q) => {
    let current = member;
    if (via === 'temp') {
      current = (await adoptTemporaryPassword(q, member.id)) ?? member;
      // whoever asked for the e-mail may not be the only one who knew the old password: every other
      // sign-in ends (hardening 9)
      await revokeMemberSignIns(q, member.id, null);
    } else if (rehash)
      await q.query('UPDATE members SET password_hash = $2 WHERE id = $1 AND password_hash = $3', [
        member.id,
        rehash,
        member.password_hash,
      ]);
    return startSession(q, a.settings, current, session(a));
  });
}

/**
 * The e-mailed temporary password was used: it becomes the password, flagged for a change (the
 * old one stops working now). Answers the member as updated.
 */
export async function adoptTemporaryPassword(
  q: Parameters<typeof findMemberById>[0],
  memberId: number,
): Promise<LoginMember | null> {
  return q.one<LoginMember>(
    `UPDATE members SET password_hash = temp_password_hash, temp_password_hash = NULL, temp_password_expires_at = NULL,
            must_change_password = true, password_changed_at = now()
      WHERE id = $1 AND temp_password_hash IS NOT NULL
      RETURNING ${LOGIN_MEMBER_COLUMNS}`,
    [memberId],
  );
}

async function bySms(a: Attempt): Promise<LoginValue> {
  const { app, body } = a;
  if (!(await flagEnabled(app.db, 'SMSLOGIN3')))
    throw new ApiError(403, SMS_ERRORS.disabled, 'Operation not enabled: contact customer service');
  const mobile = parseMobile(body.username, body.countryDialingCode, await mobileRule(app.db));
  const member = await app.db.one<LoginMember>(
    `SELECT ${LOGIN_MEMBER_COLUMNS} FROM members WHERE mobile_num = $1 AND coalesce(country_dialing_code, '+880') = $2`,
    [mobile.national, mobile.dialingCode],
  );
  const acctKey = accountKey(member, `sms:${mobile.e164}`);
  await assertNotLocked(a, [ipKey(a.ip), acctKey]);
  const smsRefusal = () => new ApiError(401, LOGIN_ERRORS.smsCode, 'Verification code invalid or expired');
  const value = await withGuess(app, 'login', mobile.e164, LOGIN_ERRORS.smsCode, () =>
    app.db.tx(async (q) => {
      if (!member || !(await useCode(q, 'login', mobile.e164, body.password))) return null;
      assertMayLogIn(a, member); // throws: the transaction rolls back, the code stays unused
      return startSession(q, a.settings, member, session(a));
    }),
  );
  if (!value) {
    throw await failure(a, acctKey, smsRefusal);
  }
  await Promise.all([app.auth.limiter.reset(acctKey), clearGuesses(app, 'login', mobile.e164)]);
  return value;
}

async function byRememberToken(a: Attempt): Promise<LoginValue> {
  const { app, body } = a;
  const refusal = () => new ApiError(401, LOGIN_ERRORS.remember, 'Remembered login expired: log in with your password');
  await assertNotLocked(a, [ipKey(a.ip)]);
  if (!body.rememberToken || !body.deviceId || !/^[A-Za-z0-9_-]{43}$/.test(body.rememberToken)) throw refusal();
  const tokenHash = hashToken(body.rememberToken);
  const device = deviceHash(body.deviceId);
  const row = await app.db.one<{ member_id: number }>(
    `SELECT member_id FROM remember_tokens
      WHERE token_hash = $1 AND device_hash = $2 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()`,
    [tokenHash, device],
  );
  const member = row ? await findMemberById(app.db, row.member_id) : null;
  // the token names its account: a different username is someone else's token
  const named = member && (body.username.trim().toLowerCase() === member.account || body.username.trim() === member.mobile_num);
  if (!member || !named) throw await failure(a, `login:remember:${a.ip}`, refusal);
  assertMayLogIn(a, member);
  const attempt = { ...a, rememberDevice: device };
  await challengeIfNewIp(attempt, member, false);
  const value = await app.db.tx(async (q) => {
    const used = await q.one(
      `UPDATE remember_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now() RETURNING 1`,
      [tokenHash],
    );
    if (!used) return null; // used by a concurrent request in the meantime
    return startSession(q, a.settings, member, session(attempt));
  });
  if (!value) throw refusal();
  return value;
}

export async function login(app: FastifyInstance, request: FastifyRequest, body: LoginRequest): Promise<LoginValue> {
  const [settings, limits] = await Promise.all([app.settings.get(), app.auth.limits()]);
  const presented = tokenFrom(request.headers.authorization);
  const a: Attempt = {
    app,
    request,
    body,
    settings,
    limits,
    ip: request.ip,
    presentedTokenHash: presented ? hashToken(presented) : null,
    rememberDevice: body.remember && body.deviceId ? deviceHash(body.deviceId) : null,
  };
  if (body.remember && !body.deviceId) throw new ApiError(400, 'VALIDATION_ERROR', 'body/deviceId is required with remember');
  if (body.type === 'sms') return bySms(a);
  if (body.type === 'remember') return byRememberToken(a);
  return byPassword(a);
}
