import {
  RUM_BEACON_PATH,
  RUM_LIMITS,
  routePattern,
  type LoadFailure,
  type RumArea,
  type RumBeacon,
  type RumVital,
} from '@khela/api/rum';
import type { RemoteName } from './remotes';

/**
 * Real-user signals (issue 18): what this page's remote areas did, per remote and version, sent
 * with navigator.sendBeacon when the page is hidden or left (and once soon after an area failed,
 * so a bad canary is seen within seconds). A page view is sampled once, at the operator's rate
 * (boot data `rumSampleRate`); an unsampled page records nothing and loads nothing.
 * Web vitals come from the `web-vitals` library, loaded only by sampled pages, at the visitor's
 * first input (a page left untouched reports no vitals). Nothing personal leaves: remotes, versions, counts, a route pattern, vital values.
 */

type Send = (url: string, body: Blob) => boolean;

interface State {
  sampled: boolean;
  areas: Map<string, RumArea>;
  vitals: RumVital[];
  /** the remote versions that mounted on this page */
  versions: Map<RemoteName, string>;
  send: Send;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * The visitor's own input. Not 'scroll': a page scrolls its own carousels (the lobby's vendor bar
 * brings its chosen vendor into view), which would load the library on a first paint's path; a
 * visitor's scrolling starts with one of these.
 */
const INTERACTIONS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** After an area failed: report within this time even if the page stays open. */
export const FAILURE_FLUSH_MS = 5_000;

let state: State | null = null;

const defaultSend: Send = (url, body) =>
  typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' ? navigator.sendBeacon(url, body) : false;

/** Decides whether this page view reports (once) and listens for the page being hidden or left. */
export function startRum(opts: { sampleRate?: number; random?: () => number; send?: Send; vitals?: boolean } = {}): boolean {
  if (state) return state.sampled;
  const rate = opts.sampleRate ?? 1;
  const sampled = Number.isFinite(rate) && (opts.random ?? Math.random)() < rate;
  state = { sampled, areas: new Map(), vitals: [], versions: new Map(), send: opts.send ?? defaultSend };
  if (!sampled || typeof window === 'undefined') return sampled;
  document.addEventListener('visibilitychange', () => {
    // after the vitals library reported on the same event (its listener runs after this one)
    if (document.visibilityState === 'hidden') setTimeout(flushRum, 0);
  });
  window.addEventListener('pagehide', () => flushRum());
  if (opts.vitals !== false) {
    const load = () =>
      import(/* webpackChunkName: "web-vitals" */ 'web-vitals')
        .then(({ onLCP, onINP, onCLS }) => {
          const record = ({ name, value }: { name: string; value: number }) => recordVital(name as RumVital['name'], value);
          onLCP(record);
          onINP(record);
          onCLS(record);
        })
        .catch(() => undefined);
    // at the visitor's first interaction, never on the first paint's critical path: the browser
    // buffers the LCP, layout-shift and event entries, so the library loses nothing by arriving then
    const first = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, first, true);
      load();
    };
    for (const type of INTERACTIONS) window.addEventListener(type, first, { capture: true, passive: true });
  }
  return sampled;
}

function area(remote: RemoteName, version: string | undefined): RumArea | null {
  if (!state?.sampled || !version) return null;
  const key = `${remote}@${version}`;
  let a = state.areas.get(key);
  if (!a) state.areas.set(key, (a = { remote, version, loads: 0, loaded: 0, failed: {}, errors: 0 }));
  return a;
}

export function recordLoadStarted(remote: RemoteName, version: string): void {
  const a = area(remote, version);
  if (a) a.loads++;
}

export function recordLoaded(remote: RemoteName, version: string): void {
  const a = area(remote, version);
  if (a) {
    a.loaded++;
    state!.versions.set(remote, version);
  }
}

export function recordLoadFailed(remote: RemoteName, version: string, reason: LoadFailure): void {
  const a = area(remote, version);
  if (a) {
    a.failed[reason] = (a.failed[reason] ?? 0) + 1;
    soon();
  }
}

/** An error the area's boundary caught after its module loaded (a render or effect that threw). */
export function recordAreaError(remote: RemoteName, version: string | undefined): void {
  const a = area(remote, version);
  if (a) {
    a.errors++;
    soon();
  }
}

export function recordVital(name: RumVital['name'], value: number): void {
  // a vital reported again (a later, larger LCP or CLS) replaces the earlier value
  if (state?.sampled && value >= 0) state.vitals = [...state.vitals.filter((v) => v.name !== name), { name, value }];
}

function soon() {
  if (!state || state.timer) return;
  state.timer = setTimeout(() => {
    state!.timer = undefined;
    flushRum();
  }, FAILURE_FLUSH_MS);
}

const cap = (n: number) => Math.min(n, RUM_LIMITS.count);
const clamp = (x: RumArea): RumArea => ({
  ...x,
  loads: cap(x.loads),
  loaded: cap(x.loaded),
  errors: cap(x.errors),
  failed: Object.fromEntries(Object.entries(x.failed).map(([k, n]) => [k, cap(n!)])),
});

/** Sends what was recorded since the last beacon (nothing when there is nothing new). */
export function flushRum(): RumBeacon | null {
  if (!state?.sampled) return null;
  const areas = [...state.areas.values()].filter((a) => a.loads || a.loaded || a.errors || Object.keys(a.failed).length);
  if (!areas.length && !state.vitals.length) return null;
  const beacon: RumBeacon = {
    route: routePattern(typeof location === 'undefined' ? '/' : location.pathname),
    versions: Object.fromEntries(state.versions),
    // what the server takes: at most RUM_LIMITS of each (a page open for days counts on in the next beacon)
    areas: areas.slice(0, RUM_LIMITS.areas).map((x) => clamp(x)),
    vitals: state.vitals.map((v) => ({ name: v.name, value: Math.min(v.value, 3_600_000) })),
  };
  state.areas.clear();
  state.vitals = [];
  if (state.timer) clearTimeout(state.timer);
  state.timer = undefined;
  state.send(RUM_BEACON_PATH, new Blob([JSON.stringify(beacon)], { type: 'application/json' }));
  return beacon;
}

/**
 * Why a load failed, from what the loader saw: its own time-out, or the federation runtime's
 * message (a manifest or script answered 404, a fetch aborted), else the exposed module threw
 * while it was evaluated.
 */
export function failureReason(timedOut: boolean, detail: string | undefined): LoadFailure {
  if (timedOut) return 'timeout';
  const d = detail ?? '';
  if (/\b404\b|not found/i.test(d)) return 'http404';
  if (/abort/i.test(d)) return 'abort';
  if (/time(d)? ?out/i.test(d)) return 'timeout';
  if (/failed to fetch|networkerror|loading (script|chunk)|script ?external|manifest|RUNTIME-00\d/i.test(d)) return 'other';
  return 'evaluation';
}

/** Tests: forget the page's state. */
export function resetRumForTests(): void {
  if (state?.timer) clearTimeout(state.timer);
  state = null;
}
