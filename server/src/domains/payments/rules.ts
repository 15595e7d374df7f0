// The operator's payment rules: one setting, `paymentRules` (PUT /ops/settings/paymentRules
// { value: { withdrawDailyCount: 5 } } or `npm run ops -- payment-rules withdrawDailyCount 5`); a key
// not set keeps its default. Amounts are poisha as strings of digits, like everywhere on the wire.

export const PAYMENT_RULE_DEFAULTS = {
  /** how long a deposit order waits for the payment before the scheduled check expires it */
  depositOrderMinutes: 30,
  /** unpaid deposit orders a member may hold at once */
  maxPendingDeposits: 3,
  /** the smallest withdrawal (৳500) */
  withdrawMin: '50000',
  /** the largest withdrawal (৳25,000: what a personal bKash/Nagad account may receive at once) */
  withdrawMax: '2500000',
  /** withdrawal requests per member per day (Asia/Dhaka), rejected ones not counted */
  withdrawDailyCount: 3,
  /** N of "valid bets since the deposits must reach N × the deposits" (0: no requirement) */
  turnoverMultiplier: 1,
  /** minutes after an approval after which a withdrawal the member did not confirm counts as received */
  confirmTimeoutMinutes: 1440,
  /** bound withdrawal accounts per member */
  maxAccounts: 5,
  /** wrong payment passwords within the lock window before the payment password is locked */
  paymentPasswordMaxFailures: 5,
  /** the lock window of wrong payment passwords (minutes) */
  paymentPasswordLockMinutes: 30,
};

export type PaymentRules = typeof PAYMENT_RULE_DEFAULTS;
export const PAYMENT_RULE_KEYS = Object.keys(PAYMENT_RULE_DEFAULTS) as (keyof PaymentRules)[];

const amount = { type: 'string', pattern: '^[1-9][0-9]{0,14}$' };
const count = (max: number) => ({ type: 'integer', minimum: 1, maximum: max });

/** The setting's JSON schema (services/settings.ts validates operator writes with it). */
export const PAYMENT_RULES_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    depositOrderMinutes: count(24 * 60),
    maxPendingDeposits: count(20),
    withdrawMin: amount,
    withdrawMax: amount,
    withdrawDailyCount: count(100),
    turnoverMultiplier: { type: 'number', minimum: 0, maximum: 100, multipleOf: 0.01 },
    confirmTimeoutMinutes: count(30 * 24 * 60),
    maxAccounts: count(20),
    paymentPasswordMaxFailures: count(100),
    paymentPasswordLockMinutes: count(24 * 60),
  },
} as const;

/** The rules in force: the defaults, overridden by whatever the operator set. */
export function paymentRules(setting: Partial<Record<string, unknown>> | undefined | null): PaymentRules {
  const rules: PaymentRules = { ...PAYMENT_RULE_DEFAULTS };
  const s = setting ?? {};
  for (const key of PAYMENT_RULE_KEYS) {
    const v = s[key];
    if (v === undefined || v === null) continue;
    if (typeof rules[key] === 'string' && typeof v === 'string' && /^[1-9][0-9]{0,14}$/.test(v))
      (rules as Record<string, unknown>)[key] = v;
    else if (typeof rules[key] === 'number' && typeof v === 'number' && Number.isFinite(v) && v >= 0) {
      (rules as Record<string, unknown>)[key] = v;
    }
  }
  // a max below the min (each set at a different time) means the min: nothing is refused for both
  if (BigInt(rules.withdrawMax) < BigInt(rules.withdrawMin)) rules.withdrawMax = rules.withdrawMin;
  return rules;
}

/** N × amount with N to 2 decimals, exact in poisha (rounded up: a requirement is never short). */
export function timesMultiplier(amount: bigint, multiplier: number): bigint {
  const hundredths = BigInt(Math.round(multiplier * 100));
  return (amount * hundredths + BigInt(99)) / BigInt(100);
}
