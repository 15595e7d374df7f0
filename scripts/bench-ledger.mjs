#!/usr/bin/env node
// npm run bench:ledger — wallet-API bets per second on PostgreSQL and on PGlite with 1, 8 and 64
// concurrent clients: p50 and p99 latency, and the anomaly count of a final audit (must be 0).
//
// The API runs in its own process (as in production: one Node process, its pool to the database);
// this process drives it with autocannon. Every request is a real signed POST /wallet/v1/bet of ৳1.00
// with a fresh transactionId, from one of BENCH_PLAYERS players (each a wallet session of a seamless
// vendor and enough money for the run). After each engine's runs, the audit checks the ledger
// (balanced, no drift, nothing negative) and reconciles it with what the clients were answered: every
// OK is one bet record and one ledger movement, each player's balance is its funding less its OK bets.
//
// Settings: BENCH_DURATION (s per run, default 10), BENCH_PLAYERS (default 2000), BENCH_POOL (pg pool
// size, default 24), BENCH_ENGINES (default "postgres,pglite"), DATABASE_URL or TEST_DATABASE_URL (the
// PostgreSQL server; default postgres://root@127.0.0.1:5432/test, a fresh schema dropped afterwards).
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
const require = createRequire(join(root, 'package.json'));
const autocannon = require('autocannon');

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 2000);
const POOL = Number(process.env.BENCH_POOL ?? 24);
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',').map((s) => s.trim());
const CONCURRENCY = [1, 8, 64];
const TARGET_RATE = 2000;
const PG_URL = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
const OPS_KEY = 'bench-ops-key';

async function freePort() {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function startServer(engine, port, scratch) {
  const setupFile = join(scratch, 'setup.json');
  const args = [
    tsx,
    join(root, 'scripts/bench-ledger-server.ts'),
    engine,
    String(port),
    setupFile,
    String(PLAYERS),
    String(POOL),
  ];
  const env = { ...process.env, BENCH_PG_URL: PG_URL, BENCH_DATA_DIR: join(scratch, 'pglite'), BENCH_OPS_KEY: OPS_KEY };
  const proc = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = new Promise((resolve, reject) => {
    proc.once('message', () => resolve(JSON.parse(readFileSync(setupFile, 'utf8'))));
    proc.once('exit', (code) => reject(new Error(`the ${engine} server exited with ${code}`)));
  });
  return { proc, ready };
}

/** One load run: `connections` clients sending bets as fast as they are answered, for DURATION s. */
async function run(base, setup, connections, tally, duration = DURATION, overallRate = undefined) {
  const { vendor, secret, gameCode, players } = setup;
  let n = 0;
  tally.runs = (tally.runs ?? 0) + 1;
  const prefix = randomBytes(4).toString('hex');
  const requests = [
    {
      method: 'POST',
      path: '/wallet/v1/bet',
      setupRequest: (req) => {
        const i = n++;
        const p = players[i % players.length];
        const body = JSON.stringify({
          vendor,
          token: p.token,
          transactionId: `b-${prefix}-${i}`,
          roundId: `r-${prefix}-${i}`,
          gameCode,
          amount: '100',
          currency: 'BDT',
        });
        return {
          ...req,
          body,
          headers: {
            'content-type': 'application/json',
            'x-khela-signature': createHmac('sha256', secret).update(body).digest('hex'),
            'x-bench-player': String(i % players.length),
          },
        };
      },
      onResponse: (status, body, context, headers) => {
        void headers;
        try {
          const answer = JSON.parse(body);
          tally.answers[answer.status] = (tally.answers[answer.status] ?? 0) + 1;
        } catch {
          tally.answers.UNPARSEABLE = (tally.answers.UNPARSEABLE ?? 0) + 1;
        }
      },
    },
  ];
  const r = await autocannon({
    url: base,
    connections,
    duration,
    requests,
    timeout: 30,
    ...(overallRate ? { overallRate } : {}),
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    total: r.requests.total,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

async function engineFigures(engine) {
  const scratch = mkdtempSync(join(tmpdir(), `khela-bench-ledger-${engine}-`));
  const port = await freePort();
  const server = startServer(engine, port, scratch);
  try {
    const setup = await server.ready;
    const base = `http://127.0.0.1:${port}`;
    const tally = { answers: {} };
    tally.warmupSent = (await run(base, setup, 8, tally, 2)).sent; // warm-up (counted in the audit too)
    const rows = [];
    for (const c of CONCURRENCY) rows.push({ connections: c, ...(await run(base, setup, c, tally)) });
    // the target's load: 64 clients sending 2,000 bets a second between them (an open load, not as fast as answered)
    rows.push({ connections: 64, rate: TARGET_RATE, ...(await run(base, setup, 64, tally, DURATION, TARGET_RATE)) });
    const audit = await (await fetch(`${base}/ops/bench/audit`, { headers: { 'x-ops-key': OPS_KEY } })).json();
    const ok = tally.answers.OK ?? 0;
    const sent = rows.reduce((s, r) => s + r.sent, tally.warmupSent);
    const anomalies = [...audit.value.anomalies];
    // every OK a client read is a bet in the database, and the database holds nothing never sent
    // (requests in flight when a run stopped are in the database, but their answers were not read)
    if (audit.value.okBets < ok)
      anomalies.push(`clients were answered OK ${ok} times, the database holds only ${audit.value.okBets} bets`);
    if (audit.value.okBets > sent) anomalies.push(`the database holds ${audit.value.okBets} bets, only ${sent} were sent`);
    for (const [status, count] of Object.entries(tally.answers)) {
      if (status !== 'OK') anomalies.push(`${count} answers ${status}`);
    }
    return { engine, rows, anomalies, audit: audit.value, answers: tally.answers };
  } finally {
    server.proc.kill('SIGTERM');
    await new Promise((r) => server.proc.once('exit', r));
    rmSync(scratch, { recursive: true, force: true });
  }
}

const fmt = (r) =>
  `${String(r.connections).padStart(3)} clients${r.rate ? ` at ${r.rate}/s` : ' flat out'}  ${r.rps.toFixed(0).padStart(6)} bets/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99
    .toFixed(1)
    .padStart(6)} ms   (${r.total} bets${r.errors ? `, ${r.errors} errors` : ''}${r.non2xx ? `, ${r.non2xx} non-2xx` : ''})`;

async function main() {
  console.log(`\nKhela ledger benchmark: POST /wallet/v1/bet of ৳1.00, ${DURATION} s per run, ${PLAYERS} players`);
  let failed = false;
  for (const engine of ENGINES) {
    const f = await engineFigures(engine);
    console.log(
      `\n  ${engine === 'postgres' ? `PostgreSQL (${PG_URL.replace(/\/\/[^@]*@/, '//')}, pool ${POOL})` : 'PGlite (embedded, one connection)'}`,
    );
    for (const r of f.rows) console.log(`    ${fmt(r)}`);
    console.log(
      `    audit: ${f.audit.transactions} ledger transactions, ${f.audit.okBets} bet records, entries sum ${f.audit.total}; ` +
        `anomalies: ${f.anomalies.length}`,
    );
    for (const a of f.anomalies) console.log(`      ANOMALY ${a}`);
    if (f.anomalies.length) failed = true;
  }
  console.log('\n  target (PostgreSQL, 64 clients): >= 2,000 bets/s, p99 <= 20 ms, 0 anomalies');
  console.log(
    '  (flat out, 64 clients wait on each other: latency = 64 / throughput; at 2,000/s offered, p99 is the service time)',
  );
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
