#!/usr/bin/env node
// The platform as the end-to-end tests see it: the current builds published into a scratch
// releases folder, a fresh embedded database, a known operator key, and a short remote time-out
// (so the "never arrives" test needs seconds, not the production 120).
import { mkdtempSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const scratch = mkdtempSync(join(tmpdir(), 'khela-e2e-'));
const env = {
  ...process.env,
  PORT: process.env.E2E_PORT ?? '8181',
  KHELA_RELEASES_DIR: join(scratch, 'releases'),
  KHELA_DATA_DIR: join(scratch, 'data', 'pglite'),
  KHELA_OPS_KEY: process.env.KHELA_OPS_KEY ?? 'e2e-ops-key',
  KHELA_REMOTE_TIMEOUT_MS: process.env.KHELA_REMOTE_TIMEOUT_MS ?? '5000',
};
delete env.DATABASE_URL;
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
const pub = spawnSync(process.execPath, [tsx, 'deploy/src/publish-all.ts'], { cwd: root, env, stdio: 'inherit' });
if (pub.status !== 0) process.exit(pub.status ?? 1);
const server = spawn(process.execPath, [tsx, 'deploy/src/main.ts'], { cwd: root, env, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
