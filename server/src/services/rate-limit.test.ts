import { randomBytes } from 'node:crypto';
import { createMemoryRateLimiter, createRedisRateLimiter, retrySeconds, type RateLimiter } from './rate-limit';

// The same behaviour from both implementations: in-process always, Redis when one is configured
// (TEST_REDIS_URL, else REDIS_URL; CI's .ci/run sets TEST_REDIS_URL).
const redisUrl = process.env.TEST_REDIS_URL || process.env.REDIS_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const kinds: [string, () => RateLimiter][] = [['memory', () => createMemoryRateLimiter()]];
if (redisUrl)
  kinds.push(['redis', () => createRedisRateLimiter(redisUrl, { prefix: `khela:test:${randomBytes(6).toString('hex')}:` })]);
else test.skip('redis (set TEST_REDIS_URL to run the Redis implementation)', () => undefined);

describe.each(kinds)('%s rate limiter', (_kind, make) => {
  let rl: RateLimiter;
  beforeAll(() => {
    rl = make();
  });
  afterAll(() => rl.close());

  test('counts hits in a window and refuses past the limit, with the time left', async () => {
    const hits = [];
    for (let i = 0; i < 4; i++) hits.push(await rl.hit('a', 3, 60_000));
    expect(hits.map((h) => [h.allowed, h.count])).toEqual([
      [true, 1],
      [true, 2],
      [true, 3],
      [false, 4],
    ]);
    expect(hits[3].retryAfterMs).toBeGreaterThan(55_000);
    expect(hits[3].retryAfterMs).toBeLessThanOrEqual(60_000);
    expect(await rl.count('a')).toBe(4);
    expect(await rl.count('never')).toBe(0);
  });

  test('a window ends: the counter starts again', async () => {
    await rl.hit('short', 1, 150);
    expect((await rl.hit('short', 1, 150)).allowed).toBe(false);
    await sleep(250);
    expect(await rl.count('short')).toBe(0);
    expect(await rl.hit('short', 1, 150)).toMatchObject({ allowed: true, count: 1 });
  });

  test('keys are independent; reset forgets a window and its lock', async () => {
    await rl.hit('k1', 1, 60_000);
    await rl.hit('k1', 1, 60_000);
    expect((await rl.hit('k2', 1, 60_000)).allowed).toBe(true);
    await rl.lock('k1', 60_000);
    await rl.reset('k1');
    expect(await rl.count('k1')).toBe(0);
    expect(await rl.lockedFor('k1')).toBe(0);
  });

  test('locks last their time', async () => {
    expect(await rl.lockedFor('l')).toBe(0);
    await rl.lock('l', 200);
    const left = await rl.lockedFor('l');
    expect(left).toBeGreaterThan(100);
    expect(left).toBeLessThanOrEqual(200);
    await sleep(300);
    expect(await rl.lockedFor('l')).toBe(0);
  });

  test('concurrent hits are all counted (atomic increments)', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => rl.hit('burst', 10, 60_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  test('undo takes back one hit, never below zero, and creates no window', async () => {
    await rl.hit('u', 5, 60_000);
    await rl.hit('u', 5, 60_000);
    await Promise.all([rl.undo('u'), rl.undo('u'), rl.undo('u')]);
    expect(await rl.count('u')).toBe(0);
    await rl.undo('never');
    expect(await rl.count('never')).toBe(0);
    expect(await rl.hit('u', 5, 60_000)).toMatchObject({ count: 1 });
  });
});

test('the memory limiter sweeps ended windows', async () => {
  let now = 0;
  const rl = createMemoryRateLimiter(() => now);
  for (let i = 0; i < 1000; i++) await rl.hit(`k${i}`, 1, 1000);
  now = 20_000;
  await rl.hit('fresh', 1, 1000); // triggers a sweep
  expect(await rl.count('k1')).toBe(0);
  expect(await rl.count('fresh')).toBe(1);
});

test('an unreachable Redis fails closed with 503 RATE_LIMIT_UNAVAILABLE', async () => {
  const rl = createRedisRateLimiter('redis://127.0.0.1:1', { prefix: 'x:' });
  await expect(rl.hit('a', 1, 1000)).rejects.toMatchObject({ statusCode: 503, errorCode: 'RATE_LIMIT_UNAVAILABLE' });
  await rl.close();
});

test('retry seconds round up and are at least 1', () => {
  expect(retrySeconds(0)).toBe(1);
  expect(retrySeconds(1001)).toBe(2);
});
