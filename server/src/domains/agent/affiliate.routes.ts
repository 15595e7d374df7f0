import type { FastifyPluginAsync } from 'fastify';
import { ApiError, ok, replies } from '../../http/envelope';
import { retrySeconds } from '../../services/rate-limit';
import { findAffiliate } from './affiliate';

/** GET /wps/agent/affiliate: whether an invitation (affiliate) code exists. */
export const affiliateRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { code: string; domain?: string } }>(
    '/affiliate',
    {
      schema: {
        tags: ['member'],
        summary: 'Checks an invitation (affiliate) code',
        description:
          'valid: the code belongs to an active agent (case does not matter). domain is accepted for the original ' +
          "platform's shape and not used: codes are valid on every domain. Limited per IP (429 TOO_MANY_REQUESTS).",
        querystring: {
          type: 'object',
          required: ['code'],
          additionalProperties: false,
          properties: { code: { type: 'string', maxLength: 64 }, domain: { type: 'string', maxLength: 253 } },
        },
        response: replies({ type: 'object', required: ['valid'], properties: { valid: { type: 'boolean' } } }),
      },
    },
    async (request) => {
      const limits = await app.auth.limits();
      const hit = await app.auth.limiter.hit(`affiliate:ip:${request.ip}`, limits.affiliateChecksPerIp, 10 * 60_000);
      if (!hit.allowed) {
        throw new ApiError(429, 'TOO_MANY_REQUESTS', 'Too many checks: try again later', {
          retryAfterSeconds: retrySeconds(hit.retryAfterMs),
        });
      }
      return ok({ valid: (await findAffiliate(app.db, request.query.code.trim())) !== null });
    },
  );
};
