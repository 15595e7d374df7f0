import type { FastifyPluginAsync } from 'fastify';
import { studioOpsRoutes } from './studio-ops.routes';
import { ensureVendorSecrets } from './studio.repo';
import { studioRoutes } from './studio.routes';
import { createStudio, type StudioOptions } from './studio.service';

export type StudioDomainOptions = StudioOptions;

/** How often the settler looks for rounds the wallet left open. */
export const SETTLE_EVERY_MS = 15_000;

/**
 * The platform's own games (issue 9): the studio API for the game pages (/studio/v1), the
 * operators' vendor connections (/ops/studio), and the periodic settler. Every vendor gets its
 * first wallet-API secret at start, so the studio can sign as any of them.
 */
export const studioDomain: FastifyPluginAsync<StudioDomainOptions> = async (app, opts) => {
  const created = await ensureVendorSecrets(app.db);
  if (created) app.log.info({ vendors: created }, 'studio: wallet-API secrets created for vendors that had none');
  const studio = createStudio(app, opts);
  app.jobs.define({
    name: 'studio-settle',
    everyMs: SETTLE_EVERY_MS,
    run: async () => {
      const r = await studio.settleUnfinished();
      if (r.settled || r.rolledBack || r.left) app.log.info(r, 'studio: settled rounds the wallet left open');
    },
  });
  await app.register(studioRoutes, { prefix: '/studio/v1', studio });
  await app.register(studioOpsRoutes, { prefix: '/ops/studio', studio });
};
