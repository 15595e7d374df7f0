// Fastify's validator coerces types (123 becomes "123", "true" becomes true) and drops unknown
// properties. The sign-in endpoints refuse both: a body of the wrong shape is a client bug or a
// probe, never something to guess at. This check runs before the schema validation and compares
// the JSON types of the body with the route's body schema; the schema then checks the rest.
import type { FastifyRequest } from 'fastify';
import { ApiError } from './envelope';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: boolean | Schema;
}

const jsonType = (v: unknown): string =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'array'
      : typeof v === 'number'
        ? Number.isInteger(v)
          ? 'integer'
          : 'number'
        : typeof v;

/** The first place where `value` does not have the JSON type the schema names, or null. */
export function typeMismatch(schema: Schema | undefined, value: unknown, path = 'body'): string | null {
  if (!schema || value === undefined) return null;
  if (schema.type) {
    const allowed = Array.isArray(schema.type) ? schema.type : [schema.type];
    const actual = jsonType(value);
    const ok = allowed.includes(actual) || (actual === 'integer' && allowed.includes('number'));
    if (!ok) return `${path} must be ${allowed.join(' or ')}`;
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      const sub = schema.properties?.[k];
      if (!sub) {
        if (schema.additionalProperties === false || (schema.properties && schema.additionalProperties === undefined)) {
          return `${path}/${k} is not allowed`;
        }
        continue;
      }
      const bad = typeMismatch(sub, v, `${path}/${k}`);
      if (bad) return bad;
    }
  }
  if (Array.isArray(value) && schema.items) {
    for (const [i, v] of value.entries()) {
      const bad = typeMismatch(schema.items, v, `${path}/${i}`);
      if (bad) return bad;
    }
  }
  return null;
}

/** preValidation: refuses a body whose JSON types or property names differ from the route's schema. */
export async function strictBody(request: FastifyRequest): Promise<void> {
  const schema = request.routeOptions.schema?.body as Schema | undefined;
  if (!schema || request.body === undefined) return;
  const bad = typeMismatch(schema, request.body);
  if (bad) throw new ApiError(400, 'VALIDATION_ERROR', bad);
}
