// Rate-limit thresholds of the sign-in flows. Operators change any of them with the setting
// `authLimits` (PUT /ops/settings/authLimits { value: { accountLockAfter: 20 } }); a key not set
// keeps its default. Per-IP thresholds are higher than per-account ones: mobile carriers put many
// players behind one address.
export const AUTH_LIMIT_DEFAULTS = {
  /** window of the login failure counters (minutes) */
  loginWindowMinutes: 15,
  /** failures of one account within the window before the captcha is required */
  accountCaptchaAfter: 3,
  /** failures of one account within the window before it is locked for the rest of the window */
  accountLockAfter: 10,
  /** failures from one IP within the window before the captcha is required there */
  ipCaptchaAfter: 10,
  /** failures from one IP within the window before logins from it are locked */
  ipLockAfter: 50,
  /** captcha images one IP may draw per 10 minutes (besides once a second) */
  captchaPerIp: 60,
  /** SMS or e-mailed codes to one number or address per 10 minutes before it is locked for 5 minutes */
  codesPerTarget: 5,
  /** SMS or e-mailed codes sent for one IP per hour */
  codesPerIp: 30,
  /** wrong codes tried against one number, address or verification per 10 minutes */
  codeGuesses: 5,
  /** registration attempts from one IP per hour */
  registrationsPerIp: 20,
  /** free-play (trial) accounts one IP may open per hour */
  freePlayPerIp: 10,
  /** forgotten-password e-mails asked from one IP per hour */
  forgotPerIp: 10,
  /** forgotten-password e-mails asked for one account per hour */
  forgotPerAccount: 3,
  /** wrong old passwords at a password change per 15 minutes before the change is locked */
  changePasswordFailures: 5,
  /** affiliate-code checks from one IP per 10 minutes */
  affiliateChecksPerIp: 60,
};

export type AuthLimits = typeof AUTH_LIMIT_DEFAULTS;
export const AUTH_LIMIT_KEYS = Object.keys(AUTH_LIMIT_DEFAULTS) as (keyof AuthLimits)[];

/** The thresholds in force: the defaults, overridden by the operator's setting. */
export function authLimits(setting: Partial<Record<string, number>> | undefined | null): AuthLimits {
  const limits = { ...AUTH_LIMIT_DEFAULTS };
  for (const key of AUTH_LIMIT_KEYS) {
    const v = setting?.[key];
    if (typeof v === 'number' && Number.isInteger(v) && v > 0) limits[key] = v;
  }
  return limits;
}
