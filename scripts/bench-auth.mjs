#!/usr/bin/env node
// npm run bench:auth — sign-in throughput at the production argon2id cost (OWASP: m=19456 KiB,
// t=2, p=1) and the 3072-bit sealing key: logins per second with bodies sealed exactly as the
// browser seals them, then p50/p99 of GET /wps/member/info under load (autocannon).
//
// The API runs in a child process (PGlite in a scratch folder, or DATABASE_URL's PostgreSQL in a
// scratch schema), so the load generator does not share its event loop.
//   BENCH_SECONDS (default 10) per phase, BENCH_LOGIN_CONCURRENCY (default 2 × CPUs),
//   BENCH_INFO_CONNECTIONS (default 20).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const self = fileURLToPath(import.meta.url);

// TypeScript (the server, the browser's sealing code) loads through tsx: re-run under it once.
if (!process.env.KHELA_BENCH_TSX) {
  const child = spawn(process.execPath, ['--import', 'tsx', self, ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, KHELA_BENCH_TSX: '1' },
  });
  child.on('exit', (code) => process.exit(code ?? 1));
} else if (process.argv.includes('--serve')) {
  await serve();
} else {
  await bench();
}

/** The child: the API on a random port; prints the port and the operator key on stdout. */
async function serve() {
  const { buildApi } = await import(join(root, 'server/src/app.ts'));
  const dataDir = process.env.BENCH_DATA_DIR;
  const opsKey = randomBytes(24).toString('base64url');
  const databaseUrl = process.env.DATABASE_URL || undefined;
  let db;
  if (databaseUrl) {
    const { createDb } = await import(join(root, 'server/src/db/db.ts'));
    db = createDb({ databaseUrl, schema: `bench_${randomBytes(4).toString('hex')}` });
  }
  const app = await buildApi({ ...(db ? { db } : { dataDir }), opsKey, docsUi: false, settingsCacheMs: 2000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: app.server.address().port, opsKey, engine: app.db.engine })}\n`);
  const stop = async () => {
    await app.close();
    if (db) {
      await db.query(`DROP SCHEMA IF EXISTS ${(await db.one('SELECT current_schema() AS s')).s} CASCADE`).catch(() => undefined);
      await db.close();
    }
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'khela-bench-auth-'));
  const child = spawn(process.execPath, ['--import', 'tsx', self, '--serve'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      KHELA_BENCH_TSX: '1',
      BENCH_DATA_DIR: join(dataDir, 'pglite'),
      NODE_ENV: 'production',
      // production's crypto costs on a throw-away PGlite: the start-up refusals don't apply
      KHELA_PRODUCTION_CHECKS: 'off',
      LOG_LEVEL: 'warn',
    },
  });
  const info = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    child.on('exit', (code) => reject(new Error(`the API exited (${code})`)));
  });
  return {
    ...info,
    base: `http://127.0.0.1:${info.port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function bench() {
  const seconds = Number(process.env.BENCH_SECONDS) || 10;
  const cpuCount = availableParallelism?.() ?? cpus().length;
  const loginConcurrency = Number(process.env.BENCH_LOGIN_CONCURRENCY) || 2 * cpuCount;
  const infoConnections = Number(process.env.BENCH_INFO_CONNECTIONS) || 20;
  const { importSealKey, sealWith } = await import(join(root, 'shared/api/src/seal-crypto.ts'));
  const { ARGON2_OWASP, createPasswordHasher } = await import(join(root, 'server/src/domains/auth/passwords.ts'));
  const hasher = createPasswordHasher();
  const { default: autocannon } = await import('autocannon');

  console.log(
    `[bench:auth] ${cpus()[0]?.model?.trim() ?? 'CPU'} × ${cpuCount} (libuv threadpool ${process.env.UV_THREADPOOL_SIZE ?? 4})`,
  );
  console.log(
    `[bench:auth] argon2id m=${ARGON2_OWASP.memoryCost} KiB, t=${ARGON2_OWASP.timeCost}, p=${ARGON2_OWASP.parallelism}`,
  );
  const t0 = performance.now();
  for (let i = 0; i < 5; i++) await hasher.hash(`warm-up-${i}`);
  console.log(`[bench:auth] one argon2id hash, alone: ${((performance.now() - t0) / 5).toFixed(1)} ms`);

  const server = await startServer();
  try {
    const ops = { 'X-Ops-Key': server.opsKey, 'Content-Type': 'application/json' };
    const json = async (res) => ({ status: res.status, body: await res.json() });
    const t1 = performance.now();
    const key = await importSealKey((await json(await fetch(`${server.base}/wps/crypto/key`))).body.value);
    console.log(
      `[bench:auth] API up (${server.engine}); sealing key ready in ${(performance.now() - t1).toFixed(0)} ms (made once per database)`,
    );

    const accounts = Array.from({ length: 40 }, (_, i) => `bench${i}${randomBytes(2).toString('hex')}`);
    const password = 'bench-password-42';
    // no limit counts against a successful login, but the bench makes many: raise the per-IP ones anyway
    await fetch(`${server.base}/ops/settings/authLimits`, {
      method: 'PUT',
      headers: ops,
      body: JSON.stringify({ value: { ipLockAfter: 1_000_000, ipCaptchaAfter: 1_000_000 } }),
    });
    for (let i = 0; i < accounts.length; i += 8) {
      await Promise.all(
        accounts.slice(i, i + 8).map(async (account) => {
          const r = await json(
            await fetch(`${server.base}/ops/members`, {
              method: 'POST',
              headers: ops,
              body: JSON.stringify({ account, password }),
            }),
          );
          if (r.status !== 201) throw new Error(`member: ${JSON.stringify(r.body)}`);
        }),
      );
    }

    const login = async (account) => {
      const started = performance.now();
      const body = await sealWith(key, '/wps/session/login', { username: account, password, type: 'username' });
      const r = await json(
        await fetch(`${server.base}/wps/session/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
      if (r.status !== 200) throw new Error(`login: ${JSON.stringify(r.body)}`);
      return { ms: performance.now() - started, token: r.body.value.token };
    };
    // warm-up: every account logs in once (first logins also record the IP)
    for (let i = 0; i < accounts.length; i += loginConcurrency)
      await Promise.all(accounts.slice(i, i + loginConcurrency).map(login));

    console.log(`[bench:auth] logins: ${loginConcurrency} concurrent for ${seconds} s …`);
    const latencies = [];
    let next = 0;
    const until = performance.now() + seconds * 1000;
    const startedAt = performance.now();
    await Promise.all(
      Array.from({ length: loginConcurrency }, async () => {
        while (performance.now() < until) latencies.push((await login(accounts[next++ % accounts.length])).ms);
      }),
    );
    const elapsed = (performance.now() - startedAt) / 1000;
    latencies.sort((a, b) => a - b);
    const loginsPerSecond = latencies.length / elapsed;

    const { token } = await login(accounts[0]);
    console.log(`[bench:auth] GET /wps/member/info: ${infoConnections} connections for ${seconds} s …`);
    const result = await autocannon({
      url: `${server.base}/wps/member/info`,
      connections: infoConnections,
      duration: seconds,
      headers: { Authorization: token, Language: 'EN' },
    });
    if (result.non2xx) throw new Error(`member info: ${result.non2xx} answers were not 2xx`);

    console.log('');
    console.log(
      `logins per second (argon2id m=19456,t=2,p=1; ${cpuCount} CPUs): ${loginsPerSecond.toFixed(1)}  ` +
        `(${latencies.length} logins; latency p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms)`,
    );
    console.log(
      `member info under load (${infoConnections} connections): ${result.requests.average.toFixed(0)} req/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
    );
  } finally {
    await server.stop();
  }
}
