import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './envelope';

declare module 'fastify' {
  interface FastifyInstance {
    /** The operator key every `/ops` route is guarded by (see `requireOps`). */
    opsKey: string;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Constant-time comparison (both sides hashed to the same length first); never true without a key. */
export function sameKey(given: string | undefined, expected: string): boolean {
  return !!expected && given !== undefined && timingSafeEqual(digest(given), digest(expected));
}

/** onRequest hook: refuses a request without the operator key (`X-Ops-Key`) with 401 OPS_KEY_INVALID. */
export async function requireOps(request: FastifyRequest): Promise<void> {
  const given = request.headers['x-ops-key'];
  if (!sameKey(typeof given === 'string' ? given : undefined, request.server.opsKey)) {
    throw new ApiError(401, 'OPS_KEY_INVALID', 'Missing or wrong X-Ops-Key');
  }
}

/** Guards every route of this plugin (an encapsulated context) with `requireOps`. */
export function guardOps(app: FastifyInstance): void {
  app.addHook('onRequest', requireOps);
}
