import fc from 'fast-check';
import { bucketValue, MAX_BUCKET, percentile, vitalBucket } from './rum.rules';

describe('vital histograms', () => {
  it('a value lands in a bucket whose upper edge is within 10 % above it', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1_000_000, noNaN: true }), (v) => {
        const b = vitalBucket('LCP', v);
        expect(bucketValue('LCP', b)).toBeGreaterThanOrEqual(Math.floor(v));
        expect(bucketValue('LCP', b)).toBeLessThanOrEqual(Math.ceil(v * 1.1) + 1);
      }),
    );
  });

  it('odd values go to the edges: zero, negative and NaN to bucket 0, huge ones to the last', () => {
    expect([vitalBucket('LCP', 0), vitalBucket('INP', -5), vitalBucket('CLS', Number.NaN)]).toEqual([0, 0, 0]);
    expect(vitalBucket('LCP', 1e12)).toBe(MAX_BUCKET);
    expect(bucketValue('CLS', vitalBucket('CLS', 0.25))).toBeCloseTo(0.25, 1);
  });

  it('percentiles of a known sample', () => {
    const values = Array.from({ length: 100 }, (_, i) => (i + 1) * 100); // 100 … 10,000 ms
    const hist = new Map<number, number>();
    for (const v of values) hist.set(vitalBucket('LCP', v), (hist.get(vitalBucket('LCP', v)) ?? 0) + 1);
    const h = [...hist.entries()];
    expect(percentile('LCP', h, 50)).toBeGreaterThanOrEqual(5000);
    expect(percentile('LCP', h, 50)).toBeLessThanOrEqual(5500);
    expect(percentile('LCP', h, 75)).toBeGreaterThanOrEqual(7500);
    expect(percentile('LCP', h, 75)).toBeLessThanOrEqual(8250);
    expect(percentile('LCP', [], 75)).toBeNull();
  });
});
