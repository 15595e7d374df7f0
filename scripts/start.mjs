#!/usr/bin/env node
// npm start: install what is missing, build what is missing, publish the builds as immutable
// versions, point /remotes.json at them, and serve everything on http://127.0.0.1:8080.
import { existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstall } from './ensure-install.mjs';
import { buildAll } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const REMOTES = ['lobby', 'auth-modals', 'member-centre', 'agent-centre', 'promotions', 'points-mall'];

ensureInstall();
const built = existsSync(join(root, 'shell/dist/index.html')) &&
  REMOTES.every((r) => existsSync(join(root, 'remotes', r, 'dist/mf-manifest.json')));
if (!built || process.argv.includes('--rebuild')) buildAll();

const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
const publish = spawnSync(process.execPath, [tsx, 'deploy/src/publish-all.ts'], { cwd: root, stdio: 'inherit' });
if (publish.status !== 0) process.exit(publish.status ?? 1);

const server = spawn(process.execPath, [tsx, 'deploy/src/main.ts'], { cwd: root, stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
