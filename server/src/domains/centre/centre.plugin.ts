import fp from 'fastify-plugin';
import { MEMBER_CENTRE_PATHS, type MemberSummaryDto } from '@khela/api/member-centre';
import { ok, replies } from '../../http/envelope';
import { accountSecurityRoutes } from './account-security.routes';
import { authenticatorRoutes } from './authenticator.routes';
import { createBadgeRegistry } from './badges';
import { requireRealMember } from './guards';
import { rebateRoutes, type RebateOptions } from './rebate.routes';
import { referralRoutes } from './referral.routes';
import { securityRoutes, type SecurityOptions } from './security.routes';
import { DEFAULT_VIP_LEVELS, memberVip } from './vip';

const tags = ['member centre'];
const security = [{ token: [] }];

const count = { type: 'integer', minimum: 0 };

/**
 * The member centre's frame (issue 10): the summary at its top and the unread badges of its menu.
 * Decorates `app.badges` (the badge counters other domains register); register it before them.
 */
export type CentreOptions = SecurityOptions & { rebate?: RebateOptions };

export const centreDomain = fp<CentreOptions>(
  async (app, opts) => {
    app.decorate('badges', createBadgeRegistry(app));
    await app.register(securityRoutes, opts);
    await app.register(referralRoutes);
    await app.register(authenticatorRoutes);
    await app.register(accountSecurityRoutes);
    await app.register(rebateRoutes, opts.rebate ?? {});

    app.get(
      MEMBER_CENTRE_PATHS.unreadCount,
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          security,
          summary: 'Unread counts of the member centre badges',
          description:
            'value: { mission, message, reward }, each 0 or more (a badge shows only above 0). Kept live afterwards by ' +
            "the live channel's `badges` event. 401 NOT_LOGGED_IN; 403 NEED_REAL_ACCOUNT for a trial account.",
          response: replies({
            type: 'object',
            required: ['mission', 'message', 'reward'],
            additionalProperties: false,
            properties: { mission: count, message: count, reward: count },
          }),
        },
      },
      async (request) => ok(await app.badges.counts(request.member!.id)),
    );

    app.get(
      MEMBER_CENTRE_PATHS.summary,
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          security,
          summary: 'The top of the member centre: account, nickname and VIP level',
          description:
            "The VIP level is the highest of the operator's `vipLevels` reached by the lifetime valid bet (bets not " +
            "rolled back), or the level an operator set when higher (a level reached is kept as the member's " +
            'vip_level, which promotions check). hasVip is false when the operator has no levels. 401 NOT_LOGGED_IN; 403 NEED_REAL_ACCOUNT.',
          response: replies({
            type: 'object',
            required: ['account', 'nickname', 'hasVip', 'vipRankLevel', 'vipLabelName'],
            properties: {
              account: { type: 'string' },
              nickname: { type: 'string' },
              hasVip: { type: 'boolean' },
              vipRankLevel: { type: ['integer', 'null'] },
              vipLabelName: { type: ['string', 'null'] },
            },
          }),
        },
      },
      async (request) => {
        const m = request.member!;
        const levels = (await app.settings.get()).vipLevels ?? DEFAULT_VIP_LEVELS;
        const level = await memberVip(app.db, levels, m.id);
        const value: MemberSummaryDto = {
          account: m.account,
          nickname: m.nickname,
          hasVip: levels.length > 0,
          vipRankLevel: level?.level ?? null,
          vipLabelName: level?.labelName ?? null,
        };
        return ok(value);
      },
    );
  },
  { name: 'centre' },
);
