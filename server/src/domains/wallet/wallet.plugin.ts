import type { FastifyPluginAsync } from 'fastify';
import { walletOpsRoutes } from './wallet-ops.routes';
import { walletRoutes } from './wallet.routes';

/** The wallet domain: balances for the storefront, and the operators' adjustments, balances and audit. */
export const walletDomain: FastifyPluginAsync = async (app) => {
  await app.register(walletRoutes);
  await app.register(walletOpsRoutes, { prefix: '/ops/wallet' });
};
