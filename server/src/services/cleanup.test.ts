// The hourly clean-up and the per-member launch limit (issue 15, hardening 12).
import type { FastifyInstance } from 'fastify';
import { createTestApi, opsCall, type TestDb } from '../test-support/test-db';
import { LAUNCHES_PER_MINUTE } from '../domains/game/launch.routes';

jest.setTimeout(60_000);

let t: TestDb & { app: FastifyInstance };
let memberId: number;
let token: string;
beforeAll(async () => {
  t = await createTestApi({ auth: { unsafeTestCrypto: true } });
  memberId = (await opsCall(t.app, 'POST', '/ops/members', { account: 'cleanup1', type: 0 })).body.value.id;
  token = (await opsCall(t.app, 'POST', '/ops/sessions', { account: 'cleanup1' })).body.value.token;
});
afterAll(() => t.dispose());

it('deletes what ended long ago (captchas, codes, sessions) and keeps what is live or recent', async () => {
  await t.db.query(
    `INSERT INTO captchas (id, answer_hash, ip, expires_at) VALUES
       ('old-captcha', 'h', '1.1.1.1', now() - interval '2 hours'), ('new-captcha', 'h', '1.1.1.1', now() + interval '5 minutes')`,
  );
  await t.db.query(
    `INSERT INTO verification_codes (purpose, target, code_hash, expires_at) VALUES
       ('login', 'old', 'h', now() - interval '2 days'), ('login', 'recent', 'h', now() - interval '1 hour')`,
  );
  await t.db.query(
    `INSERT INTO sessions (token_hash, member_id, expires_at, idle_timeout_s, revoked_at) VALUES
       ('old-expired', $1, now() - interval '31 days', 60, NULL), ('old-revoked', $1, now() + interval '1 day', 60, now() - interval '40 days'),
       ('recently-ended', $1, now() - interval '1 day', 60, NULL)`,
    [memberId],
  );
  expect(await t.app.jobs.runNow('platform.cleanup')).toBe(true);
  expect((await t.db.query<{ id: string }>(`SELECT id FROM captchas WHERE id LIKE '%-captcha'`)).map((r) => r.id)).toEqual([
    'new-captcha',
  ]);
  expect((await t.db.query<{ target: string }>(`SELECT target FROM verification_codes`)).map((r) => r.target)).toEqual([
    'recent',
  ]);
  const sessions = (
    await t.db.query<{ token_hash: string }>(`SELECT token_hash FROM sessions WHERE member_id = $1`, [memberId])
  ).map((r) => r.token_hash);
  expect(sessions).toContain('recently-ended');
  expect(sessions).not.toContain('old-expired');
  expect(sessions).not.toContain('old-revoked');
  // the live sign-in is untouched
  expect((await t.app.inject({ url: '/wps/member/info', headers: { authorization: token } })).statusCode).toBe(200);
});

it(`refuses a member's launch past ${LAUNCHES_PER_MINUTE} a minute with 429 TOO_MANY_LAUNCHES`, async () => {
  const launch = () => t.app.inject({ url: '/wps/game/launchGame?gameId=NO_SUCH_GAME_X', headers: { authorization: token } });
  const answers = await Promise.all(Array.from({ length: LAUNCHES_PER_MINUTE + 5 }, launch));
  const statuses = answers.map((a) => a.statusCode);
  expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  expect(statuses.filter((s) => s !== 429).every((s) => s === 404)).toBe(true);
  const refused = answers.find((a) => a.statusCode === 429)!;
  expect(refused.json().errorCode).toBe('TOO_MANY_LAUNCHES');
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
});
