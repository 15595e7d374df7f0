import type { FastifyInstance } from 'fastify';
import { ApiError } from './envelope';

/**
 * What every route refuses, whatever its schema says (issue 15, hardening):
 * - a number that is not finite. A query string's `1e400` or `Infinity` is coerced by the validator
 *   to Infinity, and a coerced value skips the schema's minimum and maximum (pageSize=1e400 listed
 *   every game); JSON's 1e400 parses to Infinity too.
 * - a number beyond 2^53 - 1 either way: JSON's 123456789012345678901234567890 parses to a number
 *   that is not the one sent (and fits no column); no field of the contract holds one (amounts
 *   of money travel as strings of digits).
 * - a control character (C0 but tab, line feed and carriage return; DEL) in any string: none of the
 *   contract's fields carries one, and a NUL reaches SQL as an error (500). Single-line fields refuse
 *   the three as well, in their schema (`str` of http/schemas.ts).
 * - a `text/plain` body: the API takes JSON (and a form where a route says so): 415.
 * Each refusal is a 400 VALIDATION_ERROR naming the field, checked after the schema's validation
 * (the values are then coerced) and before any handler.
 */
export function installRequestGuards(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addHook('preHandler', async (request) => {
    const bad = firstBad(request.query, 'querystring') ?? firstBad(request.params, 'params') ?? firstBad(request.body, 'body');
    if (bad) throw new ApiError(400, 'VALIDATION_ERROR', bad);
  });
}

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The first non-finite number or string with a control character in a request part, as a message. */
export function firstBad(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return `${path} must be a finite number`;
    return Math.abs(value) > Number.MAX_SAFE_INTEGER ? `${path} must be between -2^53 and 2^53` : null;
  }
  if (typeof value === 'string') return CONTROL.test(value) ? `${path} must not contain control characters` : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = firstBad(value[i], `${path}/${i}`, depth + 1);
      if (bad) return bad;
    }
    return null;
  }
  if (Buffer.isBuffer(value)) return null;
  for (const [key, v] of Object.entries(value)) {
    const bad = CONTROL.test(key) ? `${path} must not contain control characters` : firstBad(v, `${path}/${key}`, depth + 1);
    if (bad) return bad;
  }
  return null;
}
