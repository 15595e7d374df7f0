// JSON schemas the routes of every domain share: they validate, serialise and document (OpenAPI).

/** An object with exactly these properties (unknown ones are a 400, not silently dropped). */
export function closedObject(properties: Record<string, object>, required: string[] = [], extra: object = {}) {
  return {
    type: 'object',
    required,
    additionalProperties: false,
    propertyNames: { enum: Object.keys(properties) },
    properties,
    ...extra,
  };
}

/** No control character (C0 and DEL): a NUL would reach SQL as an error; none belongs in a one-line field. */
export const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u001f\\u007f]*$';

/** A one-line string of at most `maxLength` characters, without control characters (a field's own pattern is added to it). */
export const str = (maxLength = 255, extra: { pattern?: string } & Record<string, unknown> = {}) =>
  extra.pattern
    ? { type: 'string', maxLength, ...extra, allOf: [{ pattern: NO_CONTROL_CHARACTERS }] }
    : { type: 'string', maxLength, pattern: NO_CONTROL_CHARACTERS, ...extra };

export const mobileNumSchema = str(32, { minLength: 1, description: 'the mobile number, national form (e.g. 01712345678)' });
export const dialingCodeSchema = { type: 'string', pattern: '^\\+[1-9][0-9]{0,3}$', description: 'e.g. +880 (the default)' };
export const deviceIdSchema = {
  type: 'string',
  pattern: '^[A-Za-z0-9_-]{8,128}$',
  description: "the browser's random device id (localStorage khelaDevice)",
};
export const tokenSchema = { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' };
export const captchaFields = {
  captcha: str(16, { description: 'the characters of the captcha image' }),
  captchaId: str(64, { description: 'the Captcha-Id header that came with the image' }),
};
