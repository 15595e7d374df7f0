import type { FastifyPluginAsync } from 'fastify';
import { ok, replies } from '../../http/envelope';
import { readOutbox } from '../../services/messaging';
import { guardOps } from '../../http/ops-auth';

const hide = true;

/** Operator endpoints of sign-in (X-Ops-Key): the outbox and the sealing key. */
export const authOpsRoutes: FastifyPluginAsync = async (app) => {
  guardOps(app);

  app.get<{ Querystring: { to?: string; limit?: number } }>(
    '/outbox',
    {
      schema: {
        hide,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            to: { type: 'string', minLength: 1, maxLength: 320 },
            limit: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
          },
        },
        response: replies({
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'channel', 'recipient', 'subject', 'body', 'createdAt'],
            properties: {
              id: { type: 'integer' },
              channel: { type: 'string' },
              recipient: { type: 'string' },
              subject: { type: ['string', 'null'] },
              body: { type: 'string' },
              createdAt: { type: 'string', format: 'date-time' },
            },
          },
        }),
      },
    },
    async (request) => {
      await app.auth.settle(); // messages sent after their answer are in by now
      return ok(await readOutbox(app.db, request.query));
    },
  );

  app.post(
    '/crypto/rotate',
    {
      schema: {
        hide,
        response: replies({ type: 'object', required: ['kid'], properties: { kid: { type: 'string' } } }),
      },
    },
    async () =>
      ok({ kid: (await app.auth.sealKeys.rotate()).kid }, 'Key rotated: the previous one opens bodies for one more day'),
  );
};
