#!/usr/bin/env node
// Prints the API figures of the lobby:
//  1. the game-list endpoint's requests per second and p50/p99 latency under load on loopback, beside
//     a bare Fastify route answering the same bytes, on the same machine in the same run (the ratio);
//     also a mix of 120 different pages and filters (the in-process page cache filling up);
//  2. the lobby remote's own gzip bytes at first use (home page; a game list page);
//  3. the time to render the home lobby for a guest in Chromium (loopback), median of 3 visits.
// The API and the bare route each run in their own process (autocannon runs in this one), PGlite in a
// temporary folder. `--api-only`: the API figures alone (no build, no browser). BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 10), BENCH_PORT (web, 8384).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const self = fileURLToPath(import.meta.url);
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
const LIST_PATH = '/wps/relay/GCSGAME_gameList';
/** The bare server's second route: the same body with the API's own headers. */
const BARE_WITH_HEADERS = '/bare-with-headers';
const LIST_QUERY = '?clientType=3&platform=flash%2Chtml5-desktop&gameType=RNG&pageNo=1&pageSize=18&language=BN';

// ---- the benchmark -----------------------------------------------------------------------------
function child(args, { useTsx = false } = {}) {
  const argv = useTsx ? [tsx, self, ...args] : [self, ...args];
  const proc = spawn(process.execPath, argv, { cwd: root, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const ready = new Promise((resolve, reject) => {
    proc.once('message', resolve);
    proc.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}`)));
  });
  /** The child's CPU time so far (user + system, µs), asked over its IPC channel. */
  const cpu = () =>
    new Promise((resolve) => {
      proc.once('message', (m) => resolve(m.cpu));
      proc.send('cpu');
    });
  return { proc, ready, cpu };
}

async function freePort() {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function load(url, opts) {
  const require = createRequire(join(root, 'package.json'));
  const autocannon = require('autocannon');
  const duration = Number(process.env.BENCH_DURATION ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  await autocannon({ url, connections, duration: 2, ...opts }); // warm-up
  const r = await autocannon({ url, connections, duration, ...opts });
  if (r.errors || r.non2xx) throw new Error(`${url}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bytes: r.throughput.average,
    total: r.requests.total,
  };
}

const fmt = (r) =>
  `${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(5)} ms   p99 ${r.p99.toFixed(1).padStart(5)} ms`;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

async function apiFigures() {
  const dataDir = mkdtempSync(join(tmpdir(), 'khela-bench-api-'));
  const [apiPort, barePort] = [await freePort(), await freePort()];
  const api = child(['--serve-api', String(apiPort), join(dataDir, 'pglite')], { useTsx: true });
  let bare;
  try {
    await api.ready;
    const apiBase = `http://127.0.0.1:${apiPort}`;
    const res = await fetch(apiBase + LIST_PATH + LIST_QUERY);
    const body = Buffer.from(await res.arrayBuffer());
    if (!res.ok) throw new Error(`game list answered ${res.status}: ${body}`);
    const bodyFile = join(dataDir, 'body.json');
    writeFileSync(bodyFile, body);
    // the API's own headers (its security headers, type and entity tag), for the bare route that
    // answers the same bytes on the wire, headers included
    const PER_ANSWER = ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'];
    const headers = Object.fromEntries([...res.headers].filter(([k]) => !PER_ANSWER.includes(k)));
    const headersFile = join(dataDir, 'headers.json');
    writeFileSync(headersFile, JSON.stringify(headers));
    bare = child(['--serve-bare', String(barePort), bodyFile, headersFile]);
    await bare.ready;
    const bareBase = `http://127.0.0.1:${barePort}`;
    const same = Buffer.from(await (await fetch(bareBase + LIST_PATH + LIST_QUERY)).arrayBuffer());
    if (!same.equals(body)) throw new Error('the bare route does not answer the same bytes');
    const sameHeaders = await fetch(bareBase + BARE_WITH_HEADERS + LIST_QUERY);
    if (!Buffer.from(await sameHeaders.arrayBuffer()).equals(body))
      throw new Error('the bare route does not answer the same bytes');
    for (const [k, v] of Object.entries(headers))
      if (sameHeaders.headers.get(k) !== v) throw new Error(`the bare route's ${k} is not the API's`);

    // both servers in their steady state first: a long-running server's code is optimised by then
    // (the API's first 20 s under load ran at 60-75 % of its later rate)
    await load(apiBase + LIST_PATH + LIST_QUERY, { duration: 20 });
    await load(bareBase + LIST_PATH + LIST_QUERY, { duration: 5 });
    await load(bareBase + BARE_WITH_HEADERS + LIST_QUERY, { duration: 5 });
    // interleaved, three times each, so drift on a busy machine hits both alike; the ratio is the
    // median of each pair's (a pair runs back to back)
    const runs = { api: [], bare: [], bareHeaders: [] };
    // each run also takes the server's CPU time per answer: on a shared machine the rate swings with
    // what else runs, the CPU an answer costs much less (on a core of its own, rate ≈ 1 / cost)
    const measured = async (server, url) => {
      const before = await server.cpu();
      const r = await load(url);
      return { ...r, cpuUs: ((await server.cpu()) - before) / r.total };
    };
    for (let i = 0; i < 3; i++) {
      runs.bare.push(await measured(bare, bareBase + LIST_PATH + LIST_QUERY));
      runs.bareHeaders.push(await measured(bare, bareBase + BARE_WITH_HEADERS + LIST_QUERY));
      runs.api.push(await measured(api, apiBase + LIST_PATH + LIST_QUERY));
    }
    const pairs = (base, of) => runs.api.map((r, i) => of(r, base[i])).sort((a, b) => a - b);
    const ratios = pairs(runs.bare, (r, b) => r.rps / b.rps);
    const cpuRatios = pairs(runs.bare, (r, b) => b.cpuUs / r.cpuUs);
    const headerRatios = pairs(runs.bareHeaders, (r, b) => r.rps / b.rps);
    const headerCpuRatios = pairs(runs.bareHeaders, (r, b) => b.cpuUs / r.cpuUs);
    const mean = (rs) => ({
      rps: rs.reduce((s, r) => s + r.rps, 0) / rs.length,
      p50: Math.max(...rs.map((r) => r.p50)),
      p99: Math.max(...rs.map((r) => r.p99)),
      // the median run's
      cpuUs: rs.map((r) => r.cpuUs).sort((x, y) => x - y)[Math.floor(rs.length / 2)],
    });
    const types = ['RNG', 'LIVE', 'FISH', 'PVP', 'HOT', 'LOTT'];
    const requests = Array.from({ length: 120 }, (_, i) => ({
      method: 'GET',
      path: `${LIST_PATH}?clientType=3&platform=flash%2Chtml5-desktop&gameType=${types[i % types.length]}&pageNo=${1 + (i % 10)}&pageSize=18&language=${i % 2 ? 'EN' : 'BN'}${i % 3 === 0 ? '&isNew=1' : ''}`,
    }));
    const mixed = await load(apiBase + LIST_PATH, { requests });
    return {
      api: mean(runs.api),
      bare: mean(runs.bare),
      bareHeaders: mean(runs.bareHeaders),
      ratios,
      cpuRatios,
      headerRatios,
      headerCpuRatios,
      headerBytes: Object.entries(headers).reduce((n, [k, v]) => n + k.length + v.length + 4, 0),
      mixed,
      bytes: body.length,
    };
  } finally {
    bare?.proc.kill('SIGTERM');
    api.proc.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function webFigures() {
  if (!existsSync(join(root, 'remotes/lobby/dist/remoteEntry.js')) || !existsSync(join(root, 'shell/dist/index.html'))) {
    const { buildAll } = await import('./build.mjs');
    buildAll({ quiet: true });
  }
  const port = Number(process.env.BENCH_PORT ?? 8384);
  const server = spawn(process.execPath, [join(root, 'scripts/e2e-server.mjs')], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(port), KHELA_REMOTE_TIMEOUT_MS: '120000', KHELA_STRICT_TX: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/remotes.json`)).ok) break;
      } catch {
        /* not yet */
      }
      if (i > 400) throw new Error('the platform did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
    const require = createRequire(join(root, 'e2e', 'package.json'));
    const { chromium } = require('@playwright/test');
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

    /** One fresh visit: the lobby's own files (JS and CSS, gzip) and when the home lobby had rendered. */
    async function visit(path, ready) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      const files = new Map();
      page.on('response', async (res) => {
        const url = new URL(res.url());
        if (url.pathname.startsWith('/remotes/lobby/') && /\.(js|css)$/.test(url.pathname)) {
          try {
            files.set(url.pathname, gzipSync(await res.body(), { level: 9 }).length);
          } catch {
            /* redirected or aborted */
          }
        }
      });
      await page.goto(base + path, { waitUntil: 'commit' });
      await ready(page);
      const rendered = await page.evaluate(() => performance.now());
      await page.waitForLoadState('networkidle');
      await context.close();
      let js = 0,
        css = 0;
      for (const [p, n] of files) {
        if (p.endsWith('.css')) css += n;
        else js += n;
      }
      return { rendered, js, css, files: files.size };
    }
    // rendered: the home page with its sections filled (the first hot game's art loaded)
    const homeReady = async (page) => {
      await page.getByTestId('home-page').waitFor({ timeout: 60_000 });
      await page.waitForFunction(
        () => {
          const img = document.querySelector('[data-testid="home-section-HOT"] [data-testid="game-tile"] img');
          return img?.getAttribute('data-state') === 'loaded';
        },
        null,
        { timeout: 60_000 },
      );
    };
    const homes = [];
    for (let i = 0; i < 3; i++) homes.push(await visit('/', homeReady));
    const list = await visit('/rng', (page) => page.getByTestId('game-tile').first().waitFor({ timeout: 60_000 }));
    await browser.close();
    homes.sort((a, b) => a.rendered - b.rendered);
    return { home: homes[1], list };
  } finally {
    server.kill('SIGTERM');
  }
}

async function main() {
  const a = await apiFigures();
  const w = apiOnly ? null : await webFigures();
  console.log('\nKhela API benchmark (loopback, same machine, same run)');
  console.log(`  game list, one page (${a.bytes} bytes):`);
  console.log(`    GET ${LIST_PATH}     ${fmt(a.api)}`);
  const list = (xs) => xs.map((r) => r.toFixed(2)).join(', ');
  console.log(`    bare Fastify, same body             ${fmt(a.bare)}`);
  console.log(`    bare Fastify, same body and headers ${fmt(a.bareHeaders)}   (${a.headerBytes} B of headers)`);
  console.log(
    `    ratio (API / bare, same body)       ${a.ratios[1].toFixed(2)}   (pairs ${list(a.ratios)}; target ≥ 0.90; p99 target ≤ 5 ms)`,
  );
  console.log(`    ratio (API / bare, same headers)    ${a.headerRatios[1].toFixed(2)}   (pairs ${list(a.headerRatios)})`);
  console.log(
    `    server CPU per answer               API ${a.api.cpuUs.toFixed(1)} µs, bare ${a.bare.cpuUs.toFixed(1)} µs, ` +
      `with the headers ${a.bareHeaders.cpuUs.toFixed(1)} µs: ratios ${a.cpuRatios[1].toFixed(2)} (${list(a.cpuRatios)}) ` +
      `and ${a.headerCpuRatios[1].toFixed(2)} (${list(a.headerCpuRatios)})`,
  );
  console.log(`  game list, 120 different pages:      ${fmt(a.mixed)}`);
  if (!w) process.exit(0);
  console.log('  lobby remote, own files at first use (gzip):');
  console.log(
    `    guest home page                     ${kb(w.home.js)} JS + ${kb(w.home.css)} CSS in ${w.home.files} files   (target ≤ 30 KB JS)`,
  );
  console.log(`    game list page (/rng)               ${kb(w.list.js)} JS + ${kb(w.list.css)} CSS in ${w.list.files} files`);
  console.log(`  guest home lobby rendered (Chromium, loopback, median of 3): ${w.home.rendered.toFixed(0)} ms`);
  process.exit(0);
}

// ---- child modes -------------------------------------------------------------------------------
/** A server child tells the benchmark its CPU time (user + system, µs) when asked. */
function answerCpu() {
  process.on('message', (m) => {
    if (m !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    process.send?.({ cpu: user + system });
  });
}
const [mode, portArg, arg] = process.argv.slice(2);
/** `--api-only`: the API figures without the browser's (no build, no Chromium). */
const apiOnly = mode === '--api-only';
if (mode === '--serve-api') {
  const { buildApi } = await import(join(root, 'server/src/app.ts'));
  // without the scheduled jobs: on the embedded database their queries run on the API's own thread,
  // in the middle of the measured route's requests (with PostgreSQL they run in its process)
  const app = await buildApi({ dataDir: arg, opsKey: 'bench-ops-key', docsUi: false, logger: false, jobs: false });
  await app.listen({ port: Number(portArg), host: '127.0.0.1' });
  answerCpu();
  process.send?.('ready');
} else if (mode === '--serve-bare') {
  const requireServer = createRequire(join(root, 'server/package.json'));
  const Fastify = requireServer('fastify');
  const body = readFileSync(arg);
  const headers = JSON.parse(readFileSync(process.argv[5], 'utf8'));
  const app = Fastify({ logger: false });
  app.get(LIST_PATH, (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
  app.get(BARE_WITH_HEADERS, (_req, reply) => reply.headers(headers).send(body));
  await app.listen({ port: Number(portArg), host: '127.0.0.1' });
  answerCpu();
  process.send?.('ready');
} else {
  await main();
}
