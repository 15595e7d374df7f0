// Two API servers on one database and one Redis count failures together (scale-out).
// Runs when TEST_REDIS_URL (or REDIS_URL) is set; CI's .ci/run sets it.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { importSealKey, sealWith } from '@khela/api/seal-crypto';
import { buildApi } from '../../app';
import { createRedisRateLimiter, type RateLimiter } from '../../services/rate-limit';
import { createTestDb, opsCall, TEST_OPS_KEY, type TestDb } from '../../test-support/test-db';

jest.setTimeout(60_000);

const redisUrl = process.env.TEST_REDIS_URL || process.env.REDIS_URL;
const describeRedis = redisUrl ? describe : describe.skip;

describeRedis('login limits in Redis, across two servers', () => {
  let db: TestDb;
  const servers: FastifyInstance[] = [];
  const limiters: RateLimiter[] = [];
  beforeAll(async () => {
    db = await createTestDb({ migrated: true });
    const prefix = `khela:test:${randomBytes(6).toString('hex')}:`;
    for (let i = 0; i < 2; i++) {
      const limiter = createRedisRateLimiter(redisUrl!, { prefix });
      limiters.push(limiter);
      servers.push(
        await buildApi({
          db: db.db,
          opsKey: TEST_OPS_KEY,
          docsUi: false,
          settingsCacheMs: 0,
          migrate: i === 0,
          auth: { unsafeTestCrypto: true, limiter },
        }),
      );
    }
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    for (const l of limiters) await l.close();
    await db.dispose();
  });

  const login = async (server: FastifyInstance, password: string) => {
    const key = await importSealKey((await server.inject('/wps/crypto/key')).json().value);
    const payload = await sealWith(key, '/wps/session/login', { username: 'shared1', password, type: 'username' });
    return server.inject({ method: 'POST', url: '/wps/session/login', payload, remoteAddress: '10.9.0.1' });
  };

  test('failures on either server count for the captcha and the lock', async () => {
    expect((await opsCall(servers[0], 'POST', '/ops/members', { account: 'shared1', password: 'shared-pass-1' })).status).toBe(
      201,
    );
    // both servers share the sealing key through the database
    expect((await servers[0].inject('/wps/crypto/key')).json().value.kid).toBe(
      (await servers[1].inject('/wps/crypto/key')).json().value.kid,
    );
    const first = await login(servers[0], 'wrong-1-pass');
    const second = await login(servers[1], 'wrong-2-pass');
    const third = await login(servers[0], 'wrong-3-pass');
    expect([first.json().value, second.json().value, third.json().value]).toEqual([null, null, { captcha: true }]);
    expect((await login(servers[1], 'shared-pass-1')).json().errorCode).toBe('CAPTCHA_INVALID');
    await opsCall(servers[0], 'PUT', '/ops/settings/authLimits', { value: { accountCaptchaAfter: 100, accountLockAfter: 5 } });
    await login(servers[1], 'wrong-4-pass');
    const fifth = await login(servers[0], 'wrong-5-pass');
    expect(fifth.json().errorCode).toBe('US_INCORRECT_PASSWORD_MAX_TIMES_ERROR');
    expect((await login(servers[1], 'shared-pass-1')).json().errorCode).toBe('US_INCORRECT_PASSWORD_MAX_TIMES_ERROR');
  });
});

if (!redisUrl) test.skip('Redis limits (set TEST_REDIS_URL)', () => undefined);
