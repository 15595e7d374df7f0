import { hash as argon2Hash } from '@node-rs/argon2';
import { hashToken } from '../../http/auth';
import { createAuthTestApi, snapshot, uniqueName, type AuthTestApi } from '../auth/auth.test-support';

jest.setTimeout(60_000);

let t: AuthTestApi;
beforeAll(async () => {
  t = await createAuthTestApi();
});
afterAll(() => t.dispose());

// Failures are counted per IP too: each test logs in from its own address.
let ipSeq = 0;
const nextIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const PASSWORD = 'correct-horse-1';
const LOGIN = '/wps/session/login';

async function player(extra: Record<string, unknown> = {}) {
  const account = uniqueName('p');
  const m = await t.member({ account, password: PASSWORD, ...extra });
  return { ...m, account };
}

const login = (body: Record<string, unknown>, opts: { ip?: string; token?: string } = {}) =>
  t.call({ url: LOGIN, sealed: true, body: { type: 'username', ...body }, ...opts });

describe('login by password', () => {
  it('answers the LoginValue, stores only the token hash, records the IP; firstTimeLogin only the first time', async () => {
    const m = await player();
    const ip = nextIp();
    const res = await login({ username: m.account, password: PASSWORD }, { ip });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'OK',
      value: {
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        firstTimeLogin: true,
        passwordExpired: false,
        defaultPassword: false,
        member: { id: m.id, account: m.account, nickname: m.account, type: 0 },
      },
    });
    const token = res.body.value.token;
    expect(await t.db.one('SELECT 1 FROM sessions WHERE token_hash = $1', [hashToken(token)])).not.toBeNull();
    expect(await t.db.one('SELECT 1 FROM sessions WHERE token_hash = $1', [token])).toBeNull();
    expect(await t.db.query('SELECT ip FROM member_known_ips WHERE member_id = $1', [m.id])).toEqual([{ ip }]);
    expect((await t.call({ method: 'GET', url: '/wps/member/info', token })).body.value.account).toBe(m.account);

    const again = await login({ username: m.account.toUpperCase(), password: PASSWORD }, { ip });
    expect(again.body.value.firstTimeLogin).toBe(false);
    expect(again.body.value.token).not.toBe(token);
  });

  it('accepts the bound mobile number in place of the account', async () => {
    const m = await player({ mobileNum: '01811000001' });
    const res = await login({ username: '01811000001', password: PASSWORD }, { ip: nextIp() });
    expect(res.body.value.member.account).toBe(m.account);
  });

  it('rotates: a token sent with the login is revoked, the answer carries a new one', async () => {
    const m = await player();
    const ip = nextIp();
    const first = (await login({ username: m.account, password: PASSWORD }, { ip })).body.value.token;
    const second = await login({ username: m.account, password: PASSWORD }, { ip, token: first });
    expect(second.status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/wps/member/info', token: first })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/wps/member/info', token: second.body.value.token })).status).toBe(200);
  });

  it('logout revokes the session', async () => {
    const m = await player();
    const token = (await login({ username: m.account, password: PASSWORD }, { ip: nextIp() })).body.value.token;
    expect((await t.call({ method: 'DELETE', url: '/wps/session/logout', token })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/wps/member/info', token })).status).toBe(401);
    expect(
      await t.db.one('SELECT revoked_at IS NOT NULL AS revoked FROM sessions WHERE token_hash = $1', [hashToken(token)]),
    ).toEqual({ revoked: true });
  });

  it('does not tell an unknown account from a wrong password: same answer, same argon2 work', async () => {
    const m = await player();
    const verify = jest.spyOn(t.app.auth.passwords, 'verify');
    const wrong = await login({ username: m.account, password: 'wrong-horse-1' }, { ip: nextIp() });
    const wrongCalls = verify.mock.calls.length;
    verify.mockClear();
    const unknown = await login({ username: uniqueName('ghost'), password: 'wrong-horse-1' }, { ip: nextIp() });
    const unknownCalls = verify.mock.calls.length;
    verify.mockRestore();
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({
      success: false,
      message: 'Incorrect username or password',
      value: null,
      errorCode: 'US_INCORRECT_USERNAME_PASSWORD_ERROR',
    });
    expect(unknownCalls).toBe(1);
    expect(wrongCalls).toBe(1);
    // a member without a password (created by an operator) is no different either
    const nopass = uniqueName('np');
    await t.member({ account: nopass });
    expect((await login({ username: nopass, password: 'anything-1' }, { ip: nextIp() })).body).toEqual(wrong.body);
  });

  it('rehashes a password stored with other argon2 parameters at the next login', async () => {
    const m = await player();
    const old = await argon2Hash(PASSWORD, { memoryCost: 2048, timeCost: 1, parallelism: 1, algorithm: 2 });
    await t.db.query('UPDATE members SET password_hash = $2 WHERE id = $1', [m.id, old]);
    expect((await login({ username: m.account, password: PASSWORD }, { ip: nextIp() })).status).toBe(200);
    const row = await t.db.one<{ password_hash: string }>('SELECT password_hash FROM members WHERE id = $1', [m.id]);
    expect(row!.password_hash).toMatch(/m=1024,t=1,p=1/);
  });
});

describe('failures: captcha, then a lock', () => {
  it('after 3 failures the answer asks for the captcha; then only a right captcha lets a login through, once', async () => {
    const m = await player();
    const ip = nextIp();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await login({ username: m.account, password: `wrong-${i}-pass` }, { ip })).body);
    expect(answers.map((a) => a.value)).toEqual([null, null, { captcha: true }]);

    const noCaptcha = await login({ username: m.account, password: PASSWORD }, { ip });
    expect(noCaptcha.status).toBe(400);
    expect(noCaptcha.body).toMatchObject({ errorCode: 'CAPTCHA_INVALID', value: { captcha: true } });

    const wrongAnswer = await t.captcha(ip);
    expect(
      (await login({ username: m.account, password: PASSWORD, captcha: 'ZZZZ', captchaId: wrongAnswer.id }, { ip })).body
        .errorCode,
    ).toBe('CAPTCHA_INVALID');
    // that image is used up, even with the right answer now
    expect(
      (await login({ username: m.account, password: PASSWORD, captcha: wrongAnswer.answer, captchaId: wrongAnswer.id }, { ip }))
        .body.errorCode,
    ).toBe('CAPTCHA_INVALID');

    const c = await t.captcha(ip);
    const ok = await login({ username: m.account, password: PASSWORD, captcha: c.answer.toLowerCase(), captchaId: c.id }, { ip });
    expect(ok.status).toBe(200);
    // replayed captcha: refused (the account's counter was reset by the success, the IP's was not)
    await t.app.auth.limiter.hit(`login:acct:m${m.id}`, 1e9, 60_000);
    await t.app.auth.limiter.hit(`login:acct:m${m.id}`, 1e9, 60_000);
    await t.app.auth.limiter.hit(`login:acct:m${m.id}`, 1e9, 60_000);
    const replay = await login({ username: m.account, password: PASSWORD, captcha: c.answer, captchaId: c.id }, { ip });
    expect(replay.body.errorCode).toBe('CAPTCHA_INVALID');
  });

  it('a captcha drawn for another IP, or an expired one, does not count', async () => {
    const m = await player();
    const ip = nextIp();
    for (let i = 0; i < 3; i++) await login({ username: m.account, password: `wrong-${i}-pass` }, { ip });
    const foreign = await t.captcha(nextIp());
    expect(
      (await login({ username: m.account, password: PASSWORD, captcha: foreign.answer, captchaId: foreign.id }, { ip })).body
        .errorCode,
    ).toBe('CAPTCHA_INVALID');
    const old = await t.captcha(ip);
    await t.db.query(`UPDATE captchas SET expires_at = now() - interval '1 second' WHERE id = $1`, [old.id]);
    expect(
      (await login({ username: m.account, password: PASSWORD, captcha: old.answer, captchaId: old.id }, { ip })).body.errorCode,
    ).toBe('CAPTCHA_INVALID');
  });

  it('10 failures lock the account for the rest of the window, even with the right password, and change nothing', async () => {
    await t.setting('authLimits', { accountCaptchaAfter: 100, ipCaptchaAfter: 100 });
    try {
      const m = await player();
      const ip = nextIp();
      let last;
      for (let i = 0; i < 10; i++) last = await login({ username: m.account, password: `wrong-${i}-pass` }, { ip });
      expect(last!.status).toBe(429);
      expect(last!.body).toMatchObject({
        errorCode: 'US_INCORRECT_PASSWORD_MAX_TIMES_ERROR',
        value: { retryAfterSeconds: expect.any(Number) },
      });
      expect(last!.body.value.retryAfterSeconds).toBeGreaterThan(800);
      expect(last!.headers['retry-after']).toBe(String(last!.body.value.retryAfterSeconds));
      const before = await snapshot(t);
      const right = await login({ username: m.account, password: PASSWORD }, { ip: nextIp() });
      expect(right.status).toBe(429);
      expect(right.body.errorCode).toBe('US_INCORRECT_PASSWORD_MAX_TIMES_ERROR');
      expect(await snapshot(t)).toEqual(before);
      // an unknown account locks the same way (no enumeration through the lock)
      const ghost = uniqueName('ghost');
      for (let i = 0; i < 10; i++) last = await login({ username: ghost, password: `wrong-${i}-pass` }, { ip: nextIp() });
      expect(last!.body.errorCode).toBe('US_INCORRECT_PASSWORD_MAX_TIMES_ERROR');
    } finally {
      await t.setting('authLimits', {});
    }
  });

  it('failures from one IP across accounts ask for the captcha there, and lock it at 50', async () => {
    await t.setting('authLimits', { ipCaptchaAfter: 4, ipLockAfter: 6 });
    try {
      const ip = nextIp();
      const answers = [];
      for (let i = 0; i < 6; i++) {
        const c = i >= 4 ? await t.captcha(ip) : null;
        answers.push(
          (
            await login(
              { username: uniqueName('x'), password: 'wrong-pass-1', ...(c ? { captcha: c.answer, captchaId: c.id } : {}) },
              { ip },
            )
          ).body,
        );
      }
      expect(answers.map((a) => a.value?.captcha ?? null)).toEqual([null, null, null, true, true, null]);
      expect(answers[5].errorCode).toBe('US_INCORRECT_PASSWORD_MAX_TIMES_ERROR');
      const m = await player();
      expect((await login({ username: m.account, password: PASSWORD }, { ip })).status).toBe(429);
      expect((await login({ username: m.account, password: PASSWORD }, { ip: nextIp() })).status).toBe(200);
    } finally {
      await t.setting('authLimits', {});
    }
  });
});

describe("the account's own refusals, told only after the right password", () => {
  it('a disabled account: US_FORBIDDEN_LOGIN_ERROR; with a wrong password the usual answer', async () => {
    const m = await player();
    await t.db.query('UPDATE members SET status = 1 WHERE id = $1', [m.id]);
    expect((await login({ username: m.account, password: 'wrong-pass-1' }, { ip: nextIp() })).body.errorCode).toBe(
      'US_INCORRECT_USERNAME_PASSWORD_ERROR',
    );
    const res = await login({ username: m.account, password: PASSWORD }, { ip: nextIp() });
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('US_FORBIDDEN_LOGIN_ERROR');
  });

  it('the agent page: a trial account gets NON_MEMBER_ACCOUNT, a player NOT_AGENT, an agent a session', async () => {
    const trial = await player({ type: 4 });
    const plain = await player();
    const agent = await player({ type: 41 });
    const before = await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM sessions');
    expect((await login({ username: trial.account, password: PASSWORD, portal: 'agent' }, { ip: nextIp() })).body).toMatchObject({
      errorCode: 'NON_MEMBER_ACCOUNT',
      message: 'Non-member account unable to login',
    });
    expect((await login({ username: plain.account, password: PASSWORD, portal: 'agent' }, { ip: nextIp() })).body).toMatchObject({
      errorCode: 'NOT_AGENT',
      message: 'Non-agents cannot log in',
    });
    expect(await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM sessions')).toEqual(before);
    const ok = await login({ username: agent.account, password: PASSWORD, portal: 'agent' }, { ip: nextIp() });
    expect(ok.body.value.member.type).toBe(41);
    expect((await login({ username: plain.account, password: PASSWORD, portal: 'player' }, { ip: nextIp() })).status).toBe(200);
  });

  it('an operator-set initial password: defaultPassword; an old password with the policy on: passwordExpired', async () => {
    await t.setting('passwordPolicy', true);
    const initial = await player({ defaultPassword: true });
    expect((await login({ username: initial.account, password: PASSWORD }, { ip: nextIp() })).body.value).toMatchObject({
      defaultPassword: true,
      passwordExpired: false,
    });
    const old = await player();
    await t.db.query(`UPDATE members SET password_changed_at = now() - interval '91 days' WHERE id = $1`, [old.id]);
    expect((await login({ username: old.account, password: PASSWORD }, { ip: nextIp() })).body.value.passwordExpired).toBe(true);
    await t.setting('passwordMaxAgeDays', 120);
    expect((await login({ username: old.account, password: PASSWORD }, { ip: nextIp() })).body.value.passwordExpired).toBe(false);
    await t.setting('passwordMaxAgeDays', 30);
    await t.setting('passwordPolicy', false);
    expect((await login({ username: old.account, password: PASSWORD }, { ip: nextIp() })).body.value.passwordExpired).toBe(false);
    await t.setting('passwordMaxAgeDays', 90);
  });

  it('passwords do not expire by default (no forced rotation, ASVS 5.0)', async () => {
    const old = await player();
    await t.db.query(`UPDATE members SET password_changed_at = now() - interval '3 years' WHERE id = $1`, [old.id]);
    expect((await login({ username: old.account, password: PASSWORD }, { ip: nextIp() })).body.value.passwordExpired).toBe(false);
  });
});

describe('remember me', () => {
  const device = 'device-AAAAAAAA-1';

  async function remembered() {
    const m = await player();
    const ip = nextIp();
    const res = await login({ username: m.account, password: PASSWORD, remember: true, deviceId: device }, { ip });
    expect(res.body.value.rememberToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return { ...m, ip, rememberToken: res.body.value.rememberToken as string };
  }

  it('a remember token logs in once, on its device, and the answer carries the next one', async () => {
    const m = await remembered();
    const first = await login(
      { type: 'remember', username: m.account, password: '', rememberToken: m.rememberToken, deviceId: device },
      { ip: m.ip },
    );
    expect(first.status).toBe(200);
    const next = first.body.value.rememberToken;
    expect(next).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next).not.toBe(m.rememberToken);
    // single use
    const replay = await login(
      { type: 'remember', username: m.account, password: '', rememberToken: m.rememberToken, deviceId: device },
      { ip: m.ip },
    );
    expect(replay.status).toBe(401);
    expect(replay.body.errorCode).toBe('REMEMBER_TOKEN_INVALID');
    // the rotated one works
    expect(
      (await login({ type: 'remember', username: m.account, password: '', rememberToken: next, deviceId: device }, { ip: m.ip }))
        .status,
    ).toBe(200);
  });

  it('another device, another account name, an expired or unknown token: REMEMBER_TOKEN_INVALID, nothing used', async () => {
    const m = await remembered();
    const before = await snapshot(t);
    for (const body of [
      { username: m.account, rememberToken: m.rememberToken, deviceId: 'another-device-1' },
      { username: 'someone-else', rememberToken: m.rememberToken, deviceId: device },
      { username: m.account, rememberToken: 'A'.repeat(43), deviceId: device },
      { username: m.account, rememberToken: 'short', deviceId: device },
      { username: m.account, deviceId: device },
    ]) {
      const res = await login({ type: 'remember', password: '', ...body }, { ip: m.ip });
      expect([res.status, res.body.errorCode]).toEqual([401, 'REMEMBER_TOKEN_INVALID']);
    }
    expect(await snapshot(t)).toEqual(before);
    await t.db.query(`UPDATE remember_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      hashToken(m.rememberToken),
    ]);
    expect(
      (
        await login(
          { type: 'remember', username: m.account, password: '', rememberToken: m.rememberToken, deviceId: device },
          { ip: m.ip },
        )
      ).body.errorCode,
    ).toBe('REMEMBER_TOKEN_INVALID');
  });

  it('a remember token lasts one day; a new one for the same device replaces the old', async () => {
    const m = await remembered();
    const row = await t.db.one<{ ttl: number }>(
      `SELECT extract(epoch FROM expires_at - created_at)::int AS ttl FROM remember_tokens WHERE token_hash = $1`,
      [hashToken(m.rememberToken)],
    );
    expect(row!.ttl).toBe(86_400);
    await login({ username: m.account, password: PASSWORD, remember: true, deviceId: device }, { ip: m.ip });
    expect(
      (
        await login(
          { type: 'remember', username: m.account, password: '', rememberToken: m.rememberToken, deviceId: device },
          { ip: m.ip },
        )
      ).body.errorCode,
    ).toBe('REMEMBER_TOKEN_INVALID');
  });

  it('remember without a device id is refused', async () => {
    const m = await player();
    expect((await login({ username: m.account, password: PASSWORD, remember: true }, { ip: nextIp() })).status).toBe(400);
  });
});

describe('login by SMS code', () => {
  const sendCode = (mobileNum: string, ip: string) =>
    t.call({ url: '/wps/verification/sms/noLogin', body: { mobileNum, countryDialingCode: '+880' }, ip });
  const smsLogin = (mobileNum: string, code: string, ip: string) =>
    login({ type: 'sms', username: mobileNum, password: code, countryDialingCode: '+880' }, { ip });

  afterAll(() => t.flag('SMSLOGIN3', false));

  it('needs the flag SMSLOGIN3', async () => {
    await t.flag('SMSLOGIN3', false);
    expect((await sendCode('01911000001', nextIp())).body.errorCode).toBe('OPERATION_NOT_ENABLED');
    expect((await smsLogin('01911000001', '123456', nextIp())).body.errorCode).toBe('OPERATION_NOT_ENABLED');
  });

  it('a code sent to a member logs in once; a reused, wrong or expired code is refused', async () => {
    await t.flag('SMSLOGIN3', true);
    const m = await player({ mobileNum: '01911000002', language: 'EN' });
    const ip = nextIp();
    const sent = await sendCode('01911000002', ip);
    expect(sent.body).toEqual({ success: true, message: 'OK', value: { expiredMinutes: 2 } });
    const code = await t.lastCode('+8801911000002');
    expect((await t.outbox('+8801911000002'))[0].body).toContain('to log in');
    expect((await smsLogin('01911000002', code === '000000' ? '111111' : '000000', ip)).body.errorCode).toBe('SMS_CODE_INVALID');
    const ok = await smsLogin('01911000002', code, ip);
    expect(ok.status).toBe(200);
    expect(ok.body.value.member.id).toBe(m.id);
    expect((await smsLogin('01911000002', code, ip)).body.errorCode).toBe('SMS_CODE_INVALID');

    await new Promise((r) => setTimeout(r, 1100)); // one code a second
    await sendCode('01911000002', ip);
    const expiring = await t.lastCode('+8801911000002');
    await t.db.query(`UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE target = '+8801911000002'`);
    expect((await smsLogin('01911000002', expiring, ip)).body.errorCode).toBe('SMS_CODE_INVALID');
  });

  it('an unknown number gets the same answer and no message', async () => {
    await t.flag('SMSLOGIN3', true);
    const res = await sendCode('01911000999', nextIp());
    expect(res.body).toEqual({ success: true, message: 'OK', value: { expiredMinutes: 2 } });
    expect(await t.outbox('+8801911000999')).toEqual([]);
  });

  it('sends are limited: one a second, five per 10 minutes, then the number is locked for 5 minutes', async () => {
    await t.flag('SMSLOGIN3', true);
    await player({ mobileNum: '01911000003' });
    const ip = nextIp();
    expect((await sendCode('01911000003', ip)).status).toBe(200);
    const fast = await sendCode('01911000003', nextIp());
    expect([fast.status, fast.body.errorCode]).toEqual([429, 'SMS_THROTTLED']);
    for (let i = 0; i < 4; i++) {
      await t.limiter.reset('code:1s:+8801911000003');
      expect((await sendCode('01911000003', nextIp())).status).toBe(200);
    }
    await t.limiter.reset('code:1s:+8801911000003');
    const many = await sendCode('01911000003', nextIp());
    expect(many.status).toBe(429);
    expect(many.body).toMatchObject({
      errorCode: 'SMS_TOO_MANY_REQUESTS',
      message: 'Too many requests: try again after 5 minutes',
      value: { retryAfterSeconds: 300 },
    });
    await t.limiter.reset('code:1s:+8801911000003');
    expect((await sendCode('01911000003', nextIp())).body.errorCode).toBe('SMS_TOO_MANY_REQUESTS');
  });

  it('a bad number: PHONE_FORMAT_INVALID', async () => {
    await t.flag('SMSLOGIN3', true);
    for (const n of ['12345', '01212345678', 'abc', '0191100000']) {
      const res = await sendCode(n, nextIp());
      expect([res.status, res.body.errorCode]).toEqual([400, 'PHONE_FORMAT_INVALID']);
    }
  });
});

describe('extra verification of a login from a new IP', () => {
  let mobileSeq = 100;
  async function knownFrom(
    extra: Record<string, unknown> = { mobileNum: `01511000${++mobileSeq}`, email: `v${mobileSeq}@example.com` },
  ) {
    const m = await player(extra);
    const home = nextIp();
    expect((await login({ username: m.account, password: PASSWORD }, { ip: home })).status).toBe(200);
    return { ...m, home };
  }

  it('a right password from a new IP answers the challenge; a code to the mobile completes the login', async () => {
    const m = await knownFrom({ mobileNum: '01511000001', email: 'v1@example.com' });
    const away = nextIp();
    const res = await login({ username: m.account, password: PASSWORD, remember: true, deviceId: 'dev-verify-1' }, { ip: away });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      errorCode: 'LOGIN_VERIFICATION_REQUIRED',
      value: {
        verificationId: expect.any(String),
        methods: ['MOBILE', 'EMAIL'],
        maskedMobile: '015•••••001',
        maskedEmail: 'v•••@example.com',
      },
    });
    const { verificationId } = res.body.value;
    // another IP cannot use the challenge
    const foreign = await t.call({
      url: '/wps/session/login/verification/send',
      body: { verificationId, method: 'MOBILE' },
      ip: nextIp(),
    });
    expect(foreign.body.errorCode).toBe('LOGIN_VERIFICATION_INVALID');
    const sent = await t.call({
      url: '/wps/session/login/verification/send',
      body: { verificationId, method: 'MOBILE' },
      ip: away,
    });
    expect(sent.body.value).toEqual({ expiredMinutes: 2 });
    const code = await t.lastCode('+8801511000001');
    const wrong = await t.call({
      url: '/wps/session/login/verification',
      body: { verificationId, method: 'MOBILE', code: code === '000000' ? '999999' : '000000' },
      ip: away,
    });
    expect(wrong.body.errorCode).toBe('SMS_CODE_INVALID');
    const done = await t.call({
      url: '/wps/session/login/verification',
      body: { verificationId, method: 'MOBILE', code },
      ip: away,
    });
    expect(done.status).toBe(200);
    expect(done.body.value).toMatchObject({ member: { id: m.id }, firstTimeLogin: false, rememberToken: expect.any(String) });
    // used once; the IP is now known
    expect(
      (await t.call({ url: '/wps/session/login/verification', body: { verificationId, method: 'MOBILE', code }, ip: away })).body
        .errorCode,
    ).toBe('LOGIN_VERIFICATION_INVALID');
    expect((await login({ username: m.account, password: PASSWORD }, { ip: away })).status).toBe(200);
  });

  it('by e-mail too; a method the member has not bound is refused', async () => {
    const m = await knownFrom({ email: 'v2@example.com' });
    const away = nextIp();
    const { value } = (await login({ username: m.account, password: PASSWORD }, { ip: away })).body;
    expect(value.methods).toEqual(['EMAIL']);
    expect(
      (
        await t.call({
          url: '/wps/session/login/verification/send',
          body: { verificationId: value.verificationId, method: 'MOBILE' },
          ip: away,
        })
      ).body.errorCode,
    ).toBe('LOGIN_VERIFICATION_INVALID');
    await t.call({
      url: '/wps/session/login/verification/send',
      body: { verificationId: value.verificationId, method: 'EMAIL' },
      ip: away,
    });
    const mail = (await t.outbox('v2@example.com'))[0];
    expect(mail.channel).toBe('email');
    expect(mail.subject).toContain('খেলা'); // the member's language (BN by default)
    const code = mail.body.match(/\d{6}/)![0];
    expect(
      (
        await t.call({
          url: '/wps/session/login/verification',
          body: { verificationId: value.verificationId, method: 'EMAIL', code },
          ip: away,
        })
      ).status,
    ).toBe(200);
  });

  it('no challenge: setting off, nothing bound, no known IP yet (an operator-made member), or an expired challenge', async () => {
    const m = await knownFrom();
    await t.setting('loginIpVerification', false);
    expect((await login({ username: m.account, password: PASSWORD }, { ip: nextIp() })).status).toBe(200);
    await t.setting('loginIpVerification', true);
    const bare = await knownFrom({});
    expect((await login({ username: bare.account, password: PASSWORD }, { ip: nextIp() })).status).toBe(200);
    const fresh = await player({ mobileNum: '01511000009' });
    expect((await login({ username: fresh.account, password: PASSWORD }, { ip: nextIp() })).status).toBe(200);

    const away = nextIp();
    const { value } = (await login({ username: m.account, password: PASSWORD }, { ip: away })).body;
    await t.db.query(`UPDATE login_verifications SET expires_at = now() - interval '1 second'`);
    expect(
      (
        await t.call({
          url: '/wps/session/login/verification/send',
          body: { verificationId: value.verificationId, method: 'MOBILE' },
          ip: away,
        })
      ).body.errorCode,
    ).toBe('LOGIN_VERIFICATION_INVALID');
  });
});

describe('free play', () => {
  const freeplay = (ip: string, body: object = { platform: 'W', gatewayVersion: 3, os: 'Linux' }) =>
    t.call({ url: '/wps/session/login/freeplay', body, ip });

  it('needs FREEPLAY3; opens a trial account (type 4) with a session; limited per IP', async () => {
    await t.flag('FREEPLAY3', false);
    expect((await freeplay(nextIp())).body.errorCode).toBe('OPERATION_NOT_ENABLED');
    await t.flag('FREEPLAY3', true);
    await t.setting('authLimits', { freePlayPerIp: 2 });
    try {
      const ip = nextIp();
      const res = await freeplay(ip);
      expect(res.status).toBe(200);
      expect(res.body.value).toMatchObject({
        firstTimeLogin: true,
        defaultPassword: false,
        member: { type: 4, account: expect.stringMatching(/^trial[0-9a-f]{16}$/) },
      });
      expect((await t.call({ method: 'GET', url: '/wps/member/info', token: res.body.value.token })).body.value.type).toBe(4);
      expect((await freeplay(ip)).status).toBe(200);
      const third = await freeplay(ip);
      expect([third.status, third.body.errorCode]).toEqual([429, 'TOO_MANY_REQUESTS']);
      expect(third.body.value.retryAfterSeconds).toBeGreaterThan(0);
    } finally {
      await t.setting('authLimits', {});
      await t.flag('FREEPLAY3', false);
    }
  });

  it('refuses a wrong payload', async () => {
    await t.flag('FREEPLAY3', true);
    for (const body of [
      {},
      { platform: 'X', gatewayVersion: 3 },
      { platform: 'W', gatewayVersion: '3' },
      { platform: 'W', gatewayVersion: 3, extra: 1 },
    ]) {
      expect((await freeplay(nextIp(), body)).status).toBe(400);
    }
    await t.flag('FREEPLAY3', false);
  });
});

describe('bad input never gets a 500 and changes nothing', () => {
  it.each([
    ['missing username', { password: 'x', type: 'username' }],
    ['missing type', { username: 'a', password: 'x' }],
    ['unknown type', { username: 'a', password: 'x', type: 'google' }],
    ['a number for the username', { username: 42, password: 'x', type: 'username' }],
    ['a string for remember', { username: 'a', password: 'x', type: 'username', remember: 'true' }],
    ['an extra field', { username: 'a', password: 'x', type: 'username', admin: true }],
    ['an oversized username', { username: 'a'.repeat(65), password: 'x', type: 'username' }],
    ['an oversized password', { username: 'a', password: 'x'.repeat(256), type: 'username' }],
    ['an empty password', { username: 'a', password: '', type: 'username' }],
    ['a bad device id', { username: 'a', password: 'x', type: 'username', remember: true, deviceId: '<script>' }],
    ['a bad portal', { username: 'a', password: 'x', type: 'username', portal: 'admin' }],
  ])('%s: 400', async (_name, body) => {
    const before = await snapshot(t);
    const res = await t.call({ url: LOGIN, sealed: true, body, ip: nextIp() });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(await snapshot(t)).toEqual(before);
  });

  it('a plain JSON body, a stale or replayed sealed body, one sealed for another path, or a bad token: 400/401 in the envelope', async () => {
    const m = await player();
    const body = { username: m.account, password: PASSWORD, type: 'username' };
    const plain = await t.call({ url: LOGIN, body, ip: nextIp() });
    expect([plain.status, plain.body.errorCode]).toEqual([400, 'SEALED_BODY_INVALID']);
    const stale = await t.app.inject({ method: 'POST', url: LOGIN, payload: await t.seal(LOGIN, body, Date.now() - 6 * 60_000) });
    expect([stale.statusCode, stale.json().errorCode]).toEqual([400, 'SEALED_BODY_STALE']);
    const other = await t.app.inject({ method: 'POST', url: LOGIN, payload: await t.seal('/wps/member/register', body) });
    expect(other.json().errorCode).toBe('SEALED_BODY_INVALID');
    const sealed = await t.seal(LOGIN, body);
    const ip = nextIp();
    expect((await t.app.inject({ method: 'POST', url: LOGIN, payload: sealed, remoteAddress: ip })).statusCode).toBe(200);
    const replay = await t.app.inject({ method: 'POST', url: LOGIN, payload: sealed, remoteAddress: ip });
    expect([replay.statusCode, replay.json().errorCode]).toEqual([400, 'SEALED_BODY_STALE']);
    const notJson = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: '{"sealed":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { sealed: { kid: 'x', key: 'a', iv: 'b', data: 'A'.repeat(20_000) } },
    });
    expect([huge.statusCode, huge.json().errorCode]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    for (const url of ['/wps/session/login/verification/send', '/wps/session/login/verification']) {
      for (const payload of [
        {},
        { verificationId: 1, method: 'MOBILE' },
        { verificationId: 'x', method: 'FAX', code: '1' },
        { verificationId: 'x'.repeat(65), method: 'MOBILE', code: '1' },
      ]) {
        const res = await t.call({ url, body: payload, ip: nextIp() });
        expect(res.status).toBe(400);
      }
      const unknown = { verificationId: 'nope', method: 'MOBILE', ...(url.endsWith('/send') ? {} : { code: '123456' }) };
      expect((await t.call({ url, body: unknown, ip: nextIp() })).body.errorCode).toBe('LOGIN_VERIFICATION_INVALID');
    }
  });
});
