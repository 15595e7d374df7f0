#!/usr/bin/env node
// Builds the shell and the seven remotes (one parallel Rspack run) and prints the wall time.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePnpm } from './pnpm.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function buildAll({ quiet = false } = {}) {
  const started = performance.now();
  const r = spawnSync(process.execPath, [ensurePnpm(), 'exec', 'rspack', 'build', '-c', 'rspack.all.config.ts'], {
    cwd: root,
    stdio: quiet ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) {
    if (quiet && r.stdout) process.stdout.write(r.stdout);
    throw new Error('build failed');
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`[khela] built 8 builds in ${seconds.toFixed(1)} s`);
  return seconds;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildAll();
