// Sign-ins end when they should (issue 15, hardening 9): a logout also revokes the remember token its
// sign-in was given; a sign-in with an e-mailed temporary password ends every other sign-in.
import { createAuthTestApi, uniqueName, type AuthTestApi } from '../auth/auth.test-support';

jest.setTimeout(60_000);

let t: AuthTestApi;
beforeAll(async () => {
  t = await createAuthTestApi();
});
afterAll(() => t.dispose());

const PASSWORD = 'correct-horse-1';
const IP = '10.8.0.1';
const device = 'device-revocation-test-0001';
const login = (body: Record<string, unknown>) =>
  t.call({ url: '/wps/session/login', sealed: true, body: { type: 'username', ...body }, ip: IP });
const info = (token: string) => t.call({ method: 'GET', url: '/wps/member/info', token, ip: IP });

it('a logout revokes the remember token its sign-in was given, and only that one', async () => {
  const account = uniqueName('rm');
  await t.member({ account, password: PASSWORD });
  const here = (await login({ username: account, password: PASSWORD, remember: true, deviceId: device })).body.value;
  const there = (await login({ username: account, password: PASSWORD, remember: true, deviceId: `${device}-2` })).body.value;
  expect((await t.call({ method: 'DELETE', url: '/wps/session/logout', token: here.token, ip: IP })).status).toBe(200);
  const again = await login({
    type: 'remember',
    username: account,
    password: '',
    rememberToken: here.rememberToken,
    deviceId: device,
  });
  expect(again.body.errorCode).toBe('REMEMBER_TOKEN_INVALID');
  // the other device's sign-in and its remember token are untouched
  const other = await login({
    type: 'remember',
    username: account,
    password: '',
    rememberToken: there.rememberToken,
    deviceId: `${device}-2`,
  });
  expect(other.status).toBe(200);
});

it('a sign-in with the e-mailed temporary password ends every other sign-in and remember token', async () => {
  const account = uniqueName('tp');
  const email = `${account}@example.com`;
  await t.member({ account, password: PASSWORD, email, language: 'EN' });
  const earlier = (await login({ username: account, password: PASSWORD, remember: true, deviceId: device })).body.value;
  expect((await info(earlier.token)).status).toBe(200);
  const forgot = await t.call({ url: '/wps/member/password/email', body: { username: account, email }, ip: IP });
  expect(forgot.status).toBe(200);
  const temporary = (await t.outbox(email))[0].body.match(/password: (\S+)/i)![1];
  const withTemp = await login({ username: account, password: temporary });
  expect(withTemp.status).toBe(200);
  expect((await info(earlier.token)).status).toBe(401);
  expect((await info(withTemp.body.value.token)).status).toBe(200);
  const remembered = await login({
    type: 'remember',
    username: account,
    password: '',
    rememberToken: earlier.rememberToken,
    deviceId: device,
  });
  expect(remembered.body.errorCode).toBe('REMEMBER_TOKEN_INVALID');
});
