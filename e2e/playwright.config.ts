import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);

/**
 * The files that change what every other page sees while they run: the release pointer (release,
 * canary-analysis), the site's status (shell), its content and popups (announcements, content), the
 * login's providers and per-address captcha (social, auth), and dev-hmr, whose dev servers load the
 * CPU for a minute. They run one at a time, after the rest. (axe's runs are CPU-heavy too, but
 * change nothing and measure no time: a11y runs beside the others.)
 */
const ALONE = [
  'announcements',
  'auth',
  'canary-analysis',
  'content',
  'dev-hmr',
  'register-options',
  'release',
  'shell',
  'social',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // two files at a time (each its own members and sessions): a page waits on the network and on
  // the server most of its time, and two cores run two of them in about the time of one and a half
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: 'side-by-side', testIgnore: ALONE },
    { name: 'alone', testMatch: ALONE, workers: 1, dependencies: ['side-by-side'] },
  ],
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
    trace: 'off',
  },
  webServer: {
    command: 'node ../scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/remotes.json`,
    timeout: 120_000,
    reuseExistingServer: !!process.env.E2E_REUSE,
    env: { E2E_PORT: String(port) },
  },
});
