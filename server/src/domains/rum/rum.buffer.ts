import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { LOAD_FAILURES, VITALS, type RumArea, type VitalName } from '@khela/api/rum';
import type { RemoteName } from '@khela/api/remotes';
import type { Db } from '../../db/db';
import { addAreas, addVitalCells, addVitals, type VitalCell } from './rum.repo';
import { vitalBucket } from './rum.rules';

/**
 * Where beacons' counts go (issue 18). Without Redis, straight into the database (one upsert per
 * beacon). With Redis, into per-minute hashes per remote version (HINCRBY, one MULTI per beacon),
 * which `flush()` moves into the database every few seconds and before every read, so a busy
 * minute costs the database one upsert per version instead of one per page.
 *
 * Each count lands in the database exactly once, with any number of instances flushing at once:
 * - a flush claims the pending hashes atomically (a script RENAMEs each one into a batch of its own),
 *   so two instances never read the same hash, and a beacon counted after the claim goes into a
 *   new hash for the next flush;
 * - the batch is added to the database in one transaction that also records the batch's id
 *   (rum_flushes), then deleted from Redis. A batch left behind by an instance that died between
 *   the two is taken up by the next flush of any instance, and the recorded id keeps it from
 *   counting twice.
 */
export interface RumSink {
  readonly kind: 'db' | 'redis';
  add(
    minute: Date,
    route: string,
    areas: RumArea[],
    versions: [string, string][],
    vitals: { name: VitalName; value: number }[],
  ): Promise<void>;
  /** Moves what is buffered into the database (nothing to do without Redis); the number of hashes moved. */
  flush(): Promise<number>;
  close(): Promise<void>;
}

export function createDbSink(db: Db): RumSink {
  return {
    kind: 'db',
    add: (minute, route, areas, versions, vitals) =>
      db.tx(async (q) => {
        await addAreas(q, minute, areas);
        await addVitals(q, minute, route, versions, vitals);
      }),
    flush: async () => 0,
    close: async () => undefined,
  };
}

export interface RedisSinkOptions {
  /** key prefix (default "khela:rum:"); tests use their own */
  prefix?: string;
  /** a batch older than this with no flush recorded is taken up by any instance (default 60 s) */
  orphanMs?: number;
  /** the clock of batch ids (tests) */
  now?: () => number;
  /** where beacons go when Redis fails (the database: a signal is better late than lost) */
  fallback: RumSink;
}

/** KEYS[1] the set of pending hashes, KEYS[2] the new batch's set; ARGV[1] the prefix of the batch's hashes. */
const CLAIM = `
local pending = redis.call('SMEMBERS', KEYS[1])
redis.call('DEL', KEYS[1])
local n = 0
for _, key in ipairs(pending) do
  if redis.call('EXISTS', key) == 1 then
    local dest = ARGV[1] .. key
    redis.call('RENAME', key, dest)
    redis.call('SADD', KEYS[2], dest)
    n = n + 1
  end
end
return n`;

const SEP = '|';
/** the fields of a version's minute hash besides the vitals' cells (`v|route|metric|bucket`) */
const FAILED = (reason: string) => `f:${reason}`;
const DAY_S = 86_400;

export function createRedisSink(db: Db, url: string, opts: RedisSinkOptions): RumSink {
  const prefix = opts.prefix ?? 'khela:rum:';
  const now = opts.now ?? Date.now;
  const orphanMs = opts.orphanMs ?? 60_000;
  const redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000, disconnectTimeout: 200 });
  redis.on('error', () => undefined); // each command reports its own failure
  redis.defineCommand('khelaRumClaim', { numberOfKeys: 2, lua: CLAIM });
  const pendingKey = `${prefix}pending`;
  const hashKey = (minute: Date, remote: string, version: string) =>
    `${prefix}h:${minute.getTime()}${SEP}${remote}${SEP}${version}`;
  let flushing: Promise<number> = Promise.resolve(0);

  async function add(
    minute: Date,
    route: string,
    areas: RumArea[],
    versions: [string, string][],
    vitals: { name: VitalName; value: number }[],
  ): Promise<void> {
    const m = redis.multi();
    const touched = new Set<string>();
    for (const a of areas) {
      const key = hashKey(minute, a.remote, a.version);
      touched.add(key);
      m.hincrby(key, 'loads', a.loads).hincrby(key, 'loaded', a.loaded).hincrby(key, 'errors', a.errors);
      for (const r of LOAD_FAILURES) if (a.failed[r]) m.hincrby(key, FAILED(r), a.failed[r]!);
    }
    for (const [remote, version] of versions) {
      const key = hashKey(minute, remote, version);
      for (const v of vitals) {
        touched.add(key);
        m.hincrby(key, ['v', route, v.name, vitalBucket(v.name, v.value)].join(SEP), 1);
      }
    }
    if (!touched.size) return;
    for (const key of touched) m.expire(key, DAY_S);
    m.sadd(pendingKey, ...touched);
    try {
      const results = await m.exec();
      const failed = results?.find(([err]) => err);
      if (!results || failed) throw failed?.[0] ?? new Error('MULTI aborted');
    } catch {
      await opts.fallback.add(minute, route, areas, versions, vitals);
    }
  }

  /** Adds one claimed batch to the database (once: its id is recorded in the same transaction), then drops it. */
  async function settle(batchKey: string): Promise<number> {
    const keys = await redis.smembers(batchKey);
    const pipe = redis.pipeline();
    for (const key of keys) pipe.hgetall(key);
    const hashes = ((await pipe.exec()) ?? []).map(([err, value]) => {
      if (err) throw err;
      return value as Record<string, string>;
    });
    const byMinute = new Map<number, { areas: RumArea[]; cells: VitalCell[] }>();
    keys.forEach((key, i) => {
      const [minute, remote, version] = key.slice(key.lastIndexOf(`${prefix}h:`) + prefix.length + 2).split(SEP);
      const h = hashes[i];
      const slot = byMinute.get(Number(minute)) ?? { areas: [], cells: [] };
      byMinute.set(Number(minute), slot);
      const n = (field: string) => Number(h[field] ?? 0);
      if ('loads' in h)
        slot.areas.push({
          remote: remote as RemoteName,
          version,
          loads: n('loads'),
          loaded: n('loaded'),
          errors: n('errors'),
          failed: Object.fromEntries(LOAD_FAILURES.map((r) => [r, n(FAILED(r))])),
        });
      for (const [field, value] of Object.entries(h)) {
        if (!field.startsWith(`v${SEP}`)) continue;
        const [, route, metric, bucket] = field.split(SEP);
        if (!(VITALS as readonly string[]).includes(metric)) continue;
        slot.cells.push({ remote, version, metric: metric as VitalName, route, bucket: Number(bucket), n: Number(value) });
      }
    });
    await db.tx(async (q) => {
      const first = await q.query(`INSERT INTO rum_flushes (batch) VALUES ($1) ON CONFLICT (batch) DO NOTHING RETURNING 1`, [
        batchKey,
      ]);
      if (!first.length) return; // another instance added this batch already
      for (const [minute, slot] of byMinute) {
        await addAreas(q, new Date(minute), slot.areas);
        await addVitalCells(q, new Date(minute), slot.cells);
      }
    });
    await redis.del(batchKey, ...keys);
    return keys.length;
  }

  /** Batches claimed over `orphanMs` ago and never dropped: their instance died mid-flush. */
  async function orphans(): Promise<string[]> {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}b:*`, 'COUNT', 200);
      cursor = next;
      for (const key of keys) {
        // a batch's set (b:<ms>:<id>), not one of its hashes (b:<ms>:<id>:<prefix>h:...)
        const m = /^(\d+):[0-9a-f]{12}$/.exec(key.slice(`${prefix}b:`.length));
        if (m && now() - Number(m[1]) > orphanMs) found.push(key);
      }
    } while (cursor !== '0');
    return found;
  }

  async function flushOnce(): Promise<number> {
    let moved = 0;
    for (const orphan of await orphans()) moved += await settle(orphan);
    const batchKey = `${prefix}b:${now()}:${randomBytes(6).toString('hex')}`;
    const claimed = await (redis as unknown as { khelaRumClaim(a: string, b: string, c: string): Promise<number> }).khelaRumClaim(
      pendingKey,
      batchKey,
      `${batchKey}:`,
    );
    if (claimed > 0) moved += await settle(batchKey);
    return moved;
  }

  return {
    kind: 'redis',
    add,
    // one flush at a time per instance: a read waits for the flush in progress, then flushes again
    flush: () => (flushing = flushing.catch(() => 0).then(flushOnce)),
    close: async () => {
      await flushing.catch(() => 0);
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
