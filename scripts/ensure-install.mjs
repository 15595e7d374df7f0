#!/usr/bin/env node
// Installs the workspace's dependencies when they are missing or older than the lockfile.
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpm } from './pnpm.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export function ensureInstall() {
  const marker = join(root, 'node_modules', '.modules.yaml');
  const lock = join(root, 'pnpm-lock.yaml');
  if (existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs)) return;
  const args = ['install', process.env.CI ? '--frozen-lockfile' : '--prefer-offline'];
  if (pnpm(args) !== 0) throw new Error('pnpm install failed');
}
if (process.argv[1] === fileURLToPath(import.meta.url)) ensureInstall();
