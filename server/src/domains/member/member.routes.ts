import type { FastifyPluginAsync } from 'fastify';
import { loadMember, requireMember } from '../../http/auth';
import { ok, replies } from '../../http/envelope';

const tags = ['member'];
const security = [{ token: [] }];

/** The signed-in member: info and language. */
export const memberRoutes: FastifyPluginAsync = async (app) => {
  app.get('/info', {
    preHandler: requireMember,
    schema: {
      tags,
      security,
      summary: 'The signed-in member',
      description: '401 NOT_LOGGED_IN without a live session token.',
      response: replies({
        type: 'object',
        required: ['id', 'account', 'nickname', 'type'],
        properties: {
          id: { type: 'integer' },
          account: { type: 'string' },
          nickname: { type: 'string' },
          type: { type: 'integer', description: '0 player, 4 trial, 1/2/41/42 agents' },
        },
      }),
    },
  }, async (request) => {
    const { id, account, nickname, type } = request.member!;
    return ok({ id, account, nickname, type });
  });

  app.put<{ Body: { language: 'BN' | 'EN' } }>('/language', {
    preHandler: loadMember,
    schema: {
      tags,
      security,
      summary: "Sets the member's language",
      description: 'A guest call succeeds without storing anything (the client calls it on every language change).',
      body: {
        type: 'object',
        required: ['language'],
        additionalProperties: false,
        properties: { language: { type: 'string', enum: ['BN', 'EN'] } },
      },
      response: replies({
        type: 'object',
        required: ['language', 'stored'],
        properties: { language: { type: 'string' }, stored: { type: 'boolean' } },
      }),
    },
  }, async (request) => {
    const { language } = request.body;
    const member = request.member;
    if (member) await app.db.tx((q) => q.query('UPDATE members SET language = $1 WHERE id = $2', [language, member.id]));
    return ok({ language, stored: member !== null });
  });
};
