#!/usr/bin/env node
// The platform as the end-to-end tests see it: the current builds published into a scratch
// releases folder, a fresh embedded database, a known operator key, and a short remote time-out
// (so the "never arrives" test needs seconds, not the production 120).
//
// E2E_PORT (8181) is its port. With E2E_ALONE_PORT the script starts a second platform there too,
// both at once, each with its own database, releases folder and OpenID provider: the Playwright
// run's `alone` files (which change what every page sees) have it to themselves while the other
// files share the first. It prints "[khela] e2e platforms ready" once each one answers.
import { mkdtempSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
const children = [];
let stopping = false;

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stopAll(0));

function start(file, args, options) {
  const child = spawn(process.execPath, [file, ...args], options);
  children.push(child);
  return child;
}

/** Publishes the builds and starts one platform on `port`; resolves once it answers. */
async function platform(port, releasesDir) {
  const scratch = mkdtempSync(join(tmpdir(), 'khela-e2e-'));
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
  const published = await new Promise((resolve) => {
    start(tsx, ['deploy/src/publish-all.ts'], { cwd: root, env, stdio: 'inherit' }).on('exit', (code) => resolve(code === 0));
  });
  if (!published) return stopAll(1);
  const server = start(tsx, ['deploy/src/main.ts'], { cwd: root, env, stdio: 'inherit' });
  server.on('exit', (code) => stopAll(code ?? 0));
  // a real OpenID provider for the social sign-in test (the test configures it as a provider), on
  // the port 1000 above the platform's
  const oidcPort = String(Number(port) + 1000);
  start(
    join(root, 'server/src/test-support/oidc-provider.mjs'),
    [oidcPort, `http://127.0.0.1:${port}/wps/session/social/callback`],
    { cwd: join(root, 'server'), stdio: ['ignore', 'ignore', 'ignore'] },
  );
  while (!stopping) {
    const up = await fetch(`http://127.0.0.1:${port}/remotes.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

const port = process.env.E2E_PORT ?? '8181';
// The releases folder is known to the tests (the release tests publish and promote into it):
// KHELA_E2E_RELEASES_DIR, else one folder per port, emptied at every start.
const platforms = [platform(port, process.env.KHELA_E2E_RELEASES_DIR ?? join(tmpdir(), `khela-e2e-releases-${port}`))];
const alonePort = process.env.E2E_ALONE_PORT;
if (alonePort) platforms.push(platform(alonePort, join(tmpdir(), `khela-e2e-releases-${alonePort}`)));
if ((await Promise.all(platforms)).every(Boolean)) console.log('[khela] e2e platforms ready');
