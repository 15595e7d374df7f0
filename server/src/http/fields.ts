// Field errors in the request's language, as the forms show them under each field.
import type { FieldErrors } from '@khela/validation';
import { validationMessages } from '@khela/validation';
import { REGISTER_ERRORS } from '@khela/api/auth';
import { ApiError } from './envelope';

/** 400 VALIDATION_FAILED, value.fields = { field: message }. */
export const validationFailed = (fields: FieldErrors) =>
  new ApiError(400, REGISTER_ERRORS.invalid, 'Some fields are invalid', { fields });

type MessageKey = Exclude<keyof (typeof validationMessages)['en'], 'pattern'>;
export const messageIn = (lang: 'BN' | 'EN', key: MessageKey) => validationMessages[lang === 'EN' ? 'en' : 'bn'][key];
