#!/usr/bin/env node
// npm test: the typecheck first (a type error fails fast, before any test runs), then unit and server tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), then a
// fresh build of all eight builds and the end-to-end tests in Chromium against it.
import { spawnSync } from 'node:child_process';
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

ensureInstall();
// tsc -b over the per-package projects (tsconfig.json); incremental, its .tsbuildinfo files in
// node_modules/.cache/tsc, so a second run checks only what changed
if (!run('typecheck (tsc -b)', ['exec', 'tsc', '-b', 'tsconfig.json'])) {
  console.error('\n[khela] the typecheck failed: fix the type errors above first (npm run typecheck)');
  process.exit(1);
}
// ESLint (the layout's one-way doors among its rules) and Prettier's check, before any test runs
if (!run('lint (eslint, prettier --check)', ['exec', 'node', 'scripts/lint.mjs'])) {
  console.error('\n[khela] the lint failed: fix what it found first (npm run lint; npx prettier --write <files>)');
  process.exit(1);
}
// Jest's default on two cores is one worker and an idle main process: the whole machine does more
// (PGlite suites are CPU-bound; each test file has its own database or schema)
const workers = '--maxWorkers=100%';
run('unit and server tests (PGlite)', ['exec', 'jest', '--ci', workers]);
if (process.env.TEST_DATABASE_URL) {
  run('server tests (PostgreSQL)', ['exec', 'jest', '--ci', workers, '--selectProjects', 'server'], {
    KHELA_TEST_ENGINE: 'postgres',
  });
} else {
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
