// The password policy's refusals, as the forms show them under the password field.
import type { FieldRule } from '@khela/validation';
import { passwordSchema, validate } from '@khela/validation';
import { REGISTER_ERRORS } from '@khela/api/auth';
import { ApiError } from '../../http/envelope';
import { isCommonPassword } from './passwords';

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
