import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import {
  LOGIN_ERRORS,
  SMS_ERRORS,
  type FreePlayRequest,
  type LoginRequest,
  type LoginVerificationRequest,
  type LoginVerificationSend,
} from '@khela/api/auth';
import { hashToken, revokeSession, tokenFrom } from '../../http/auth';
import { ApiError, ok, replies } from '../../http/envelope';
import { SEALED_DESCRIPTION, sealedBody } from '../../http/sealed';
import { retrySeconds } from '../../services/rate-limit';
import { flagEnabled, requestLang } from '../auth/auth.services';
import { findMemberById, startSession } from '../auth/login-session';
import { loginValueSchema, smsSentSchema } from '../auth/schemas';
import { captchaFields, closedObject, deviceIdSchema, dialingCodeSchema, str } from '../../http/schemas';
import { strictBody } from '../../http/strict-body';
import { login } from './login';
import { LOGIN_CODE_PATTERN, redeemLoginCode } from './login-handover';
import { completeVerification, sendVerificationCode, VERIFICATION_ERRORS } from './verification';
import { insertTrialMember } from './session.repo';

const tags = ['session'];
const BODY_LIMIT = 16 * 1024;

const loginBody = closedObject(
  {
    username: str(64, { minLength: 1, description: 'the account or mobile number (type sms: the mobile number)' }),
    password: str(255, { description: 'the password; type sms: the SMS code; type remember: empty' }),
    type: { type: 'string', enum: ['username', 'sms', 'remember'] },
    ...captchaFields,
    countryDialingCode: dialingCodeSchema,
    portal: {
      type: 'string',
      enum: ['player', 'agent'],
      description: 'agent: the /agent landing page; only agents may log in there',
    },
    remember: { type: 'boolean', description: 'ask for a device-bound remember token (needs deviceId)' },
    rememberToken: str(64, { description: 'type remember: the token of the previous login' }),
    deviceId: deviceIdSchema,
  },
  ['username', 'password', 'type'],
);

const verificationSendBody = closedObject(
  { verificationId: str(64, { minLength: 1 }), method: { type: 'string', enum: ['MOBILE', 'EMAIL'] } },
  ['verificationId', 'method'],
);

/** Sessions: login (password, SMS code, remember token), extra verification, free play, logout. */
export const sessionRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: LoginRequest }>(
    '/login',
    {
      bodyLimit: BODY_LIMIT,
      preValidation: [sealedBody, strictBody],
      schema: {
        tags,
        summary: 'Log in',
        description:
          `${SEALED_DESCRIPTION}\n\n` +
          'type username: the account (or the mobile number) and the password. type sms (flag SMSLOGIN3): the mobile ' +
          'number and the code of POST /wps/verification/sms/noLogin. type remember: rememberToken and the same deviceId, ' +
          'single use; the answer carries the next token.\n\n' +
          'Refusals: 401 US_INCORRECT_USERNAME_PASSWORD_ERROR (the same answer and timing for an unknown account); ' +
          'value.captcha = true once the account or IP has failed 3 (IP: 10) times in 15 minutes: then the captcha and ' +
          'captchaId are required (400 CAPTCHA_INVALID, value.captcha = true, when missing or wrong; each image is one ' +
          'attempt). 429 US_INCORRECT_PASSWORD_MAX_TIMES_ERROR after 10 failures (IP: 50), value.retryAfterSeconds. ' +
          'After a right password only: 403 US_FORBIDDEN_LOGIN_ERROR (disabled), NON_MEMBER_ACCOUNT / NOT_AGENT ' +
          '(portal agent), LOGIN_VERIFICATION_REQUIRED (a new IP; value is the challenge: see /login/verification). ' +
          '401 SMS_CODE_INVALID, REMEMBER_TOKEN_INVALID. A session token sent in Authorization is revoked: the answer ' +
          'carries a new one (rotation).',
        security: [{ token: [] }],
        body: loginBody,
        response: replies(loginValueSchema),
      },
    },
    async (request) => ok(await login(app, request, request.body)),
  );

  app.post<{ Body: LoginVerificationSend }>(
    '/login/verification/send',
    {
      bodyLimit: BODY_LIMIT,
      preValidation: strictBody,
      schema: {
        tags,
        summary: 'Extra verification: send the code',
        description:
          'Sends a code to the bound mobile (MOBILE) or e-mail (EMAIL) of the challenged login. The challenge is bound ' +
          'to the IP of the login and lives 10 minutes: 400 LOGIN_VERIFICATION_INVALID otherwise. Sends are limited like ' +
          'every code (SMS_THROTTLED, SMS_TOO_MANY_REQUESTS).',
        body: verificationSendBody,
        response: replies(smsSentSchema),
      },
    },
    async (request) => ok(await sendVerificationCode(app, request, request.body)),
  );

  app.post<{ Body: LoginVerificationRequest }>(
    '/login/verification',
    {
      bodyLimit: BODY_LIMIT,
      preValidation: strictBody,
      schema: {
        tags,
        summary: 'Extra verification: complete the login',
        description:
          `The code sent by /login/verification/send completes the login (method GOOGLE, offered when the member has an ` +
          `authenticator app on: a current code of the app, or one of its recovery codes; each works once; method BANK, offered when the member has a ` +
          `bound bank account: its account name, case and spacing aside): the answer is the LoginValue, and the IP ` +
          `becomes known. 400 ${LOGIN_ERRORS.smsCode} (wrong, expired or used; 5 wrong codes end the challenge), ` +
          `${VERIFICATION_ERRORS.invalid}.`,
        body: closedObject(
          {
            verificationId: verificationSendBody.properties.verificationId,
            method: { type: 'string', enum: ['MOBILE', 'EMAIL', 'GOOGLE', 'BANK'] },
            code: str(50, { minLength: 1, description: 'the code; for BANK the bank account name' }),
          },
          ['verificationId', 'method', 'code'],
        ),
        response: replies(loginValueSchema),
      },
    },
    async (request) => ok(await completeVerification(app, request, request.body)),
  );

  app.post<{ Body: FreePlayRequest }>(
    '/login/freeplay',
    {
      bodyLimit: BODY_LIMIT,
      preValidation: strictBody,
      schema: {
        tags,
        summary: 'Free play: a new trial account (type 4) and its session',
        description:
          'Needs the whitelabel flag FREEPLAY3 (403 OPERATION_NOT_ENABLED otherwise). Limited per IP ' +
          '(429 TOO_MANY_REQUESTS, value.retryAfterSeconds). A session token sent in Authorization is revoked.',
        security: [{ token: [] }],
        body: closedObject(
          {
            os: str(64),
            platform: { type: 'string', enum: ['W'] },
            Encryption: { type: 'boolean' },
            gatewayVersion: { type: 'integer', enum: [3] },
          },
          ['platform', 'gatewayVersion'],
        ),
        response: replies(loginValueSchema),
      },
    },
    async (request) => {
      if (!(await flagEnabled(app.db, 'FREEPLAY3'))) throw new ApiError(403, SMS_ERRORS.disabled, 'Free play is not enabled');
      const limits = await app.auth.limits();
      const hit = await app.auth.limiter.hit(`freeplay:ip:${request.ip}`, limits.freePlayPerIp, 60 * 60_000);
      if (!hit.allowed) {
        throw new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many trial accounts from here: try again later', {
          retryAfterSeconds: retrySeconds(hit.retryAfterMs),
        });
      }
      const settings = await app.settings.get();
      const presented = tokenFrom(request.headers.authorization);
      const value = await app.db.tx(async (q) => {
        const suffix = randomBytes(8).toString('hex');
        const id = await insertTrialMember(
          q,
          `trial${suffix}`,
          `Trial ${suffix.slice(0, 4).toUpperCase()}`,
          requestLang(request),
          request.ip,
        );
        const member = (await findMemberById(q, id))!;
        return startSession(q, settings, member, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          presentedToken: presented,
        });
      });
      return ok(value);
    },
  );

  app.delete(
    '/logout',
    {
      schema: {
        tags,
        security: [{ token: [] }],
        summary: 'Revokes the session token',
        description:
          'Idempotent: an unknown, expired or already revoked token also answers success, so a retried ' +
          'logout never fails and the answer does not tell whether a token was ever valid.',
        response: replies({ type: 'null' }),
      },
    },
    async (request) => {
      const token = tokenFrom(request.headers.authorization);
      if (token) await app.db.tx((q) => revokeSession(q, hashToken(token)));
      return ok(null);
    },
  );

  app.post<{ Body: { code: string } }>(
    '/handover',
    {
      bodyLimit: BODY_LIMIT,
      preValidation: strictBody,
      schema: {
        tags,
        summary: "Exchanges a link's one-time login code for its session",
        description:
          'The code of a link an operator issued (`/?login=<code>`, `npm run ops -- create-session`): good once, for a ' +
          'minute. 400 LOGIN_CODE_INVALID for an unknown, used or expired code, or a session that has ended. The ' +
          'storefront never exchanges one while its tab already has a session.',
        body: closedObject({ code: { type: 'string', pattern: LOGIN_CODE_PATTERN } }, ['code']),
        response: replies({
          type: 'object',
          required: ['token'],
          properties: { token: { type: 'string' } },
        }),
      },
    },
    async (request) => {
      const token = await app.db.tx((q) => redeemLoginCode(q, request.body.code));
      if (!token) throw new ApiError(400, 'LOGIN_CODE_INVALID', 'This link has expired or was already used');
      return ok({ token });
    },
  );
};
