// Login links carry a one-time code, never the token (issue 15, hardening 5): the code opens its
// session once, within a minute; it is stored hashed, and the table alone opens nothing.
import { createHash } from 'node:crypto';
import { opsCall } from '../../test-support/test-db';
import { createAuthTestApi, uniqueName, type AuthTestApi } from '../auth/auth.test-support';

jest.setTimeout(60_000);

let t: AuthTestApi;
beforeAll(async () => {
  t = await createAuthTestApi();
});
afterAll(() => t.dispose());

const handover = (code: string) => t.call({ url: '/wps/session/handover', body: { code } });

async function session(): Promise<{ token: string; loginCode: string }> {
  const account = uniqueName('ho');
  await t.member({ account, password: 'correct-horse-1' });
  const res = await opsCall(t.app, 'POST', '/ops/sessions', { account });
  expect(res.status).toBe(201);
  return res.body.value;
}

it("an operator's session comes with a one-time code that opens that session once", async () => {
  const { token, loginCode } = await session();
  expect(loginCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(loginCode).not.toBe(token);
  const first = await handover(loginCode);
  expect(first.status).toBe(200);
  expect(first.body.value).toEqual({ token });
  const again = await handover(loginCode);
  expect(again).toMatchObject({ status: 400, body: { errorCode: 'LOGIN_CODE_INVALID' } });
});

it('a code is stored hashed, and neither the code nor the token is readable in the table', async () => {
  const { token, loginCode } = await session();
  const rows = await t.db.query<Record<string, string>>('SELECT * FROM login_handovers');
  const dump = JSON.stringify(rows);
  expect(dump).not.toContain(loginCode);
  expect(dump).not.toContain(token);
  expect(dump).not.toContain(createHash('sha256').update(loginCode).digest('hex'));
});

it('a code older than a minute, an unknown one, or one of an ended session opens nothing', async () => {
  const old = await session();
  await t.db.query(`UPDATE login_handovers SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
  expect((await handover(old.loginCode)).body.errorCode).toBe('LOGIN_CODE_INVALID');

  expect((await handover('A'.repeat(43))).body.errorCode).toBe('LOGIN_CODE_INVALID');
  expect((await handover('not a code')).status).toBe(400);

  const ended = await session();
  expect((await t.call({ method: 'DELETE', url: '/wps/session/logout', token: ended.token })).status).toBe(200);
  expect((await handover(ended.loginCode)).body.errorCode).toBe('LOGIN_CODE_INVALID');
});

it('operators get a fresh code for a live session (the e2e links), never for a dead token', async () => {
  const { token } = await session();
  const res = await opsCall(t.app, 'POST', '/ops/sessions/login-codes', { token });
  expect(res.status).toBe(201);
  expect((await handover(res.body.value.loginCode)).body.value).toEqual({ token });
  expect((await opsCall(t.app, 'POST', '/ops/sessions/login-codes', { token: 'B'.repeat(43) })).status).toBe(404);
  // without the operator key there is no code at all
  const guest = await t.app.inject({ method: 'POST', url: '/ops/sessions/login-codes', payload: { token } });
  expect(guest.statusCode).toBe(401);
});
