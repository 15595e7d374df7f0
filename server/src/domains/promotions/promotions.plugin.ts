import fp from 'fastify-plugin';
import type { Queryable } from '../../db/db';
import { registerBadgeCounter } from '../centre/badges';
import { claimableMissions, missionOpsRoutes, missionRoutes } from './missions';
import { pointRoutes } from './points.routes';
import { raffleOpsRoutes, raffleRoutes } from './raffles';
import { redEnvelopeOpsRoutes, redEnvelopeRoutes } from './red-envelopes';
import { promotionOpsRoutes } from './promotions-ops.routes';
import { promotionRoutes } from './promotions.routes';
import { wageringDone } from './promotions.service';
import { issuedParticipations } from './promotions.repo';

export interface PromotionsOptions {
  /** the clock promotions are judged by (tests move it) */
  now?: () => Date;
}

/** The reward badge: the member's bonuses whose wagering is met, waiting to be claimed. */
async function claimableRewards(q: Queryable, memberId: number): Promise<number> {
  const issued = await issuedParticipations(q, memberId);
  let n = 0;
  for (const p of issued) if ((await wageringDone(q, p)) >= BigInt(p.wagering_required)) n++;
  return n;
}

/** Promotions, the bonus engine, the reward centre and the points mall (issue 12). Needs centre and payments. */
export const promotionsDomain = fp<PromotionsOptions>(
  async (app, opts) => {
    const now = opts.now ?? (() => new Date());
    registerBadgeCounter(app, 'reward', claimableRewards);
    registerBadgeCounter(app, 'mission', claimableMissions);
    await app.register(promotionRoutes, { now });
    await app.register(pointRoutes);
    await app.register(missionRoutes, { now });
    await app.register(redEnvelopeRoutes, { now });
    await app.register(redEnvelopeOpsRoutes, { prefix: '/ops/red-envelopes' });
    await app.register(missionOpsRoutes, { prefix: '/ops/missions' });
    await app.register(raffleRoutes, { now });
    await app.register(raffleOpsRoutes, { prefix: '/ops/raffles', now });
    await app.register(promotionOpsRoutes, { prefix: '/ops' });
  },
  { name: 'promotions', dependencies: ['centre'] },
);
