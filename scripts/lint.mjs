#!/usr/bin/env node
// npm run lint: ESLint (eslint.config.mjs: the recommended rules, React's rules of hooks and the layout's
// one-way doors) and Prettier's check. Both cache what they saw in node_modules/.cache, so a second run
// looks only at what changed. Arguments go to ESLint (`npm run lint -- --fix`).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const cache = join(root, 'node_modules', '.cache');
const run = (cmd, args) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' }).status === 0;

const eslint = run(bin('eslint'), [
  '--cache',
  '--cache-location',
  join(cache, 'eslint') + '/',
  '--max-warnings',
  '0',
  ...process.argv.slice(2),
  '.',
]);
const prettier = run(bin('prettier'), [
  '--check',
  '--log-level',
  'warn',
  '--cache',
  '--cache-location',
  join(cache, 'prettier', '.prettier-cache'),
  '.',
]);
if (!prettier) console.error('[khela] formatting: npx prettier --write <files>');
process.exit(eslint && prettier ? 0 : 1);
