#!/usr/bin/env node
// The platform as the end-to-end tests see it: the current builds published into a scratch
// releases folder, a fresh embedded database, a known operator key, and a short remote time-out
// (so the "never arrives" test needs seconds, not the production 120).
import { mkdtempSync, rmSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const scratch = mkdtempSync(join(tmpdir(), 'khela-e2e-'));
const port = process.env.E2E_PORT ?? '8181';
// The releases folder is known to the tests (the release tests publish and promote into it):
// KHELA_E2E_RELEASES_DIR, else one folder per port, emptied at every start.
const releasesDir = process.env.KHELA_E2E_RELEASES_DIR ?? join(tmpdir(), `khela-e2e-releases-${port}`);
rmSync(releasesDir, { recursive: true, force: true });
const env = {
  ...process.env,
  PORT: port,
  KHELA_RELEASES_DIR: releasesDir,
  KHELA_DATA_DIR: join(scratch, 'data', 'pglite'),
  KHELA_OPS_KEY: process.env.KHELA_OPS_KEY ?? 'e2e-ops-key',
  KHELA_E2E_TEST_HOOKS: '1',
  // a call on the database from inside one of its transactions throws (it would hang PGlite); the
  // benchmarks turn it off (its async hooks cost every promise)
  KHELA_STRICT_TX: process.env.KHELA_STRICT_TX ?? '1',
  KHELA_REMOTE_TIMEOUT_MS: process.env.KHELA_REMOTE_TIMEOUT_MS ?? '5000',
  // lottery draws every 20 seconds, closing 3 seconds before, settled within a second: the lottery
  // test sees a draw run without waiting minutes
  // the seeded announcement popups start switched off: one after every login would cover what the
  // tests click (the announcements test publishes its own)
  KHELA_SEED_POPUPS: 'off',
  KHELA_LOTTERY_INTERVAL_S: process.env.KHELA_LOTTERY_INTERVAL_S ?? '20',
  KHELA_LOTTERY_CLOSE_S: process.env.KHELA_LOTTERY_CLOSE_S ?? '3',
  KHELA_LOTTERY_SETTLE_MS: process.env.KHELA_LOTTERY_SETTLE_MS ?? '1000',
  // real-time salary windows of 4 seconds instead of 5 minutes: the agent-centre test sees its
  // bets' window end and be settled (it triggers the settlement through /ops/agents/settle)
  KHELA_AGENT_REALTIME_WINDOW_S: process.env.KHELA_AGENT_REALTIME_WINDOW_S ?? '4',
};
delete env.DATABASE_URL;
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
const pub = spawnSync(process.execPath, [tsx, 'deploy/src/publish-all.ts'], { cwd: root, env, stdio: 'inherit' });
if (pub.status !== 0) process.exit(pub.status ?? 1);
const server = spawn(process.execPath, [tsx, 'deploy/src/main.ts'], { cwd: root, env, stdio: 'inherit' });
// a real OpenID provider for the social sign-in test (the test configures it as a provider), on
// the port 1000 above the platform's
const oidcPort = String(Number(port) + 1000);
const oidc = spawn(
  process.execPath,
  [join(root, 'server/src/test-support/oidc-provider.mjs'), oidcPort, `http://127.0.0.1:${port}/wps/session/social/callback`],
  { cwd: join(root, 'server'), stdio: ['ignore', 'ignore', 'ignore'] },
);
for (const sig of ['SIGINT', 'SIGTERM'])
  process.on(sig, () => {
    oidc.kill(sig);
    server.kill(sig);
  });
server.on('exit', (code) => {
  oidc.kill();
  process.exit(code ?? 0);
});
