import type { AddressInfo } from 'node:net';
import { runOps } from '../../cli/ops';
import { createTestApi, opsCall, TEST_OPS_KEY } from '../../test-support/test-db';
import { createAuthTestApi, type AuthTestApi } from './auth.test-support';

jest.setTimeout(60_000);

let t: AuthTestApi;
beforeAll(async () => {
  t = await createAuthTestApi({ auth: { devOutbox: true } });
});
afterAll(() => t.dispose());

describe('POST /ops/members', () => {
  test('without a password, as before: the member cannot log in with any password', async () => {
    const res = await opsCall(t.app, 'POST', '/ops/members', { account: 'nopass1', nickname: 'N', type: 0 });
    expect(res.status).toBe(201);
    expect(res.body.value).toEqual({ id: expect.any(Number), account: 'nopass1', nickname: 'N', type: 0 });
    expect(await t.db.one('SELECT password_hash, must_change_password FROM members WHERE account = $1', ['nopass1'])).toEqual({
      password_hash: null,
      must_change_password: false,
    });
  });

  test('with an initial password flagged defaultPassword, a mobile, an e-mail and a language', async () => {
    const res = await opsCall(t.app, 'POST', '/ops/members', {
      account: 'Initial1',
      password: 'operator-set-1',
      defaultPassword: true,
      mobileNum: '01311000001',
      email: 'i1@example.com',
      language: 'EN',
    });
    expect(res.status).toBe(201);
    const row = await t.db.one<Record<string, unknown>>(
      'SELECT password_hash, must_change_password, password_changed_at IS NOT NULL AS dated, mobile_num, country_dialing_code, email, language FROM members WHERE account = $1',
      ['initial1'],
    );
    expect(row).toMatchObject({
      must_change_password: true,
      dated: true,
      mobile_num: '01311000001',
      country_dialing_code: '+880',
      email: 'i1@example.com',
      language: 'EN',
    });
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    const login = await t.call({
      url: '/wps/session/login',
      sealed: true,
      body: { username: 'initial1', password: 'operator-set-1', type: 'username' },
    });
    expect(login.body.value.defaultPassword).toBe(true);
  });

  test('the password policy applies; a taken account or mobile is 409; agents get an affiliate code', async () => {
    expect((await opsCall(t.app, 'POST', '/ops/members', { account: 'weak1', password: 'short' })).body.errorCode).toBe(
      'VALIDATION_FAILED',
    );
    expect((await opsCall(t.app, 'POST', '/ops/members', { account: 'weak2', password: 'password1' })).body.errorCode).toBe(
      'PASSWORD_TOO_COMMON',
    );
    expect((await opsCall(t.app, 'POST', '/ops/members', { account: 'initial1' })).body.errorCode).toBe(
      'US_CUSTOMER_EXIST_ERROR',
    );
    expect((await opsCall(t.app, 'POST', '/ops/members', { account: 'other1', mobileNum: '01311000001' })).body.errorCode).toBe(
      'CUSTOMER_MOBILE_NO_DUPLICATED',
    );
    for (const type of [1, 2, 41, 42]) {
      const agent = await opsCall(t.app, 'POST', '/ops/members', { account: `agent${type}`, type });
      expect(agent.body.value.affiliateCode).toMatch(/^[A-Z2-9]{8}$/);
    }
    expect((await opsCall(t.app, 'POST', '/ops/members', { account: 'plain9' })).body.value).not.toHaveProperty('affiliateCode');
    expect((await opsCall(t.app, 'POST', '/ops/members', { account: 'bad1', defaultPassword: 'yes' })).status).toBe(400);
  });
});

describe('the outbox', () => {
  test('GET /ops/outbox needs the key and answers the latest messages to one recipient', async () => {
    await t.app.auth.messenger.sendSms('+8801300000001', 'hello <b>there</b>');
    expect((await t.app.inject({ url: '/ops/outbox' })).statusCode).toBe(401);
    const res = await t.app.inject({ url: '/ops/outbox?to=%2B8801300000001', headers: { 'x-ops-key': TEST_OPS_KEY } });
    expect(res.json().value).toMatchObject([
      { channel: 'sms', recipient: '+8801300000001', subject: null, body: 'hello <b>there</b>', createdAt: expect.any(String) },
    ]);
    expect((await t.app.inject({ url: '/ops/outbox?limit=0', headers: { 'x-ops-key': TEST_OPS_KEY } })).statusCode).toBe(400);
  });

  test('GET /dev/outbox: an HTML page with every text escaped (only when enabled)', async () => {
    await t.app.auth.messenger.sendEmail('x@example.com', '<script>alert(1)</script>', 'body & "quotes"');
    const res = await t.app.inject({ url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).toContain('body &amp; &quot;quotes&quot;');
    expect(res.body).toContain('hello &lt;b&gt;there&lt;/b&gt;');
    const one = await t.app.inject({ url: '/dev/outbox?to=x%40example.com' });
    expect(one.body).not.toContain('hello &lt;b&gt;');
  });

  test('without KHELA_DEV / KHELA_DEV_OUTBOX the page does not exist', async () => {
    const plain = await createTestApi({ auth: { unsafeTestCrypto: true, devOutbox: false } });
    try {
      const res = await plain.app.inject({ url: '/dev/outbox' });
      expect(res.statusCode).toBe(404);
      expect(res.json().errorCode).toBe('NOT_FOUND');
    } finally {
      await plain.dispose();
    }
  });
});

describe('the sealing key', () => {
  test('GET /wps/crypto/key: the public key; POST /ops/crypto/rotate makes a new one, the old still opens bodies', async () => {
    const first = (await t.app.inject('/wps/crypto/key')).json().value;
    expect(first).toEqual({
      kid: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
      spki: expect.any(String),
      alg: 'RSA-OAEP-256+A256GCM',
    });
    const oldBody = await t.seal('/wps/session/login', { username: 'initial1', password: 'operator-set-1', type: 'username' });
    expect((await t.app.inject({ method: 'POST', url: '/ops/crypto/rotate' })).statusCode).toBe(401);
    const rotated = await opsCall(t.app, 'POST', '/ops/crypto/rotate');
    expect(rotated.body.value.kid).not.toBe(first.kid);
    expect((await t.app.inject('/wps/crypto/key')).json().value.kid).toBe(rotated.body.value.kid);
    expect((await t.app.inject({ method: 'POST', url: '/wps/session/login', payload: oldBody })).statusCode).toBe(200);
  });
});

describe('the API document', () => {
  test('documents every sign-in call', async () => {
    const doc = (await t.app.inject('/wps/docs/json')).json();
    for (const [path, method] of [
      ['/wps/session/login', 'post'],
      ['/wps/session/login/verification', 'post'],
      ['/wps/session/login/verification/send', 'post'],
      ['/wps/session/login/freeplay', 'post'],
      ['/wps/session/logout', 'delete'],
      ['/wps/captcha', 'get'],
      ['/wps/crypto/key', 'get'],
      ['/wps/member/info', 'get'],
      ['/wps/member/info/icon', 'get'],
      ['/wps/member/register', 'put'],
      ['/wps/member/register/mobile', 'put'],
      ['/wps/member/password', 'post'],
      ['/wps/member/password/email', 'post'],
      ['/wps/member/password/sms', 'post'],
      ['/wps/member/password/verification', 'post'],
      ['/wps/verification/sms/noLogin', 'post'],
      ['/wps/verification/sms/register', 'post'],
      ['/wps/agent/affiliate', 'get'],
      ['/wps/system/setting/register', 'get'],
    ]) {
      expect(doc.paths[path]?.[method]).toBeDefined();
    }
    expect(doc.paths['/ops/outbox'].get.tags).toEqual(['ops']); // apart, and left out in production
    expect(doc.paths['/wps/member/password/email'].post.requestBody.content).toHaveProperty('application/x-www-form-urlencoded');
  });
});

describe('the operator CLI', () => {
  test('create-member with a password, a mobile and an e-mail; an agent prints its code; outbox; rotate-seal-key', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const lines: string[] = [];
    const run = (...argv: string[]) => runOps(argv, { baseUrl, opsKey: TEST_OPS_KEY, print: (l) => lines.push(l) });
    await run(
      'create-member',
      'cliuser1',
      '--password',
      'cli-initial-9',
      '--default-password',
      '--mobile',
      '01411000001',
      '--email',
      'cli@example.com',
    );
    expect(lines.pop()).toMatch(/^member cliuser1 created \(id \d+, type 0\)$/);
    expect(
      await t.db.one('SELECT must_change_password, mobile_num, email FROM members WHERE account = $1', ['cliuser1']),
    ).toEqual({
      must_change_password: true,
      mobile_num: '01411000001',
      email: 'cli@example.com',
    });
    await run('create-member', 'cliagent1', '--type', '2');
    expect(lines.pop()).toMatch(/^invitation \(affiliate\) code: [A-Z2-9]{8}$/);
    await expect(run('create-member', 'cliuser2', '--default-password')).rejects.toThrow(/--password/);
    await expect(run('create-member', 'cliuser3', '--password', 'short')).rejects.toThrow(/VALIDATION_FAILED/);
    await t.app.auth.messenger.sendSms('+8801400000000', 'Khela: 123456 is your code');
    lines.length = 0;
    await run('outbox', '+8801400000000');
    expect(lines).toEqual([expect.stringMatching(/sms\s+\+8801400000000$/), '  Khela: 123456 is your code']);
    lines.length = 0;
    await run('rotate-seal-key');
    expect(lines[0]).toMatch(/^sealing key rotated: /);
  });
});

test('the cheap test crypto is refused in production', async () => {
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  process.env.KHELA_PRODUCTION_CHECKS = 'off'; // past the start-up refusals (production.test.ts), to this one
  try {
    await expect(createTestApi({ auth: { unsafeTestCrypto: true } })).rejects.toThrow(/tests only/);
  } finally {
    process.env.NODE_ENV = env;
    delete process.env.KHELA_PRODUCTION_CHECKS;
  }
});
