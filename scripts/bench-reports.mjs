#!/usr/bin/env node
// npm run bench:reports — the member reports (betting record, account record, profit and loss) on a
// realistic volume: BENCH_BETS bet records (default 1,000,000) with their ledger movements over
// BENCH_MEMBERS members (2,000; a few play a lot) and BENCH_DAYS days (90), in a fresh PostgreSQL
// schema (dropped afterwards; BENCH_KEEP=1 keeps it), then p50/p95 of each report endpoint over HTTP
// with the filters members use (today to 90 days, game type, vendor, movement type, later pages),
// BENCH_REQUESTS (300) each. Target: p95 <= 200 ms. The work is in bench-reports-run.ts.
//
// Settings: DATABASE_URL or TEST_DATABASE_URL (default postgres://root@127.0.0.1:5432/test).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
const PG_URL = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';

console.log('\nKhela member reports benchmark');
const child = spawn(process.execPath, [tsx, join(root, 'scripts/bench-reports-run.ts')], {
  cwd: root,
  env: { ...process.env, BENCH_PG_URL: PG_URL },
  stdio: 'inherit',
});
child.on('exit', (code) => process.exit(code ?? 1));
