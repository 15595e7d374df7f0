// Rate limits and temporary locks: fixed-window counters keyed by purpose and subject
// ("login:ip:203.0.113.9", "sms:num:+880 01712345678"). In-process by default; in Redis when
// REDIS_URL is set, so every API server behind a load balancer counts together (DESIGN.md: API
// servers are stateless; rate-limit counters live in Redis).
import Redis from 'ioredis';
import { ApiError } from '../http/envelope';

export interface Hit {
  /** false once the window holds more than `limit` hits (this one included) */
  allowed: boolean;
  /** hits in the current window, this one included */
  count: number;
  /** when the window ends (ms from now) */
  retryAfterMs: number;
}

export interface RateLimiter {
  /** Counts one hit in the window of `key` (created with `windowMs` by its first hit). */
  hit(key: string, limit: number, windowMs: number): Promise<Hit>;
  /** Hits in the current window of `key`, without counting one (0 when there is none). */
  count(key: string): Promise<number>;
  /**
   * Takes back one hit of `key` (never below zero): a hit counted before the work it guards, for
   * work that turned out not to count (a right password, a refused captcha). Counting first and
   * undoing after is what makes a threshold hold against a burst of parallel requests.
   */
  undo(key: string): Promise<void>;
  /** Forgets the window of `key` (and a lock of the same key). */
  reset(key: string): Promise<void>;
  /** Locks `key` for `ms`. */
  lock(key: string, ms: number): Promise<void>;
  /** Milliseconds the lock of `key` still lasts (0 when not locked). */
  lockedFor(key: string): Promise<number>;
  close(): Promise<void>;
  readonly kind: 'memory' | 'redis';
}

/** One process's counters. Expired windows are swept as the map grows, so memory stays bounded. */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const locks = new Map<string, number>();
  let nextSweep = 0;
  const sweep = () => {
    const t = now();
    if (t < nextSweep && windows.size + locks.size < 100_000) return;
    nextSweep = t + 10_000;
    for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
    for (const [k, until] of locks) if (until <= t) locks.delete(k);
  };
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  return {
    kind: 'memory',
    async hit(key, limit, windowMs) {
      sweep();
      let w = live(key);
      if (!w) {
        w = { count: 0, resetAt: now() + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { allowed: w.count <= limit, count: w.count, retryAfterMs: Math.max(0, w.resetAt - now()) };
    },
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async undo(key) {
      const w = live(key);
      if (w && w.count > 0) w.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
      locks.delete(key);
    },
    async lock(key, ms) {
      sweep();
      locks.set(key, now() + ms);
    },
    async lockedFor(key) {
      const until = locks.get(key);
      if (until === undefined) return 0;
      const left = until - now();
      if (left <= 0) locks.delete(key);
      return Math.max(0, left);
    },
    async close() {
      windows.clear();
      locks.clear();
    },
  };
}

// INCR and, for the window's first hit, PEXPIRE, atomically; a key that lost its expiry (it
// cannot, but a manual SET could) gets it back, so no counter lives forever.
const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if c == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { c, ttl }`;

// DECR that never goes below zero nor creates a key (and so keeps the window's expiry)
const UNDO_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  if redis.call('DECR', KEYS[1]) <= 0 then redis.call('DEL', KEYS[1]) end
end
return 0`;

export interface RedisRateLimiterOptions {
  /** Key prefix (default "khela:rl:"); tests use their own. */
  prefix?: string;
}

/**
 * Counters in Redis: each hit is one atomic script (INCR + PEXPIRE). A Redis that cannot be
 * reached fails closed with 503 RATE_LIMIT_UNAVAILABLE: sign-in without its limits would invite
 * exactly the automated guessing they exist to stop.
 */
export function createRedisRateLimiter(url: string, opts: RedisRateLimiterOptions = {}): RateLimiter {
  const prefix = opts.prefix ?? 'khela:rl:';
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    disconnectTimeout: 200,
    enableAutoPipelining: true,
  });
  redis.on('error', () => undefined); // each command reports its own failure
  redis.defineCommand('khelaHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  redis.defineCommand('khelaUndo', { numberOfKeys: 1, lua: UNDO_SCRIPT });
  const guard = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch {
      throw new ApiError(503, 'RATE_LIMIT_UNAVAILABLE', 'Service temporarily unavailable, try again');
    }
  };
  const windowKey = (key: string) => `${prefix}w:${key}`;
  const lockKey = (key: string) => `${prefix}l:${key}`;
  return {
    kind: 'redis',
    hit: (key, limit, windowMs) =>
      guard(async () => {
        const [count, ttl] = (await (redis as unknown as { khelaHit(k: string, ms: number): Promise<[number, number]> }).khelaHit(
          windowKey(key),
          Math.max(1, Math.ceil(windowMs)),
        )) as [number, number];
        return { allowed: count <= limit, count, retryAfterMs: Math.max(0, ttl) };
      }),
    count: (key) => guard(async () => Number((await redis.get(windowKey(key))) ?? 0)),
    undo: (key) =>
      guard(async () => {
        await (redis as unknown as { khelaUndo(k: string): Promise<number> }).khelaUndo(windowKey(key));
      }),
    reset: (key) =>
      guard(async () => {
        await redis.del(windowKey(key), lockKey(key));
      }),
    lock: (key, ms) =>
      guard(async () => {
        await redis.set(lockKey(key), '1', 'PX', Math.max(1, Math.ceil(ms)));
      }),
    lockedFor: (key) => guard(async () => Math.max(0, await redis.pttl(lockKey(key)))),
    close: async () => {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect(); // also stops reconnecting
    },
  };
}

/** Redis when a URL is given (REDIS_URL), otherwise in-process counters. */
export function createRateLimiter(redisUrl: string | undefined = process.env.REDIS_URL || undefined): RateLimiter {
  return redisUrl ? createRedisRateLimiter(redisUrl) : createMemoryRateLimiter();
}

/** Seconds to tell a client to wait: at least 1. */
export const retrySeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
