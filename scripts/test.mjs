#!/usr/bin/env node
// npm test: the typecheck and the lint first, side by side (either failing stops the run before any test), then unit and server tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then a
// fresh build of all eight builds and the end-to-end tests in Chromium against it.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstall } from './ensure-install.mjs';
import { buildAll } from './build.mjs';
import { ensurePnpm } from './pnpm.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pnpm = ensurePnpm();
const steps = [];

function run(name, args, env = {}, cwd = root) {
  console.log(`\n[khela] ${name}`);
  const r = spawnSync(process.execPath, [pnpm, ...args], { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  steps.push({ name, ok: r.status === 0 });
  return r.status === 0;
}

/** Runs several steps at once (each a single-threaded tool: two cores do both in the time of the longer). */
function runTogether(list) {
  return Promise.all(
    list.map(
      ({ name, args }) =>
        new Promise((resolve) => {
          const out = [];
          const p = spawn(process.execPath, [pnpm, ...args], { cwd: root, env: process.env });
          p.stdout.on('data', (d) => out.push(d));
          p.stderr.on('data', (d) => out.push(d));
          p.on('close', (code) => {
            console.log(`\n[khela] ${name}`);
            process.stdout.write(Buffer.concat(out));
            steps.push({ name, ok: code === 0 });
            resolve(code === 0);
          });
        }),
    ),
  );
}

ensureInstall();
// tsc -b over the per-package projects (tsconfig.json; incremental, its .tsbuildinfo files in
// node_modules/.cache/tsc, so a second run checks only what changed), and beside it ESLint (the
// layout's one-way doors among its rules) and Prettier's check: both before any test runs
const [typesOk, lintOk] = await runTogether([
  { name: 'typecheck (tsc -b)', args: ['exec', 'tsc', '-b', 'tsconfig.json'] },
  { name: 'lint (eslint, prettier --check)', args: ['exec', 'node', 'scripts/lint.mjs'] },
]);
if (!typesOk || !lintOk) {
  if (!typesOk) console.error('\n[khela] the typecheck failed: fix the type errors above first (npm run typecheck)');
  if (!lintOk) console.error('\n[khela] the lint failed: fix what it found first (npm run lint; npx prettier --write <files>)');
  process.exit(1);
}
// Jest's default on two cores is one worker and an idle main process: the whole machine does more
// (PGlite suites are CPU-bound; each test file has its own database or schema)
const workers = '--maxWorkers=100%';
if (process.env.TEST_DATABASE_URL) {
  // CI: the server suites on PostgreSQL, the engine production runs (each file in its own schema),
  // in one Jest run with the browser code's tests. PGlite, the embedded engine of `npm start`, keeps
  // its own database-layer suite here, and carries the whole end-to-end run below; a developer's
  // `npm test` without TEST_DATABASE_URL runs every server suite on it. Running all of them twice
  // cost CI five minutes of its twenty.
  run('unit tests, and server tests on PostgreSQL', ['exec', 'jest', '--ci', workers], { KHELA_TEST_ENGINE: 'postgres' });
  run('database-layer tests on PGlite', [
    'exec',
    'jest',
    '--ci',
    workers,
    '--selectProjects',
    'server',
    '--testPathPatterns',
    'server/src/db/',
  ]);
} else {
  run('unit and server tests (PGlite)', ['exec', 'jest', '--ci', workers]);
  console.log('\n[khela] TEST_DATABASE_URL is not set: server tests ran on PGlite only');
}
try {
  buildAll({ quiet: true });
  steps.push({ name: 'build', ok: true });
  run('end-to-end tests (Chromium)', ['exec', 'playwright', 'test', '-c', 'playwright.config.ts'], {}, join(root, 'e2e'));
} catch (err) {
  console.error(err.message);
  steps.push({ name: 'build', ok: false });
}

const failed = steps.filter((s) => !s.ok);
console.log('\n[khela] test steps:');
for (const s of steps) console.log(`  ${s.ok ? 'ok  ' : 'FAIL'} ${s.name}`);
console.log(`steps: ${steps.length - failed.length} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
