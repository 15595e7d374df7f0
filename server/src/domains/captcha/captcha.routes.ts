import type { FastifyPluginAsync } from 'fastify';
import { CAPTCHA_ID_HEADER } from '@khela/api/auth';
import { ApiError, ok, replies } from '../../http/envelope';
import { retrySeconds } from '../../services/rate-limit';
import { CAPTCHA_TTL_S, issueCaptcha } from './captcha';

/** GET /wps/captcha: a new captcha image. */
export const captchaRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/captcha',
    {
      schema: {
        tags: ['session'],
        summary: 'A captcha image',
        description:
          `value: the image as a data URL (image/svg+xml;base64); the response header ${CAPTCHA_ID_HEADER} names it. ` +
          `Single use (any attempt uses it up), valid ${CAPTCHA_TTL_S / 60} minutes, for this IP only; the answer is ` +
          'not case-sensitive. At most 2 a second and 60 per 10 minutes per IP (429 TOO_MANY_REQUESTS, value.retryAfterSeconds).',
        response: replies({ type: 'string', description: 'data:image/svg+xml;base64,…' }),
      },
    },
    async (request, reply) => {
      const { limiter } = app.auth;
      const limits = await app.auth.limits();
      for (const [key, limit, windowMs] of [
        [`captcha:1s:${request.ip}`, 2, 1000],
        [`captcha:10m:${request.ip}`, limits.captchaPerIp, 10 * 60_000],
      ] as const) {
        const hit = await limiter.hit(key, limit, windowMs);
        if (!hit.allowed) {
          throw new ApiError(429, 'TOO_MANY_REQUESTS', 'Captcha refreshed too often: wait a moment', {
            retryAfterSeconds: retrySeconds(hit.retryAfterMs),
          });
        }
      }
      const captcha = await issueCaptcha(app.db, request.ip);
      app.auth.onCaptcha?.(captcha.id, captcha.answer);
      reply
        .header(CAPTCHA_ID_HEADER, captcha.id)
        .header('cache-control', 'no-store')
        .header('access-control-expose-headers', CAPTCHA_ID_HEADER);
      return ok(captcha.image);
    },
  );
};
