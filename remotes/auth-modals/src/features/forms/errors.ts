import type { FieldErrors } from '@khela/validation';

/** The field errors of a validation result (none when it passed). */
export const errorsOf = (r: { success: true } | { success: false; errors: FieldErrors }): FieldErrors =>
  r.success ? {} : r.errors;
