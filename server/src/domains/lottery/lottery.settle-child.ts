/**
 * A second server instance in its own process, for lottery.process.test.ts (issue 17): it settles
 * the lottery on the test's schema and, once it has had `KHELA_CHILD_STOP_AFTER` wins paid by the
 * wallet, says so on stdout ("PAID <n>") and freezes before recording the settlement (every wallet
 * answer from then on never arrives), so the test can SIGKILL it at a known point mid-settlement.
 * Run with tsx: node node_modules/tsx/dist/cli.mjs server/src/domains/lottery/lottery.settle-child.ts
 */
import type { FastifyInstance } from 'fastify';
import { buildApi } from '../../app';
import { createDb } from '../../db/db';
import { injectTransport } from '../studio/wallet-client';

const env = process.env;
const stopAfter = Number(env.KHELA_CHILD_STOP_AFTER ?? 3);
const now = Number(env.KHELA_CHILD_NOW);

async function main() {
  const db = createDb({ databaseUrl: env.KHELA_CHILD_DATABASE_URL!, schema: env.KHELA_CHILD_SCHEMA || undefined, poolSize: 4 });
  const self: { app?: FastifyInstance } = {};
  let paid = 0;
  const app = await buildApi({
    db,
    migrate: false,
    opsKey: env.KHELA_CHILD_OPS_KEY!,
    docsUi: false,
    jobs: false,
    lottery: {
      intervalS: Number(env.KHELA_CHILD_INTERVAL_S),
      closeBeforeS: Number(env.KHELA_CHILD_CLOSE_S),
      now: () => now,
      transport: async (path, raw, sig) => {
        if (paid >= stopAfter) return new Promise<never>(() => undefined); // frozen: the kill comes
        const reply = await injectTransport(self.app!)(path, raw, sig);
        if (path === 'win' && ++paid === stopAfter) {
          process.stdout.write(`PAID ${paid}\n`);
          return new Promise<never>(() => undefined); // paid by the wallet, never recorded here
        }
        return reply;
      },
    },
  });
  self.app = app;
  process.stdout.write('READY\n');
  const r = await app.inject({ method: 'POST', url: '/ops/lottery/settle', headers: { 'x-ops-key': env.KHELA_CHILD_OPS_KEY! } });
  process.stdout.write(`DONE ${r.body}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
