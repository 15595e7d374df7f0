import fc from 'fast-check';
import {
  checkLimits,
  combineExclusion,
  confirmChange,
  COOLING_OFF_MS,
  excludedAt,
  exclusionEnd,
  fitsAt,
  requestChange,
  usedIn,
  WINDOW_MS,
  type Counted,
  type LimitPeriod,
  type LimitState,
} from './rules';

const T0 = new Date('2026-03-10T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const b = (n: number) => BigInt(n);
const HOUR = 3600_000;
const NONE: LimitState = { amount: null, pending: null };

describe('requestChange / confirmChange: the cooling-off', () => {
  it('a first limit and a decrease apply at once', () => {
    const first = requestChange(NONE, b(5000), T0);
    expect(first).toEqual({ state: { amount: b(5000), pending: null }, outcome: 'APPLIED' });
    const lower = requestChange(first.state, b(3000), T0);
    expect(lower).toEqual({ state: { amount: b(3000), pending: null }, outcome: 'APPLIED' });
  });

  it('an increase waits 24 hours and then needs a confirmation', () => {
    const s = { amount: b(3000), pending: null };
    const up = requestChange(s, b(9000), T0);
    expect(up.outcome).toBe('PENDING');
    expect(up.state.amount).toBe(b(3000));
    expect(up.state.pending).toEqual({ amount: b(9000), effectiveAt: at(COOLING_OFF_MS) });
    expect(confirmChange(up.state, at(COOLING_OFF_MS - 1)).outcome).toBe('TOO_EARLY');
    expect(confirmChange(up.state, at(COOLING_OFF_MS))).toEqual({
      state: { amount: b(9000), pending: null },
      outcome: 'APPLIED',
    });
  });

  it('a removal waits too; asking again does not restart the wait, asking something else does', () => {
    const s = { amount: b(3000), pending: null };
    const rm = requestChange(s, null, T0);
    expect(rm.state.pending).toEqual({ amount: null, effectiveAt: at(COOLING_OFF_MS) });
    expect(requestChange(rm.state, null, at(HOUR)).state.pending!.effectiveAt).toEqual(at(COOLING_OFF_MS));
    expect(requestChange(rm.state, b(4000), at(HOUR)).state.pending).toEqual({
      amount: b(4000),
      effectiveAt: at(HOUR + COOLING_OFF_MS),
    });
    const confirmed = confirmChange(rm.state, at(COOLING_OFF_MS));
    expect(confirmed.state).toEqual(NONE);
  });

  it('a decrease while an increase waits applies now and drops the increase', () => {
    const up = requestChange({ amount: b(3000), pending: null }, b(9000), T0).state;
    expect(requestChange(up, b(2000), at(HOUR))).toEqual({ state: { amount: b(2000), pending: null }, outcome: 'APPLIED' });
  });

  it('nothing to confirm', () => {
    expect(confirmChange(NONE, T0).outcome).toBe('NOTHING_PENDING');
  });

  it('property: whatever the member asks, the limit in force never loosens without 24 hours and a confirmation', () => {
    const ask = fc.record({
      dt: fc.integer({ min: 0, max: 3 * 24 * HOUR }),
      amount: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
      confirm: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(ask, { maxLength: 30 }), (asks) => {
        let s: LimitState = NONE;
        let now = T0.getTime();
        for (const a of asks) {
          now += a.dt;
          const before = s.amount;
          if (a.confirm) {
            const pending = s.pending;
            const r = confirmChange(s, new Date(now));
            if (r.outcome === 'APPLIED') {
              // only a waiting request, only once its cooling-off is over
              expect(pending).not.toBeNull();
              expect(now).toBeGreaterThanOrEqual(pending!.effectiveAt.getTime());
            } else expect(r.state).toEqual(s);
            s = r.state;
          } else {
            const req = a.amount === null ? null : b(a.amount);
            const r = requestChange(s, req, new Date(now));
            // a request alone never loosens: the amount in force is the requested one only if tighter
            if (r.outcome === 'APPLIED') expect(r.state.amount).toBe(req);
            if (r.outcome !== 'APPLIED') expect(r.state.amount).toBe(before);
            // a new wait is 24 hours from now; an unchanged one keeps its start
            if (r.state.pending && r.state.pending !== s.pending)
              expect(r.state.pending.effectiveAt.getTime()).toBe(now + COOLING_OFF_MS);
            s = r.state;
          }
        }
      }),
    );
  });
});

describe('usedIn / checkLimits: windows and the lowest limit', () => {
  const deposits: Counted[] = [
    { at: at(-24 * HOUR), amount: b(1000) }, // exactly 24 h ago: out of the day window
    { at: at(-24 * HOUR + 1), amount: b(200) }, // just inside
    { at: at(-6 * 24 * HOUR), amount: b(5000) }, // in the week and the month
    { at: at(-31 * 24 * HOUR), amount: b(7000) }, // out of every window
  ];

  it('the window starts exclusive and ends inclusive', () => {
    expect(usedIn('DAY', deposits, T0)).toBe(b(200));
    expect(usedIn('WEEK', deposits, T0)).toBe(b(6200));
    expect(usedIn('MONTH', deposits, T0)).toBe(b(6200));
    expect(usedIn('DAY', [{ at: T0, amount: b(5) }], T0)).toBe(b(5));
    expect(usedIn('DAY', [{ at: at(1), amount: b(5) }], T0)).toBe(b(0));
  });

  it('no limit: anything goes', () => {
    expect(checkLimits({}, deposits, b(1_000_000), T0)).toEqual({ ok: true });
  });

  it('the lowest room wins: a weekly limit binds before a larger daily one', () => {
    const v = checkLimits(
      { DAY: { amount: b(5000), pending: null }, WEEK: { amount: b(7000), pending: null } },
      deposits,
      b(700),
      T0,
    );
    expect(v).toMatchObject({ ok: true, period: 'WEEK', remaining: b(800) });
    const refused = checkLimits(
      { DAY: { amount: b(5000), pending: null }, WEEK: { amount: b(7000), pending: null } },
      deposits,
      b(1000),
      T0,
    );
    expect(refused).toMatchObject({ ok: false, period: 'WEEK', limit: b(7000), used: b(6200) });
    // the 5000 of six days ago leaves the week in one day: then 1000 fits
    expect(refused.resetsAt).toEqual(at(24 * HOUR));
  });

  it('a waiting increase does not count', () => {
    const s = requestChange({ amount: b(1000), pending: null }, b(100_000), T0).state;
    expect(checkLimits({ DAY: s }, [], b(1001), T0).ok).toBe(false);
  });

  it('more than the limit itself never fits', () => {
    expect(checkLimits({ DAY: { amount: b(500), pending: null } }, [], b(501), T0)).toMatchObject({ ok: false, resetsAt: null });
  });

  const counted = fc.array(
    fc.record({ dt: fc.integer({ min: -40 * 24 * HOUR, max: 0 }), amount: fc.integer({ min: 1, max: 10_000 }) }),
    { maxLength: 25 },
  );
  const periods = fc.constantFrom<LimitPeriod>('DAY', 'WEEK', 'MONTH');

  it('property: accepted means every window stays within its limit; refused means one would not', () => {
    fc.assert(
      fc.property(
        counted,
        fc.record({
          DAY: fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null }),
          WEEK: fc.option(fc.integer({ min: 1, max: 80_000 }), { nil: null }),
          MONTH: fc.option(fc.integer({ min: 1, max: 120_000 }), { nil: null }),
        }),
        fc.integer({ min: 1, max: 30_000 }),
        (items, amounts, amount) => {
          const list = items.map((i) => ({ at: at(i.dt), amount: b(i.amount) }));
          const limits = Object.fromEntries(
            Object.entries(amounts).map(([p, a]) => [p, { amount: a === null ? null : b(a), pending: null }]),
          ) as Record<LimitPeriod, LimitState>;
          const v = checkLimits(limits, list, b(amount), T0);
          const fitsAll = (['DAY', 'WEEK', 'MONTH'] as const).every(
            (p) => limits[p].amount === null || usedIn(p, list, T0) + b(amount) <= limits[p].amount!,
          );
          expect(v.ok).toBe(fitsAll);
        },
      ),
    );
  });

  it('property: fitsAt is the earliest moment the amount fits (it fits then, and not a millisecond before)', () => {
    fc.assert(
      fc.property(
        counted,
        periods,
        fc.integer({ min: 1, max: 40_000 }),
        fc.integer({ min: 1, max: 20_000 }),
        (items, p, limit, amount) => {
          const list = items.map((i) => ({ at: at(i.dt), amount: b(i.amount) }));
          const when = fitsAt(p, b(limit), list, b(amount), T0);
          if (amount > limit) return expect(when).toBeNull();
          expect(when).not.toBeNull();
          // nothing new is counted after now: at `when` the amount fits
          expect(usedIn(p, list, when!) + b(amount)).toBeLessThanOrEqual(b(limit));
          if (when!.getTime() > T0.getTime()) {
            expect(usedIn(p, list, new Date(when!.getTime() - 1)) + b(amount)).toBeGreaterThan(b(limit));
          }
          expect(when!.getTime()).toBeLessThanOrEqual(T0.getTime() + WINDOW_MS[p]);
        },
      ),
    );
  });
});

describe('exclusions', () => {
  it('end dates: hours, days and calendar months (the 31st becomes the month end)', () => {
    expect(exclusionEnd('24h', T0)).toEqual(at(24 * HOUR));
    expect(exclusionEnd('7d', T0)).toEqual(at(7 * 24 * HOUR));
    expect(exclusionEnd('30d', T0)).toEqual(at(30 * 24 * HOUR));
    expect(exclusionEnd('6m', T0)).toEqual(new Date('2026-09-10T12:00:00.000Z'));
    expect(exclusionEnd('1y', new Date('2028-02-29T08:00:00Z'))).toEqual(new Date('2029-02-28T08:00:00Z'));
    expect(exclusionEnd('6m', new Date('2026-08-31T00:00:00Z'))).toEqual(new Date('2027-02-28T00:00:00Z'));
    expect(exclusionEnd('5y', T0)).toEqual(new Date('2031-03-10T12:00:00.000Z'));
    expect(exclusionEnd('permanent', T0)).toBeNull();
  });

  it('in force until its end, exclusive', () => {
    const e = { kind: 'TIMEOUT' as const, until: at(HOUR) };
    expect(excludedAt(e, T0)).toBe(true);
    expect(excludedAt(e, at(HOUR))).toBe(false);
    expect(excludedAt({ kind: 'SELF_EXCLUSION', until: null }, at(1e12))).toBe(true);
    expect(excludedAt(null, T0)).toBe(false);
  });

  it('property: a new exclusion never shortens the one in force', () => {
    const excl = fc.record({
      kind: fc.constantFrom<'TIMEOUT' | 'SELF_EXCLUSION'>('TIMEOUT', 'SELF_EXCLUSION'),
      until: fc.option(fc.integer({ min: -1000 * HOUR, max: 100_000 * HOUR }).map(at), { nil: null }),
    });
    fc.assert(
      fc.property(fc.option(excl, { nil: null }), excl, (current, next) => {
        const r = combineExclusion(current, next, T0);
        const end = (e: { until: Date | null }) => (e.until === null ? Infinity : e.until.getTime());
        if (excludedAt(current, T0)) expect(end(r.exclusion)).toBeGreaterThanOrEqual(end(current!));
        expect(end(r.exclusion)).toBeGreaterThanOrEqual(
          end(next) === Infinity ? end(r.exclusion) : Math.min(end(next), end(r.exclusion)),
        );
        if (!excludedAt(current, T0)) expect(r.exclusion).toEqual(next);
      }),
    );
  });
});
