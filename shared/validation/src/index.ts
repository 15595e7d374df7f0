// The platform's validation rules, one copy for the browser and the server (valibot). Messages are
// BN and EN; which one a check produces is the validator locale: valibot's global `lang`, set from
// the page's i18next language (bindI18n) or passed per call on the server (the Language header).
import { languageOf, type RegistrationFieldRule as FieldRule } from '@khela/api/contract';
import * as v from 'valibot';
import { bn } from './locales/bn';
import { en, type ValidationMessages } from './locales/en';

export type ValidatorLang = 'bn' | 'en';
export const VALIDATION_NS = 'validation';
export const validationMessages: Record<ValidatorLang, ValidationMessages> = { bn, en };

type Params = Record<string, string | number>;
type Translate = (lang: ValidatorLang, key: string, params?: Params) => string;

export const toValidatorLang = (lang: string | undefined | null): ValidatorLang => (languageOf(lang) === 'EN' ? 'en' : 'bn');

function lookup(lang: ValidatorLang, key: string): string | undefined {
  let node: unknown = validationMessages[lang];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}
const interpolate = (text: string, params: Params = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/** Server side (and tests): the tables themselves. In the browser, bindI18n routes through i18next. */
const tableTranslate: Translate = (lang, key, params) => interpolate(lookup(lang, key) ?? lookup('en', key) ?? key, params);
let translate: Translate = tableTranslate;

/** Sets the validator locale: every message produced from now on, without a per-call lang, is in it. */
export function setValidatorLocale(lang: string): ValidatorLang {
  const l = toValidatorLang(lang);
  v.setGlobalConfig({ ...v.getGlobalConfig(), lang: l });
  return l;
}
export const validatorLocale = (): ValidatorLang => toValidatorLang(v.getGlobalConfig()?.lang ?? 'bn');

interface I18nLike {
  language?: string;
  t: (key: string, options: Record<string, unknown>) => string;
  on: (event: 'languageChanged', cb: (lng: string) => void) => void;
  addResourceBundle: (lng: string, ns: string, resources: object, deep?: boolean, overwrite?: boolean) => unknown;
}
let boundTo: I18nLike | null = null;
/**
 * Browser: messages come through the page's i18next (namespace "validation"), and the validator
 * locale follows every language change.
 */
export function bindI18n(i18n: I18nLike): void {
  for (const lng of ['bn', 'en'] as const) i18n.addResourceBundle(lng, VALIDATION_NS, validationMessages[lng], true, true);
  translate = (lang, key, params) => i18n.t(key, { ns: VALIDATION_NS, lng: lang, ...params });
  setValidatorLocale(i18n.language ?? 'bn');
  if (boundTo !== i18n) i18n.on('languageChanged', (lng) => setValidatorLocale(lng));
  boundTo = i18n;
}

/** A message in the locale of the check that produced it (or the validator locale). */
export const message =
  (key: string, params?: Params) =>
  (issue?: { lang?: string }): string =>
    translate(issue?.lang ? toValidatorLang(issue.lang) : validatorLocale(), key, params);

// ---------------------------------------------------------------------------------------------
// Operator-configured field rules (/wps/system/setting/register)

/** The contract's field rule (one definition, @khela/api's RegistrationFieldRule). */
export type { RegistrationFieldRule as FieldRule } from '@khela/api/contract';

const INVALID = Symbol('invalid pattern');
const compiled = new Map<string, RegExp | null | typeof INVALID>();
/** '*' → null (anything); a pattern that does not compile fails closed. */
function compilePattern(pattern: string): RegExp | null | typeof INVALID {
  if (pattern === '*' || pattern === '') return null;
  let re = compiled.get(pattern);
  if (re === undefined) {
    try {
      re = new RegExp(pattern, 'u');
    } catch {
      try {
        re = new RegExp(pattern);
      } catch {
        re = INVALID;
      }
    }
    compiled.set(pattern, re);
  }
  return re;
}

const KNOWN_PATTERNS = new Set(Object.keys(en.pattern).filter((k) => !k.endsWith('_exact')));
/** The message of a rule: per patternId, min and max substituted, or one value when equal. */
export function patternMessage(rule: Pick<FieldRule, 'patternId' | 'minLength' | 'maxLength'>) {
  const id = KNOWN_PATTERNS.has(rule.patternId) ? rule.patternId : 'ANY';
  return rule.minLength === rule.maxLength
    ? message(`pattern.${id}_exact`, { value: rule.minLength })
    : message(`pattern.${id}`, { min: rule.minLength, max: rule.maxLength });
}

/** Whether a value passes a rule's pattern and bounds (empty values are the caller's concern). */
export function matchesRule(rule: FieldRule, value: string): boolean | 'unavailable' {
  const re = compilePattern(rule.acceptedPattern);
  if (re === INVALID) return 'unavailable';
  const length = [...value].length;
  if (length < rule.minLength || length > rule.maxLength) return false;
  return re === null || re.test(value);
}

/** A string field checked by an operator rule; `required` overrides the rule's own flag. */
export function fieldSchema(rule: FieldRule, opts: { required?: boolean } = {}) {
  const required = opts.required ?? rule.required;
  return v.pipe(
    v.optional(v.string(message('required')), ''),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const value = dataset.value;
      if (value === '') {
        if (required) addIssue({ message: message('required') });
        return;
      }
      const ok = matchesRule(rule, value);
      if (ok === 'unavailable') addIssue({ message: message('patternUnavailable') });
      else if (!ok) addIssue({ message: patternMessage(rule) });
    }),
  );
}

/** A required string (trimmed emptiness), at most `max` characters. */
export const requiredString = (max = 255, key = 'required') =>
  v.pipe(
    v.optional(v.string(message(key)), ''),
    v.check((s) => s.trim() !== '', message(key)),
    v.maxLength(max, message('maxLength', { max })),
  );

export interface RegistrationContext {
  tab: 'username' | 'mobile';
  smsCodeShown: boolean;
  captchaShown: boolean;
  termsShown: boolean;
  /** the operator asks the player to confirm this age (18 or 21); 0 or absent: not asked */
  minAge?: 0 | 18 | 21;
}

/**
 * The registration form as the spec's section 5 says: per-field operator rules; username and
 * password always required on the username tab, mobile on the mobile tab; confirmation equal to
 * the password; the SMS code when shown; the captcha when configured; the terms ticked.
 */
export function registrationSchema(rules: readonly FieldRule[], ctx: RegistrationContext) {
  const entries: Record<string, v.GenericSchema<unknown, unknown>> = {};
  for (const rule of rules) {
    if (!rule.enabled) continue;
    if (rule.field === 'captcha' && !ctx.captchaShown) continue;
    const forced =
      (ctx.tab === 'username' && (rule.field === 'username' || rule.field === 'password')) ||
      (ctx.tab === 'mobile' && rule.field === 'mobileNum');
    entries[rule.field] = fieldSchema(rule, forced ? { required: true } : {});
  }
  if (entries.password) entries.confirmPassword = requiredString(255);
  if (ctx.smsCodeShown) entries.smsCode = requiredString(255, 'verificationCode');
  if (ctx.termsShown)
    entries.terms = v.pipe(
      v.optional(v.boolean(), false),
      v.check((t) => t === true, message('terms')),
    );
  if (ctx.minAge === 18 || ctx.minAge === 21)
    entries.ageConfirmed = v.pipe(
      v.optional(v.boolean(), false),
      v.check((t) => t === true, message(ctx.minAge === 21 ? 'age21' : 'age18')),
    );
  return v.pipe(
    v.looseObject(entries),
    v.forward(
      v.partialCheck(
        [['password'], ['confirmPassword']],
        (input: { password?: unknown; confirmPassword?: unknown }) =>
          !('password' in entries) || input.password === input.confirmPassword,
        message('confirm'),
      ),
      ['confirmPassword'],
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Passwords: the operator's pattern, and on top of it at least PASSWORD_MIN characters, with at
// least PASSWORD_MAX always allowed (never more than PASSWORD_CEILING). The list of common
// passwords is the server's alone (it is not shipped to the browser): pass `isCommon` there.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const PASSWORD_CEILING = 128;

const DEFAULT_PASSWORD_RULE: FieldRule = {
  field: 'password',
  enabled: true,
  required: true,
  patternId: 'ANY',
  acceptedPattern: '*',
  minLength: PASSWORD_MIN,
  maxLength: PASSWORD_MAX,
};

/** The password rule in force: the operator's rule (or none), its bounds raised to the policy's. */
export function passwordRule(rule?: FieldRule | null): FieldRule {
  const r = rule ?? DEFAULT_PASSWORD_RULE;
  const maxLength = Math.min(Math.max(r.maxLength, PASSWORD_MAX), PASSWORD_CEILING);
  const minLength = Math.min(Math.max(r.minLength, PASSWORD_MIN), maxLength);
  return { ...r, field: 'password', enabled: true, required: true, minLength, maxLength };
}

export interface PasswordPolicyOptions {
  /** true for a password on the server's list of common passwords */
  isCommon?: (password: string) => boolean;
  /** the account name: a password equal to it (ignoring case) is refused as too common */
  account?: string;
}

/** A new password: required, the password rule, and not a common one. */
export function passwordSchema(rule?: FieldRule | null, opts: PasswordPolicyOptions = {}) {
  return v.pipe(
    fieldSchema(passwordRule(rule), { required: true }),
    v.check(
      (pw: string) =>
        !(opts.isCommon?.(pw) ?? false) && !(opts.account !== undefined && pw.toLowerCase() === opts.account.toLowerCase()),
      message('passwordCommon'),
    ),
  );
}

export interface FormField {
  name: string;
  /** an operator rule for the field; without one the field is simply required */
  rule?: FieldRule;
  required?: boolean;
  /** maximum length when there is no rule (default 255) */
  max?: number;
  /** the message key for an empty value (default "required"; e.g. "captcha", "verificationCode") */
  emptyKey?: string;
  /** the name of the field this one must equal ("inconsistent twice") */
  equals?: string;
}

/** A form of string fields: each required (or checked by its rule), confirmations equal. */
export function formSchema(fields: readonly FormField[]) {
  const entries: Record<string, v.GenericSchema<unknown, unknown>> = {};
  for (const f of fields) {
    entries[f.name] = f.rule
      ? fieldSchema(f.rule, f.required === undefined ? {} : { required: f.required })
      : f.required === false
        ? v.optional(v.pipe(v.string(), v.maxLength(f.max ?? 255, message('maxLength', { max: f.max ?? 255 }))), '')
        : requiredString(f.max ?? 255, f.emptyKey ?? 'required');
  }
  const checks = fields
    .filter((f) => f.equals)
    .map((f) =>
      v.forward(
        v.partialCheck(
          [[f.equals!], [f.name]],
          (input: Record<string, unknown>) => input[f.equals!] === input[f.name],
          message('confirm'),
        ),
        [f.name],
      ),
    );
  return v.pipe(v.looseObject(entries), ...(checks as [])) as v.GenericSchema<Record<string, unknown>, Record<string, unknown>>;
}

export type FieldErrors = Record<string, string>;
/** Runs a schema; on failure, the first message of each field (the form shows it under that field). */
export function validate<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  lang?: string,
): { success: true; output: v.InferOutput<S> } | { success: false; errors: FieldErrors } {
  const result = v.safeParse(schema, input, { lang: lang ? toValidatorLang(lang) : validatorLocale(), abortPipeEarly: true });
  if (result.success) return { success: true, output: result.output };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') || '_';
    errors[key] ??= issue.message;
  }
  return { success: false, errors };
}
export * from './profile';
