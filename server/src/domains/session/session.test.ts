import type { FastifyInstance } from 'fastify';
import { createTestApi, opsCall, type TestDb } from '../../test-support/test-db';

let t: TestDb & { app: FastifyInstance };
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.dispose());

describe('DELETE /wps/session/logout', () => {
  it('revokes the token: member info refuses it afterwards, and a repeat still succeeds', async () => {
    await opsCall(t.app, 'POST', '/ops/members', { account: 'leaver', nickname: 'L', type: 0 });
    const token = (await opsCall(t.app, 'POST', '/ops/sessions', { account: 'leaver' })).body.value.token as string;
    expect((await t.app.inject({ url: '/wps/member/info', headers: { authorization: token } })).statusCode).toBe(200);

    const out = await t.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: { authorization: token } });
    expect(out.json()).toEqual({ success: true, message: 'OK', value: null });
    expect((await t.app.inject({ url: '/wps/member/info', headers: { authorization: token } })).statusCode).toBe(401);

    const again = await t.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: { authorization: token } });
    expect(again.statusCode).toBe(200);
  });

  it('answers success without a token and changes nothing', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/wps/session/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
  });
});
