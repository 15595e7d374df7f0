#!/usr/bin/env node
// npm start: install what is missing, build, publish the builds as immutable
// versions, point /remotes.json at them, and serve everything on http://127.0.0.1:8080.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstall } from './ensure-install.mjs';
import { buildAll } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

ensureInstall();
// Always a production build: it takes seconds, and dist/ may hold a development build from
// `npm run dev`. An unchanged build publishes as the same content-hash version.
buildAll({ quiet: true });

const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
const publish = spawnSync(process.execPath, [tsx, 'deploy/src/publish-all.ts'], { cwd: root, stdio: 'inherit' });
if (publish.status !== 0) process.exit(publish.status ?? 1);

const server = spawn(process.execPath, [tsx, 'deploy/src/main.ts'], { cwd: root, stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
