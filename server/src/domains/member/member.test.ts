import type { FastifyInstance } from 'fastify';
import { hashToken } from '../../http/auth';
import { createTestApi, opsCall, type TestDb } from '../../test-support/test-db';

let t: TestDb & { app: FastifyInstance };
let seq = 0;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.dispose());

/** A new member and a live session token for it. */
async function signedIn(type = 0) {
  const account = `player${++seq}`;
  const member = await opsCall(t.app, 'POST', '/ops/members', { account, nickname: `Nick ${seq}`, type });
  expect(member.status).toBe(201);
  const session = await opsCall(t.app, 'POST', '/ops/sessions', { account });
  return { id: member.body.value.id as number, account, token: session.body.value.token as string };
}

const info = (authorization?: string) =>
  t.app.inject({ url: '/wps/member/info', headers: authorization === undefined ? {} : { authorization } });

const expectNotLoggedIn = async (authorization?: string) => {
  const res = await info(authorization);
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ success: false, message: 'Not logged in, please login', value: null, errorCode: 'NOT_LOGGED_IN' });
};

describe('GET /wps/member/info', () => {
  it('answers the member for a raw token, and for "Bearer <token>"', async () => {
    const m = await signedIn(4);
    const expected = { success: true, message: 'OK', value: { id: m.id, account: m.account, nickname: `Nick ${seq}`, type: 4 } };
    expect((await info(m.token)).json()).toEqual(expected);
    expect((await info(`Bearer ${m.token}`)).json()).toEqual(expected);
  });

  it('refuses a missing or garbage token', async () => {
    await expectNotLoggedIn();
    await expectNotLoggedIn('');
    await expectNotLoggedIn('garbage');
    await expectNotLoggedIn('A'.repeat(43)); // well-formed, unknown
  });

  it('refuses a session idle for too long, and one past its absolute expiry', async () => {
    const idle = await signedIn();
    await t.db.query(`UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE token_hash = $1`, [
      hashToken(idle.token),
    ]);
    await expectNotLoggedIn(idle.token);

    const old = await signedIn();
    await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      hashToken(old.token),
    ]);
    await expectNotLoggedIn(old.token);
  });

  it('refuses a revoked session', async () => {
    const m = await signedIn();
    await t.db.query(`UPDATE sessions SET revoked_at = now() WHERE token_hash = $1`, [hashToken(m.token)]);
    await expectNotLoggedIn(m.token);
  });

  it('slides the idle expiry at most once a minute, and stores only the token hash', async () => {
    const m = await signedIn();
    const seen = () =>
      t.db.one<{ last_seen_at: Date }>('SELECT last_seen_at FROM sessions WHERE token_hash = $1', [hashToken(m.token)]);
    const first = (await seen())!.last_seen_at.getTime();
    await info(m.token);
    expect((await seen())!.last_seen_at.getTime()).toBe(first); // fresh: not rewritten
    await t.db.query(`UPDATE sessions SET last_seen_at = now() - interval '20 minutes' WHERE token_hash = $1`, [
      hashToken(m.token),
    ]);
    expect((await info(m.token)).statusCode).toBe(200);
    expect(Date.now() - (await seen())!.last_seen_at.getTime()).toBeLessThan(60_000);
    expect(await t.db.one('SELECT 1 FROM sessions WHERE token_hash = $1', [m.token])).toBeNull();
  });
});

describe('PUT /wps/member/language', () => {
  const put = (language: string, authorization?: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/wps/member/language',
      payload: { language },
      headers: authorization ? { authorization } : {},
    });

  it("stores a member's language", async () => {
    const m = await signedIn();
    const res = await put('EN', m.token);
    expect(res.json()).toEqual({ success: true, message: 'OK', value: { language: 'EN', stored: true } });
    expect(await t.db.one('SELECT language FROM members WHERE id = $1', [m.id])).toEqual({ language: 'EN' });
  });

  it('accepts a guest call without storing anything', async () => {
    const res = await put('BN');
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ language: 'BN', stored: false });
  });
});

describe('GET /wps/member/info/icon', () => {
  const icon = (authorization?: string) =>
    t.app.inject({ url: '/wps/member/info/icon', headers: authorization === undefined ? {} : { authorization } });

  it("answers an SVG avatar as a data URL: the nickname's initials on a colour from the id", async () => {
    const m = await signedIn();
    await t.db.query(`UPDATE members SET nickname = 'রহিম খান' WHERE id = $1`, [m.id]);
    const res = await icon(m.token);
    expect(res.statusCode).toBe(200);
    const { value } = res.json();
    expect(value).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(value.split(',')[1], 'base64').toString();
    expect(svg).toContain('>রখ</text>');
    expect(svg).toContain(`hsl(${Math.round((m.id * 137.508) % 360)},55%,42%)`);
  });

  it('escapes the nickname and refuses a guest', async () => {
    const m = await signedIn();
    await t.db.query(`UPDATE members SET nickname = '&b <i>' WHERE id = $1`, [m.id]);
    const svg = Buffer.from((await icon(m.token)).json().value.split(',')[1], 'base64').toString();
    expect(svg).toContain('>&amp;&lt;</text>');
    expect((await icon()).statusCode).toBe(401);
    expect((await icon('garbage')).json().errorCode).toBe('NOT_LOGGED_IN');
  });
});
