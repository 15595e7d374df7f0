import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { ALONE_PORT, releasesDir } from './platforms';
import { OPS_KEY } from './support';

/**
 * Issue 18's journey: a lobby version whose exposed code throws is promoted as an automatic canary;
 * browsers in the canary's bucket load pages and report the failures; the release tool rolls it
 * back by itself with the measured rate in the history; browsers outside the canary never saw an
 * error.
 */

// an `alone` file: the platform on ALONE_PORT (e2e/tests/platforms.ts)
const port = ALONE_PORT;
const RELEASES = releasesDir(port);
const ROOT = path.resolve(__dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const env = { ...process.env, KHELA_RELEASES_DIR: RELEASES, KHELA_RELEASE_WHO: 'e2e', KHELA_OPS_KEY: OPS_KEY };

function release(...args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [TSX, 'deploy/src/release-cli.ts', ...args], { cwd: ROOT, env });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

const pointer = async () =>
  JSON.parse(await readFile(path.join(RELEASES, 'remotes.json'), 'utf8')) as {
    remotes: Record<string, { version: string; canary?: { version: string; percent: number } }>;
  };

/** The published lobby with every chunk but its container entry made to throw when it is evaluated. */
async function brokenLobby(base: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'khela-lobby-broken-'));
  try {
    await cp(path.join(RELEASES, 'remotes', 'lobby', base), dir, {
      recursive: true,
      filter: (src) => !/\.(br|gz)$/.test(src) && path.basename(src) !== '.release.json',
    });
    for (const f of await readdir(dir)) {
      if (!f.endsWith('.js') || f === 'remoteEntry.js') continue;
      const code = await readFile(path.join(dir, f), 'utf8');
      await writeFile(path.join(dir, f), `throw new Error('this lobby canary is broken on purpose');\n${code}`);
    }
    const r = await release('publish', 'lobby', '--dist', dir);
    expect(r.code, r.out).toBe(0);
    return /lobby ([0-9a-f]{12})/.exec(r.out)![1];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A fresh browser in `bucket` visits the home page; answers whether its lobby area failed, after reporting. */
async function visit(browser: Browser, bucket: number): Promise<{ failed: boolean; errors: string[]; version?: string }> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    await context.addInitScript((b) => localStorage.setItem('khela.releaseBucket', String(b)), bucket);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // the lobby version this browser was given, from its container entry's address
    let version: string | undefined;
    page.on('request', (r) => (version ??= r.url().match(/\/remotes\/lobby\/([^/]+)\/remoteEntry\.js/)?.[1]));
    const beacon = page.waitForRequest((r) => r.url().endsWith('/rum/v1/beacon'));
    await page.goto('/');
    const area = page.getByTestId('area-lobby');
    await expect(area.getByTestId('home-page').or(area.getByTestId('area-unavailable'))).toBeVisible({ timeout: 30_000 });
    const failed = await area.getByTestId('area-unavailable').isVisible();
    // the page is left: what it measured goes out with sendBeacon
    await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
    await beacon;
    return { failed, errors, version };
  } finally {
    await context.close();
  }
}

test.describe.configure({ mode: 'serial' });
let broken = '';

test('a broken lobby canary is rolled back by the tool itself, on what the canary’s browsers reported', async ({ browser }) => {
  test.setTimeout(180_000);
  const stable = (await pointer()).remotes.lobby.version;
  broken = await brokenLobby(stable);
  try {
    const auto = release(
      'promote',
      'lobby',
      broken,
      '--canary',
      '50',
      '--auto',
      '--interval',
      '2',
      '--min-loads',
      '5',
      '--api',
      `http://127.0.0.1:${port}`,
      '--reason',
      'e2e: automatic canary',
    );
    await expect.poll(async () => (await pointer()).remotes.lobby.canary?.version, { timeout: 30_000 }).toBe(broken);

    // browsers outside the canary (buckets 50–99) load the stable lobby and never see an error
    for (const bucket of [60, 75, 90]) {
      const v = await visit(browser, bucket);
      expect(v).toEqual({ failed: false, errors: [], version: stable });
    }
    // browsers in the canary's buckets (0–49) get the broken one: their area fails, the page goes on.
    // Once enough of them have reported, the tool may drop the canary between two visits: a later
    // browser then gets the stable lobby, and must see it work.
    let brokenVisits = 0;
    for (const bucket of [1, 8, 17, 23, 34, 45]) {
      const v = await visit(browser, bucket);
      if (v.version === broken) brokenVisits++;
      expect({ version: v.version, failed: v.failed }).toEqual({ version: v.version, failed: v.version === broken });
    }
    expect(brokenVisits).toBeGreaterThan(0);

    const result = await auto;
    expect(result.code, result.out).toBe(1);
    expect(result.out).toContain(`lobby ${broken}: rolled-back`);
    const p = await pointer();
    expect(p.remotes.lobby.version).toBe(stable);
    expect(p.remotes.lobby.canary).toBeUndefined();
    const history = (await readFile(path.join(RELEASES, '.history', 'lobby.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const last = history[history.length - 1];
    expect(last).toMatchObject({ action: 'drop', from: broken });
    expect(last.reason).toMatch(
      /^automatic canary analysis at 50 %: load failures 100\.0 % of \d+ canary loads against 0\.0 % of \d+ stable loads/,
    );
    const status = await release('status');
    expect(status.out).toMatch(new RegExp(`lobby ${broken} vs ${stable}: rolled-back at 50 %`));
  } finally {
    const p = await pointer();
    if (p.remotes.lobby.canary) await release('drop', 'lobby', '--reason', 'e2e clean-up');
  }
});

test('the operators’ release page: the analysis, charts of what browsers reported, and promote and drop through the tool', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 900 });
  page.on('dialog', (d) => d.accept());
  await page.goto('/ops/releases');
  await page.getByTestId('ops-key').fill('not-the-key');
  await page.getByTestId('ops-operator').fill('e2e-ops');
  await page.getByRole('button', { name: 'প্রবেশ' }).click();
  await expect(page.getByRole('alert')).toHaveText('অপারেটর কী ভুল।');
  await page.getByTestId('ops-key').fill(OPS_KEY);
  await page.getByRole('button', { name: 'প্রবেশ' }).click();

  const lobby = page.getByTestId('ops-remote-lobby');
  await expect(lobby).toBeVisible();
  await expect(page.getByTestId('ops-analysis-lobby')).toContainText('rolled-back');
  await expect(page.getByTestId('ops-analysis-lobby')).toContainText('load failures 100.0 %');
  await expect(lobby.getByTestId('ops-chart')).toHaveCount(3);
  await expect(lobby.getByTestId('ops-chart').first().locator('canvas')).toBeVisible();
  await page.screenshot({ path: 'test-results/ops-releases-390.png', fullPage: true });

  // promote the canary again by hand, for 5 %, then drop it: the same code as the CLI
  await lobby.getByTestId('ops-version-lobby').selectOption(broken);
  await lobby.getByTestId('ops-share-lobby').fill('5');
  await lobby.getByTestId('ops-reason-lobby').fill('e2e: try it on 5 %');
  await lobby.getByTestId('ops-promote-lobby').click();
  await expect(page.getByTestId('ops-canary-lobby')).toContainText(`${broken}, 5 %`);
  expect((await pointer()).remotes.lobby.canary).toMatchObject({ version: broken, percent: 5 });
  await page.getByTestId('ops-reason-lobby').fill('e2e: enough');
  await page.getByTestId('ops-drop-lobby').click();
  await expect(page.getByTestId('ops-canary-lobby')).toHaveText('কোনো ক্যানারি নেই');
  expect((await pointer()).remotes.lobby.canary).toBeUndefined();
  const history = (await readFile(path.join(RELEASES, '.history', 'lobby.jsonl'), 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  expect(history.slice(-2).map((e) => [e.action, e.who, e.reason])).toEqual([
    ['canary', 'ops-page:e2e-ops', 'e2e: try it on 5 %'],
    ['drop', 'ops-page:e2e-ops', 'e2e: enough'],
  ]);

  // EN too
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByTestId('ops-canary-lobby')).toHaveText('No canary');
});
