import fp from 'fastify-plugin';
import { transferOpsRoutes } from './transfer-ops.routes';
import { transferRoutes } from './transfer.routes';
import { createTransferService, RECHECK_BATCH, type TransferOptions, type TransferService } from './transfer.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Transfer wallets (domains/transfer): transfer, recall, the re-check of open transfers. */
    transfers: TransferService;
  }
}

/**
 * Transfer wallets: the member's transfer, recall, records and consolidated funds; the operators'
 * view of open transfers and vendor connections; and the job that asks vendors about transfers
 * whose outcome they did not tell (`transfers.recheck`, every `recheckEveryMs`; each open transfer on
 * its own backoff).
 */
export const transferDomain = fp<TransferOptions>(
  async (app, opts) => {
    const service = createTransferService(app, opts);
    app.decorate('transfers', service);
    await app.register(transferRoutes);
    await app.register(transferOpsRoutes, { prefix: '/ops' });

    // transfers a vendor did not answer in time, asked about by reference (one instance at a time;
    // the claim and the guarded settlement keep a second run harmless)
    app.jobs.define({
      name: 'transfers.recheck',
      everyMs: opts.recheckEveryMs ?? 15_000,
      async run({ now, signal }) {
        while (!signal.aborted && (await service.recheckDue({ now })) === RECHECK_BATCH);
      },
    });
  },
  { name: 'khela-transfers' },
);
