import type { FastifyPluginAsync } from 'fastify';
import { walletOpsRoutes } from './wallet-ops.routes';
import { walletRoutes } from './wallet.routes';
import { seamlessRoutes } from './seamless.routes';

/**
 * The wallet domain: balances for the storefront, the seamless-wallet API for game vendors, and the
 * operators' adjustments, balances, vendor secrets and audit.
 */
export const walletDomain: FastifyPluginAsync = async (app) => {
  await app.register(walletRoutes);
  await app.register(seamlessRoutes, { prefix: '/wallet/v1' });
  await app.register(walletOpsRoutes, { prefix: '/ops/wallet' });
};
