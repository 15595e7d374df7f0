// Passwords: change (signed in, sealed), forgotten (by e-mail: a temporary password), and reset by
// phone (an SMS code, then the new password, sealed).
import type { FastifyPluginAsync } from 'fastify';
import {
  LOGIN_ERRORS,
  PASSWORD_ERRORS,
  SMS_ERRORS,
  type ChangePasswordRequest,
  type ForgotByEmailRequest,
  type ResetByPhoneRequest,
  type SmsResetCodeRequest,
} from '@khela/api/auth';
import { formSchema, validate, type FieldRule } from '@khela/validation';
import { hashToken, requireMember, revokeMemberSignIns, tokenFrom } from '../../http/auth';
import { ApiError, ok, replies } from '../../http/envelope';
import { SEALED_DESCRIPTION, sealedBody } from '../../http/sealed';
import { langOf, temporaryPasswordEmail } from '../../services/messaging';
import { retrySeconds } from '../../services/rate-limit';
import { flagEnabled, requestLang } from '../auth/auth.services';
import { messageIn, validationFailed } from '../../http/fields';
import { assertPassword } from '../auth/password-policy';
import { rememberIp } from '../auth/login-session';
import { randomPassword } from '../auth/passwords';
import { smsSentSchema } from '../auth/schemas';
import { closedObject, dialingCodeSchema, mobileNumSchema, str } from '../../http/schemas';
import { strictBody } from '../../http/strict-body';
import {
  activePlayerByMobile,
  changePassword,
  endPasswordSetup,
  passwordState,
  resetPassword,
  setTemporaryPassword,
} from './member.repo';
import { useOwnCode } from '../centre/account-security.routes';
import { loadRegistrationRules } from '../system/system.data';
import { mobileRule, parseMobile, sendCode, useCode, withGuess } from '../verification/codes';

const tags = ['member'];
/** A temporary (forgotten) password works for 30 minutes. */
export const TEMP_PASSWORD_MINUTES = 30;
const FORM = 'application/x-www-form-urlencoded';

async function ruleOf(app: { db: Parameters<typeof loadRegistrationRules>[0] }, field: string): Promise<FieldRule | null> {
  return (await loadRegistrationRules(app.db)).find((r) => r.field === field) ?? null;
}

const memberRevocations = revokeMemberSignIns;

export const passwordRoutes: FastifyPluginAsync = async (app) => {
  // The forgotten-password form posts application/x-www-form-urlencoded (this plugin's routes only).
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    const params = new URLSearchParams(body as string);
    const out: Record<string, string> = {};
    for (const [k, v] of params) {
      if (k in out) return done(Object.assign(new Error(`Field ${k} given twice`), { statusCode: 400 }), undefined);
      out[k] = v;
    }
    done(null, out);
  });

  app.post<{ Body: ChangePasswordRequest }>(
    '/password',
    {
      bodyLimit: 16 * 1024,
      preValidation: [sealedBody, strictBody],
      preHandler: requireMember,
      schema: {
        tags,
        security: [{ token: [] }],
        summary: 'Changes the password',
        description:
          `${SEALED_DESCRIPTION}\n\n` +
          'The old password must be right (400 OLD_PASSWORD_INCORRECT; 5 wrong ones in 15 minutes lock the change: 429 ' +
          'US_INCORRECT_PASSWORD_MAX_TIMES_ERROR), the new one must differ (400 PASSWORD_SAME_AS_OLD), follow the ' +
          'policy (VALIDATION_FAILED / PASSWORD_TOO_COMMON, value.fields) and equal its confirmation. A session whose ' +
          'LoginValue said passwordSetup may give an empty oldPassword. With CHNGPASSVERIF3 on, the code of POST ' +
          '/wps/member/security/code (purpose PASSWORD_CHANGE) and its verificationChannel come too: 400 ' +
          'VERIFICATION_CODE_REQUIRED when missing, VERIFICATION_CODE_INVALID when wrong (checked after the old password). ' +
          'Every other session and remember token of the ' +
          'member is revoked; this one stays. 401 NOT_LOGGED_IN.',
        body: closedObject(
          {
            oldPassword: str(255),
            newPassword: str(255),
            confirmNewPassword: str(255),
            verificationChannel: { type: 'string', enum: ['MOBILE', 'EMAIL'] },
            verificationCode: str(16),
          },
          ['oldPassword', 'newPassword', 'confirmNewPassword'],
        ),
        response: replies({ type: 'null' }),
      },
    },
    async (request) => {
      const me = request.member!;
      const lang = requestLang(request);
      const body = request.body;
      const tokenHash = hashToken(tokenFrom(request.headers.authorization)!);
      const row = await passwordState(app.db, me.id, tokenHash);
      if (!row) throw new ApiError(401, 'NOT_LOGGED_IN', 'Not logged in, please login');
      const setup = row.password_setup && row.must_change_password && !body.oldPassword;

      const form = validate(
        formSchema([
          ...(setup ? [] : [{ name: 'oldPassword' }]),
          { name: 'newPassword', max: 255 },
          { name: 'confirmNewPassword', equals: 'newPassword', max: 255 },
        ]),
        body,
        lang,
      );
      if (!form.success) throw validationFailed(form.errors);
      assertPassword('newPassword', body.newPassword, await ruleOf(app, 'password'), lang, me.account);

      const lockKey = `pwchange:m${me.id}`;
      const lockedMs = await app.auth.limiter.lockedFor(lockKey);
      if (lockedMs > 0) {
        throw new ApiError(429, LOGIN_ERRORS.locked, 'Too many wrong passwords: try again later', {
          retryAfterSeconds: retrySeconds(lockedMs),
        });
      }
      if (!setup) {
        if (!(await app.auth.passwords.verify(row.password_hash, body.oldPassword))) {
          const limits = await app.auth.limits();
          const hit = await app.auth.limiter.hit(lockKey, Number.MAX_SAFE_INTEGER, 15 * 60_000);
          if (hit.count >= limits.changePasswordFailures) {
            await app.auth.limiter.lock(lockKey, 15 * 60_000);
            throw new ApiError(429, LOGIN_ERRORS.locked, 'Too many wrong passwords: try again later', { retryAfterSeconds: 900 });
          }
          throw new ApiError(400, PASSWORD_ERRORS.oldWrong, 'The old password is not right');
        }
        if (body.newPassword === body.oldPassword) {
          throw new ApiError(400, PASSWORD_ERRORS.sameAsOld, 'The new password must differ from the old one');
        }
      }
      if (!setup && (await flagEnabled(app.db, 'CHNGPASSVERIF3'))) {
        if (!body.verificationCode || !body.verificationChannel)
          throw new ApiError(400, 'VERIFICATION_CODE_REQUIRED', 'Send a code to your mobile or e-mail first', {
            fields: { verificationCode: messageIn(lang, 'verificationCode') },
          });
        await useOwnCode(app, 'password-change', me.id, body.verificationChannel, body.verificationCode, async () => undefined);
      }
      const hash = await app.auth.passwords.hash(body.newPassword);
      await app.db.tx(async (q) => {
        const changed = await changePassword(q, me.id, hash, row.password_hash);
        if (!changed) throw new ApiError(409, 'PASSWORD_CHANGED_MEANWHILE', 'The password was changed meanwhile: try again');
        await memberRevocations(q, me.id, tokenHash);
        await endPasswordSetup(q, tokenHash);
      });
      await app.auth.limiter.reset(lockKey);
      return ok(null, 'Password changed');
    },
  );

  app.post<{ Body: ForgotByEmailRequest }>(
    '/password/email',
    {
      bodyLimit: 4096,
      preValidation: strictBody,
      schema: {
        tags,
        consumes: [FORM, 'application/json'],
        summary: 'Forgot password: a temporary password by e-mail',
        description:
          `Form-encoded (${FORM}). Always the same answer, whether or not the account and the e-mail match (no ` +
          'enumeration; the work done is the same too). When they match, a temporary password valid ' +
          `${TEMP_PASSWORD_MINUTES} minutes is e-mailed; the old password keeps working until the temporary one is used, ` +
          'and logging in with it answers defaultPassword: true. 400 VALIDATION_FAILED (value.fields: the username and ' +
          'email rules); 429 TOO_MANY_REQUESTS per IP and per account.',
        body: closedObject({ username: str(64), email: str(254) }, ['username', 'email']),
        response: replies({ type: 'null' }),
      },
    },
    async (request) => {
      const lang = requestLang(request);
      const rules = await loadRegistrationRules(app.db);
      const rule = (field: string) => rules.find((r) => r.field === field);
      const form = validate(
        formSchema([
          { name: 'username', ...(rule('username') ? { rule: rule('username'), required: true } : { max: 64 }) },
          { name: 'email', ...(rule('email') ? { rule: rule('email'), required: true } : { max: 254 }) },
        ]),
        { username: request.body.username.trim(), email: request.body.email.trim() },
        lang,
      );
      if (!form.success) throw validationFailed(form.errors);
      const username = request.body.username.trim().toLowerCase();
      const email = request.body.email.trim();

      const limits = await app.auth.limits();
      for (const [key, limit] of [
        [`forgot:ip:${request.ip}`, limits.forgotPerIp],
        [`forgot:acct:${username}`, limits.forgotPerAccount],
      ] as const) {
        const hit = await app.auth.limiter.hit(key, limit, 60 * 60_000);
        if (!hit.allowed) {
          throw new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many requests: try again later', {
            retryAfterSeconds: retrySeconds(hit.retryAfterMs),
          });
        }
      }
      // The same work either way: one argon2 hash, one UPDATE (which finds a row or not).
      const temporary = randomPassword(12);
      const hash = await app.auth.passwords.hash(temporary);
      const matched = await app.db.tx((q) => setTemporaryPassword(q, username, email, hash, TEMP_PASSWORD_MINUTES));
      if (matched) {
        const mail = temporaryPasswordEmail(langOf(matched.language), matched.account, temporary, TEMP_PASSWORD_MINUTES);
        app.auth.defer('temporary password e-mail', () => app.auth.messenger.sendEmail(matched.email, mail.subject, mail.text));
      }
      return ok(null, 'If the account and the e-mail match, a temporary password is on its way');
    },
  );

  app.post<{ Body: SmsResetCodeRequest }>(
    '/password/sms',
    {
      bodyLimit: 4096,
      preValidation: strictBody,
      schema: {
        tags,
        summary: 'Reset by phone: sends the code',
        description:
          'Needs the flag PHONERESET3 (403 OPERATION_NOT_ENABLED). The same answer whether or not the number belongs to a ' +
          "member (only a member's number receives a code). One send a second (429 SMS_THROTTLED); 5 per number in 10 " +
          'minutes, then 5 minutes locked (429 SMS_TOO_MANY_REQUESTS); 400 PHONE_FORMAT_INVALID.',
        body: closedObject({ mobileNum: mobileNumSchema, countryDialingCode: dialingCodeSchema }, [
          'mobileNum',
          'countryDialingCode',
        ]),
        response: replies(smsSentSchema),
      },
    },
    async (request) => {
      if (!(await flagEnabled(app.db, 'PHONERESET3')))
        throw new ApiError(403, SMS_ERRORS.disabled, 'Operation not enabled: contact customer service');
      const mobile = parseMobile(request.body.mobileNum, request.body.countryDialingCode, await mobileRule(app.db));
      const member = await activePlayerByMobile(app.db, mobile.national, mobile.dialingCode);
      return ok(
        await sendCode(app, request, {
          purpose: 'reset',
          target: mobile.e164,
          channel: 'sms',
          to: member ? mobile.e164 : null,
          lang: member ? langOf(member.language) : requestLang(request),
          background: true,
        }),
      );
    },
  );

  app.post<{ Body: ResetByPhoneRequest }>(
    '/password/verification',
    {
      bodyLimit: 16 * 1024,
      preValidation: [sealedBody, strictBody],
      schema: {
        tags,
        summary: 'Reset by phone: the code and the new password',
        description:
          `${SEALED_DESCRIPTION}\n\n` +
          'The code of POST /wps/member/password/sms (400 SMS_CODE_INVALID: wrong, expired, used or superseded; 5 wrong ' +
          'codes per number in 10 minutes end the attempts) and a new password (VALIDATION_FAILED / PASSWORD_TOO_COMMON, ' +
          'value.fields.newPassword). Every session and remember token of the member is revoked. value.username is the ' +
          'account to log in with.',
        body: closedObject(
          { newPassword: str(255), mobileNum: mobileNumSchema, verificationCode: str(16), countryDialingCode: dialingCodeSchema },
          ['newPassword', 'mobileNum', 'verificationCode'],
        ),
        response: replies({ type: 'object', required: ['username'], properties: { username: { type: 'string' } } }),
      },
    },
    async (request) => {
      if (!(await flagEnabled(app.db, 'PHONERESET3')))
        throw new ApiError(403, SMS_ERRORS.disabled, 'Operation not enabled: contact customer service');
      const lang = requestLang(request);
      const body = request.body;
      const mobile = parseMobile(body.mobileNum, body.countryDialingCode, await mobileRule(app.db));
      if (!body.verificationCode.trim()) throw validationFailed({ verificationCode: messageIn(lang, 'verificationCode') });
      const member = await activePlayerByMobile(app.db, mobile.national, mobile.dialingCode);
      const passwordRule = await ruleOf(app, 'password');
      const hash = await app.auth.passwords.hash(body.newPassword); // also for an unknown number: the same work
      const account = await withGuess(app, 'reset', mobile.e164, LOGIN_ERRORS.smsCode, () =>
        app.db.tx(async (q) => {
          if (!member || !(await useCode(q, 'reset', mobile.e164, body.verificationCode.trim()))) return null;
          // the new password is judged only after a right code (hardening 11): its rules name the account, which
          // nobody without the code may learn; a refusal here rolls back and leaves the code unused
          assertPassword('newPassword', body.newPassword, passwordRule, lang, member.account);
          await resetPassword(q, member.id, hash);
          await memberRevocations(q, member.id, null);
          // the code proved the bound mobile: the login that follows from here needs no extra verification
          await rememberIp(q, member.id, request.ip);
          return member.account;
        }),
      );
      if (!account) {
        throw new ApiError(400, LOGIN_ERRORS.smsCode, 'Verification code invalid or expired', {
          fields: { verificationCode: messageIn(lang, 'verificationCode') },
        });
      }
      return ok({ username: account }, 'Password reset');
    },
  );
};
