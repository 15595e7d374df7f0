// The member's profile (issue 10, security centre): the fields the operator enables (setting
// `memberProfile`), one set of rules for the browser's form and the server's check.
import * as v from 'valibot';
import { fieldSchema, message, type FieldRule } from './index';

export const PROFILE_FIELDS = [
  'nickname',
  'payeeName',
  'fullname',
  'birthday',
  'address',
  'nationality',
  'occupation',
  'sourceOfIncome',
  'whatsapp',
  'telegram',
  'facebook',
  'line',
  'zalo',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** The operator's choice: which fields the member sees, which may not be left empty, the age rule. */
export interface ProfileSettings {
  fields: ProfileField[];
  required: ProfileField[];
  minAge: 18 | 21;
}

export const DEFAULT_PROFILE_SETTINGS: ProfileSettings = {
  fields: ['nickname', 'fullname', 'birthday', 'whatsapp', 'telegram'],
  required: [],
  minAge: 18,
};

const rule = (
  field: ProfileField,
  patternId: string,
  acceptedPattern: string,
  minLength: number,
  maxLength: number,
): FieldRule => ({
  field,
  enabled: true,
  required: false,
  patternId,
  acceptedPattern,
  minLength,
  maxLength,
});

/** Each field's rule (birthday's date and age are checked on top of its pattern). */
export const PROFILE_RULES: Record<ProfileField, FieldRule> = {
  nickname: rule('nickname', 'ANY', '^[^\\u0000-\\u001f\\u007f<>]+$', 2, 20),
  payeeName: rule('payeeName', 'FULL_NAME', '^\\S+( \\S+)+$', 3, 50),
  fullname: rule('fullname', 'FULL_NAME', '^\\S+( \\S+)+$', 3, 50),
  birthday: rule('birthday', 'DATE_YMD', '^\\d{4}-\\d{2}-\\d{2}$', 10, 10),
  address: rule('address', 'ANY', '^[^\\u0000-\\u001f\\u007f<>]+$', 5, 200),
  nationality: rule('nationality', 'ANY', '^[^\\u0000-\\u001f\\u007f<>0-9]+$', 2, 50),
  occupation: rule('occupation', 'ANY', '^[^\\u0000-\\u001f\\u007f<>]+$', 2, 50),
  sourceOfIncome: rule('sourceOfIncome', 'ANY', '^[^\\u0000-\\u001f\\u007f<>]+$', 2, 100),
  whatsapp: rule('whatsapp', 'DIGITS', '^[0-9]+$', 8, 15),
  telegram: rule('telegram', 'NO_SPACES', '^@?[A-Za-z0-9_]+$', 5, 33),
  facebook: rule('facebook', 'NO_SPACES', '^\\S+$', 1, 100),
  line: rule('line', 'NO_SPACES', '^\\S+$', 1, 50),
  zalo: rule('zalo', 'DIGITS', '^[0-9]+$', 8, 15),
};

/** Whole years from a yyyy-MM-dd birthday to a yyyy-MM-dd day; null for a date that does not exist. */
export function ageOn(birthday: string, today: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  const n = /^(\d{4})-(\d{2})-(\d{2})$/.exec(today);
  if (!m || !n) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  const [ty, tm, td] = [Number(n[1]), Number(n[2]), Number(n[3])];
  return ty - y - (tm < mo || (tm === mo && td < d) ? 1 : 0);
}

/**
 * The profile form: only the enabled fields, each optional (an empty value clears it) unless the
 * operator requires it; a birthday must exist and make the member at least `minAge` on `today`
 * (yyyy-MM-dd, the platform's day). A field that is not enabled is refused. With `only` (a change
 * of some fields: the server's partial update), the fields not named are left out of the check.
 */
export function profileSchema(settings: ProfileSettings, today: string, only?: readonly string[]) {
  const entries: Record<string, v.GenericSchema<unknown, unknown>> = {};
  for (const field of settings.fields) {
    if (only && !only.includes(field)) continue;
    const base = fieldSchema(PROFILE_RULES[field], { required: settings.required.includes(field) });
    entries[field] =
      field === 'birthday'
        ? v.pipe(
            base,
            v.check((s: string) => s === '' || ageOn(s, today) !== null, message('pattern.DATE_YMD')),
            v.check((s: string) => s === '' || (ageOn(s, today) ?? 0) >= settings.minAge, message(`age${settings.minAge}`)),
            v.check((s: string) => s === '' || (ageOn(s, today) ?? 200) < 120, message('pattern.DATE_YMD')),
          )
        : base;
  }
  return v.strictObject(entries, message('fieldNotEnabled'));
}
