import type { FastifyPluginAsync } from 'fastify';
import { REFERRAL_PATH, type ReferralDto } from '@khela/api/member-centre';
import { ApiError, ok, replies } from '../../http/envelope';
import { flagEnabled } from '../auth/auth.services';
import { requireRealMember } from './guards';
import { referredMembers } from './centre.repo';

/** An account as others may see it: its first two and last characters. */
export const maskAccount = (account: string) =>
  account.length <= 3 ? `${account.slice(0, 1)}***` : `${account.slice(0, 2)}***${account.slice(-1)}`;

/** The referral page: shown only while REFERRAL3 is on. */
export const referralRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    REFERRAL_PATH,
    {
      preHandler: requireRealMember,
      schema: {
        tags: ['member centre'],
        security: [{ token: [] }],
        summary: "The member's referral code and the members who registered with it",
        description:
          'code: the account in capitals (the link is /register?referralCode=<code>); invited: how many registered ' +
          'with it (in any case); list: the latest 50, accounts masked. 403 FEATURE_DISABLED while REFERRAL3 is off; ' +
          '401 NOT_LOGGED_IN; 403 NEED_REAL_ACCOUNT.',
        response: replies({
          type: 'object',
          required: ['code', 'invited', 'list'],
          properties: {
            code: { type: 'string' },
            invited: { type: 'integer' },
            list: {
              type: 'array',
              items: {
                type: 'object',
                required: ['account', 'joinedAt'],
                properties: { account: { type: 'string' }, joinedAt: { type: 'string', format: 'date-time' } },
              },
            },
          },
        }),
      },
    },
    async (request) => {
      if (!(await flagEnabled(app.db, 'REFERRAL3'))) throw new ApiError(403, 'FEATURE_DISABLED', 'Referral is switched off');
      const code = request.member!.account.toUpperCase();
      const { total, rows } = await referredMembers(app.db, code);
      const value: ReferralDto = {
        code,
        invited: total,
        list: rows.map((r) => ({ account: maskAccount(r.account), joinedAt: new Date(r.created_at).toISOString() })),
      };
      return ok(value);
    },
  );
};
