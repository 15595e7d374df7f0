/**
 * Automatic canary analysis: whether a canary's measured health lets it serve more browsers.
 *
 * The browsers report, per remote and version, how many loads of an area started, how many failed
 * (404, abort, time-out, an exposed module that throws while evaluating) and how many errors the
 * area's boundary caught afterwards (see shell/src/federation/rum.ts and the server's rum domain).
 * A canary is compared with the stable version over the same window, as Argo Rollouts' and
 * Flagger's analysis runs do for services:
 *
 * - fewer than `minLoads` loads of the canary: not enough evidence, wait;
 * - its load-failure rate or its error rate above the stable version's by more than the bound
 *   (percentage points): roll back at once, naming the figures;
 * - otherwise: one step up (10 → 25 → 50 → 100 % by default).
 *
 * The stable version's rates count only once it has `minLoads` loads itself; before that the
 * canary is held to a stable rate of 0 (strictest), so a quiet stable version can't excuse a bad
 * canary.
 */

export interface VersionHealth {
  /** loads of an area of this version that started */
  loads: number;
  /** of those, loads that failed */
  failures: number;
  /** errors caught by the area's boundary after it loaded */
  errors: number;
}

export interface AnalysisBounds {
  /** a canary's load-failure rate may exceed the stable one's by at most this many percentage points */
  maxFailureDelta: number;
  /** the same for the error rate (errors per load) */
  maxErrorDelta: number;
  /** loads of the canary before any decision but "wait" */
  minLoads: number;
}

export const DEFAULT_BOUNDS: AnalysisBounds = { maxFailureDelta: 2, maxErrorDelta: 2, minLoads: 50 };
export const DEFAULT_STEPS: readonly number[] = [10, 25, 50, 100];

export type Decision =
  | { action: 'wait'; reason: string }
  | { action: 'step'; reason: string }
  | { action: 'rollback'; reason: string; metric: 'failure' | 'error'; canaryRate: number; stableRate: number };

/** A rate in percent (0 for no loads). */
export const ratePercent = (part: number, loads: number): number => (loads > 0 ? (100 * part) / loads : 0);

const pct = (n: number) => `${n.toFixed(1)} %`;

export function decide(stable: VersionHealth, canary: VersionHealth, bounds: AnalysisBounds = DEFAULT_BOUNDS): Decision {
  if (canary.loads < bounds.minLoads) {
    return { action: 'wait', reason: `${canary.loads} of ${bounds.minLoads} loads of the canary measured` };
  }
  const stableCounts = stable.loads >= bounds.minLoads;
  const checks = [
    { metric: 'failure' as const, label: 'load failures', part: (h: VersionHealth) => h.failures, bound: bounds.maxFailureDelta },
    { metric: 'error' as const, label: 'errors', part: (h: VersionHealth) => h.errors, bound: bounds.maxErrorDelta },
  ];
  for (const c of checks) {
    const canaryRate = ratePercent(c.part(canary), canary.loads);
    const stableRate = stableCounts ? ratePercent(c.part(stable), stable.loads) : 0;
    if (canaryRate > stableRate + c.bound) {
      return {
        action: 'rollback',
        metric: c.metric,
        canaryRate,
        stableRate,
        reason:
          `${c.label} ${pct(canaryRate)} of ${canary.loads} canary loads against ${pct(stableRate)} ` +
          `of ${stable.loads} stable loads (bound +${c.bound} points)`,
      };
    }
  }
  return {
    action: 'step',
    reason:
      `healthy over ${canary.loads} loads: load failures ${pct(ratePercent(canary.failures, canary.loads))}, ` +
      `errors ${pct(ratePercent(canary.errors, canary.loads))} (stable ${pct(ratePercent(stable.failures, stable.loads))}, ` +
      `${pct(ratePercent(stable.errors, stable.loads))})`,
  };
}

/** The share after `current` (100 = promote to all browsers), or null when it is the last. */
export function nextStep(current: number, steps: readonly number[] = DEFAULT_STEPS): number | null {
  const next = steps.find((s) => s > current);
  return next ?? (current < 100 ? 100 : null);
}
