#!/usr/bin/env node
// Prints the web figures: cold build of all eight builds; gzip bytes of every script a guest's
// home page loads, split into the shell's own code, shared libraries and the lobby; the games
// remote's own JavaScript at first use (a slot page, the verify page); and the time to the lobby
// rendered and the LCP in Chromium, on loopback and under slow 4G with 4x CPU.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { buildAll } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'e2e', 'package.json'));
const { chromium } = require('@playwright/test');
const REMOTES = ['lobby', 'auth-modals', 'member-centre', 'agent-centre', 'promotions', 'points-mall', 'games'];
const port = Number(process.env.BENCH_PORT ?? 8282);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

// 1. cold build
for (const dir of ['shell', ...REMOTES.map((r) => `remotes/${r}`)])
  rmSync(join(root, dir, 'dist'), { recursive: true, force: true });
rmSync(join(root, 'node_modules/.cache'), { recursive: true, force: true });
const buildSeconds = buildAll({ quiet: true });

// 2. serve it
const server = spawn(process.execPath, [join(root, 'scripts/e2e-server.mjs')], {
  cwd: root,
  env: { ...process.env, E2E_PORT: String(port), KHELA_REMOTE_TIMEOUT_MS: '120000', KHELA_STRICT_TX: '0' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/remotes.json`)).ok) break;
  } catch {
    /* not yet */
  }
  // publishing eight builds and starting the server takes more than a minute on a busy machine
  if (i > 1200 || server.exitCode !== null) {
    server.kill('SIGTERM');
    throw new Error('server did not start');
  }
  await new Promise((r) => setTimeout(r, 250));
}

/** Which dist file a URL is, and whether its code is mostly libraries (by its source map). */
function classify(url) {
  const path = new URL(url).pathname;
  const m = path.match(/^\/(shell)\/[^/]+\/(.+)$/) ?? path.match(/^\/remotes\/([^/]+)\/[^/]+\/(.+)$/);
  if (!m) return { file: null, group: 'other' };
  const dist = m[1] === 'shell' ? join(root, 'shell/dist') : join(root, 'remotes', m[1], 'dist');
  const file = join(dist, m[2]);
  let libs = 0,
    own = 0;
  if (existsSync(`${file}.map`)) {
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
    map.sources.forEach((s, i) => {
      const n = map.sourcesContent?.[i]?.length ?? 0;
      if (s.includes('node_modules')) libs += n;
      else own += n;
    });
  }
  const group = libs > own ? 'shared libraries' : m[1] === 'shell' ? 'shell' : m[1];
  return { file, group };
}

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });

async function visit({ throttle }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (throttle) {
    // Lighthouse's slow 4G: 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up; and a 4x slower CPU
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  const scripts = new Set();
  const fonts = new Set();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script' || /\.js(\?|$)/.test(res.url())) scripts.add(res.url());
    if (/\.woff2(\?|$)/.test(res.url())) fonts.add(res.url());
  });
  await page.addInitScript(() => {
    window.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(base + '/', { waitUntil: 'commit' });
  await page.getByTestId('home-page').waitFor({ timeout: 60_000 });
  const rendered = await page.evaluate(() => performance.now());
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const lcp = await page.evaluate(() => window.__lcp);
  await context.close();
  return { rendered, lcp, scripts: [...scripts], fonts: [...fonts] };
}

const loopback = await visit({ throttle: false });
const slow = await visit({ throttle: true });

/**
 * The games remote at first use: a member (made through the operator API of the e2e server) opens
 * a free trial of the platform's slot, and, in another tab, the verify page; the remote's own
 * JavaScript (and CSS) that each loads, gzip. The guest home above must never load any of it.
 */
async function gamesFirstUse() {
  const ops = { 'X-Ops-Key': process.env.KHELA_OPS_KEY ?? 'e2e-ops-key', 'Content-Type': 'application/json' };
  const account = `bench${Date.now().toString(36)}`;
  await fetch(`${base}/ops/members`, {
    method: 'POST',
    headers: ops,
    body: JSON.stringify({ account, nickname: account, type: 0 }),
  });
  const session = await (
    await fetch(`${base}/ops/sessions`, { method: 'POST', headers: ops, body: JSON.stringify({ account }) })
  ).json();
  const token = session.value?.token;
  const query = new URLSearchParams({ launchMode: 'GAME', gameId: 'KHELA_TIGER_REELS', accountType: '0' });
  const launched = await (await fetch(`${base}/wps/game/launchGame?${query}`, { headers: { Authorization: token } })).json();
  const gameUrl = launched.value?.content?.game_url;
  if (!token || !gameUrl?.startsWith('/play/')) return null;
  const measure = async (path, ready) => {
    const context = await browser.newContext();
    await context.addInitScript((t) => sessionStorage.setItem('token', t), token);
    const page = await context.newPage();
    const files = new Set();
    page.on(
      'response',
      (res) => res.url().includes('/remotes/games/') && /\.(js|css)(\?|$)/.test(res.url()) && files.add(res.url()),
    );
    await page.goto(base + path);
    await page.getByTestId(ready).waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await context.close();
    const sum = { js: 0, css: 0 };
    for (const url of files) {
      const { file } = classify(url);
      if (file && existsSync(file)) sum[url.endsWith('.css') ? 'css' : 'js'] += gzipSync(readFileSync(file), { level: 9 }).length;
    }
    return sum;
  };
  return { game: await measure(gameUrl, 'slot-board'), verify: await measure('/play/verify', 'verify-form') };
}
const games = await gamesFirstUse().catch((err) => (console.error('[bench] games remote not measured:', err.message), null));
await browser.close();
server.kill('SIGTERM');

const groups = {};
let total = 0;
for (const url of loopback.scripts) {
  const { file, group } = classify(url);
  const bytes = file && existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
  groups[group] = (groups[group] ?? 0) + bytes;
  if (process.env.BENCH_VERBOSE) console.log(`    ${kb(bytes).padStart(9)}  ${group.padEnd(17)} ${new URL(url).pathname}`);
  total += bytes;
}

// the web fonts are woff2 (compressed already): their bytes as served
let fontBytes = 0;
for (const url of loopback.fonts) {
  const { file } = classify(url);
  const bytes = file && existsSync(file) ? readFileSync(file).length : 0;
  if (process.env.BENCH_VERBOSE) console.log(`    ${kb(bytes).padStart(9)}  web font          ${new URL(url).pathname}`);
  fontBytes += bytes;
}

console.log('\nKhela web benchmark');
console.log(`  cold build, all eight builds:        ${buildSeconds.toFixed(1)} s`);
// the budget is 170 KB: the exact bytes too, since a tenth of a KB rounds either way
const BUDGET = 170 * 1024;
console.log(
  `  guest home page JavaScript (gzip):   ${kb(total)} in ${loopback.scripts.length} files ` +
    `(${total} B; ${total <= BUDGET ? `${BUDGET - total} B under` : `${total - BUDGET} B OVER`} the 170 KB budget)`,
);
for (const [g, n] of Object.entries(groups).sort((a, b) => b[1] - a[1])) console.log(`    ${g.padEnd(34)} ${kb(n)}`);
console.log(`  web fonts (woff2):                   ${kb(fontBytes)} in ${loopback.fonts.length} files`);
console.log(`  JavaScript and fonts:                ${kb(total + fontBytes)}`);
if (games) {
  console.log(
    `  games remote at first use (gzip):    slot page ${kb(games.game.js)} JS + ${kb(games.game.css)} CSS; verify page ${kb(games.verify.js)} JS + ${kb(games.verify.css)} CSS`,
  );
}
console.log(`  lobby rendered, loopback:            ${loopback.rendered.toFixed(0)} ms (LCP ${loopback.lcp.toFixed(0)} ms)`);
console.log(`  lobby rendered, slow 4G + 4x CPU:    ${slow.rendered.toFixed(0)} ms (LCP ${slow.lcp.toFixed(0)} ms)`);
process.exit(0);
