import { type PermissionInfo } from '@khela/api';
import { PASSWORD_MAX, PASSWORD_MIN } from '@khela/api/auth';
import { fieldSchema, validate, type FieldRule } from '@khela/validation';

const FALLBACK: Record<string, FieldRule> = {
  username: {
    field: 'username',
    enabled: true,
    required: true,
    patternId: 'ANY',
    acceptedPattern: '*',
    minLength: 1,
    maxLength: 64,
  },
  mobileNum: {
    field: 'mobileNum',
    enabled: true,
    required: true,
    patternId: 'MOBILE',
    acceptedPattern: '^01[3-9]\\d{8}$',
    minLength: 11,
    maxLength: 11,
  },
  email: {
    field: 'email',
    enabled: true,
    required: true,
    patternId: 'EMAIL',
    acceptedPattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
    minLength: 5,
    maxLength: 100,
  },
  password: {
    field: 'password',
    enabled: true,
    required: true,
    patternId: 'ANY',
    acceptedPattern: '*',
    minLength: PASSWORD_MIN,
    maxLength: PASSWORD_MAX,
  },
};

/** The operator's rule for a field (from the permission info), or a safe default. */
export function ruleFor(permission: PermissionInfo | null, field: string): FieldRule {
  return permission?.registrationFieldRules?.find((r) => r.field === field) ?? FALLBACK[field] ?? { ...FALLBACK.username, field };
}

/** The password rule: the operator's pattern, never fewer than 8 characters, 64 always allowed. */
export function passwordRule(permission: PermissionInfo | null): FieldRule {
  const r = ruleFor(permission, 'password');
  return { ...r, minLength: Math.max(r.minLength, PASSWORD_MIN), maxLength: Math.max(r.maxLength, PASSWORD_MAX) };
}

/** The dialing code the forms send with a mobile number. */
export const DIALING_CODE = '+880';

/** Whether a mobile number passes the operator's rule: checked before an SMS code is sent. */
export const mobileIsValid = (permission: PermissionInfo | null, value: string | undefined): boolean =>
  validate(fieldSchema(ruleFor(permission, 'mobileNum'), { required: true }), (value ?? '').trim()).success;
