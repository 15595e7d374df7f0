// The security centre's codes (issue 10): reset the payment password with a code sent to the bound
// mobile or e-mail; bind (or change) the mobile and the e-mail after re-entering the password plus a
// code sent to the new number or address; the code the password change asks first when
// CHNGPASSVERIF3 is on (member/password.routes.ts checks it).
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { LOGIN_ERRORS, PASSWORD_ERRORS, REGISTER_ERRORS } from '@khela/api/auth';
import { ACCOUNT_SECURITY_PATHS, type SecurityCodePurpose } from '@khela/api/member-centre';
import type { Queryable } from '../../db/db';
import { ApiError, ok, replies } from '../../http/envelope';
import { langOf } from '../../services/messaging';
import { retrySeconds } from '../../services/rate-limit';
import { smsSentSchema } from '../auth/schemas';
import { closedObject, dialingCodeSchema, str } from '../../http/schemas';
import { assertNewPaymentPassword, resetPaymentPassword } from '../payments/payment-password';
import { mobileRule, parseMobile, sendCode, useCode, withGuess } from '../verification/codes';
import { requireRealMember } from './guards';
import { contactOf, type Contact, emailTakenByOther, mobileTakenByOther, setEmail, setMobile } from './centre.repo';

const tags = ['member centre'];
const security = [{ token: [] }];
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}$/;

export const ACCOUNT_SECURITY_ERRORS = {
  code: 'VERIFICATION_CODE_INVALID',
  notBound: 'CHANNEL_NOT_BOUND',
  emailFormat: 'EMAIL_FORMAT_INVALID',
  emailTaken: 'EMAIL_TAKEN',
} as const;

type Channel = 'MOBILE' | 'EMAIL';
const e164Of = (c: Contact) => (c.mobile_num ? `${c.country_dialing_code ?? '+880'}${c.mobile_num.replace(/^0+/, '')}` : null);

/** What a code of the member's own bound channel is bound to (reset of the payment password, password change). */
export const ownCodeTarget = (purpose: 'paypwd-reset' | 'password-change', memberId: number, channel: Channel) =>
  `acct:${purpose}:${memberId}:${channel}`;
const bindTarget = (memberId: number, kind: 'mobile' | 'email', value: string) => `bind:${memberId}:${kind}:${value}`;

const wrongCode = () => new ApiError(400, ACCOUNT_SECURITY_ERRORS.code, 'Verification code invalid or expired');

/**
 * Uses a code sent to the member's own bound channel, in the caller's transaction; throws 400
 * VERIFICATION_CODE_INVALID when wrong (5 wrong ones end it).
 */
export async function useOwnCode<T>(
  app: FastifyInstance,
  purpose: 'paypwd-reset' | 'password-change',
  memberId: number,
  channel: Channel,
  code: string,
  then: (q: Queryable) => Promise<T>,
): Promise<T> {
  const target = ownCodeTarget(purpose, memberId, channel);
  const value = await withGuess(app, purpose, target, ACCOUNT_SECURITY_ERRORS.code, () =>
    app.db.tx(async (q) => ((await useCode(q, purpose, target, code.trim())) ? { v: await then(q) } : null)),
  );
  if (!value) throw wrongCode();
  return value.v;
}

/** The login password re-entered (binding a channel): wrong ones counted like a password change's. */
async function checkPassword(app: FastifyInstance, memberId: number, hash: string | null, given: string): Promise<void> {
  const lockKey = `pwchange:m${memberId}`;
  const lockedMs = await app.auth.limiter.lockedFor(lockKey);
  if (lockedMs > 0)
    throw new ApiError(429, LOGIN_ERRORS.locked, 'Too many wrong passwords: try again later', {
      retryAfterSeconds: retrySeconds(lockedMs),
    });
  if (await app.auth.passwords.verify(hash, given)) return;
  const limits = await app.auth.limits();
  const hit = await app.auth.limiter.hit(lockKey, Number.MAX_SAFE_INTEGER, 15 * 60_000);
  if (hit.count >= limits.changePasswordFailures) {
    await app.auth.limiter.lock(lockKey, 15 * 60_000);
    throw new ApiError(429, LOGIN_ERRORS.locked, 'Too many wrong passwords: try again later', { retryAfterSeconds: 900 });
  }
  throw new ApiError(400, PASSWORD_ERRORS.oldWrong, 'The password is not right', {
    fields: { password: PASSWORD_ERRORS.oldWrong },
  });
}

function parseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254)
    throw new ApiError(400, ACCOUNT_SECURITY_ERRORS.emailFormat, 'Enter a valid e-mail address', {
      fields: { email: ACCOUNT_SECURITY_ERRORS.emailFormat },
    });
  return email;
}

export const accountSecurityRoutes: FastifyPluginAsync = async (app) => {
  const newMobile = async (memberId: number, raw: string, dialing?: string) => {
    const mobile = parseMobile(raw, dialing, await mobileRule(app.db));
    const taken = await mobileTakenByOther(app.db, mobile.national, memberId);
    if (taken) throw new ApiError(409, REGISTER_ERRORS.mobileTaken, 'This mobile number is already registered');
    return mobile;
  };
  const newEmail = async (memberId: number, raw: string) => {
    const email = parseEmail(raw);
    const taken = await emailTakenByOther(app.db, email, memberId);
    if (taken) throw new ApiError(409, ACCOUNT_SECURITY_ERRORS.emailTaken, 'This e-mail is already bound to another account');
    return email;
  };

  app.post<{
    Body: { purpose: SecurityCodePurpose; channel: Channel; mobileNum?: string; countryDialingCode?: string; email?: string };
  }>(
    ACCOUNT_SECURITY_PATHS.code,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: 'Sends a code for the security centre',
        description:
          'purpose PAYPWD_RESET or PASSWORD_CHANGE: to the bound mobile (channel MOBILE) or e-mail (EMAIL); 400 ' +
          `${ACCOUNT_SECURITY_ERRORS.notBound} when that one is not bound. purpose BIND: to the new number (channel MOBILE, ` +
          `mobileNum) or address (EMAIL, email) to bind; 409 ${REGISTER_ERRORS.mobileTaken} / ${ACCOUNT_SECURITY_ERRORS.emailTaken}. ` +
          'Sends are limited like every code (SMS_THROTTLED, SMS_TOO_MANY_REQUESTS).',
        body: closedObject(
          {
            purpose: { type: 'string', enum: ['PAYPWD_RESET', 'PASSWORD_CHANGE', 'BIND'] },
            channel: { type: 'string', enum: ['MOBILE', 'EMAIL'] },
            mobileNum: str(32),
            countryDialingCode: dialingCodeSchema,
            email: str(254),
          },
          ['purpose', 'channel'],
        ),
        response: replies(smsSentSchema),
      },
    },
    async (request) => {
      const me = request.member!;
      const b = request.body;
      const contact = (await contactOf(app.db, me.id))!;
      const lang = langOf(contact.language);
      const channel = b.channel === 'MOBILE' ? 'sms' : 'email';
      if (b.purpose === 'BIND') {
        if (b.channel === 'MOBILE') {
          const mobile = await newMobile(me.id, b.mobileNum ?? '', b.countryDialingCode);
          return ok(
            await sendCode(app, request, {
              purpose: 'bind',
              target: bindTarget(me.id, 'mobile', mobile.e164),
              channel,
              to: mobile.e164,
              lang,
            }),
          );
        }
        const email = await newEmail(me.id, b.email ?? '');
        return ok(
          await sendCode(app, request, { purpose: 'bind', target: bindTarget(me.id, 'email', email), channel, to: email, lang }),
        );
      }
      const purpose = b.purpose === 'PAYPWD_RESET' ? 'paypwd-reset' : 'password-change';
      const to = b.channel === 'MOBILE' ? e164Of(contact) : contact.email;
      if (!to) throw new ApiError(400, ACCOUNT_SECURITY_ERRORS.notBound, 'Bind a mobile number or an e-mail first');
      return ok(await sendCode(app, request, { purpose, target: ownCodeTarget(purpose, me.id, b.channel), channel, to, lang }));
    },
  );

  const sixDigits = { type: 'string', minLength: 1, maxLength: 32 };
  app.post<{ Body: { channel: Channel; code: string; newPassword: string; confirmPassword: string } }>(
    ACCOUNT_SECURITY_PATHS.paymentPasswordReset,
    {
      preHandler: requireRealMember,
      schema: {
        tags,
        security,
        summary: 'Resets the payment password with a code sent to the bound mobile or e-mail',
        description:
          `The code of POST ${ACCOUNT_SECURITY_PATHS.code} (purpose PAYPWD_RESET, the same channel): 400 ` +
          `${ACCOUNT_SECURITY_ERRORS.code}. The new one follows the payment password's rules (PAYMENT_PASSWORD_FORMAT, ` +
          '_WEAK, _MISMATCH). A lock of wrong payment passwords is lifted.',
        body: closedObject(
          {
            channel: { type: 'string', enum: ['MOBILE', 'EMAIL'] },
            code: str(16, { minLength: 1 }),
            newPassword: sixDigits,
            confirmPassword: sixDigits,
          },
          ['channel', 'code', 'newPassword', 'confirmPassword'],
        ),
        response: replies({ type: 'null' }),
      },
    },
    async (request) => {
      const me = request.member!;
      const b = request.body;
      assertNewPaymentPassword(b);
      await useOwnCode(app, 'paypwd-reset', me.id, b.channel, b.code, (q) => resetPaymentPassword(app, q, me.id, b.newPassword));
      return ok(null, 'Payment password reset');
    },
  );

  const bindRoute = (kind: 'mobile' | 'email') =>
    app.put<{ Body: { password: string; code: string; mobileNum?: string; countryDialingCode?: string; email?: string } }>(
      kind === 'mobile' ? ACCOUNT_SECURITY_PATHS.mobile : ACCOUNT_SECURITY_PATHS.email,
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          security,
          summary: kind === 'mobile' ? 'Binds or changes the mobile number' : 'Binds or changes the e-mail',
          description:
            `The login password (400 ${PASSWORD_ERRORS.oldWrong}; 5 wrong in 15 minutes lock: 429) and the code sent to the new ` +
            `${kind === 'mobile' ? 'number' : 'address'} by POST ${ACCOUNT_SECURITY_PATHS.code} (purpose BIND): 400 ` +
            `${ACCOUNT_SECURITY_ERRORS.code}. Answers the new value masked.`,
          body: closedObject(
            {
              password: str(255, { minLength: 1 }),
              code: str(16, { minLength: 1 }),
              ...(kind === 'mobile'
                ? { mobileNum: str(32, { minLength: 1 }), countryDialingCode: dialingCodeSchema }
                : { email: str(254, { minLength: 1 }) }),
            },
            ['password', 'code', kind === 'mobile' ? 'mobileNum' : 'email'],
          ),
          response: replies({ type: 'null' }),
        },
      },
      async (request) => {
        const me = request.member!;
        const b = request.body;
        const contact = (await contactOf(app.db, me.id))!;
        let value: string;
        let target: string;
        let dialing: string | null = null;
        if (kind === 'mobile') {
          const mobile = await newMobile(me.id, b.mobileNum ?? '', b.countryDialingCode);
          value = mobile.national;
          dialing = mobile.dialingCode;
          target = bindTarget(me.id, 'mobile', mobile.e164);
        } else {
          value = await newEmail(me.id, b.email ?? '');
          target = bindTarget(me.id, 'email', value);
        }
        await checkPassword(app, me.id, contact.password_hash, b.password);
        const done = await withGuess(app, 'bind', target, ACCOUNT_SECURITY_ERRORS.code, () =>
          app.db.tx(async (q) => {
            if (!(await useCode(q, 'bind', target, b.code.trim()))) return null;
            if (kind === 'mobile') await setMobile(q, me.id, value, dialing);
            else await setEmail(q, me.id, value);
            return true;
          }),
        );
        if (!done) throw wrongCode();
        return ok(null, kind === 'mobile' ? 'Mobile number bound' : 'E-mail bound');
      },
    );
  bindRoute('mobile');
  bindRoute('email');
};
