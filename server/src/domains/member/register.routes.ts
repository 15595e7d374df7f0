// PUT /wps/member/register (by username) and PUT /wps/member/register/mobile (by mobile number),
// both sealed. The operator's field rules are checked here with the same code the form uses
// (@khela/validation's registrationSchema), in the request's language.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { LOGIN_ERRORS, REGISTER_ERRORS, type LoginValue, type RegistrationUser } from '@khela/api/auth';
import { passwordRule, registrationSchema, validate, type FieldErrors, type FieldRule } from '@khela/validation';
import { ApiError, ok, replies } from '../../http/envelope';
import { SEALED_DESCRIPTION, sealedBody } from '../../http/sealed';
import { retrySeconds } from '../../services/rate-limit';
import { findAffiliate } from '../agent/affiliate';
import { flagEnabled, requestLang } from '../auth/auth.services';
import { messageIn, validationFailed } from '../../http/fields';
import { passwordProblem } from '../auth/password-policy';
import { findMemberById, startSession } from '../auth/login-session';
import { randomPassword } from '../auth/passwords';
import { loginValueSchema } from '../auth/schemas';
import { captchaFields, closedObject, deviceIdSchema, dialingCodeSchema, str } from '../../http/schemas';
import { strictBody } from '../../http/strict-body';
import { accountTaken, insertWebMember, mobileTaken } from './member.repo';
import { consumeCaptcha } from '../captcha/captcha';
import { loadRegistrationRules } from '../system/system.data';
import { registrationOptions } from './registration-options';
import { withGuess, DEFAULT_DIALING_CODE, parseMobile, useCode, type Mobile } from '../verification/codes';

type Tab = 'username' | 'mobile';

/** Optional registration fields kept on the member's profile (when the operator enabled them). */
const PROFILE_FIELDS = ['payeeName', 'qqNum', 'line', 'whatsapp', 'facebook', 'wechat', 'idNumber', 'recommenderId'] as const;

const MOBILE_RULE: FieldRule = {
  field: 'mobileNum',
  enabled: true,
  required: true,
  patternId: 'MOBILE',
  acceptedPattern: '^01[3-9]\\d{8}$',
  minLength: 11,
  maxLength: 11,
};

export const registrationBody = closedObject(
  {
    username: str(64),
    password: str(255),
    confirmPassword: str(255),
    payeeName: str(100),
    email: str(254),
    qqNum: str(32),
    mobileNum: str(32),
    recommenderId: str(64),
    ...captchaFields,
    verificationCode: str(16),
    affiliateCode: str(64),
    paymentPassword: str(64),
    line: str(100),
    whatsapp: str(32),
    facebook: str(200),
    wechat: str(100),
    idNumber: str(64),
    referralCode: str(64, { description: 'from the registration link (?referralCode=): recorded' }),
    domain: str(253),
    countryDialingCode: dialingCodeSchema,
    ageConfirmed: { type: 'boolean', description: 'the player confirmed the age the operator asks (registrationAge)' },
    login: { type: 'boolean', enum: [true], description: 'always true: the answer is the LoginValue of the new session' },
    registerUrl: str(2048),
    registerMethod: { type: 'string', enum: ['WEB'] },
    deviceId: deviceIdSchema,
  },
  ['login', 'registerMethod'],
);

interface Plan {
  account: string;
  nickname: string;
  password: string;
  generatedPassword: boolean;
  mobile: Mobile | null;
  smsCode: string | null;
  affiliate: { code: string; agentId: number } | null;
}

/** Field checks, the captcha and the affiliate code: everything before the transaction. */
async function plan(
  app: FastifyInstance,
  request: FastifyRequest,
  body: RegistrationUser,
  tab: Tab,
): Promise<Plan & { rules: FieldRule[] }> {
  const lang = requestLang(request);
  const [[usernameTab, mobileTab, smsVerification, passwordOnMobile], options] = await Promise.all([
    Promise.all(['USERNAMEREG3', 'MOBILENUMREG3', 'REGMOBVERF3', 'MOBILENUMPASSREG3'].map((f) => flagEnabled(app.db, f))),
    registrationOptions(app),
  ]);
  if (!(tab === 'username' ? usernameTab : mobileTab)) {
    throw new ApiError(403, REGISTER_ERRORS.disabled, 'Registration this way is not enabled');
  }
  const limits = await app.auth.limits();
  const hit = await app.auth.limiter.hit(`register:ip:${request.ip}`, limits.registrationsPerIp, 60 * 60_000);
  if (!hit.allowed) {
    throw new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many registrations from here: try again later', {
      retryAfterSeconds: retrySeconds(hit.retryAfterMs),
    });
  }

  // The rules as the form applies them (auth-modals RegisterPopup): no username on the mobile tab,
  // the password there only with MOBILENUMPASSREG3, the password policy's bounds.
  const stored = await loadRegistrationRules(app.db);
  const rules = stored
    .filter((r) => !(tab === 'mobile' && r.field === 'username'))
    .filter((r) => !(tab === 'mobile' && !passwordOnMobile && r.field === 'password'))
    .map((r) => (r.field === 'password' ? passwordRule(r) : r));
  if (tab === 'mobile' && !rules.some((r) => r.field === 'mobileNum')) rules.push(MOBILE_RULE);
  if (tab === 'username' && !rules.some((r) => r.field === 'password')) rules.push(passwordRule(null));
  const enabled = (field: string) => rules.some((r) => r.field === field && r.enabled);
  const captchaShown = enabled('captcha');
  const mobileGiven = Boolean(body.mobileNum?.trim());
  const smsShown = smsVerification && (tab === 'mobile' || (enabled('mobileNum') && mobileGiven));

  const schema = registrationSchema(rules, {
    tab,
    smsCodeShown: smsShown,
    captchaShown,
    termsShown: false,
    minAge: options.registrationAge,
  });
  const result = validate(schema, { ...body, smsCode: body.verificationCode ?? '' }, lang);
  const fields: FieldErrors = result.success ? {} : { ...result.errors };
  if (fields.smsCode) {
    fields.verificationCode = fields.smsCode;
    delete fields.smsCode;
  }
  const asksPassword = enabled('password');
  if (asksPassword && !fields.password && body.password) {
    const problem = passwordProblem(body.password, rules.find((r) => r.field === 'password') ?? null, lang, body.username);
    if (problem) {
      if (Object.keys(fields).length === 0 && problem.errorCode === REGISTER_ERRORS.commonPassword) {
        throw new ApiError(400, REGISTER_ERRORS.commonPassword, 'This password is too common', {
          fields: { password: problem.message },
        });
      }
      fields.password = problem.message;
    }
  }
  // the dialing code follows COUNTRYCODE3: one of the operator's codes, else +880 only
  if (body.countryDialingCode && !options.dialingCodes.includes(body.countryDialingCode)) {
    fields.countryDialingCode = messageIn(lang, 'phoneFormat');
  }
  let mobile: Mobile | null = null;
  if (enabled('mobileNum') && mobileGiven && !fields.mobileNum && !fields.countryDialingCode) {
    try {
      mobile = parseMobile(
        body.mobileNum!,
        body.countryDialingCode ?? DEFAULT_DIALING_CODE,
        rules.find((r) => r.field === 'mobileNum') ?? null,
      );
    } catch {
      fields.mobileNum = messageIn(lang, 'mobile');
    }
  }
  if (Object.keys(fields).length) throw validationFailed(fields);

  const captchaRule = rules.find((r) => r.field === 'captcha');
  if (captchaShown && (captchaRule?.required || body.captcha)) {
    if (!(await consumeCaptcha(app.db, body.captchaId, body.captcha, request.ip))) {
      throw new ApiError(400, LOGIN_ERRORS.captcha, 'Captcha check failed: enter the characters of the new image', {
        captcha: true,
        fields: { captcha: messageIn(lang, 'captcha') },
      });
    }
  }

  let affiliate: Plan['affiliate'] = null;
  const affiliateCode = enabled('affiliateCode') ? body.affiliateCode?.trim() : '';
  if (affiliateCode) {
    affiliate = await findAffiliate(app.db, affiliateCode);
    if (!affiliate) {
      throw new ApiError(400, REGISTER_ERRORS.affiliate, 'Invalid invitation code', {
        fields: { affiliateCode: messageIn(lang, 'invitationCode') },
      });
    }
  }

  const account = tab === 'username' ? body.username!.trim().toLowerCase() : `m${randomBytes(5).toString('hex')}`;
  return {
    rules,
    account,
    nickname: tab === 'username' ? body.username!.trim() : `Player ${account.slice(1, 5).toUpperCase()}`,
    password: asksPassword ? body.password! : randomPassword(20),
    generatedPassword: !asksPassword,
    mobile,
    smsCode: smsShown ? (body.verificationCode ?? '').trim() : null,
    affiliate,
  };
}

async function register(app: FastifyInstance, request: FastifyRequest, body: RegistrationUser, tab: Tab): Promise<LoginValue> {
  const p = await plan(app, request, body, tab);
  const lang = requestLang(request);
  if (await accountTaken(app.db, p.account)) {
    throw new ApiError(409, REGISTER_ERRORS.exists, 'This username is already taken', null);
  }
  // with an SMS code the number's owner is proved first: a taken number answers 409 only after a right code
  // (the insert below), so the form tells nobody else whether a number is registered (hardening 11)
  if (p.mobile && p.smsCode === null && (await mobileTaken(app.db, p.mobile.national))) {
    throw new ApiError(409, REGISTER_ERRORS.mobileTaken, 'This mobile number is already registered');
  }
  if (p.smsCode !== null && !p.mobile) throw validationFailed({ mobileNum: messageIn(lang, 'required') });
  const enabledFields = new Set(p.rules.filter((r) => r.enabled).map((r) => r.field));
  const [passwordHash, paymentHash] = await Promise.all([
    app.auth.passwords.hash(p.password),
    enabledFields.has('paymentPassword') && body.paymentPassword
      ? app.auth.passwords.hash(body.paymentPassword)
      : Promise.resolve(null),
  ]);
  const profile: Record<string, string> = {};
  for (const f of PROFILE_FIELDS) if (enabledFields.has(f) && body[f]?.trim()) profile[f] = body[f]!.trim();
  if (body.domain) profile.domain = body.domain;
  if (body.registerUrl) profile.registerUrl = body.registerUrl;
  const settings = await app.settings.get();

  const create = () =>
    app.db.tx(async (q) => {
      if (p.smsCode !== null && !(await useCode(q, 'register', p.mobile!.e164, p.smsCode))) return null;
      const created = await insertWebMember(q, {
        account: p.account,
        nickname: p.nickname,
        passwordHash,
        mustChangePassword: p.generatedPassword,
        mobileNum: p.mobile?.national ?? null,
        dialingCode: p.mobile?.dialingCode ?? null,
        email: enabledFields.has('email') && body.email?.trim() ? body.email.trim() : null,
        language: lang,
        ip: request.ip,
        referralCode: body.referralCode?.trim() || null,
        affiliateCode: p.affiliate?.code ?? null,
        parentAgentId: p.affiliate?.agentId ?? null,
        paymentPasswordHash: paymentHash,
        profile,
      });
      if (created === null) {
        // a concurrent registration took the name or the number: nothing of this one is kept
        const taken = await accountTaken(q, p.account);
        throw taken
          ? new ApiError(409, REGISTER_ERRORS.exists, 'This username is already taken')
          : new ApiError(409, REGISTER_ERRORS.mobileTaken, 'This mobile number is already registered');
      }
      const member = (await findMemberById(q, created))!;
      return startSession(q, settings, member, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        passwordSetup: p.generatedPassword,
      });
    });
  // with an SMS code: one guess, counted before it is checked (hardening 6)
  const value =
    p.smsCode !== null ? await withGuess(app, 'register', p.mobile!.e164, LOGIN_ERRORS.smsCode, create) : await create();
  if (!value) {
    throw new ApiError(400, LOGIN_ERRORS.smsCode, 'Verification code invalid or expired', {
      fields: { verificationCode: messageIn(lang, 'verificationCode') },
    });
  }
  return value;
}

const DESCRIPTION =
  `${SEALED_DESCRIPTION}\n\n` +
  "The operator's field rules (GET /wps/system/setting/register) apply, with the password policy on top (8 to 64 " +
  'characters, not one of the 3,000 most common): 400 VALIDATION_FAILED with value.fields = { field: message } in ' +
  "the Language header's language; PASSWORD_TOO_COMMON (value.fields.password); CAPTCHA_INVALID when the captcha rule " +
  'is enabled; SMS_CODE_INVALID with REGMOBVERF3 (code of POST /wps/verification/sms/register); AFFILIATE_CODE_INVALID; ' +
  '409 US_CUSTOMER_EXIST_ERROR, CUSTOMER_MOBILE_NO_DUPLICATED; 403 US_CUSTOMER_NO_RIGHT_TO_REGISTER_ERROR (flag off); ' +
  '429 TOO_MANY_REQUESTS (per IP). Values of fields the operator disabled are not kept. The answer is the LoginValue ' +
  'of the new session (firstTimeLogin true).';

export const registerRoutes: FastifyPluginAsync = async (app) => {
  for (const [path, tab] of [
    ['/register', 'username'],
    ['/register/mobile', 'mobile'],
  ] as const) {
    app.put<{ Body: RegistrationUser }>(
      path,
      {
        bodyLimit: 32 * 1024,
        preValidation: [sealedBody, strictBody],
        schema: {
          tags: ['member'],
          summary:
            tab === 'username' ? 'Registers by username (flag USERNAMEREG3)' : 'Registers by mobile number (flag MOBILENUMREG3)',
          description:
            tab === 'mobile'
              ? `${DESCRIPTION}\n\nWithout MOBILENUMPASSREG3 no password is asked: the server generates one nobody knows, ` +
                'flags it for a change (defaultPassword) and the new session may set the first password with an empty ' +
                'oldPassword (passwordSetup). The account name is generated.'
              : DESCRIPTION,
          body: registrationBody,
          response: replies(loginValueSchema),
        },
      },
      async (request, reply) => {
        const value = await register(app, request, request.body, tab);
        reply.code(201);
        return ok(value, 'Registered');
      },
    );
  }
};
