import type { VipLevel } from '@khela/api/member-centre';
import { PROFILE_FIELDS, type ProfileSettings } from '@khela/validation';
import type { Db, Queryable } from '../db/db';
import { IPV4_OR_CIDR_PATTERN } from '../domains/system/ip-allow';
import { AUTH_LIMIT_KEYS } from '../domains/auth/limits';
import { PAYMENT_RULES_SCHEMA } from '../domains/payments/rules';

export interface CustomerService {
  csType: 'whatsapp' | 'livechat' | 'telegram' | 'link';
  path: string;
}

export interface Resource {
  resourceType: string;
  labelNameEn: string;
  url: string;
}

/** The typed view of `system_settings`. */
export interface SystemSettings {
  maintenance: boolean;
  regionRestriction: boolean;
  regionAllowList: string[];
  customerService: CustomerService[];
  resources: Resource[];
  mainDomain: string;
  domains: string[];
  gtagId: string | null;
  imageCDNs: string[];
  launchGameCDNs: string[];
  supportHours: string;
  /** Sign-in: a login from an IP the member never used is verified by a code (default on). */
  loginIpVerification: boolean;
  /** Sign-in: passwords expire after `passwordMaxAgeDays` (LoginValue.passwordExpired); off by default (no forced rotation). */
  passwordPolicy: boolean;
  passwordMaxAgeDays: number;
  /** Sign-in: how long an SMS or e-mailed code stays valid (the client's countdown). */
  smsCodeExpiredMinutes: number;
  /** Sign-in: rate-limit thresholds (see AUTH_LIMIT_DEFAULTS in domains/auth/limits.ts); unset ones keep their default. */
  authLimits: Partial<Record<string, number>>;
  /** Deposits and withdrawals: limits, turnover, time-outs (see PAYMENT_RULE_DEFAULTS in domains/payments/rules.ts). */
  paymentRules: Partial<Record<string, number | string>>;
  /** Real-user signals: the share of page views that report (0 to 1; default 1). */
  rumSampleRate: number;
  /** Real-user signals: how long they are kept (hours; default 168). */
  rumRetentionHours: number;
  /** Member centre: the VIP levels by lifetime valid bet (unset: DEFAULT_VIP_LEVELS; [] hides VIP). */
  vipLevels: VipLevel[];
  /** Member centre: the profile fields members see and fill in (unset: DEFAULT_PROFILE_SETTINGS). */
  memberProfile: ProfileSettings;
  /** Member centre: the feedback's length in words (unset: FEEDBACK_WORDS_DEFAULT). */
  feedbackWords: { min: number; max: number };
  /** Member centre: the manual rebate's rate per game type, in basis points of the valid bet (unset: none, nothing to claim). */
  rebateRates: Record<string, number>;
  /** Agent centre: how many agent levels the tree may have (a top-level agent is level 1; unset: 5). */
  maxAgentLevel: number;
  /** Registration: the age the register form asks the player to confirm (18 or 21; unset or 0: not asked). */
  registrationAge: 0 | 18 | 21;
  /** Registration and sign-in: the dialing codes offered when COUNTRYCODE3 is on (unset: +880 only); off: +880 only. */
  dialingCodes: string[];
}

export type SettingKey = keyof SystemSettings;

const httpsUrl = { type: 'string', pattern: '^https?://[^\\s]+$', maxLength: 2048 };
const hostname = {
  type: 'string',
  pattern: '^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$',
};
// No `type` keyword: Fastify's validator coerces typed values (null → false, 1 → true); an enum is exact.
const strictBoolean = { enum: [true, false] };
const list = (items: object, maxItems = 100) => ({ type: 'array', items, maxItems });

/** The JSON schema each setting's value must satisfy: the operator endpoints validate with these. */
export const SETTING_SCHEMAS: Record<SettingKey, object> = {
  maintenance: strictBoolean,
  regionRestriction: strictBoolean,
  regionAllowList: list(
    {
      anyOf: [
        { type: 'string', pattern: IPV4_OR_CIDR_PATTERN },
        { type: 'string', format: 'ipv6' },
      ],
    },
    10000,
  ),
  customerService: list({
    type: 'object',
    required: ['csType', 'path'],
    additionalProperties: false,
    properties: { csType: { type: 'string', enum: ['whatsapp', 'livechat', 'telegram', 'link'] }, path: httpsUrl },
  }),
  resources: list({
    type: 'object',
    required: ['resourceType', 'labelNameEn', 'url'],
    additionalProperties: false,
    properties: {
      resourceType: { type: 'string', minLength: 1, maxLength: 50 },
      labelNameEn: { type: 'string', minLength: 1, maxLength: 100 },
      // an https address, or a path of the site itself (the mobile configuration profile)
      url: { anyOf: [httpsUrl, { type: 'string', maxLength: 500, pattern: '^/(?!/)[A-Za-z0-9._~!$&()*+,;=:@%/-]*$' }] },
    },
  }),
  mainDomain: hostname,
  domains: list(hostname),
  gtagId: { anyOf: [{ type: 'string', pattern: '^[A-Z]{1,3}-[A-Z0-9-]{4,20}$' }, { type: 'null' }] },
  imageCDNs: list(httpsUrl),
  launchGameCDNs: list(httpsUrl),
  supportHours: { type: 'string', maxLength: 100 },
  loginIpVerification: strictBoolean,
  passwordPolicy: strictBoolean,
  passwordMaxAgeDays: { type: 'integer', minimum: 1, maximum: 3650 },
  smsCodeExpiredMinutes: { type: 'integer', minimum: 1, maximum: 30 },
  authLimits: {
    type: 'object',
    additionalProperties: false,
    propertyNames: { enum: AUTH_LIMIT_KEYS },
    properties: Object.fromEntries(AUTH_LIMIT_KEYS.map((k) => [k, { type: 'integer', minimum: 1, maximum: 1_000_000 }])),
  },
  paymentRules: PAYMENT_RULES_SCHEMA,
  rumSampleRate: { type: 'number', minimum: 0, maximum: 1 },
  maxAgentLevel: { type: 'integer', minimum: 1, maximum: 20 },
  registrationAge: { enum: [0, 18, 21] },
  dialingCodes: {
    type: 'array',
    minItems: 1,
    maxItems: 30,
    uniqueItems: true,
    items: { type: 'string', pattern: '^\\+[1-9][0-9]{0,3}$' },
  },
  rumRetentionHours: { type: 'integer', minimum: 1, maximum: 24 * 400 },
  vipLevels: list(
    {
      type: 'object',
      required: ['level', 'labelName', 'minValidBet'],
      additionalProperties: false,
      properties: {
        level: { type: 'integer', minimum: 0, maximum: 100 },
        labelName: { type: 'string', minLength: 1, maxLength: 40 },
        minValidBet: { type: 'string', pattern: '^(0|[1-9][0-9]{0,17})$' },
      },
    },
    101,
  ),
  feedbackWords: {
    type: 'object',
    required: ['min', 'max'],
    additionalProperties: false,
    properties: { min: { type: 'integer', minimum: 1, maximum: 1000 }, max: { type: 'integer', minimum: 1, maximum: 2000 } },
  },
  rebateRates: {
    type: 'object',
    maxProperties: 50,
    propertyNames: { pattern: '^[A-Z_]{1,30}$' },
    additionalProperties: { type: 'integer', minimum: 0, maximum: 500 },
  },
  memberProfile: {
    type: 'object',
    required: ['fields', 'required', 'minAge'],
    additionalProperties: false,
    properties: {
      fields: { type: 'array', uniqueItems: true, items: { enum: [...PROFILE_FIELDS] }, maxItems: PROFILE_FIELDS.length },
      required: { type: 'array', uniqueItems: true, items: { enum: [...PROFILE_FIELDS] }, maxItems: PROFILE_FIELDS.length },
      minAge: { enum: [18, 21] },
    },
  },
};

export const SETTING_KEYS = Object.keys(SETTING_SCHEMAS) as SettingKey[];

export async function readSettings(q: Queryable): Promise<SystemSettings> {
  const rows = await q.query<{ key: string; value: unknown }>('SELECT key, value FROM system_settings');
  return Object.fromEntries(rows.map((r) => [r.key, r.value])) as unknown as SystemSettings;
}

/**
 * Settings read through a short in-memory cache: the storefront asks for the system status on
 * every boot. Writes go through `set`, which also drops this server's cache; other servers see a
 * change within `ttlMs`.
 */
export interface SettingsStore {
  get(): Promise<SystemSettings>;
  set<K extends SettingKey>(key: K, value: SystemSettings[K]): Promise<void>;
  invalidate(): void;
}

export function createSettingsStore(db: Db, ttlMs = 2000): SettingsStore {
  let cached: { at: number; value: Promise<SystemSettings> } | null = null;
  const store: SettingsStore = {
    get() {
      if (!cached || Date.now() - cached.at >= ttlMs) {
        const value = readSettings(db);
        value.catch(() => (cached = null)); // a failed read is not cached
        cached = { at: Date.now(), value };
      }
      return cached.value;
    },
    async set(key, value) {
      await db.tx((q) =>
        q.query(
          `INSERT INTO system_settings (key, value, updated_at) VALUES ($1, $2::jsonb, now())
           ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
          [key, JSON.stringify(value)],
        ),
      );
      store.invalidate(); // after the commit, so no reader re-caches the old value
    },
    invalidate() {
      cached = null;
    },
  };
  return store;
}
