import type { FastifyPluginAsync } from 'fastify';
import { hashToken, tokenFrom } from '../../http/auth';
import { ok, replies } from '../../http/envelope';

/** Sessions: logout revokes the presented token (login arrives with sign-in). */
export const sessionRoutes: FastifyPluginAsync = async (app) => {
  app.delete('/logout', {
    schema: {
      tags: ['session'],
      security: [{ token: [] }],
      summary: 'Revokes the session token',
      description:
        'Idempotent: an unknown, expired or already revoked token also answers success, so a retried ' +
        'logout never fails and the answer does not tell whether a token was ever valid.',
      response: replies({ type: 'null' }),
    },
  }, async (request) => {
    const token = tokenFrom(request.headers.authorization);
    if (token) {
      await app.db.query('UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL', [hashToken(token)]);
    }
    return ok(null);
  });
};
