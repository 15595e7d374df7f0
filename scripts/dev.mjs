#!/usr/bin/env node
// npm run dev: every build served by its own Rspack dev server with hot module replacement and
// React Fast Refresh (scripts/dev-servers.ts), and the platform served from the dist folders the
// dev servers write (version "dev", never cached), restarted when server code changes.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstall } from './ensure-install.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
ensureInstall();
const env = { ...process.env, NODE_ENV: 'development', KHELA_DEV: '1' };
const children = [
  spawn(process.execPath, ['scripts/dev-servers.mjs'], { cwd: root, env, stdio: 'inherit' }),
  spawn(
    process.execPath,
    [join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--include', 'server/src', 'deploy/src/main.ts'],
    { cwd: root, env, stdio: 'inherit' },
  ),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
