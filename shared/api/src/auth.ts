// The sign-in contract (issue 4): what the auth-modals remote sends and what the server answers.
// Imported as '@khela/api/auth' (not from the shared index: only the sign-in forms need it).
// Paths and payload names follow the spec's call table (section 7); where the spec says "not
// shown", the choice is documented here once, for both sides.
import type { MemberInfoDto } from './contract';

// ---------------------------------------------------------------------------------------------
// Sealed (encrypted) bodies. The spec marks login, register, change password and reset by phone
// as encrypted. TLS is the real protection; on top of it the body is sealed for the server only:
// a fresh AES-256-GCM key per request, wrapped with the server's RSA-OAEP (SHA-256) public key.
//
//   GET /wps/crypto/key -> value: SealKey
//   request body: { sealed: SealedBody }   (Content-Type: application/json)
//   the AES-GCM plaintext is JSON: { ...payload, ts: <ms since epoch> }; the server refuses a
//   body older than 5 minutes or from the future (errorCode SEALED_BODY_STALE), an unknown kid
//   (SEALED_KEY_UNKNOWN: fetch the key again and retry once), anything that does not decrypt or
//   parse (SEALED_BODY_INVALID). Additional authenticated data: the request path (e.g.
//   "/wps/session/login"), so a sealed body cannot be replayed against another endpoint.

export interface SealKey {
  /** key id; sent back in every sealed body */
  kid: string;
  /** the RSA public key, SPKI DER, base64 */
  spki: string;
  alg: 'RSA-OAEP-256+A256GCM';
}

export interface SealedBody {
  kid: string;
  /** the AES key wrapped with RSA-OAEP-256, base64 */
  key: string;
  /** 12-byte AES-GCM nonce, base64 */
  iv: string;
  /** AES-GCM ciphertext with its 16-byte tag appended, base64 */
  data: string;
}

export const SEALED_PATHS = [
  '/wps/session/login',
  '/wps/member/register',
  '/wps/member/register/mobile',
  '/wps/member/password',
  '/wps/member/password/verification',
] as const;

// ---------------------------------------------------------------------------------------------
// Login

export type LoginType = 'username' | 'sms' | 'remember';

/** POST /wps/session/login (sealed). */
export interface LoginRequest {
  /** the account, or the mobile number (type sms, or a player who logs in with the mobile number) */
  username: string;
  /** the password; for type sms the SMS code; empty for type remember */
  password: string;
  type: LoginType;
  /** the answer to the captcha image, and the id that came with that image */
  captcha?: string;
  captchaId?: string;
  /** type sms: the dialing code of the mobile number, e.g. "+880" */
  countryDialingCode?: string;
  /** "agent": the /agent landing page; only agents may log in there */
  portal?: 'player' | 'agent';
  /** remember-me: ask for a device-bound remember token (never a stored password) */
  remember?: boolean;
  /** type remember: the token a previous login returned, and the same device id */
  rememberToken?: string;
  /** a random id the browser keeps in localStorage (khelaDevice); binds remember tokens */
  deviceId?: string;
}

/** The value of a successful login (also of register with login=true, free play, verification). */
export interface LoginValue {
  token: string;
  firstTimeLogin: boolean;
  /** the password has expired while the password policy (setting passwordPolicy) is on */
  passwordExpired: boolean;
  /** the password is the default initial one (set by an operator, or a temporary e-mailed one) */
  defaultPassword: boolean;
  member: MemberInfoDto;
  /** when remember was asked: a new device-bound token (1 day), replacing any previous one */
  rememberToken?: string;
  /**
   * The member knows no password (generated at a mobile registration without MOBILENUMPASSREG3):
   * the change-password form must not ask for the old one; this session may set the first password
   * with oldPassword ''. Absent otherwise.
   */
  passwordSetup?: boolean;
}

/** errorCodes of a refused login (value may carry LoginRefusal). */
export const LOGIN_ERRORS = {
  /** wrong account or password; the same answer and timing whether the account exists or not */
  bad: 'US_INCORRECT_USERNAME_PASSWORD_ERROR',
  /** too many failures for this account or IP: wait (value.retryAfterSeconds) */
  locked: 'US_INCORRECT_PASSWORD_MAX_TIMES_ERROR',
  /** the account is disabled by an operator */
  forbidden: 'US_FORBIDDEN_LOGIN_ERROR',
  /** captcha missing, wrong, expired or already used (value.captcha = true) */
  captcha: 'CAPTCHA_INVALID',
  /** SMS code wrong, expired or already used */
  smsCode: 'SMS_CODE_INVALID',
  /** remember token unknown, expired, or from another device */
  remember: 'REMEMBER_TOKEN_INVALID',
  /** agent page: a trial account ('Non-member account unable to login') */
  nonMember: 'NON_MEMBER_ACCOUNT',
  /** agent page: a player ('Non-agents cannot log in') */
  notAgent: 'NOT_AGENT',
  /** a login from an IP this member never used: value is LoginVerificationChallenge */
  verify: 'LOGIN_VERIFICATION_REQUIRED',
} as const;

/** value of a refused login */
export interface LoginRefusal {
  /** show the captcha image (and require it) on the next attempt */
  captcha?: boolean;
  retryAfterSeconds?: number;
}

/** Extra verification of a login from an unregistered IP (value with errorCode verify). */
export interface LoginVerificationChallenge {
  verificationId: string;
  /** GOOGLE: a code of the member's authenticator app (or one of its recovery codes); BANK: the account name of the
   * member's bound bank account (the holder's name as bound); nothing is sent for either */
  methods: ('MOBILE' | 'EMAIL' | 'GOOGLE' | 'BANK')[];
  /** e.g. "013•••••678", "r•••@example.com" */
  maskedMobile?: string;
  maskedEmail?: string;
}
/** POST /wps/session/login/verification/send { verificationId, method } -> { expiredMinutes } */
export interface LoginVerificationSend {
  verificationId: string;
  method: 'MOBILE' | 'EMAIL';
}
/** POST /wps/session/login/verification { verificationId, method, code } -> LoginValue */
export interface LoginVerificationRequest {
  verificationId: string;
  method: 'MOBILE' | 'EMAIL' | 'GOOGLE' | 'BANK';
  code: string;
}
/** errorCodes of the two verification calls (besides the SMS ones of SMS_ERRORS). */
export const LOGIN_VERIFICATION_ERRORS = {
  /** the challenge is unknown, expired (10 minutes), completed, from another IP, or the method is not offered: log in again */
  invalid: 'LOGIN_VERIFICATION_INVALID',
  /** wrong, expired or used code (5 wrong codes end the challenge) */
  code: 'SMS_CODE_INVALID',
} as const;

/** POST /wps/session/login/freeplay -> LoginValue of a new trial account (type 4). */
export interface FreePlayRequest {
  os?: string;
  platform: 'W';
  Encryption?: boolean;
  gatewayVersion: 3;
}

// ---------------------------------------------------------------------------------------------
// Captcha: GET /wps/captcha -> value: the image as a data URL (image/svg+xml;base64), and the
// response header `Captcha-Id` naming it. Single use, 2 minutes, case-insensitive answer.
export const CAPTCHA_ID_HEADER = 'Captcha-Id';

// Member icon: GET /wps/member/info/icon (token) -> value: an SVG avatar as a data URL
// (image/svg+xml;base64): the nickname's initials on a colour derived from the member id.
export const MEMBER_ICON_PATH = '/wps/member/info/icon';
export const CAPTCHA_REFRESH_MS = 1000;

// ---------------------------------------------------------------------------------------------
// SMS. Every send answers { expiredMinutes } (default 1). Sends are throttled to one per second
// per number and per IP; too many (5 in 10 minutes for a number) lock that number for 5 minutes:
// errorCode SMS_TOO_MANY_REQUESTS ("too many requests: try again after 5 minutes").
export interface SmsSent {
  expiredMinutes: number;
}
/** POST /wps/verification/sms/noLogin (login by SMS) */
export interface SmsLoginCodeRequest {
  mobileNum: string;
  countryDialingCode: string;
}
/** POST /wps/verification/sms/register (registration) */
export interface SmsRegisterCodeRequest {
  mobileNo: string;
  countryDialingCode: string;
  /** by username (the username tab with REGMOBVERF3) or by mobile (the mobile tab) */
  by: 'username' | 'mobile';
}
/** POST /wps/member/password/sms (reset by phone, first step) */
export interface SmsResetCodeRequest {
  mobileNum: string;
  countryDialingCode: string;
}
export const SMS_ERRORS = {
  tooMany: 'SMS_TOO_MANY_REQUESTS',
  throttled: 'SMS_THROTTLED',
  phoneFormat: 'PHONE_FORMAT_INVALID',
  disabled: 'OPERATION_NOT_ENABLED',
  /** the gateway refused or could not be reached (registration and verification codes) */
  sendFailed: 'SMS_SEND_FAILED',
  /** the same for a code sent by e-mail (extra verification by EMAIL) */
  emailSendFailed: 'EMAIL_SEND_FAILED',
} as const;
/**
 * Any other per-IP limit (captcha images, free play, registration, forgot password, affiliate
 * checks): HTTP 429 with value.retryAfterSeconds (and a Retry-After header).
 */
export const TOO_MANY_REQUESTS = 'TOO_MANY_REQUESTS';
/** Every 429 carries value: { retryAfterSeconds }. */
export interface RetryAfter {
  retryAfterSeconds: number;
}
export const SMS_THROTTLE_MS = 1000;
export const SMS_DEFAULT_EXPIRED_MINUTES = 1;

// ---------------------------------------------------------------------------------------------
// Registration. PUT /wps/member/register and PUT /wps/member/register/mobile (both sealed).

export interface RegistrationUser {
  username?: string;
  password?: string;
  confirmPassword?: string;
  payeeName?: string;
  email?: string;
  qqNum?: string;
  mobileNum?: string;
  recommenderId?: string;
  captcha?: string;
  captchaId?: string;
  verificationCode?: string;
  affiliateCode?: string;
  paymentPassword?: string;
  line?: string;
  whatsapp?: string;
  facebook?: string;
  wechat?: string;
  idNumber?: string;
  referralCode?: string;
  domain?: string;
  countryDialingCode?: string;
  /** the player confirmed the age the operator asks (permission registrationAge) */
  ageConfirmed?: boolean;
  /** log in at once: the answer is then a LoginValue */
  login: true;
  registerUrl?: string;
  registerMethod: 'WEB';
  deviceId?: string;
}
export const REGISTER_ERRORS = {
  exists: 'US_CUSTOMER_EXIST_ERROR',
  mobileTaken: 'CUSTOMER_MOBILE_NO_DUPLICATED',
  /** field errors: value is { fields: Record<field, message> } in the request's language */
  invalid: 'VALIDATION_FAILED',
  commonPassword: 'PASSWORD_TOO_COMMON',
  affiliate: 'AFFILIATE_CODE_INVALID',
  disabled: 'US_CUSTOMER_NO_RIGHT_TO_REGISTER_ERROR',
} as const;

/** PUT /wps/member/register[/mobile] answers HTTP 201 with the LoginValue. A refusal of a field
 * (VALIDATION_FAILED, PASSWORD_TOO_COMMON, AFFILIATE_CODE_INVALID, CAPTCHA_INVALID, SMS_CODE_INVALID)
 * carries value.fields = { field: message } in the request's language (Language header). */
export interface FieldRefusal {
  fields: Record<string, string>;
  /** CAPTCHA_INVALID: load a new image */
  captcha?: boolean;
}

/** GET /wps/agent/affiliate?code=&domain= -> { valid } */
export interface AffiliateCheck {
  valid: boolean;
}

// ---------------------------------------------------------------------------------------------
// Passwords

/** POST /wps/member/password (token, sealed) -> null. Revokes the member's other sessions and
 * remember tokens; this session stays. */
export interface ChangePasswordRequest {
  /** '' only in a session whose LoginValue said passwordSetup */
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
  /** with CHNGPASSVERIF3 on: the code sent by /wps/member/security/code (purpose PASSWORD_CHANGE) and where it went */
  verificationChannel?: 'MOBILE' | 'EMAIL';
  verificationCode?: string;
}
export const PASSWORD_ERRORS = {
  /** the old password is wrong (5 in 15 minutes lock the change: US_INCORRECT_PASSWORD_MAX_TIMES_ERROR) */
  oldWrong: 'OLD_PASSWORD_INCORRECT',
  sameAsOld: 'PASSWORD_SAME_AS_OLD',
} as const;
/** POST /wps/member/password/email (form-encoded): always the same answer (no enumeration);
 * when the account and e-mail match, a temporary password (valid 30 minutes, the old one stays
 * valid until it is used) is e-mailed; logging in with it forces a password change. */
export interface ForgotByEmailRequest {
  username: string;
  email: string;
}
/** POST /wps/member/password/verification (sealed) -> { username } to log in with */
export interface ResetByPhoneRequest {
  newPassword: string;
  mobileNum: string;
  verificationCode: string;
  countryDialingCode?: string;
}
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/** Remember-me lasts one day (the spec's 86400000 ms). */
export const REMEMBER_MS = 86_400_000;

/*
 * Social sign-in (OpenID Connect, authorisation code with PKCE; flag SOCIALLOGIN3). The browser
 * leaves for the provider and comes back to the page it left with `#social=<code>` (or
 * `#socialError=<errorCode>`); the code, good once for two minutes, is exchanged for the session.
 */
/** GET /wps/session/social/providers -> the providers operators switched on (none while the flag is off) */
export interface SocialProvider {
  id: string;
  label: string;
}
/** POST /wps/session/social/:provider/start (Authorization of a member links the identity to it) */
export interface SocialStartRequest {
  /** the page to come back to: a path of the site */
  returnTo: string;
  /** a referral code from the page's link, for a member the sign-in creates */
  referralCode?: string;
}
export interface SocialStartValue {
  /** the provider's authorisation address: the browser goes there */
  url: string;
}
/** POST /wps/session/social/complete { code } -> LoginValue */
export interface SocialCompleteRequest {
  code: string;
}
export const SOCIAL_ERRORS = {
  /** SOCIALLOGIN3 off, or the provider unknown or switched off */
  disabled: 'OPERATION_NOT_ENABLED',
  /** the sign-in was not finished in time, or its code was used already */
  expired: 'SOCIAL_LOGIN_EXPIRED',
  /** the provider refused or its answer failed a check (state, nonce, PKCE, signature) */
  failed: 'SOCIAL_LOGIN_FAILED',
  /** this provider account is linked to another member */
  linkedElsewhere: 'SOCIAL_ACCOUNT_LINKED',
  /** new members can't register now (registration closed by the operator) */
  closed: 'SOCIAL_REGISTRATION_CLOSED',
} as const;
/** the fragment keys the provider's return brings */
export const SOCIAL_RETURN = { code: 'social', error: 'socialError' } as const;
