import type { FastifyPluginAsync } from 'fastify';
import { loadMember, requireMember } from '../../http/auth';
import { ok, replies } from '../../http/envelope';
import { avatarDataUrl } from './avatar';
import { passwordRoutes } from './password.routes';
import { registerRoutes } from './register.routes';
import { setLanguage } from './member.repo';

const tags = ['member'];
const security = [{ token: [] }];

/** The signed-in member (info, icon, language), registration and passwords. */
export const memberRoutes: FastifyPluginAsync = async (app) => {
  await app.register(registerRoutes);
  await app.register(passwordRoutes);

  app.get(
    '/info',
    {
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
    },
    async (request) => {
      const { id, account, nickname, type } = request.member!;
      return ok({ id, account, nickname, type });
    },
  );

  app.get(
    '/info/icon',
    {
      preHandler: requireMember,
      schema: {
        tags,
        security,
        summary: "The signed-in member's avatar",
        description:
          'value: an SVG image as a data URL (image/svg+xml;base64): the initials of the nickname on a colour derived ' +
          'from the member id. A data URL, so an <img> shows it without sending the token. 401 NOT_LOGGED_IN.',
        response: replies({ type: 'string', description: 'data:image/svg+xml;base64,…' }),
      },
    },
    async (request, reply) => {
      const { id, nickname } = request.member!;
      reply.header('cache-control', 'private, max-age=300');
      return ok(avatarDataUrl(id, nickname));
    },
  );

  app.put<{ Body: { language: 'BN' | 'EN' } }>(
    '/language',
    {
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
    },
    async (request) => {
      const { language } = request.body;
      const member = request.member;
      if (member) await app.db.tx((q) => setLanguage(q, member.id, language));
      return ok({ language, stored: member !== null });
    },
  );
};
