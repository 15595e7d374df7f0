import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RumVersionHealth } from '@khela/api/rum';
import {
  decide,
  DEFAULT_BOUNDS,
  DEFAULT_STEPS,
  nextStep,
  type AnalysisBounds,
  type Decision,
  type VersionHealth,
} from './analysis';
import { dropCanary, promote, resolveVersion, type Change, type ToolOptions } from './release-tool';
import { defaultReleasesDir, readPointer, type RemoteName } from './releases';

/**
 * `promote <name> <version> --canary 10 --auto`: the canary's share goes up in steps while its
 * measured health stays within the bounds of the stable version's, and is dropped at once, with
 * the measured reason in the history, when it does not. Each step is judged on the signals since
 * it began (the browsers it added), never on older ones.
 */

/** What browsers reported of each version of a remote since a time (the API's GET /ops/rum/health). */
export type HealthSource = (remote: RemoteName, since: Date) => Promise<RumVersionHealth[]>;

export interface AutoOptions extends ToolOptions {
  /** the first share, in percent */
  start: number;
  steps?: readonly number[];
  bounds?: AnalysisBounds;
  /** time between two measurements */
  intervalMs: number;
  /** measurements of one step with too few loads before the tool stops waiting (the canary stays as it is) */
  maxWaits?: number;
  health: HealthSource;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  log?: (line: string) => void;
}

export interface AnalysisState {
  name: RemoteName;
  version: string;
  stable: string | null;
  percent: number;
  /** when the current step began (its signals count from here) */
  stepSince: string;
  status: 'running' | 'promoted' | 'rolled-back' | 'stalled' | 'stopped';
  last?: { at: string; action: Decision['action']; reason: string };
  bounds: AnalysisBounds;
  pid: number;
}

export interface AutoResult {
  outcome: 'promoted' | 'rolled-back' | 'stalled' | 'stopped';
  reason: string;
  changes: Change[];
}

const analysisFile = (releasesDir: string, name: RemoteName) => path.join(releasesDir, '.analysis', `${name}.json`);

async function saveState(releasesDir: string, s: AnalysisState): Promise<void> {
  const file = analysisFile(releasesDir, s.name);
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}`;
  await writeFile(tmp, JSON.stringify(s, null, 2) + '\n');
  await rename(tmp, file);
}

/** The analyses of the releases folder (the last one of each remote), for `release status`. */
export async function analyses(releasesDir = defaultReleasesDir()): Promise<AnalysisState[]> {
  const dir = path.join(releasesDir, '.analysis');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  const out: AnalysisState[] = [];
  for (const n of names) {
    try {
      out.push(JSON.parse(await readFile(path.join(dir, n), 'utf8')) as AnalysisState);
    } catch {
      /* a file being replaced: skip it */
    }
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

const toHealth = (h: RumVersionHealth | undefined): VersionHealth => ({
  loads: h?.loads ?? 0,
  failures: h?.failures ?? 0,
  errors: h?.errors ?? 0,
});

export async function autoCanary(name: RemoteName, versionInput: string, opts: AutoOptions): Promise<AutoResult> {
  const releasesDir = opts.releasesDir ?? defaultReleasesDir();
  const now = opts.now ?? (() => new Date());
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const log = opts.log ?? (() => undefined);
  const bounds = opts.bounds ?? DEFAULT_BOUNDS;
  const steps = opts.steps ?? DEFAULT_STEPS;
  const maxWaits = opts.maxWaits ?? 60;
  const version = await resolveVersion(releasesDir, name, versionInput);
  const changes: Change[] = [];

  let percent = opts.start;
  changes.push(await promote(name, version, { ...opts, canary: percent, reason: opts.reason ?? 'automatic canary' }));
  const stable = (await readPointer(releasesDir)).remotes[name]?.version ?? null;
  const state: AnalysisState = {
    name,
    version,
    stable,
    percent,
    stepSince: now().toISOString(),
    status: 'running',
    bounds,
    pid: process.pid,
  };
  await saveState(releasesDir, state);
  log(`${name}: canary ${version} at ${percent} %, judged against ${stable} every ${Math.round(opts.intervalMs / 1000)} s`);

  const finish = async (outcome: AutoResult['outcome'], reason: string): Promise<AutoResult> => {
    state.status = outcome;
    await saveState(releasesDir, state);
    return { outcome, reason, changes };
  };

  let waits = 0;
  for (;;) {
    await sleep(opts.intervalMs);
    // someone changed the pointer by hand (a rollback, another canary): the analysis stops
    const entry = (await readPointer(releasesDir)).remotes[name];
    if (entry?.canary?.version !== version || entry.canary.percent !== percent) {
      log(`${name}: the canary was changed by hand; the analysis stops`);
      return finish('stopped', 'the canary was changed by hand');
    }
    const versions = await opts.health(name, new Date(state.stepSince));
    const d = decide(
      toHealth(versions.find((v) => v.version === stable)),
      toHealth(versions.find((v) => v.version === version)),
      bounds,
    );
    state.last = { at: now().toISOString(), action: d.action, reason: d.reason };
    await saveState(releasesDir, state);
    log(`${name} ${version} at ${percent} %: ${d.action}: ${d.reason}`);
    if (d.action === 'wait') {
      if (++waits >= maxWaits) return finish('stalled', `too few loads after ${waits} measurements: ${d.reason}`);
      continue;
    }
    if (d.action === 'rollback') {
      const reason = `automatic canary analysis at ${percent} %: ${d.reason}`;
      changes.push(await dropCanary(name, { ...opts, reason }));
      return finish('rolled-back', reason);
    }
    const next = nextStep(percent, steps);
    waits = 0;
    if (next === null || next >= 100) {
      const reason = `automatic canary analysis: ${d.reason}`;
      changes.push(await promote(name, version, { ...opts, canary: undefined, reason }));
      state.percent = 100;
      return finish('promoted', reason);
    }
    percent = next;
    changes.push(await promote(name, version, { ...opts, canary: percent, reason: `automatic canary analysis: ${d.reason}` }));
    state.percent = percent;
    state.stepSince = now().toISOString();
    await saveState(releasesDir, state);
  }
}

/** The API's health endpoint as a HealthSource (the operator key in X-Ops-Key). */
export function httpHealth(apiUrl: string, opsKey: string): HealthSource {
  return async (remote, since) => {
    const url = `${apiUrl.replace(/\/+$/, '')}/ops/rum/health?remote=${encodeURIComponent(remote)}&since=${encodeURIComponent(since.toISOString())}`;
    const res = await fetch(url, { headers: { 'x-ops-key': opsKey } });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text().catch(() => '')}`.trim());
    return ((await res.json()) as { value: { versions: RumVersionHealth[] } }).value.versions;
  };
}
