import { defineConfig } from '@playwright/test';
import { ALONE_PORT, PORT } from './tests/platforms';

/**
 * The files that change what every other page sees while they run: the release pointer (release,
 * canary-analysis), the site's status (shell), its content and popups (announcements, content), the
 * login's providers and per-address captcha (social, auth). They run one at a time on a platform of
 * their own (ALONE_PORT, scripts/e2e-server.mjs starts both), beside the other files, which share
 * theirs (E2E_PORT). (axe's runs are CPU-heavy too, but change nothing and measure no time: a11y
 * runs with the others.)
 */
const ALONE = ['announcements', 'auth', 'canary-analysis', 'content', 'register-options', 'release', 'shell', 'social'].map(
  (name) => `**/${name}.spec.ts`,
);
/** dev-hmr's dev servers load the CPU for a minute: it runs last, after every other file. */
const LAST = ['dev-hmr'].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // three files at a time (each its own members and sessions): a page waits on the network, on the
  // server and on its timers most of its time (a run of two kept the two cores about a third busy).
  // `alone` is listed first so that one of the three always takes its next file while it has any.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  projects: [
    { name: 'alone', testMatch: ALONE, workers: 1, use: { baseURL: `http://127.0.0.1:${ALONE_PORT}` } },
    { name: 'side-by-side', testIgnore: [...ALONE, ...LAST] },
    { name: 'last', testMatch: LAST, workers: 1, dependencies: ['alone', 'side-by-side'] },
  ],
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    locale: 'en-GB',
    // the home's notice marquee and winners board move for as long as a page shows them; with no GPU
    // each costs a renderer 13-17 % of a core (measured), on two cores shared by three workers. A
    // test of motion asks for it (lobby.spec.ts's winners board)
    reducedMotion: 'reduce',
    trace: 'off',
  },
  webServer: {
    command: 'node ../scripts/e2e-server.mjs',
    // both platforms answer (the script says so); E2E_REUSE: ones already started with these ports
    ...(process.env.E2E_REUSE
      ? { url: `http://127.0.0.1:${ALONE_PORT}/remotes.json`, reuseExistingServer: true }
      : { wait: { stdout: /\[khela\] e2e platforms ready/ } }),
    timeout: 180_000,
    env: { E2E_PORT: String(PORT), E2E_ALONE_PORT: String(ALONE_PORT) },
  },
});
