#!/usr/bin/env node
// npm run bench:release: the wall time of publishing, promoting and rolling back one remote (the
// lobby) with the release CLI, into a scratch releases folder. Each round publishes a new build
// (the lobby's dist with one changed byte, so a new version), promotes it and rolls it back.
// Printed: the CLI's wall time as an operator sees it (node + tsx start included) and the time
// the command itself took inside the process.
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAll } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
const lobbyDist = join(root, 'remotes/lobby/dist');

if (!existsSync(join(root, 'shell/dist/index.html')) || !existsSync(join(lobbyDist, 'mf-manifest.json')))
  buildAll({ quiet: true });

const scratch = mkdtempSync(join(tmpdir(), 'khela-bench-release-'));
const env = { ...process.env, KHELA_RELEASES_DIR: join(scratch, 'releases'), KHELA_RELEASE_WHO: 'bench' };

function cli(...args) {
  const started = performance.now();
  const r = spawnSync(process.execPath, [tsx, 'deploy/src/release-cli.ts', ...args], { cwd: root, env, encoding: 'utf8' });
  const wall = performance.now() - started;
  if (r.status !== 0) {
    process.stderr.write(r.stdout + r.stderr);
    throw new Error(`release ${args.join(' ')} exited ${r.status}`);
  }
  const inner = /\((\d+) ms\)\s*$/.exec(r.stdout);
  return { wall, inner: inner ? Number(inner[1]) : NaN, stdout: r.stdout };
}

try {
  const pub = spawnSync(process.execPath, [tsx, 'deploy/src/publish-all.ts'], { cwd: root, env, encoding: 'utf8' });
  if (pub.status !== 0) throw new Error(`publishing the current builds failed:\n${pub.stdout}${pub.stderr}`);

  let files = 0;
  let bytes = 0;
  for (const f of readdirSync(lobbyDist)) {
    if (f.endsWith('.map') || f === 'mf-manifest-stats.json') continue;
    files += 1;
    bytes += statSync(join(lobbyDist, f)).size;
  }

  const times = { publish: [], promote: [], rollback: [] };
  for (let i = 0; i < rounds; i++) {
    const dist = join(scratch, `lobby-${i}`);
    cpSync(lobbyDist, dist, { recursive: true });
    appendFileSync(join(dist, 'remoteEntry.js'), `\n// bench round ${i}\n`);
    const p = cli('publish', 'lobby', '--dist', dist);
    const version = /published lobby ([0-9a-f]{12})/.exec(p.stdout)?.[1];
    if (!version) throw new Error(`no version in: ${p.stdout}`);
    times.publish.push(p);
    times.promote.push(cli('promote', 'lobby', version, '--reason', `bench ${i}`));
    times.rollback.push(cli('rollback', 'lobby', '--reason', `bench ${i}`));
    rmSync(dist, { recursive: true, force: true });
  }

  const stat = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return { median: s[Math.floor(s.length / 2)], min: s[0], max: s[s.length - 1] };
  };
  const ms = (x) => `${Math.round(x)} ms`.padStart(8);
  console.log(
    `[khela] release of one remote (lobby: ${files} files, ${(bytes / 1024).toFixed(0)} KiB), ${rounds} rounds, median (min–max)`,
  );
  console.log(`  ${'step'.padEnd(10)}${'CLI wall time'.padEnd(34)}inside the command`);
  for (const [step, list] of Object.entries(times)) {
    const w = stat(list.map((t) => t.wall));
    const n = stat(list.map((t) => t.inner));
    console.log(
      `  ${step.padEnd(10)}${`${ms(w.median)} (${Math.round(w.min)}–${Math.round(w.max)} ms)`.padEnd(34)}${ms(n.median)} (${n.min}–${n.max} ms)`,
    );
  }
  console.log('  (publish includes brotli 11 and gzip 9 of every text file; promote and rollback include the gates)');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
