import type { FastifyInstance } from 'fastify';
import { createTestApi, opsCall, type TestDb } from '../../test-support/test-db';
import { maskAccount } from './referral.routes';

jest.setTimeout(60_000);

let t: TestDb & { app: FastifyInstance };
let seq = 0;
beforeAll(async () => {
  t = await createTestApi({ settingsCacheMs: 0 });
});
afterAll(() => t.dispose());

async function signedIn(type = 0) {
  const account = `ref${Date.now().toString(36).slice(-4)}${++seq}`;
  const created = await opsCall(t.app, 'POST', '/ops/members', { account, type });
  const session = await opsCall(t.app, 'POST', '/ops/sessions', { account });
  return { id: created.body.value.id as number, account, token: session.body.value.token as string };
}
const referral = async (token?: string) => {
  const res = await t.app.inject({ url: '/wps/member/referral', headers: token ? { authorization: token } : {} });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read the answer's JSON
  return { status: res.statusCode, body: res.json() as { value: any; errorCode?: string } };
};

it('a guest gets 401, a trial account 403; players and agents their page', async () => {
  expect(await referral()).toMatchObject({ status: 401, body: { errorCode: 'NOT_LOGGED_IN' } });
  expect(await referral((await signedIn(4)).token)).toMatchObject({ status: 403, body: { errorCode: 'NEED_REAL_ACCOUNT' } });
  for (const type of [0, 1, 42]) expect((await referral((await signedIn(type)).token)).status).toBe(200);
});

it('answers the code, and counts and lists (masked) who registered with it, in any case', async () => {
  const me = await signedIn();
  const friends = [await signedIn(), await signedIn(), await signedIn()];
  await t.db.query(`UPDATE members SET referral_code = $2 WHERE id = $1`, [friends[0].id, me.account.toUpperCase()]);
  await t.db.query(`UPDATE members SET referral_code = $2 WHERE id = $1`, [friends[1].id, me.account]);
  await t.db.query(`UPDATE members SET referral_code = 'SOMEONEELSE' WHERE id = $1`, [friends[2].id]);
  const res = await referral(me.token);
  expect(res.body.value).toEqual({
    code: me.account.toUpperCase(),
    invited: 2,
    list: [
      { account: maskAccount(friends[1].account), joinedAt: expect.any(String) },
      { account: maskAccount(friends[0].account), joinedAt: expect.any(String) },
    ],
  });
  expect(JSON.stringify(res.body)).not.toContain(friends[0].account);
});

it('is refused while REFERRAL3 is off', async () => {
  const me = await signedIn();
  expect((await opsCall(t.app, 'PUT', '/ops/whitelabel/REFERRAL3', { enabled: false })).status).toBe(200);
  try {
    expect(await referral(me.token)).toMatchObject({ status: 403, body: { errorCode: 'FEATURE_DISABLED' } });
  } finally {
    await opsCall(t.app, 'PUT', '/ops/whitelabel/REFERRAL3', { enabled: true });
  }
});

it('masks accounts', () => {
  expect(maskAccount('rahim01')).toBe('ra***1');
  expect(maskAccount('abc')).toBe('a***');
});
