import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { REMOTES, type RemoteName } from '@khela/api/remotes';
import { acquireLock } from './lock';
import { ReleaseRefusal } from './refusal';
import { historyFile, readHistory } from './history';
import { dropCanary, promote, prune, publishAndPromoteAll, rollback, status, versions } from './release-tool';
import { lockFile, pointerFile, publish, readPointer, RELEASE_NAMES, repoRoot, versionDir, type ReleaseName } from './releases';
import { defaultRemoteShared, remoteBuild, SHELL_SHARED, shellBuild, workspace } from './testing/fixtures';

const run = promisify(execFile);
let variant = 0;

/** A scratch releases folder where `npm start` already published and promoted one build of each. */
async function setup() {
  const ws = await workspace();
  const dists = Object.fromEntries(RELEASE_NAMES.map((n) => [n, ws.dist(n)])) as Record<ReleaseName, string>;
  await publishAndPromoteAll(ws.releases, { who: 'start', dists });
  const opts = { releasesDir: ws.releases, who: 'tester', lock: { waitMs: 30_000 } };
  /** publishes a new build of a remote; returns its version */
  const remoteVersion = async (name: RemoteName, f: Parameters<typeof remoteBuild>[2] = {}) => {
    const dir = await remoteBuild(ws.dist(name, `v${++variant}`), name, { marker: `m${variant}`, ...f });
    return (await publish(name, ws.releases, { dist: dir, who: 'ci' })).version;
  };
  const shellVersion = async (f: Parameters<typeof shellBuild>[1] = {}) => {
    const dir = await shellBuild(ws.dist('shell', `v${++variant}`), { marker: `m${variant}`, ...f });
    return (await publish('shell', ws.releases, { dist: dir, who: 'ci' })).version;
  };
  const pointerBytes = () => readFile(pointerFile(ws.releases), 'utf8');
  return { ...ws, dists, opts, remoteVersion, shellVersion, pointerBytes };
}

/** The refusal's problems, or a failure when it did not refuse. */
async function refusal(p: Promise<unknown>): Promise<ReleaseRefusal> {
  const err = await p.then(
    () => null,
    (e) => e,
  );
  if (!(err instanceof ReleaseRefusal)) throw new Error(`expected a refusal, got ${err ? err.stack : 'success'}`);
  for (const problem of err.problems) expect(problem.hint.length).toBeGreaterThan(10); // always says what to do
  return err;
}

describe('publish', () => {
  it('makes an immutable content-hash version with precompressed files and a release record', async () => {
    const ws = await setup();
    const dir = await remoteBuild(ws.dist('lobby', 'p'), 'lobby', { marker: 'p', packageVersion: '2.4.0' });
    const first = await publish('lobby', ws.releases, { dist: dir, who: 'alice' });
    expect(first).toMatchObject({ created: true, packageVersion: '2.4.0' });
    expect(first.version).toMatch(/^[0-9a-f]{12}$/);
    const vdir = versionDir(ws.releases, 'lobby', first.version);
    const files = await readdir(vdir);
    expect(files).toContain('remoteEntry.js');
    expect(files).not.toContain('remoteEntry.js.map');
    const entry = await readFile(path.join(vdir, 'remoteEntry.js'));
    expect(brotliDecompressSync(await readFile(path.join(vdir, 'remoteEntry.js.br')))).toEqual(entry);
    expect(gunzipSync(await readFile(path.join(vdir, 'remoteEntry.js.gz')))).toEqual(entry);
    const meta = JSON.parse(await readFile(path.join(vdir, '.release.json'), 'utf8'));
    expect(meta).toMatchObject({ name: 'lobby', version: first.version, packageVersion: '2.4.0', publishedBy: 'alice' });

    // the same build again: nothing is written; a changed build: a new version
    const again = await publish('lobby', ws.releases, { dist: dir, who: 'bob' });
    expect(again).toMatchObject({ version: first.version, created: false });
    expect(JSON.parse(await readFile(path.join(vdir, '.release.json'), 'utf8')).publishedBy).toBe('alice');
    await writeFile(path.join(dir, 'remoteEntry.js'), 'var khela_lobby={};// changed');
    expect((await publish('lobby', ws.releases, { dist: dir })).version).not.toBe(first.version);
    expect((await readdir(path.dirname(vdir))).filter((f) => f.startsWith('.tmp-'))).toEqual([]);
  });

  it('publishes the same build from two processes at once as one version', async () => {
    const ws = await setup();
    const dir = await remoteBuild(ws.dist('promotions', 'same'), 'promotions', { marker: 'same' });
    const results = await Promise.all([
      publish('promotions', ws.releases, { dist: dir }),
      publish('promotions', ws.releases, { dist: dir }),
    ]);
    expect(results[0].version).toBe(results[1].version);
    expect(results.filter((r) => r.created)).toHaveLength(1);
  });

  it('refuses what is not a publishable build', async () => {
    const ws = await setup();
    let r = await refusal(publish('lobby', ws.releases, { dist: path.join(ws.root, 'nowhere') }));
    expect(r.problems[0].message).toContain('has no build');
    r = await refusal(publish('lobby', ws.releases, { dist: ws.dist('promotions') }));
    expect(r.problems[0].message).toContain('is the build of "khela_promotions", not of lobby');
    const broken = await remoteBuild(ws.dist('lobby', 'broken'), 'lobby', { remoteEntry: 'var khela_lobby = {;' });
    r = await refusal(publish('lobby', ws.releases, { dist: broken }));
    expect(r.problems[0].message).toMatch(/remote entry remoteEntry.js does not parse/);
    const incomplete = await remoteBuild(ws.dist('lobby', 'incomplete'), 'lobby');
    await rm(path.join(incomplete, '__federation_expose_HomePage.js'));
    r = await refusal(publish('lobby', ws.releases, { dist: incomplete }));
    expect(r.problems[0].message).toContain('__federation_expose_HomePage.js');
    const noPage = await shellBuild(ws.dist('shell', 'nopage'));
    await rm(path.join(noPage, 'main.js'));
    r = await refusal(publish('shell', ws.releases, { dist: noPage }));
    expect(r.problems[0].message).toContain('main.js');
  });
});

describe('the pointer under concurrent changes', () => {
  it('promotes of different remotes at once: every change lands, nothing else moves', async () => {
    const ws = await setup();
    const before = await readPointer(ws.releases);
    const next = Object.fromEntries(await Promise.all(REMOTES.map(async (r) => [r, await ws.remoteVersion(r)] as const)));
    await Promise.all(REMOTES.map((r) => promote(r, next[r], { ...ws.opts, reason: `ship ${r}` })));
    const after = await readPointer(ws.releases);
    for (const r of REMOTES) expect(after.remotes[r]!.version).toBe(next[r]);
    expect(after.shell).toBe(before.shell);
    for (const r of REMOTES) {
      const h = await readHistory(ws.releases, r);
      expect(h.map((e) => [e.action, e.from, e.to, e.reason])).toEqual([
        ['promote', null, before.remotes[r]!.version, 'publish and promote all builds'],
        ['promote', before.remotes[r]!.version, next[r], `ship ${r}`],
      ]);
    }
    expect((await readdir(ws.releases)).filter((f) => f.includes('.tmp'))).toEqual([]);
  });

  it('promotes of the same remote at once are applied one after the other, none lost', async () => {
    const ws = await setup();
    const vs = [await ws.remoteVersion('lobby'), await ws.remoteVersion('lobby'), await ws.remoteVersion('lobby')];
    const order = Array.from({ length: 12 }, (_, i) => vs[i % 3]);
    const changes = await Promise.all(order.map((v, i) => promote('lobby', v, { ...ws.opts, reason: `#${i}` })));
    const h = (await readHistory(ws.releases, 'lobby')).slice(1);
    // every promote that changed something is in the history, each starting where the previous ended
    expect(h).toHaveLength(changes.filter((c) => c.action !== 'none').length);
    expect(h.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < h.length; i++) expect(h[i].from).toBe(h[i - 1].to);
    expect((await readPointer(ws.releases)).remotes.lobby!.version).toBe(h[h.length - 1].to);
  });

  it('separate processes promoting different remotes at once lose nothing', async () => {
    const ws = await setup();
    const next = Object.fromEntries(await Promise.all(REMOTES.map(async (r) => [r, await ws.remoteVersion(r)] as const)));
    const cli = path.join(repoRoot, 'deploy', 'src', 'release-cli.ts');
    const tsx = path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');
    await Promise.all(
      REMOTES.map((r) =>
        run(process.execPath, [tsx, cli, 'promote', r, next[r], '--reason', 'parallel', '--who', `squad-${r}`], {
          env: { ...process.env, KHELA_RELEASES_DIR: ws.releases },
        }),
      ),
    );
    const after = await readPointer(ws.releases);
    for (const r of REMOTES) {
      expect(after.remotes[r]!.version).toBe(next[r]);
      expect((await readHistory(ws.releases, r)).at(-1)).toMatchObject({ who: `squad-${r}`, to: next[r], reason: 'parallel' });
    }
  }, 60_000);

  it('waits for a running operation, and gives up with who holds the lock', async () => {
    const ws = await setup();
    const v = await ws.remoteVersion('lobby');
    const held = await acquireLock(lockFile(ws.releases), { purpose: 'someone else' });
    const err = await promote('lobby', v, { ...ws.opts, lock: { waitMs: 100 } }).catch((e) => e);
    expect(err.message).toContain('someone else');
    const pending = promote('lobby', v, ws.opts);
    await held.release();
    expect((await pending).to).toBe(v);
  });
});

describe('gates before a promote', () => {
  it('refuses a remote that requires another React major, naming the package and both versions', async () => {
    const ws = await setup();
    const before = await ws.pointerBytes();
    const shared = {
      ...defaultRemoteShared(),
      react: ['18.3.1', '^18.0.0'] as [string, string],
      'react/jsx-runtime': ['18.3.1', '^18.0.0'] as [string, string],
    };
    const v = await ws.remoteVersion('lobby', { shared });
    const shell = (await readPointer(ws.releases)).shell;
    const r = await refusal(promote('lobby', v, ws.opts));
    expect(r.problems).toHaveLength(1); // react once, not again for react/jsx-runtime
    expect(r.problems[0].message).toBe(`lobby ${v} requires react ^18.0.0, but shell ${shell} provides react 19.3.1`);
    expect(r.problems[0].hint).toContain('react 19.3.1');
    await refusal(promote('lobby', v, { ...ws.opts, canary: 10 }));
    expect(await ws.pointerBytes()).toBe(before);
  });

  it.each([['react-dom'], ['react-router-dom'], ['jotai'], ['@khela/session'], ['@khela/api-client'], ['i18next']])(
    'refuses an unsatisfied %s singleton too',
    async (pkg) => {
      const ws = await setup();
      const shared = { ...defaultRemoteShared(), [pkg]: ['99.0.0', '^99.0.0'] as [string, string] };
      const v = await ws.remoteVersion('member-centre', { shared });
      const r = await refusal(promote('member-centre', v, ws.opts));
      expect(r.problems[0].message).toContain(`requires ${pkg} ^99.0.0, but shell`);
      expect(r.problems[0].message).toContain(`provides ${pkg} ${SHELL_SHARED[pkg]}`);
    },
  );

  it('refuses a required singleton the shell does not provide at all', async () => {
    const ws = await setup();
    const { jotai: _jotai, ...withoutJotai } = SHELL_SHARED;
    const shell = await ws.shellVersion({ shared: withoutJotai });
    await promote('shell', shell, ws.opts); // no remote in use needs jotai
    const v = await ws.remoteVersion('member-centre', { shared: { ...defaultRemoteShared(), jotai: ['3.0.1', '^3.0.0'] } });
    const r = await refusal(promote('member-centre', v, ws.opts));
    expect(r.problems[0].message).toBe(
      `member-centre ${v} requires jotai ^3.0.0 as a singleton, but shell ${shell} does not provide jotai`,
    );
  });

  it('refuses a remote that no longer exposes a module the shell mounts', async () => {
    const ws = await setup();
    const v = await ws.remoteVersion('lobby', {
      exposes: ['HomePage', 'GameList', 'AccountGameList', 'LotteryPage', 'SeamlessPage'],
    });
    const r = await refusal(promote('lobby', v, ws.opts));
    expect(r.problems[0].message).toContain(`lobby ${v} no longer exposes GameCentre, which shell`);
  });

  it('refuses a version whose files are broken or missing', async () => {
    const ws = await setup();
    const v = await ws.remoteVersion('promotions');
    await writeFile(path.join(versionDir(ws.releases, 'promotions', v), 'mf-manifest.json'), '{"name":');
    let r = await refusal(promote('promotions', v, ws.opts));
    expect(r.problems[0].message).toContain('mf-manifest.json is not valid JSON');
    const w = await ws.remoteVersion('promotions');
    await writeFile(path.join(versionDir(ws.releases, 'promotions', w), 'remoteEntry.js'), '');
    r = await refusal(promote('promotions', w, ws.opts));
    expect(r.problems[0].message).toContain('remote entry remoteEntry.js is missing or empty');
    r = await refusal(promote('promotions', 'abcdef123456', ws.opts));
    expect(r.problems[0].message).toContain('is not published');
    r = await refusal(promote('promotions', '../../etc', ws.opts));
    expect(r.problems[0].message).toContain('is not a version');
  });

  it('accepts a unique prefix of a version, refuses an ambiguous one', async () => {
    const ws = await setup();
    const v = await ws.remoteVersion('points-mall');
    expect((await promote('points-mall', v.slice(0, 8), ws.opts)).to).toBe(v);
    const r = await refusal(promote('points-mall', 'abc', ws.opts));
    expect(r.problems[0].message).toContain('is not published');
  });

  it('refuses any remote while no shell is in use, and a shell in use that lists no shared versions', async () => {
    const ws = await setup();
    const bare = { ...ws.opts, releasesDir: path.join(ws.root, 'bare') };
    const dir = await remoteBuild(ws.dist('lobby', 'bare'), 'lobby');
    const { version } = await publish('lobby', bare.releasesDir, { dist: dir });
    expect((await refusal(promote('lobby', version, bare))).problems[0].message).toContain('no shell is in use');

    const old = await ws.shellVersion({ shared: null }); // built before shells wrote their manifest
    expect((await refusal(promote('shell', old, ws.opts))).problems[0].message).toContain('has no mf-manifest.json');
  });

  it('refuses a shell that a remote in use (or in canary) is incompatible with, naming the remote', async () => {
    const ws = await setup();
    const react20 = await ws.shellVersion({ shared: { ...SHELL_SHARED, react: '20.0.0', 'react/jsx-runtime': '20.0.0' } });
    const r = await refusal(promote('shell', react20, ws.opts));
    expect(r.problems.map((p) => p.message.split(' ')[0]).sort()).toEqual([...REMOTES].sort());
    expect(r.problems[0].message).toContain(`requires react ^19.0.0, but shell ${react20} provides react 20.0.0`);
  });

  it('checks over HTTP against a running origin when asked', async () => {
    const ws = await setup();
    const v = await ws.remoteVersion('lobby');
    const answers: Record<string, [number, string]> = {};
    const server = createServer((req, res) => {
      const [status, cache] = answers[req.url ?? ''] ?? [404, 'no-cache'];
      res.writeHead(status, { 'Cache-Control': cache, 'Content-Type': 'application/json' }).end('{}');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      let r = await refusal(promote('lobby', v, { ...ws.opts, origin }));
      expect(r.problems[0].message).toContain(`/remotes/lobby/${v}/mf-manifest.json answers 404`);
      answers[`/remotes/lobby/${v}/mf-manifest.json`] = [200, 'no-cache'];
      answers[`/remotes/lobby/${v}/remoteEntry.js`] = [200, 'public, max-age=31536000, immutable'];
      r = await refusal(promote('lobby', v, { ...ws.opts, origin }));
      expect(r.problems[0].message).toContain('without "immutable" caching');
      answers[`/remotes/lobby/${v}/mf-manifest.json`] = [200, 'public, max-age=31536000, immutable'];
      expect((await promote('lobby', v, { ...ws.opts, origin })).to).toBe(v);
    } finally {
      server.close();
    }
  });
});

describe('history and rollback', () => {
  it('records when, who, from, to and why, and rolls back through the promotions in order', async () => {
    const ws = await setup();
    const a = (await readPointer(ws.releases)).remotes.lobby!.version;
    const b = await ws.remoteVersion('lobby');
    const c = await ws.remoteVersion('lobby');
    await promote('lobby', b, { ...ws.opts, who: 'ana', reason: 'B' });
    await promote('lobby', c, { ...ws.opts, who: 'raj', reason: 'C' });
    expect((await rollback('lobby', { ...ws.opts, reason: 'C broke' })).to).toBe(b);
    expect((await rollback('lobby', ws.opts)).to).toBe(a);
    const r = await refusal(rollback('lobby', ws.opts));
    expect(r.problems[0].message).toBe('lobby has no earlier version in its history to roll back to');
    expect(r.problems[0].hint).toContain('rollback lobby --to <version>');

    await promote('lobby', c, ws.opts);
    expect((await rollback('lobby', ws.opts)).to).toBe(a); // back to where C was promoted from, never to B
    expect((await rollback('lobby', { ...ws.opts, to: c })).to).toBe(c);
    expect((await rollback('lobby', ws.opts)).to).toBe(a);

    const h = await readHistory(ws.releases, 'lobby');
    expect(h.map((e) => [e.action, e.from, e.to])).toEqual([
      ['promote', null, a],
      ['promote', a, b],
      ['promote', b, c],
      ['rollback', c, b],
      ['rollback', b, a],
      ['promote', a, c],
      ['rollback', c, a],
      ['rollback', a, c],
      ['rollback', c, a],
    ]);
    expect(h[2]).toMatchObject({ who: 'raj', reason: 'C' });
    expect(h[3]).toMatchObject({ who: 'tester', reason: 'C broke' });
    for (const e of h) expect(Date.parse(e.at)).toBeGreaterThan(Date.now() - 60_000);
    // other remotes' histories are untouched
    expect(await readHistory(ws.releases, 'promotions')).toHaveLength(1);
  });

  it('refuses to roll back to the version in use, or to a version that was pruned', async () => {
    const ws = await setup();
    const a = (await readPointer(ws.releases)).remotes.lobby!.version;
    expect((await refusal(rollback('lobby', { ...ws.opts, to: a }))).problems[0].message).toBe(`lobby ${a} is already in use`);
    const b = await ws.remoteVersion('lobby');
    await promote('lobby', b, ws.opts);
    await rm(versionDir(ws.releases, 'lobby', a), { recursive: true });
    expect((await refusal(rollback('lobby', ws.opts))).problems[0].message).toContain('is no longer published');
  });

  it('keeps reading a history whose last line a crash cut short', async () => {
    const ws = await setup();
    await writeFile(
      historyFile(ws.releases, 'lobby'),
      (await readFile(historyFile(ws.releases, 'lobby'), 'utf8')) + '{"at":"2024-01-01T00:0',
      { flag: 'w' },
    );
    const b = await ws.remoteVersion('lobby');
    await promote('lobby', b, ws.opts);
    const h = await readHistory(ws.releases, 'lobby');
    expect(h.map((e) => e.to)).toEqual([h[0].to, b]);
  });
});

describe('canary', () => {
  it('goes to a share of browsers, changes share, then to all, or is dropped', async () => {
    const ws = await setup();
    const a = (await readPointer(ws.releases)).remotes.lobby!.version;
    const b = await ws.remoteVersion('lobby');
    const others = JSON.stringify({ ...(await readPointer(ws.releases)).remotes, lobby: undefined });
    await promote('lobby', b, { ...ws.opts, canary: 10, reason: 'try B' });
    expect((await readPointer(ws.releases)).remotes.lobby).toEqual({
      version: a,
      url: `/remotes/lobby/${a}/mf-manifest.json`,
      canary: { version: b, url: `/remotes/lobby/${b}/mf-manifest.json`, percent: 10 },
    });
    expect((await promote('lobby', b, { ...ws.opts, canary: 10 })).action).toBe('none');
    await promote('lobby', b, { ...ws.opts, canary: 50 });
    expect((await readPointer(ws.releases)).remotes.lobby!.canary!.percent).toBe(50);
    const all = await promote('lobby', b, ws.opts);
    expect(all.notes.join()).toContain('now serves all browsers');
    expect((await readPointer(ws.releases)).remotes.lobby).toEqual({ version: b, url: `/remotes/lobby/${b}/mf-manifest.json` });

    const c = await ws.remoteVersion('lobby');
    await promote('lobby', c, { ...ws.opts, canary: 5 });
    await dropCanary('lobby', { ...ws.opts, reason: 'errors' });
    expect((await readPointer(ws.releases)).remotes.lobby).toEqual({ version: b, url: `/remotes/lobby/${b}/mf-manifest.json` });
    expect(JSON.stringify({ ...(await readPointer(ws.releases)).remotes, lobby: undefined })).toBe(others);
    expect((await readHistory(ws.releases, 'lobby')).slice(1).map((e) => [e.action, e.from, e.to, e.percent ?? null])).toEqual([
      ['canary', null, b, 10],
      ['canary', b, b, 50],
      ['promote', a, b, null],
      ['canary', null, c, 5],
      ['drop', c, null, 5],
    ]);
    // a rollback also ends a canary
    await promote('lobby', c, { ...ws.opts, canary: 5 });
    const back = await rollback('lobby', ws.opts);
    expect(back.notes.join()).toContain(`the canary ${c} (5 %) ended`);
    expect((await readPointer(ws.releases)).remotes.lobby).toEqual({ version: a, url: `/remotes/lobby/${a}/mf-manifest.json` });
  });

  it('refuses what a canary cannot be', async () => {
    const ws = await setup();
    const a = (await readPointer(ws.releases)).remotes.lobby!.version;
    const b = await ws.remoteVersion('lobby');
    const before = await ws.pointerBytes();
    for (const bad of [0, 100, 10.5, -1]) {
      expect((await refusal(promote('lobby', b, { ...ws.opts, canary: bad }))).problems[0].message).toContain(
        'whole percentage from 1 to 99',
      );
    }
    expect((await refusal(promote('lobby', a, { ...ws.opts, canary: 10 }))).problems[0].message).toBe(
      `lobby ${a} already serves all browsers`,
    );
    expect(
      (await refusal(promote('shell', (await readPointer(ws.releases)).shell!, { ...ws.opts, canary: 10 }))).problems[0].message,
    ).toContain('the shell has no canary');
    expect((await refusal(dropCanary('lobby', ws.opts))).problems[0].message).toBe('lobby has no canary to drop');
    expect(await ws.pointerBytes()).toBe(before);
    await promote('lobby', b, { ...ws.opts, canary: 10 });
    expect((await refusal(promote('lobby', a, ws.opts))).problems[0].message).toContain(
      'already serves all browsers but those in the canary',
    );
  });
});

describe('prune', () => {
  it('never deletes a version in use, in canary, named by recent history or just published', async () => {
    const ws = await setup();
    const a = (await readPointer(ws.releases)).remotes.lobby!.version;
    const vs = [];
    for (let i = 0; i < 5; i++) vs.push(await ws.remoteVersion('lobby'));
    const [b, c, d, e, f] = vs;
    await promote('lobby', b, ws.opts); // a → b
    await promote('lobby', c, ws.opts); // b → c
    await promote('lobby', d, ws.opts); // c → d
    await promote('lobby', e, { ...ws.opts, canary: 10 });
    // f: published, never promoted
    const inUse = new Set([d, e, (await readPointer(ws.releases)).shell]);

    // keep 1: the last entry (canary e) names e; the pointer names d and e
    const dry = await prune({ ...ws.opts, keep: 1, minAgeMs: 0, dryRun: true });
    expect(dry.deleted.map((x) => x.version).sort()).toEqual([a, b, c, f].sort());
    for (const v of vs) expect(existsSync(versionDir(ws.releases, 'lobby', v))).toBe(true);

    // f was published just now: kept by the minimum age
    let report = await prune({ ...ws.opts, keep: 1 });
    expect(report.deleted).toEqual([]);
    // keep 3: the last entries b → c, c → d and canary e also name b and c
    report = await prune({ ...ws.opts, keep: 3, minAgeMs: 0 });
    expect(report.deleted.map((x) => x.version).sort()).toEqual([a, f].sort());
    expect(report.kept.find((k) => k.version === d)?.why).toBe('in use');
    expect(report.kept.find((k) => k.version === e)?.why).toBe('canary');
    expect(report.kept.find((k) => k.version === b)?.why).toContain('history');
    for (const v of [b, c, d, e]) expect(existsSync(versionDir(ws.releases, 'lobby', v))).toBe(true);
    for (const v of [a, f]) expect(existsSync(versionDir(ws.releases, 'lobby', v))).toBe(false);
    // keep 0: only what the pointer names survives, in every remote and the shell
    await prune({ ...ws.opts, keep: 0, minAgeMs: 0 });
    const pointer = await readPointer(ws.releases);
    for (const name of RELEASE_NAMES) {
      const left = (await versions(name, ws.opts)).map((v) => v.version);
      const named =
        name === 'shell'
          ? [pointer.shell]
          : [pointer.remotes[name]!.version, pointer.remotes[name]!.canary?.version].filter(Boolean);
      expect(left.sort()).toEqual((named as string[]).sort());
    }
    for (const v of inUse)
      expect([...(await versions('lobby', ws.opts)), ...(await versions('shell', ws.opts))].some((x) => x.version === v)).toBe(
        true,
      );
    // the tool still works on what is left
    expect((await refusal(rollback('lobby', { ...ws.opts, to: b }))).problems[0].message).toContain('is not published');
  });

  it('cleans the temporary folders of interrupted publishes, and refuses a bad --keep', async () => {
    const ws = await setup();
    const stale = path.join(ws.releases, 'remotes', 'lobby', '.tmp-abc-1-dead');
    await remoteBuild(stale, 'lobby');
    const old = new Date(Date.now() - 2 * 3600_000);
    await utimes(stale, old, old);
    expect((await prune({ ...ws.opts, minAgeMs: 0 })).cleaned).toBe(1);
    expect(existsSync(stale)).toBe(false);
    expect((await refusal(prune({ ...ws.opts, keep: -1 }))).problems[0].message).toContain('--keep');
  });

  it('a prune racing promotes never leaves the pointer naming a deleted version', async () => {
    const ws = await setup();
    for (let round = 0; round < 3; round++) {
      const next = await Promise.all(REMOTES.map((r) => ws.remoteVersion(r)));
      const results = await Promise.allSettled([
        ...REMOTES.map((r, i) => promote(r, next[i], ws.opts)),
        prune({ ...ws.opts, keep: 0, minAgeMs: 0 }),
      ]);
      const pointer = await readPointer(ws.releases);
      REMOTES.forEach((r, i) => {
        const result = results[i];
        // either promoted before the prune (and then kept), or pruned first (and then refused)
        if (result.status === 'fulfilled') expect(pointer.remotes[r]!.version).toBe(next[i]);
        else expect((result.reason as Error).message).toContain('is not published');
        expect(existsSync(versionDir(ws.releases, r, pointer.remotes[r]!.version))).toBe(true);
      });
      expect(existsSync(versionDir(ws.releases, 'shell', pointer.shell!))).toBe(true);
    }
  });
});

describe('publish and promote all (npm start)', () => {
  it('records only what changed, keeps a canary of an unchanged remote, and refuses an incompatible set', async () => {
    const ws = await setup();
    const before = await ws.pointerBytes();
    await publishAndPromoteAll(ws.releases, { dists: ws.dists });
    expect(await ws.pointerBytes()).toBe(before); // same builds: nothing changes
    expect(await readHistory(ws.releases, 'lobby')).toHaveLength(1);

    const b = await ws.remoteVersion('lobby');
    await promote('lobby', b, { ...ws.opts, canary: 20 });
    await remoteBuild(ws.dists.promotions, 'promotions', { marker: 'new promotions' });
    const p = await publishAndPromoteAll(ws.releases, { dists: ws.dists });
    expect(p.remotes.lobby!.canary).toMatchObject({ version: b, percent: 20 });
    expect(await readHistory(ws.releases, 'promotions')).toHaveLength(2);
    expect(await readHistory(ws.releases, 'lobby')).toHaveLength(2);

    await remoteBuild(ws.dists['points-mall'], 'points-mall', { exposes: [] });
    const r = await refusal(publishAndPromoteAll(ws.releases, { dists: ws.dists }));
    expect(r.problems[0].message).toContain('no longer exposes PointMall');
  });

  it('status shows each version in use with its package version, canary and last change', async () => {
    const ws = await setup();
    const b = await ws.remoteVersion('lobby', { packageVersion: '1.2.0' });
    await promote('lobby', b, { ...ws.opts, canary: 10, reason: 'try' });
    const s = await status(ws.opts);
    const lobby = s.rows.find((r) => r.name === 'lobby')!;
    expect(lobby).toMatchObject({
      packageVersion: '0.1.0',
      canary: { version: b, percent: 10, packageVersion: '1.2.0' },
      last: { action: 'canary', who: 'tester', reason: 'try' },
    });
    expect(s.rows.map((r) => r.name)).toEqual([...RELEASE_NAMES]);
  });
});

describe('the page for static origins', () => {
  it('is rendered at every pointer change: the shell in use, the pointer inlined, the preload only without a canary', async () => {
    const ws = await setup();
    const page = () => readFile(path.join(ws.releases, 'index.html'), 'utf8');
    const { shell, remotes } = await readPointer(ws.releases);
    expect(await page()).toContain(`src="/shell/${shell}/main.js"`);
    expect(await page()).toContain(`<link rel="preload" href="/remotes/lobby/${remotes.lobby!.version}/mf-manifest.json"`);
    const b = await ws.remoteVersion('lobby');
    await promote('lobby', b, { ...ws.opts, canary: 10 });
    expect(await page()).toContain(`"canary":{"version":"${b}"`);
    expect(await page()).not.toContain('rel="preload" href="/remotes/lobby/'); // which lobby depends on the browser's bucket
    expect(await page()).toContain(`rel="preload" href="/shell/${shell}/main.js"`);
    const s2 = await ws.shellVersion();
    await promote('shell', s2, ws.opts);
    expect(await page()).toContain(`src="/shell/${s2}/main.js"`);
    expect(await page()).not.toContain('__KHELA_SHELL_BASE__');
  });
});

describe('release CLI', () => {
  const cli = path.join(repoRoot, 'deploy', 'src', 'release-cli.ts');
  const tsx = path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const release = async (releases: string, ...args: string[]) => {
    try {
      const { stdout, stderr } = await run(process.execPath, [tsx, cli, ...args], {
        env: { ...process.env, KHELA_RELEASES_DIR: releases, INIT_CWD: repoRoot },
      });
      return { code: 0, stdout, stderr };
    } catch (e) {
      const err = e as { code: number; stdout: string; stderr: string };
      return { code: err.code, stdout: err.stdout, stderr: err.stderr };
    }
  };

  it('prints the version it published, refuses with exit 1 and what to do, and rejects wrong usage with exit 2', async () => {
    const ws = await setup();
    const dir = await remoteBuild(ws.dist('lobby', 'cli'), 'lobby', { marker: 'cli' });
    const pub = await release(ws.releases, 'publish', 'lobby', '--dist', dir);
    expect(pub.code).toBe(0);
    const version = /published lobby ([0-9a-f]{12})/.exec(pub.stdout)![1];
    expect(pub.stdout).toContain(`next: npm run release -- promote lobby ${version}`);

    const refused = await release(ws.releases, 'rollback', 'lobby');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('refused, nothing was changed');
    expect(refused.stderr).toContain('what to do: roll back to a named version');

    const promoted = await release(ws.releases, 'promote', 'lobby', version, '--reason', 'cli test', '--who', 'ops');
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toMatch(new RegExp(`lobby: [0-9a-f]{12} → ${version}`));
    expect((await release(ws.releases, 'history', 'lobby')).stdout).toMatch(/ops +promote .* "cli test"/);
    expect((await release(ws.releases, 'status')).stdout).toMatch(new RegExp(`lobby +${version} +0\\.1\\.0`));

    for (const args of [
      ['promote', 'lobby'],
      ['promote', 'nobody', version],
      ['frobnicate'],
      ['status', '--canary', '5'],
      ['prune', '--keep', 'ten'],
    ]) {
      const r = await release(ws.releases, ...args);
      expect([args, r.code]).toEqual([args, 2]);
      expect(r.stderr).toContain('usage: npm run release');
    }
  }, 60_000);
});
