#!/usr/bin/env node
// Lighthouse 12 (mobile preset: simulated slow 4G, 4x CPU) on the entry routes of the storefront:
// three runs each of the guest home, a game list, the promotions and a member's /member page,
// printing the median scores (performance, accessibility, best practices, SEO) and the LCP, TBT
// and CLS of the median run. Builds when no build is there; serves the builds as the e2e tests do.
//   BENCH_RUNS=3  BENCH_PORT=8283  BENCH_ROUTES=/,/rng  BENCH_KEEP=dir (keeps every JSON report)
//   BENCH_NO_BUILD=1 (uses the builds in dist/ as they are)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAll } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 8283);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const base = `http://127.0.0.1:${port}`;
const opsKey = 'bench-ops-key';
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const lighthouse = (await import('lighthouse')).default;
const chromeLauncher = await import('chrome-launcher');

if (!process.env.BENCH_NO_BUILD || !existsSync(join(root, 'shell/dist/index.html'))) buildAll({ quiet: true });

const server = spawn(process.execPath, [join(root, 'scripts/e2e-server.mjs')], {
  cwd: root,
  env: { ...process.env, E2E_PORT: String(port), KHELA_OPS_KEY: opsKey, KHELA_REMOTE_TIMEOUT_MS: '120000', KHELA_STRICT_TX: '0' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/remotes.json`)).ok) break;
  } catch {
    /* not yet */
  }
  if (i > 240) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 250));
}

/** A player and a one-time login code for the logged-in /member run (handed over in the URL, as links do). */
async function memberLoginCode() {
  const headers = { 'X-Ops-Key': opsKey, 'Content-Type': 'application/json' };
  await fetch(`${base}/ops/members`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ account: 'benchplayer', nickname: 'benchplayer', type: 0 }),
  });
  const res = await fetch(`${base}/ops/sessions`, { method: 'POST', headers, body: JSON.stringify({ account: 'benchplayer' }) });
  if (!res.ok) throw new Error(`session: ${res.status} ${await res.text()}`);
  return (await res.json()).value.loginCode;
}

const ROUTES = [
  { name: '/', url: '/' },
  { name: '/rng', url: '/rng' },
  { name: '/promotions', url: '/promotions' },
  { name: '/member (logged in)', url: '/member' },
].filter((r) => !process.env.BENCH_ROUTES || process.env.BENCH_ROUTES.split(',').includes(r.url.split('?')[0]));

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const keep = process.env.BENCH_KEEP;
if (keep) mkdirSync(keep, { recursive: true });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * How much of the time some task of this machine waited for a CPU (Linux's pressure stall
 * information, "some" total in µs), from `since` on: on a shared VM the other tenants' load shows
 * here, and Lighthouse's blocking time (observed tasks, times four) grows with it. Null elsewhere.
 */
const cpuWaiting = () => {
  try {
    return Number(/some .*total=(\d+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'))[1]);
  } catch {
    return null;
  }
};
const rows = [];
for (const route of ROUTES) {
  const results = [];
  let failed = 0;
  const [waited0, at0] = [cpuWaiting(), performance.now()];
  for (let i = 0; i < runs; i++) {
    // a fresh session and code per run (a code works once; a run leaves the token in its own storage only)
    const url = route.name.startsWith('/member') ? `/member?login=${encodeURIComponent(await memberLoginCode())}` : route.url;
    const { lhr } = await lighthouse(`${base}${url}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      // the default config is the mobile preset: Moto G Power screen, slow 4G, 4x CPU, simulated
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (keep)
      writeFileSync(join(keep, `${route.url.split('?')[0].replace(/\W+/g, '_') || 'home'}-${i}.json`), JSON.stringify(lhr));
    // a run Lighthouse could not finish (its runtimeError; every score null) is no measurement: it
    // is said, and run again (twice at most), instead of counting as a score of 0
    if (lhr.runtimeError || lhr.categories.performance.score === null) {
      console.error(
        `  ${route.name}: run ${i + 1} failed (${lhr.runtimeError?.code ?? 'no score'}: ${lhr.runtimeError?.message ?? ''})`,
      );
      if (++failed <= 2) i--;
      continue;
    }
    results.push({
      performance: lhr.categories.performance.score * 100,
      accessibility: lhr.categories.accessibility.score * 100,
      bestPractices: lhr.categories['best-practices'].score * 100,
      seo: lhr.categories.seo.score * 100,
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      fcp: lhr.audits['first-contentful-paint'].numericValue,
      // Lighthouse's own measure of this machine's speed at the run (higher is faster)
      benchmark: lhr.environment.benchmarkIndex,
    });
  }
  const waited = cpuWaiting();
  if (!results.length) throw new Error(`${route.name}: no run of Lighthouse finished`);
  // the run with the median performance score gives the timings; every score is its own median
  const mid = [...results].sort((a, b) => a.performance - b.performance)[Math.floor(results.length / 2)];
  rows.push({
    route: route.name,
    performance: median(results.map((r) => r.performance)),
    accessibility: median(results.map((r) => r.accessibility)),
    bestPractices: median(results.map((r) => r.bestPractices)),
    seo: median(results.map((r) => r.seo)),
    lcp: mid.lcp,
    tbt: mid.tbt,
    cls: mid.cls,
    fcp: mid.fcp,
    spread: `${Math.min(...results.map((r) => r.performance))}-${Math.max(...results.map((r) => r.performance))}`,
    benchmark: median(results.map((r) => r.benchmark)),
    pressure: waited === null || waited0 === null ? null : (waited - waited0) / 1000 / (performance.now() - at0),
  });
}
await chrome.kill();
stop();

const pad = (s, n) => String(s).padStart(n);
console.log(
  `\nKhela Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}: mobile preset, median of ${runs} runs`,
);
console.log(
  `  ${'route'.padEnd(20)} ${pad('perf', 5)} ${pad('(range)', 8)} ${pad('a11y', 5)} ${pad('b-p', 5)} ${pad('seo', 5)} ${pad('FCP', 7)} ${pad('LCP', 7)} ${pad('TBT', 7)} ${pad('CLS', 6)} ${pad('cpu', 5)} ${pad('wait', 5)}`,
);
for (const r of rows) {
  console.log(
    `  ${r.route.padEnd(20)} ${pad(r.performance.toFixed(0), 5)} ${pad(r.spread, 8)} ${pad(r.accessibility.toFixed(0), 5)} ${pad(r.bestPractices.toFixed(0), 5)} ${pad(r.seo.toFixed(0), 5)} ` +
      `${pad((r.fcp / 1000).toFixed(2) + ' s', 7)} ${pad((r.lcp / 1000).toFixed(2) + ' s', 7)} ${pad(r.tbt.toFixed(0) + ' ms', 7)} ${pad(r.cls.toFixed(3), 6)} ` +
      `${pad(Math.round(r.benchmark), 5)} ${pad(r.pressure === null ? '-' : Math.round(r.pressure * 100) + ' %', 5)}`,
  );
}
console.log(
  "  cpu: Lighthouse's benchmark index of this machine during the runs (median; higher is faster).\n" +
    "  wait: the share of the runs' time some task here waited for a CPU (/proc/pressure/cpu): on a busy\n" +
    '  or shared machine the blocking time (observed tasks, times four) grows with it; compare figures\n' +
    '  taken at about the same index and wait.',
);
process.exit(0);
