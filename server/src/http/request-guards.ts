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
  // synchronous (a callback, no promise): it runs on every request
  app.addHook('preHandler', (request, _reply, done) => {
    const bad = firstBad(request.query, 'querystring') ?? firstBad(request.params, 'params') ?? firstBad(request.body, 'body');
    done(bad ? new ApiError(400, 'VALIDATION_ERROR', bad) : undefined);
  });
}

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const numberBad = (n: number): string | null =>
  !Number.isFinite(n)
    ? 'must be a finite number'
    : Math.abs(n) > Number.MAX_SAFE_INTEGER
      ? 'must be between -2^53 and 2^53'
      : null;
const CONTROL_MESSAGE = 'must not contain control characters';

/** The first non-finite number or string with a control character in a request part, as a message. */
export function firstBad(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'number') {
    const bad = numberBad(value);
    return bad && `${path} ${bad}`;
  }
  if (typeof value === 'string') return CONTROL.test(value) ? `${path} ${CONTROL_MESSAGE}` : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  if (Buffer.isBuffer(value)) return null;
  const array = Array.isArray(value);
  // the fields' own values are checked here; a path is spelt out only for a value that is bad
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (!array && CONTROL.test(key)) return `${path} ${CONTROL_MESSAGE}`;
    const v = (value as Record<string, unknown>)[key];
    if (typeof v === 'string') {
      if (CONTROL.test(v)) return `${path}/${key} ${CONTROL_MESSAGE}`;
    } else if (typeof v === 'number') {
      const bad = numberBad(v);
      if (bad) return `${path}/${key} ${bad}`;
    } else if (typeof v === 'object' && v !== null) {
      const bad = firstBad(v, `${path}/${key}`, depth + 1);
      if (bad) return bad;
    }
  }
  return null;
}
