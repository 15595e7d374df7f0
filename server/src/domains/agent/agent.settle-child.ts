/**
 * A second server instance in its own process, for agent.process.test.ts (issue 11): it settles the
 * agents' contracts on the test's schema and, once it has posted `KHELA_CHILD_STOP_AFTER` windows'
 * payments, says so on stdout ("POSTED <n>") and freezes inside that window's transaction (its
 * settlement row and ledger posting written, not committed), so the test can SIGKILL it there.
 * Run with tsx's loader in the process itself (not its CLI, whose grandchild a SIGKILL would miss).
 */
import { createDb } from '../../db/db';
import { createLedger } from '../wallet/ledger';
import { settleDue } from './settlement';

const env = process.env;
const stopAfter = Number(env.KHELA_CHILD_STOP_AFTER ?? 3);

async function main() {
  const db = createDb({ databaseUrl: env.KHELA_CHILD_DATABASE_URL!, schema: env.KHELA_CHILD_SCHEMA || undefined, poolSize: 2 });
  let posted = 0;
  process.stdout.write('READY\n');
  const settled = await settleDue(db, createLedger(db), new Date(Number(env.KHELA_CHILD_NOW)), {
    realtimeWindowMs: Number(env.KHELA_CHILD_WINDOW_MS),
    afterPost: async () => {
      if (++posted < stopAfter) return;
      process.stdout.write(`POSTED ${posted}\n`);
      await new Promise<never>(() => undefined); // frozen mid-transaction: the kill comes
    },
  });
  process.stdout.write(`DONE ${settled}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${String(err instanceof Error ? err.stack : err)}\n`);
  process.exit(1);
});
