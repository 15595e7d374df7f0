import type { FastifyPluginAsync } from 'fastify';
import { lotteryOpsRoutes, lotteryRoutes } from './lottery.routes';
import { createLotteryService, type LotteryServiceOptions } from './lottery.service';

/**
 * Lottery betting on the platform's own draws (issue 17): the member's betting API (/lottery/v1),
 * the operators' settle and void (/ops/lottery), and the settler job "lottery-settle" (every
 * settleEveryMs; it settles every open bet whose draw has run, so draws missed while the server was
 * down are settled at its first run after the restart).
 */
export const lotteryDomain: FastifyPluginAsync<LotteryServiceOptions> = async (app, opts) => {
  const lottery = createLotteryService(app, opts);
  app.jobs.define({
    name: 'lottery-settle',
    everyMs: app.lottery.config.settleEveryMs,
    run: async ({ signal }) => {
      const r = await lottery.settleDue({ signal });
      if (r.won || r.lost || r.voided || r.rolledBack || r.left) app.log.info(r, 'lottery: settled bets');
    },
  });
  await app.register(lotteryRoutes, { prefix: '/lottery/v1', lottery });
  await app.register(lotteryOpsRoutes, { prefix: '/ops/lottery', lottery });
};
