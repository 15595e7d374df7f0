#!/usr/bin/env node
// Runs the project's pinned pnpm 10 with nothing but Node.js installed: the first call installs
// pnpm into .tools/ from the npm registry (corepack is not relied on), later calls reuse it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
const toolDir = join(root, '.tools');
const bin = join(toolDir, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');

export function ensurePnpm() {
  const installed =
    existsSync(bin) &&
    JSON.parse(readFileSync(join(toolDir, 'node_modules', 'pnpm', 'package.json'), 'utf8')).version === version;
  if (installed) return bin;
  console.log(`[khela] installing pnpm ${version} into .tools/`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['install', '--no-save', '--no-package-lock', '--prefix', toolDir, `pnpm@${version}`], {
    stdio: 'inherit',
    cwd: root,
  });
  if (r.status !== 0) throw new Error('could not install pnpm');
  return bin;
}

export function pnpm(args, opts = {}) {
  const r = spawnSync(process.execPath, [ensurePnpm(), ...args], { stdio: 'inherit', cwd: root, ...opts });
  return r.status ?? 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exit(pnpm(process.argv.slice(2), { cwd: process.cwd() }));
}
