import fc from 'fast-check';
import { DEFAULT_BOUNDS, decide, nextStep, ratePercent, type AnalysisBounds, type VersionHealth } from './analysis';

const health = (max = 5000) =>
  fc
    .record({
      loads: fc.integer({ min: 0, max }),
      f: fc.double({ min: 0, max: 1, noNaN: true }),
      e: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ loads, f, e }): VersionHealth => ({ loads, failures: Math.floor(loads * f), errors: Math.floor(loads * e) }));
const bounds = fc.record({
  maxFailureDelta: fc.integer({ min: 0, max: 20 }),
  maxErrorDelta: fc.integer({ min: 0, max: 20 }),
  minLoads: fc.integer({ min: 1, max: 500 }),
}) as fc.Arbitrary<AnalysisBounds>;

describe('decide', () => {
  it('too few loads of the canary: wait, whatever they show', () => {
    fc.assert(
      fc.property(health(), health(), bounds, (stable, canary, b) => {
        fc.pre(canary.loads < b.minLoads);
        expect(decide(stable, canary, b).action).toBe('wait');
      }),
    );
  });

  it('worse than the stable version beyond a bound: roll back, naming the measured rate', () => {
    fc.assert(
      fc.property(health(), health(), bounds, (stable, canary, b) => {
        fc.pre(canary.loads >= b.minLoads);
        const stableFail = stable.loads >= b.minLoads ? ratePercent(stable.failures, stable.loads) : 0;
        const stableErr = stable.loads >= b.minLoads ? ratePercent(stable.errors, stable.loads) : 0;
        const worse =
          ratePercent(canary.failures, canary.loads) > stableFail + b.maxFailureDelta ||
          ratePercent(canary.errors, canary.loads) > stableErr + b.maxErrorDelta;
        const d = decide(stable, canary, b);
        expect(d.action).toBe(worse ? 'rollback' : 'step');
        if (d.action === 'rollback') expect(d.reason).toMatch(/\d+\.\d % of \d+ canary loads/);
      }),
    );
  });

  it('no worse than the stable version (enough loads): step up', () => {
    fc.assert(
      fc.property(health(), fc.integer({ min: 0, max: 20 }), (stable, extraLoads) => {
        const b = { ...DEFAULT_BOUNDS, minLoads: 1 };
        fc.pre(stable.loads >= 1);
        // the canary fails and errs at most as often as the stable version
        const loads = stable.loads + extraLoads;
        const canary = {
          loads,
          failures: Math.floor((stable.failures * loads) / stable.loads),
          errors: Math.floor((stable.errors * loads) / stable.loads),
        };
        expect(decide(stable, canary, b).action).toBe('step');
      }),
    );
  });

  it('more failures never turn a roll-back into a step', () => {
    fc.assert(
      fc.property(health(), health(), bounds, fc.integer({ min: 0, max: 1000 }), (stable, canary, b, more) => {
        const worse = { ...canary, failures: Math.min(canary.loads, canary.failures + more) };
        if (decide(stable, canary, b).action === 'rollback') expect(decide(stable, worse, b).action).toBe('rollback');
      }),
    );
  });

  it('a concrete canary: 8 % of phones failing against 0.2 % is rolled back', () => {
    const d = decide({ loads: 1000, failures: 2, errors: 0 }, { loads: 100, failures: 8, errors: 0 });
    expect(d).toMatchObject({ action: 'rollback', metric: 'failure', canaryRate: 8, stableRate: 0.2 });
    expect(d.reason).toBe('load failures 8.0 % of 100 canary loads against 0.2 % of 1000 stable loads (bound +2 points)');
  });
});

describe('nextStep', () => {
  it('10 → 25 → 50 → 100, then nothing; an odd share goes to the next step above it', () => {
    expect([nextStep(10), nextStep(25), nextStep(50), nextStep(100)]).toEqual([25, 50, 100, null]);
    expect(nextStep(5)).toBe(10);
    expect(nextStep(60)).toBe(100);
    expect(nextStep(30, [30, 60])).toBe(60);
    expect(nextStep(60, [30, 60])).toBe(100);
  });
});
