// Field errors in the request's language, as the forms show them under each field.
import type { FieldErrors, FieldRule } from '@khela/validation';
import { passwordSchema, validate, validationMessages } from '@khela/validation';
import { REGISTER_ERRORS } from '@khela/api/auth';
import { ApiError } from '../../http/envelope';
import { isCommonPassword } from './passwords';

/** 400 VALIDATION_FAILED, value.fields = { field: message }. */
export const validationFailed = (fields: FieldErrors) =>
  new ApiError(400, REGISTER_ERRORS.invalid, 'Some fields are invalid', { fields });

type MessageKey = Exclude<keyof (typeof validationMessages)['en'], 'pattern'>;
export const messageIn = (lang: 'BN' | 'EN', key: MessageKey) => validationMessages[lang === 'EN' ? 'en' : 'bn'][key];

/**
 * Checks a new password against the policy (the operator's rule, 8 to 64 characters, not one of
 * the 3,000 most common, not the account itself). Answers the message, or null when it passes.
 * A common password is refused with its own errorCode (PASSWORD_TOO_COMMON).
 */
export function passwordProblem(
  password: unknown,
  rule: FieldRule | null,
  lang: 'BN' | 'EN',
  account?: string,
): { errorCode: string; message: string } | null {
  const plain = validate(passwordSchema(rule), password, lang);
  if (!plain.success) return { errorCode: REGISTER_ERRORS.invalid, message: Object.values(plain.errors)[0] };
  const full = validate(passwordSchema(rule, { isCommon: isCommonPassword, account }), password, lang);
  if (!full.success) return { errorCode: REGISTER_ERRORS.commonPassword, message: Object.values(full.errors)[0] };
  return null;
}

/** Throws the refusal of a password problem for `field`. */
export function assertPassword(
  field: string,
  password: unknown,
  rule: FieldRule | null,
  lang: 'BN' | 'EN',
  account?: string,
): void {
  const problem = passwordProblem(password, rule, lang, account);
  if (problem)
    throw new ApiError(
      400,
      problem.errorCode,
      problem.errorCode === REGISTER_ERRORS.commonPassword ? 'This password is too common' : 'Some fields are invalid',
      { fields: { [field]: problem.message } },
    );
}
