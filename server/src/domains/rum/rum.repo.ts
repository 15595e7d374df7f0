import type { Queryable } from '../../db/db';
import { LOAD_FAILURES, VITALS, type LoadFailure, type RumArea, type RumVersionHealth, type VitalName } from '@khela/api/rum';
import { percentile, vitalBucket } from './rum.rules';

/** Adds one beacon's area counts to their minutes (one statement, whatever the number of areas). */
export async function addAreas(q: Queryable, minute: Date, areas: RumArea[]): Promise<void> {
  if (!areas.length) return;
  const col = (f: (a: RumArea) => unknown) => areas.map(f);
  const failed = (r: LoadFailure) => col((a) => a.failed[r] ?? 0);
  await q.query(
    `INSERT INTO rum_minutes AS m (remote, version, minute, loads, loaded, failed_http404, failed_abort, failed_timeout,
                                   failed_evaluation, failed_other, errors)
     SELECT x.remote, x.version, $1, x.loads, x.loaded, x.f404, x.fab, x.fto, x.fev, x.fot, x.errors
       FROM unnest($2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[], $9::int[], $10::int[], $11::int[])
            AS x(remote, version, loads, loaded, f404, fab, fto, fev, fot, errors)
     ON CONFLICT (remote, version, minute) DO UPDATE SET
       loads = m.loads + EXCLUDED.loads, loaded = m.loaded + EXCLUDED.loaded,
       failed_http404 = m.failed_http404 + EXCLUDED.failed_http404, failed_abort = m.failed_abort + EXCLUDED.failed_abort,
       failed_timeout = m.failed_timeout + EXCLUDED.failed_timeout,
       failed_evaluation = m.failed_evaluation + EXCLUDED.failed_evaluation,
       failed_other = m.failed_other + EXCLUDED.failed_other, errors = m.errors + EXCLUDED.errors`,
    [
      minute,
      col((a) => a.remote),
      col((a) => a.version),
      col((a) => a.loads),
      col((a) => a.loaded),
      failed('http404'),
      failed('abort'),
      failed('timeout'),
      failed('evaluation'),
      failed('other'),
      col((a) => a.errors),
    ],
  );
}

/** Adds web vitals to the histogram of every remote version that was on the page. */
export async function addVitals(
  q: Queryable,
  minute: Date,
  route: string,
  versions: [string, string][],
  vitals: { name: VitalName; value: number }[],
): Promise<void> {
  const rows: [string, string, string, number][] = [];
  for (const [remote, version] of versions) {
    for (const v of vitals) rows.push([remote, version, v.name, vitalBucket(v.name, v.value)]);
  }
  if (!rows.length) return;
  await q.query(
    `INSERT INTO rum_vitals AS v (remote, version, metric, route, minute, bucket, n)
     SELECT x.remote, x.version, x.metric, $1, $2, x.bucket, count(*)::int
       FROM unnest($3::text[], $4::text[], $5::text[], $6::int[]) AS x(remote, version, metric, bucket)
      GROUP BY x.remote, x.version, x.metric, x.bucket
     ON CONFLICT (remote, version, metric, route, minute, bucket) DO UPDATE SET n = v.n + EXCLUDED.n`,
    [route, minute, rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3])],
  );
}

interface MinuteSums {
  version: string;
  loads: number;
  loaded: number;
  failed_http404: number;
  failed_abort: number;
  failed_timeout: number;
  failed_evaluation: number;
  failed_other: number;
  errors: number;
}

/** Each version of `remote` seen since `since`: its counts and its vitals' p50 and p75. */
export async function versionHealth(q: Queryable, remote: string, since: Date): Promise<RumVersionHealth[]> {
  const sums = await q.query<MinuteSums>(
    `SELECT version, sum(loads)::int AS loads, sum(loaded)::int AS loaded, sum(failed_http404)::int AS failed_http404,
            sum(failed_abort)::int AS failed_abort, sum(failed_timeout)::int AS failed_timeout,
            sum(failed_evaluation)::int AS failed_evaluation, sum(failed_other)::int AS failed_other, sum(errors)::int AS errors
       FROM rum_minutes WHERE remote = $1 AND minute >= date_trunc('minute', $2::timestamptz) GROUP BY version ORDER BY sum(loads) DESC`,
    [remote, since],
  );
  const hist = await q.query<{ version: string; metric: VitalName; bucket: number; n: number }>(
    `SELECT version, metric, bucket, sum(n)::int AS n FROM rum_vitals WHERE remote = $1 AND minute >= date_trunc('minute', $2::timestamptz)
      GROUP BY version, metric, bucket`,
    [remote, since],
  );
  return sums.map((s) => {
    const failed = Object.fromEntries(LOAD_FAILURES.map((r) => [r, Number(s[`failed_${r}` as keyof MinuteSums])])) as Record<
      LoadFailure,
      number
    >;
    const vitals = Object.fromEntries(
      VITALS.map((metric) => {
        const h = hist
          .filter((r) => r.version === s.version && r.metric === metric)
          .map((r) => [Number(r.bucket), r.n] as [number, number]);
        return [
          metric,
          { p50: percentile(metric, h, 50), p75: percentile(metric, h, 75), samples: h.reduce((t, [, n]) => t + n, 0) },
        ];
      }),
    ) as RumVersionHealth['vitals'];
    return {
      version: s.version,
      loads: s.loads,
      loaded: s.loaded,
      failures: Object.values(failed).reduce((a, b) => a + b, 0),
      failed,
      errors: s.errors,
      vitals,
    };
  });
}

export interface SeriesPoint {
  /** the start of the slot (ISO) */
  t: string;
  loads: number;
  failures: number;
  errors: number;
  lcpP75: number | null;
  inpP75: number | null;
  clsP75: number | null;
}

/** Each version of `remote` since `since`, in slots of `slotMinutes`: counts and the vitals' p75, for charts. */
export async function versionSeries(
  q: Queryable,
  remote: string,
  since: Date,
  slotMinutes: number,
): Promise<{ version: string; points: SeriesPoint[] }[]> {
  const slot = `to_timestamp(floor(extract(epoch FROM minute) / ($3 * 60)) * ($3 * 60))`;
  const counts = await q.query<{ version: string; t: Date; loads: number; failures: number; errors: number }>(
    `SELECT version, ${slot} AS t, sum(loads)::int AS loads,
            sum(failed_http404 + failed_abort + failed_timeout + failed_evaluation + failed_other)::int AS failures,
            sum(errors)::int AS errors
       FROM rum_minutes WHERE remote = $1 AND minute >= date_trunc('minute', $2::timestamptz)
      GROUP BY 1, 2 ORDER BY 2`,
    [remote, since, slotMinutes],
  );
  const hist = await q.query<{ version: string; t: Date; metric: VitalName; bucket: number; n: number }>(
    `SELECT version, ${slot} AS t, metric, bucket, sum(n)::int AS n
       FROM rum_vitals WHERE remote = $1 AND minute >= date_trunc('minute', $2::timestamptz)
      GROUP BY 1, 2, 3, 4`,
    [remote, since, slotMinutes],
  );
  const byVersion = new Map<string, SeriesPoint[]>();
  for (const c of counts) {
    const t = new Date(c.t).toISOString();
    const p75 = (metric: VitalName) =>
      percentile(
        metric,
        hist
          .filter((h) => h.version === c.version && h.metric === metric && new Date(h.t).toISOString() === t)
          .map((h) => [Number(h.bucket), h.n] as [number, number]),
        75,
      );
    const list = byVersion.get(c.version) ?? [];
    list.push({
      t,
      loads: c.loads,
      failures: c.failures,
      errors: c.errors,
      lcpP75: p75('LCP'),
      inpP75: p75('INP'),
      clsP75: p75('CLS'),
    });
    byVersion.set(c.version, list);
  }
  return [...byVersion.entries()].map(([version, points]) => ({ version, points }));
}

/** Deletes what is older than `before`; the number of rows. */
export async function pruneRum(q: Queryable, before: Date): Promise<number> {
  const a = await q.query(`DELETE FROM rum_minutes WHERE minute < $1 RETURNING 1`, [before]);
  const b = await q.query(`DELETE FROM rum_vitals WHERE minute < $1 RETURNING 1`, [before]);
  return a.length + b.length;
}

/** One histogram cell of a web vital: `n` samples in `bucket` (see vitalBucket). */
export interface VitalCell {
  remote: string;
  version: string;
  metric: VitalName;
  route: string;
  bucket: number;
  n: number;
}

/** Adds counted histogram cells (the Redis buffer's flush) to their minute. */
export async function addVitalCells(q: Queryable, minute: Date, cells: VitalCell[]): Promise<void> {
  if (!cells.length) return;
  const col = <T>(f: (c: VitalCell) => T) => cells.map(f);
  await q.query(
    `INSERT INTO rum_vitals AS v (remote, version, metric, route, minute, bucket, n)
     SELECT x.remote, x.version, x.metric, x.route, $1, x.bucket, sum(x.n)::int
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[]) AS x(remote, version, metric, route, bucket, n)
      GROUP BY x.remote, x.version, x.metric, x.route, x.bucket
     ON CONFLICT (remote, version, metric, route, minute, bucket) DO UPDATE SET n = v.n + EXCLUDED.n`,
    [
      minute,
      col((c) => c.remote),
      col((c) => c.version),
      col((c) => c.metric),
      col((c) => c.route),
      col((c) => c.bucket),
      col((c) => c.n),
    ],
  );
}

/** Forgets the record of flushed batches older than `before` (they can no longer be retried). */
export async function pruneFlushes(q: Queryable, before: Date): Promise<void> {
  await q.query(`DELETE FROM rum_flushes WHERE flushed_at < $1`, [before]);
}
