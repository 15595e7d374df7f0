#!/usr/bin/env node
// Builds the shell and the seven remotes (one parallel Rspack run) and prints the wall time.
// `npm run build -- lobby` (or several names) builds just those: a squad's own remote, alone.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePnpm } from './pnpm.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BUILD_NAMES = [
  'shell',
  'lobby',
  'auth-modals',
  'member-centre',
  'agent-centre',
  'promotions',
  'points-mall',
  'games',
];

export function buildAll({ quiet = false, names = [] } = {}) {
  const unknown = names.filter((n) => !BUILD_NAMES.includes(n));
  if (unknown.length) throw new Error(`no build named ${unknown.join(', ')}: one of ${BUILD_NAMES.join(', ')}`);
  const started = performance.now();
  const only = names.flatMap((n) => ['--config-name', n]);
  const r = spawnSync(process.execPath, [ensurePnpm(), 'exec', 'rspack', 'build', '-c', 'rspack.all.config.ts', ...only], {
    cwd: root,
    stdio: quiet ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) {
    if (quiet && r.stdout) process.stdout.write(r.stdout);
    throw new Error('build failed');
  }
  const seconds = (performance.now() - started) / 1000;
  const what = names.length ? names.join(', ') : `${BUILD_NAMES.length} builds`;
  console.log(`[khela] built ${what} in ${seconds.toFixed(1)} s`);
  return seconds;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    buildAll({ names: process.argv.slice(2) });
  } catch (err) {
    console.error(`[khela] ${err.message}`);
    process.exit(1);
  }
}
