// The API process of `npm run bench:ledger` (see bench-ledger.mjs): the platform's API on the engine
// named, with BENCH players funded through the ledger and each given a wallet session of a seamless
// vendor. Writes the setup (tokens, the vendor's secret, a game code) to a file, then tells its
// parent it is ready. GET /ops/bench/audit answers the ledger audit and the bet count.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { buildApi } from '../server/src/app';
import { createDb, type Db } from '../server/src/db/db';
import { guardOps } from '../server/src/http/ops-auth';
import { audit } from '../server/src/domains/wallet/ledger';
import { currentVendorSecret } from '../server/src/domains/wallet/vendor-secrets';
import { issueWalletSession } from '../server/src/domains/wallet/wallet-sessions';

const [engine, portArg, setupFile, playersArg, poolArg] = process.argv.slice(2);
const VENDOR = 'LOTUSREEL';
const FUNDS = BigInt(100_000_000); // ৳1,000,000 each: no bench run can spend it

async function main() {
  let db: Db;
  let schema: string | null = null;
  if (engine === 'postgres') {
    schema = `bench_${randomBytes(5).toString('hex')}`;
    db = createDb({ databaseUrl: process.env.BENCH_PG_URL!, schema, poolSize: Number(poolArg) });
  } else {
    db = createDb({ dataDir: process.env.BENCH_DATA_DIR! });
  }
  const app = await buildApi({ db, opsKey: process.env.BENCH_OPS_KEY!, docsUi: false, logger: false });
  const players = Number(playersArg);
  const game = await db.one<{ game_code: string }>(
    `SELECT game_code FROM games WHERE vendor_code = $1 AND is_game = 'GAME' ORDER BY node_id LIMIT 1`,
    [VENDOR],
  );
  const secret = await db.tx((q) => currentVendorSecret(q, VENDOR));
  const prefix = `b${randomBytes(3).toString('hex')}`;
  const rows = await db.query<{ id: number }>(
    `INSERT INTO members (account, nickname) SELECT $1 || i, $1 || i FROM generate_series(1, $2) AS i RETURNING id`,
    [prefix, players],
  );
  const tokens: { token: string }[] = [];
  for (const { id } of rows) {
    const memberId = Number(id);
    await app.ledger.post({
      key: `bench-fund-${memberId}`,
      kind: 'ADJUSTMENT',
      memberId,
      createdBy: 'ops:bench',
      legs: [
        { account: { member: memberId }, amount: FUNDS },
        { account: { house: 'MANUAL_ADJUSTMENTS' }, amount: -FUNDS },
      ],
    });
    const { token } = await db.tx((q) => issueWalletSession(q, { memberId, vendorCode: VENDOR, nodeId: null, accountType: 1 }));
    tokens.push({ token });
  }
  await app.register(async (ops) => {
    guardOps(ops);
    ops.get('/ops/bench/audit', async () => {
      const report = await audit(db);
      const bets = await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM bet_records`);
      const drift = await db.query<{ id: number }>(
        `SELECT a.member_id AS id FROM ledger_accounts a
          WHERE a.kind = 'MEMBER_MAIN' AND a.balance <> $1::bigint - 100 * (SELECT count(*) FROM bet_records b WHERE b.member_id = a.member_id)
          LIMIT 20`,
        [FUNDS.toString()],
      );
      const anomalies = [...report.anomalies, ...drift.map((d) => `member ${d.id}: balance is not its funding less its bets`)];
      return { success: true, message: 'OK', value: { ...report, total: report.total.toString(), okBets: bets!.n, anomalies } };
    });
  });
  await app.listen({ port: Number(portArg), host: '127.0.0.1' });
  writeFileSync(setupFile, JSON.stringify({ vendor: VENDOR, secret, gameCode: game!.game_code, players: tokens }));
  process.send?.('ready');
  const stop = async () => {
    await app.close();
    if (schema) await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await db.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
