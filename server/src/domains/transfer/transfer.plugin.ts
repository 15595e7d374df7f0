import fp from 'fastify-plugin';
import { transferOpsRoutes } from './transfer-ops.routes';
import { transferRoutes } from './transfer.routes';
import { createTransferService, type TransferOptions, type TransferService } from './transfer.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Transfer wallets (domains/transfer): transfer, recall, the re-check of open transfers. */
    transfers: TransferService;
  }
}

/**
 * Transfer wallets: the member's transfer, recall, records and consolidated funds; the operators'
 * view of open transfers and vendor connections; and the pass that asks vendors about transfers
 * whose outcome they did not tell, every `recheckEveryMs` (each open transfer on its own backoff).
 */
export const transferDomain = fp<TransferOptions>(
  async (app, opts) => {
    const service = createTransferService(app, opts);
    app.decorate('transfers', service);
    await app.register(transferRoutes);
    await app.register(transferOpsRoutes, { prefix: '/ops' });

    const every = opts.recheckEveryMs ?? 15_000;
    if (every > 0) {
      let running: Promise<unknown> = Promise.resolve();
      let busy = false;
      const timer = setInterval(() => {
        if (busy) return;
        busy = true;
        running = service
          .recheckDue()
          .catch((err) => app.log.warn({ err }, 'transfer re-check pass failed'))
          .finally(() => (busy = false));
      }, every);
      timer.unref();
      app.addHook('preClose', async () => {
        clearInterval(timer);
        await running;
      });
    }
  },
  { name: 'khela-transfers' },
);
