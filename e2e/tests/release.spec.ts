import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { promote, rollback } from '../../deploy/src/release-tool';
import { ALONE_PORT, releasesDir } from './platforms';

/**
 * The release tool against the running platform: the e2e server published the current builds
 * into RELEASES (scripts/e2e-server.mjs); these tests publish more lobby versions there with the
 * release CLI, promote and roll them back, and watch real browsers follow.
 */

// an `alone` file: the platform on ALONE_PORT (e2e/tests/platforms.ts)
const RELEASES = releasesDir(ALONE_PORT);
const ROOT = path.resolve(__dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
/** the shell reads the pointer again at most once a second (POINTER_TTL_MS) */
const POINTER_TTL_MS = 1_000;
const run = promisify(execFile);

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The release CLI as an operator runs it (npm run release -- …), against the e2e releases folder. */
async function release(...args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [TSX, 'deploy/src/release-cli.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, KHELA_RELEASES_DIR: RELEASES, KHELA_RELEASE_WHO: 'e2e' },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

async function releaseOk(...args: string[]): Promise<string> {
  const r = await release(...args);
  expect(r.code, `release ${args.join(' ')}\n${r.stdout}\n${r.stderr}`).toBe(0);
  return r.stdout;
}

const pointerFile = () => readFile(path.join(RELEASES, 'remotes.json'), 'utf8');
const pointer = async () =>
  JSON.parse(await pointerFile()) as {
    shell: string;
    remotes: Record<string, { version: string; canary?: { version: string; percent: number } }>;
  };

/**
 * A new lobby version made from the published one: its files without the precompressed copies and
 * the release record, changed by `edit`, published with the CLI. Returns the new version.
 */
async function publishVariant(base: string, edit: (dir: string) => Promise<void>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'khela-lobby-variant-'));
  try {
    await cp(path.join(RELEASES, 'remotes', 'lobby', base), dir, {
      recursive: true,
      filter: (src) => !/\.(br|gz)$/.test(src) && path.basename(src) !== '.release.json',
    });
    await edit(dir);
    const out = await releaseOk('publish', 'lobby', '--dist', dir);
    const m = /lobby ([0-9a-f]{12})/.exec(out);
    expect(m, out).not.toBeNull();
    return m![1];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const CHANGE = ' · নতুন';

/** The lobby with its (translated) home title changed in every chunk that carries the strings. */
async function changedLobby(base: string): Promise<string> {
  return publishVariant(base, async (dir) => {
    let changed = 0;
    for (const f of await readdir(dir)) {
      if (!f.endsWith('.js')) continue;
      const code = await readFile(path.join(dir, f), 'utf8');
      const next = code.replace(/(hero:\{title:"[^"]*)"/g, `$1${CHANGE}"`);
      if (next !== code) {
        changed += 1;
        await writeFile(path.join(dir, f), next);
      }
    }
    expect(changed, 'the lobby chunks carry its BN/EN strings (hero.title)').toBeGreaterThan(0);
  });
}

/** The same lobby, but built (so its manifest says) against React 18. */
async function react18Lobby(base: string): Promise<string> {
  return publishVariant(base, async (dir) => {
    const file = path.join(dir, 'mf-manifest.json');
    const manifest = JSON.parse(await readFile(file, 'utf8'));
    for (const s of manifest.shared) {
      if (s.name === 'react' || s.name === 'react-dom' || s.name.startsWith('react/') || s.name.startsWith('react-dom/')) {
        s.requiredVersion = '^18.0.0';
        s.version = '18.3.1';
      }
    }
    await writeFile(file, JSON.stringify(manifest, null, 2));
  });
}

/** A client-side navigation (what a link does): no page load. */
async function navigate(page: Page, to: string) {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, to);
}

const lobbyTitle = (page: Page) => page.getByTestId('home-page').getByRole('heading', { level: 1 });

let baseline: string; // the lobby the e2e server published
let changed: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  baseline = (await pointer()).remotes.lobby.version;
  changed = await changedLobby(baseline);
});

test.afterEach(async () => {
  // every test starts from the baseline lobby, without a canary
  const p = await pointer();
  if (p.remotes.lobby.canary) await releaseOk('drop', 'lobby', '--reason', 'e2e clean-up');
  if (p.remotes.lobby.version !== baseline) await releaseOk('promote', 'lobby', baseline, '--reason', 'e2e clean-up');
});

test('the pointer is served no-cache (with an ETag), versions immutable, release records never', async ({ request }) => {
  const res = await request.get('/remotes.json');
  expect(res.headers()['cache-control']).toBe('no-cache');
  const etag = res.headers()['etag'];
  expect(etag).toBeTruthy();
  expect((await request.get('/remotes.json', { headers: { 'If-None-Match': etag } })).status()).toBe(304);
  const entry = await request.get(`/remotes/lobby/${baseline}/remoteEntry.js`);
  expect(entry.status()).toBe(200);
  expect(entry.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await request.get(`/remotes/lobby/${baseline}/.release.json`)).status()).toBe(404);
});

test('a promoted lobby reaches an open page at its next navigation, without a reload; rollback brings the old one back', async ({
  page,
  context,
}) => {
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  const oldTitle = (await lobbyTitle(page).textContent())!;
  await expect(page.getByTestId('area-lobby')).toHaveAttribute('data-version', baseline);
  await page.evaluate(() => ((window as unknown as { __sameTab: boolean }).__sameTab = true));
  loads = 0;

  // a second tab, open on the old lobby's home page, that will not see the new pointer
  const oldTab = await context.newPage();
  await oldTab.goto('/');
  await expect(oldTab.getByTestId('home-page')).toBeVisible();

  const before = await pointer();
  const out = await releaseOk('promote', 'lobby', changed, '--reason', 'e2e: new home title');
  expect(out).toContain(`lobby: ${baseline} → ${changed}`);
  const after = await pointer();
  expect(after.remotes.lobby.version).toBe(changed);
  for (const name of Object.keys(before.remotes).filter((n) => n !== 'lobby')) {
    expect(JSON.stringify(after.remotes[name]), name).toBe(JSON.stringify(before.remotes[name]));
  }
  expect(after.shell).toBe(before.shell);

  // the page that is open: navigating away and back into the lobby brings the new version
  await page.waitForTimeout(POINTER_TTL_MS + 100);
  await page.getByTestId('header').getByRole('link', { name: 'প্রমোশন' }).click();
  await expect(page.getByTestId('promotions-page')).toBeVisible();
  await page.getByTestId('header').getByRole('link', { name: 'হোম' }).click();
  await expect(lobbyTitle(page)).toHaveText(oldTitle + CHANGE);
  await expect(page.getByTestId('area-lobby')).toHaveAttribute('data-version', changed);
  expect(await page.evaluate(() => (window as unknown as { __sameTab?: boolean }).__sameTab)).toBe(true);
  expect(loads).toBe(0);

  // the old tab, cut off from the pointer, still loads the old version's chunks, from its folder
  await oldTab.route('**/remotes.json', (route) => route.abort());
  const chunk = oldTab.waitForRequest((r) => r.url().includes(`/remotes/lobby/${baseline}/__federation_expose_GameList`));
  await navigate(oldTab, '/hot');
  expect((await (await chunk).response())?.status()).toBe(200);
  await expect(oldTab.getByTestId('game-list-HOT')).toBeVisible();
  await expect(oldTab.getByTestId('area-lobby')).toHaveAttribute('data-version', baseline);
  await expect(oldTab.getByTestId('area-unavailable')).toHaveCount(0);
  await oldTab.close();

  // roll back: the old lobby returns at the next navigation, still in the same page
  const back = await releaseOk('rollback', 'lobby', '--reason', 'e2e: back');
  expect(back).toContain(`lobby: ${changed} → ${baseline} (rollback)`);
  await page.waitForTimeout(POINTER_TTL_MS + 100);
  await page.getByTestId('header').getByRole('link', { name: 'প্রমোশন' }).click();
  await expect(page.getByTestId('promotions-page')).toBeVisible();
  await page.getByTestId('header').getByRole('link', { name: 'হোম' }).click();
  await expect(lobbyTitle(page)).toHaveText(oldTitle);
  await expect(page.getByTestId('area-lobby')).toHaveAttribute('data-version', baseline);
  expect(loads).toBe(0);
});

test('20 promote/rollback flips while a browser keeps navigating between areas: zero failed loads', async ({ page }) => {
  test.setTimeout(150_000);
  const failures: string[] = [];
  const ours = (url: string) => /\/(remotes|shell)\/|remotes\.json/.test(url);
  page.on('requestfailed', (r) => ours(r.url()) && failures.push(`failed ${r.url()}: ${r.failure()?.errorText}`));
  page.on('response', (r) => ours(r.url()) && r.status() >= 400 && failures.push(`${r.status()} ${r.url()}`));
  page.on('pageerror', (e) => failures.push(`page error: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && failures.push(`console: ${m.text()}`));
  // an "unavailable" area that appears and goes again between two checks still counts
  await page.addInitScript(() => {
    const w = window as unknown as { __unavailable: number };
    w.__unavailable = 0;
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) {
          if (
            n instanceof Element &&
            (n.matches('[data-testid="area-unavailable"]') || n.querySelector('[data-testid="area-unavailable"]'))
          )
            w.__unavailable += 1;
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });

  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  const seen = new Set<string>();
  let flipping = true;
  let visits = 0;
  const navigating = (async () => {
    const header = page.getByTestId('header');
    while (flipping || visits < 4) {
      await header.getByRole('link', { name: 'প্রমোশন' }).click();
      await expect(page.getByTestId('promotions-page')).toBeVisible();
      await navigate(page, '/pointMall');
      await expect(page.getByTestId('point-mall')).toBeVisible();
      await header.getByRole('link', { name: 'হোম' }).click();
      await expect(page.getByTestId('home-page')).toBeVisible();
      await expect(page.getByTestId('area-lobby')).toHaveAttribute('data-version', /^[0-9a-f]{12}$/);
      seen.add((await page.getByTestId('area-lobby').getAttribute('data-version'))!);
      visits += 1;
    }
  })();
  try {
    // each version stays as long as the shell's pointer TTL (plus the CLI's own time), so the page meets both
    const dwell = () => new Promise((r) => setTimeout(r, POINTER_TTL_MS));
    // the tool in this process (the CLI's own start-up would dominate 20 flips)
    const tool = { releasesDir: RELEASES, who: 'e2e' };
    for (let i = 0; i < 10; i++) {
      await promote('lobby', changed, { ...tool, reason: `e2e flip ${2 * i + 1}` });
      await dwell();
      await rollback('lobby', { ...tool, reason: `e2e flip ${2 * i + 2}` });
      await dwell();
    }
  } finally {
    flipping = false;
  }
  await navigating;

  expect((await pointer()).remotes.lobby.version).toBe(baseline);
  expect(failures).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __unavailable: number }).__unavailable)).toBe(0);
  expect([...seen].sort()).toEqual([baseline, changed].sort()); // the page really went back and forth
  const history = await releaseOk('history', 'lobby', '--limit', '20');
  expect(history.match(/e2e flip/g)).toHaveLength(20);
});

test('a lobby built against another React major is refused at promote, and nothing changes', async () => {
  const r18 = await react18Lobby(baseline);
  const before = await pointerFile();
  const shellManifest = JSON.parse(
    await readFile(path.join(RELEASES, 'shell', (await pointer()).shell, 'mf-manifest.json'), 'utf8'),
  );
  const shellReact = shellManifest.shared.find((s: { name: string }) => s.name === 'react').version as string;

  const r = await release('promote', 'lobby', r18, '--reason', 'e2e: React 18 build');
  expect(r.code).toBe(1);
  expect(r.stderr).toContain(
    `lobby ${r18} requires react ^18.0.0, but shell ${(await pointer()).shell} provides react ${shellReact}`,
  );
  expect(r.stderr).toContain('what to do:');
  expect(await pointerFile()).toBe(before); // byte for byte
  // the canary route is gated the same way
  expect((await release('promote', 'lobby', r18, '--canary', '10')).code).toBe(1);
  expect(await pointerFile()).toBe(before);
});

/**
 * Which lobby version a first visit loads at the home page, and the bucket it drew. A first visit
 * is a page with nothing of the origin's stored: no bucket in localStorage, no bucket cookie (one
 * tab reused, its storage cleared: a new browser context costs a renderer process, a second or more
 * on two busy cores).
 */
async function firstVisit(page: Page): Promise<{ version: string; bucket: number }> {
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
  const asked = page.waitForRequest((r) => /\/remotes\/lobby\/[^/]+\/mf-manifest\.json/.test(r.url()), { timeout: 20_000 });
  await page.goto('/', { waitUntil: 'commit' });
  const version = /\/remotes\/lobby\/([^/]+)\//.exec((await asked).url())![1];
  const bucket = Number(await page.evaluate(() => localStorage.getItem('khela.releaseBucket')));
  // the answer is in: a small page of the same origin stops the home's loading and drawing (a
  // hundred homes drawn in full were a minute and a half of two busy cores) and keeps the
  // origin's storage within reach of the next visit's clear
  await page.goto('/robots.txt');
  return { version, bucket };
}

test('a 10 % canary reaches about 10 % of 100 first visits, each by its own stable bucket', async ({ page }) => {
  test.setTimeout(240_000);
  const out = await releaseOk('promote', 'lobby', changed, '--canary', '10', '--reason', 'e2e canary');
  expect(out).toContain(`lobby: canary ${changed} for 10 % of browsers`);
  expect((await pointer()).remotes.lobby).toMatchObject({ version: baseline, canary: { version: changed, percent: 10 } });

  await page.goto('/', { waitUntil: 'commit' });
  const results: { version: string; bucket: number }[] = [];
  for (let i = 0; i < 100; i++) results.push(await firstVisit(page));
  expect(results).toHaveLength(100);
  for (const r of results) {
    expect(r.bucket).toBeGreaterThanOrEqual(0);
    expect(r.bucket).toBeLessThanOrEqual(99);
    expect(r.version, `bucket ${r.bucket}`).toBe(r.bucket < 10 ? changed : baseline);
  }
  const canaries = results.filter((r) => r.version === changed).length;
  // binomial(100, 0.1): mean 10, sd 3; outside 1..22 happens less than once in 10,000 runs
  expect(canaries).toBeGreaterThanOrEqual(1);
  expect(canaries).toBeLessThanOrEqual(22);

  // a browser keeps its side across page loads, and its bucket alone decides the side
  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  const mine = await page.evaluate(() => Number(localStorage.getItem('khela.releaseBucket')));
  await expect(page.getByTestId('area-lobby')).toHaveAttribute('data-version', mine < 10 ? changed : baseline);
  await page.reload();
  await expect(page.getByTestId('area-lobby')).toHaveAttribute('data-version', mine < 10 ? changed : baseline);
  const other = mine < 10 ? 50 : 3;
  await page.evaluate((b) => localStorage.setItem('khela.releaseBucket', String(b)), other);
  await page.reload();
  await expect(page.getByTestId('area-lobby')).toHaveAttribute('data-version', other < 10 ? changed : baseline);

  const dropped = await releaseOk('drop', 'lobby', '--reason', 'e2e canary over');
  expect(dropped).toContain(`canary ${changed} (10 %) dropped`);
  expect((await pointer()).remotes.lobby.canary).toBeUndefined();
});
