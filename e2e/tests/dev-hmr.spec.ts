// npm run dev: an edit to the shell or to a remote shows in the open page without a reload, and
// the page keeps its state (React Fast Refresh across federation boundaries).
import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { watchCsp } from './support';

const root = path.resolve(__dirname, '..', '..');
const port = Number(process.env.E2E_DEV_PORT ?? 8191);
const base = `http://127.0.0.1:${port}`;
const children: ChildProcess[] = [];

/*
 * The edits are journalled before they are written (each file's original and edited text), so a run
 * that was killed (SIGKILL, a lost machine) is undone by the next run of this file or of the suite:
 * a file is put back only while it still holds exactly this test's edit, never over later work.
 */
const journal = path.join(root, 'node_modules', '.cache', 'khela-dev-hmr-edits.json');
type Journal = Record<string, { original: string; edited: string }>;
function writeJournal(entries: Journal) {
  mkdirSync(path.dirname(journal), { recursive: true });
  writeFileSync(journal, JSON.stringify(entries));
}
function restoreJournal() {
  if (!existsSync(journal)) return;
  const entries = JSON.parse(readFileSync(journal, 'utf8')) as Journal;
  for (const [file, { original, edited }] of Object.entries(entries))
    if (existsSync(file) && readFileSync(file, 'utf8') === edited) writeFileSync(file, original);
  rmSync(journal, { force: true });
}
restoreJournal(); // what a killed run left

const edits: Journal = {};
function edit(rel: string, from: string, to: string) {
  const file = path.join(root, rel);
  const text = readFileSync(file, 'utf8');
  expect(text, `${rel} no longer contains the text this test edits`).toContain(from);
  const edited = text.replace(from, to);
  edits[file] = { original: edits[file]?.original ?? text, edited };
  writeJournal(edits);
  writeFileSync(file, edited);
}
function restoreAll() {
  for (const [file, { original }] of Object.entries(edits)) writeFileSync(file, original);
  for (const file of Object.keys(edits)) delete edits[file];
  rmSync(journal, { force: true });
}
process.on('exit', restoreAll); // never leave a developer's source edited (a kill: see the journal)

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const scratch = mkdtempSync(path.join(tmpdir(), 'khela-dev-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    KHELA_DEV: '1',
    PORT: String(port),
    KHELA_DATA_DIR: path.join(scratch, 'pglite'),
    KHELA_OPS_KEY: 'e2e-ops-key',
  };
  delete env.DATABASE_URL;
  const opts = { cwd: root, env, stdio: 'inherit' as const, detached: true };
  children.push(spawn(process.execPath, ['scripts/dev-servers.mjs'], opts));
  children.push(spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'deploy/src/main.ts'], opts));
  const manifest = path.join(root, 'remotes/points-mall/dist-dev/mf-manifest.json');
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/remotes.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (up && existsSync(manifest)) break;
    if (i > 600) throw new Error('npm run dev did not come up');
    await new Promise((r) => setTimeout(r, 250));
  }
  rmSync(scratch, { recursive: true, force: true });
});

test.afterAll(() => {
  restoreAll();
  for (const child of children) {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
});

// the development Content-Security-Policy lets the dev servers' modules and hot updates through
let cspRefusals: string[] = [];
test.beforeEach(({ context }) => {
  cspRefusals = watchCsp(context);
});

// Put the sources back and wait for the rebuild, so the next test does not open its page while an
// update of the previous test is still on its way (the dev servers hold requests while compiling).
test.afterEach(async () => {
  restoreAll();
  expect(cspRefusals).toEqual([]);
  await new Promise((r) => setTimeout(r, 1500));
  await Promise.all([3001, 3016].map((p) => fetch(`http://127.0.0.1:${p}/`).catch(() => undefined)));
});

async function openWithMarker(page: import('@playwright/test').Page, route: string, ready: string) {
  await page.goto(`${base}${route}`);
  await expect(page.locator(ready)).toBeVisible({ timeout: 60_000 });
  // a full reload would lose this; a hot update keeps it
  await page.evaluate(() => ((window as unknown as { __kept: number }).__kept = 42));
}
const kept = (page: import('@playwright/test').Page) => page.evaluate(() => (window as unknown as { __kept?: number }).__kept);

test('an edit to a remote shows without a reload', async ({ page }) => {
  await openWithMarker(page, '/pointMall', '[data-testid="area-points-mall"] h1');
  edit('remotes/points-mall/src/exposed/PointMall.tsx', "<h1>{t('title')}</h1>", "<h1>{t('title')}{'·HOT-REMOTE'}</h1>");
  await expect(page.locator('[data-testid="area-points-mall"] h1')).toContainText('·HOT-REMOTE', { timeout: 30_000 });
  expect(await kept(page)).toBe(42);
});

test('an edit to the shell shows without a reload', async ({ page }) => {
  await openWithMarker(page, '/pointMall', '[data-testid="footer"]');
  edit(
    'shell/src/app/layout/Footer.tsx',
    '<footer className="k-footer" data-testid="footer">',
    '<footer className="k-footer" data-testid="footer">{\'·HOT-SHELL\'}',
  );
  await expect(page.getByTestId('footer')).toContainText('·HOT-SHELL', { timeout: 30_000 });
  expect(await kept(page)).toBe(42);
});
