import type { RumVersionHealth } from '@khela/api/rum';
import { analyses, autoCanary, type HealthSource } from './auto-canary';
import { readHistory } from './history';
import { dropCanary, publishAndPromoteAll } from './release-tool';
import { publish, readPointer, RELEASE_NAMES, type ReleaseName } from './releases';
import { remoteBuild, workspace } from './testing/fixtures';

let variant = 0;
async function setup() {
  const ws = await workspace();
  const dists = Object.fromEntries(RELEASE_NAMES.map((n) => [n, ws.dist(n)])) as Record<ReleaseName, string>;
  await publishAndPromoteAll(ws.releases, { who: 'start', dists });
  const stable = (await readPointer(ws.releases)).remotes.lobby!.version;
  const dir = await remoteBuild(ws.dist('lobby', `auto${++variant}`), 'lobby', { marker: `auto${variant}` });
  const canary = (await publish('lobby', ws.releases, { dist: dir, who: 'ci' })).version;
  return { ws, stable, canary, opts: { releasesDir: ws.releases, who: 'tester', lock: { waitMs: 30_000 } } };
}

const h = (version: string, loads: number, failures = 0, errors = 0) =>
  ({ version, loads, loaded: loads - failures, failures, errors }) as unknown as RumVersionHealth;

/** A health source answering each measurement from a script; records what it was asked. */
function scripted(answers: ((stable: string, canary: string) => RumVersionHealth[])[], stable: string, canary: string) {
  const asked: { since: Date; percent: number }[] = [];
  let i = 0;
  const source: HealthSource = async (_remote, since) => {
    asked.push({ since, percent: 0 });
    const answer = answers[Math.min(i++, answers.length - 1)];
    return answer(stable, canary);
  };
  return { source, asked };
}

describe('promote --canary --auto', () => {
  it('steps a healthy canary up 10 → 25 → 50 → 100 %, waiting while there are too few loads', async () => {
    const { ws, stable, canary, opts } = await setup();
    let t = Date.parse('2026-11-23T10:00:00Z');
    const seen: number[] = [];
    const { source, asked } = scripted(
      [
        (s, c) => [h(s, 400), h(c, 10)], // too few: wait
        (s, c) => [h(s, 900, 1), h(c, 60)],
        (s, c) => [h(s, 900, 1), h(c, 120, 1)],
        (s, c) => [h(s, 900, 1), h(c, 300, 2)],
      ],
      stable,
      canary,
    );
    const result = await autoCanary('lobby', canary, {
      ...opts,
      start: 10,
      intervalMs: 60_000,
      health: source,
      now: () => new Date(t),
      sleep: async (ms) => {
        t += ms;
        seen.push((await readPointer(ws.releases)).remotes.lobby!.canary?.percent ?? 100);
      },
    });
    expect(result.outcome).toBe('promoted');
    expect(seen).toEqual([10, 10, 25, 50]);
    const p = await readPointer(ws.releases);
    expect(p.remotes.lobby).toEqual({ version: canary, url: `/remotes/lobby/${canary}/mf-manifest.json` });
    const history = await readHistory(ws.releases, 'lobby');
    expect(history.slice(-4).map((e) => [e.action, e.percent ?? null])).toEqual([
      ['canary', 10],
      ['canary', 25],
      ['canary', 50],
      ['promote', null],
    ]);
    expect(history[history.length - 1].reason).toMatch(/^automatic canary analysis: healthy over 300 loads/);
    // each step is judged on its own signals: the window starts when the step began
    expect(asked.map((a) => a.since.toISOString())).toEqual([
      '2026-11-23T10:00:00.000Z',
      '2026-11-23T10:00:00.000Z',
      '2026-11-23T10:02:00.000Z',
      '2026-11-23T10:03:00.000Z',
    ]);
    expect((await analyses(ws.releases)).map((a) => [a.name, a.status, a.percent])).toEqual([['lobby', 'promoted', 100]]);
  });

  it('rolls a failing canary back at once, the measured failure rate in the history; stable browsers keep the stable version', async () => {
    const { ws, stable, canary, opts } = await setup();
    const { source } = scripted([(s, c) => [h(s, 1000, 2), h(c, 100, 8)]], stable, canary);
    const result = await autoCanary('lobby', canary, {
      ...opts,
      start: 10,
      intervalMs: 1,
      health: source,
      sleep: async () => undefined,
    });
    expect(result.outcome).toBe('rolled-back');
    expect((await readPointer(ws.releases)).remotes.lobby).toEqual({
      version: stable,
      url: `/remotes/lobby/${stable}/mf-manifest.json`,
    });
    const last = (await readHistory(ws.releases, 'lobby')).pop()!;
    expect(last).toMatchObject({ action: 'drop', from: canary });
    expect(last.reason).toBe(
      'automatic canary analysis at 10 %: load failures 8.0 % of 100 canary loads against 0.2 % of 1000 stable loads (bound +2 points)',
    );
    expect((await analyses(ws.releases))[0]).toMatchObject({ status: 'rolled-back', last: { action: 'rollback' } });
  });

  it('stops when an operator changes the canary by hand, and gives up waiting after maxWaits', async () => {
    const { ws, stable, canary, opts } = await setup();
    const { source } = scripted([(s, c) => [h(s, 10), h(c, 1)]], stable, canary);
    const stopped = await autoCanary('lobby', canary, {
      ...opts,
      start: 10,
      intervalMs: 1,
      health: source,
      sleep: async () => void (await dropCanary('lobby', { ...opts, reason: 'by hand' })),
    });
    expect(stopped.outcome).toBe('stopped');
    const stalled = await autoCanary('lobby', canary, {
      ...opts,
      start: 10,
      intervalMs: 1,
      maxWaits: 3,
      health: source,
      sleep: async () => undefined,
    });
    expect(stalled.outcome).toBe('stalled');
    expect(stalled.reason).toMatch(/too few loads after 3 measurements/);
    // the canary stays where it was for a person to decide
    expect((await readPointer(ws.releases)).remotes.lobby!.canary).toMatchObject({ version: canary, percent: 10 });
  });
});
