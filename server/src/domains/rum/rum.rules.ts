import type { VitalName } from '@khela/api/rum';

/**
 * Web vitals are kept as histograms of log buckets 10 % wide (a percentile read from them is within
 * 10 % of the true one), so a minute of a million pages is still a few dozen rows.
 * LCP and INP are in ms; CLS is scaled by 1000 first.
 */
const GROWTH = 1.1;
export const MAX_BUCKET = 150; // 1.1^150 ≈ 1.6 × 10^6: 26 minutes of LCP, a CLS of 1,600

const scale = (metric: VitalName) => (metric === 'CLS' ? 1000 : 1);

export function vitalBucket(metric: VitalName, value: number): number {
  const v = value * scale(metric);
  if (!(v >= 1)) return 0;
  return Math.min(MAX_BUCKET, Math.floor(Math.log(v) / Math.log(GROWTH)) + 1);
}

/** The upper edge of a bucket, in the metric's unit. */
export function bucketValue(metric: VitalName, bucket: number): number {
  const v = bucket <= 0 ? 1 : GROWTH ** bucket;
  return metric === 'CLS' ? Math.round(v) / 1000 : Math.round(v);
}

/** The p-th percentile (0 < p ≤ 100) of a histogram [bucket, count][], or null when empty. */
export function percentile(metric: VitalName, histogram: [number, number][], p: number): number | null {
  const total = histogram.reduce((s, [, n]) => s + n, 0);
  if (!total) return null;
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (const [bucket, n] of [...histogram].sort((a, b) => a[0] - b[0])) {
    seen += n;
    if (seen >= rank) return bucketValue(metric, bucket);
  }
  return null;
}

/** The minute a signal counts in. */
export const minuteOf = (at: Date): Date => new Date(Math.floor(at.getTime() / 60_000) * 60_000);
