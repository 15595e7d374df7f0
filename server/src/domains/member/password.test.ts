import { hashToken } from '../../http/auth';
import { createAuthTestApi, snapshot, uniqueName, type AuthTestApi } from '../auth/auth.test-support';

jest.setTimeout(60_000);

let t: AuthTestApi;
beforeAll(async () => {
  t = await createAuthTestApi();
});
afterAll(() => t.dispose());

let ipSeq = 0;
const nextIp = () => `10.3.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const PASSWORD = 'correct-horse-1';

async function signedIn(extra: Record<string, unknown> = {}) {
  const account = uniqueName('pw');
  const m = await t.member({ account, password: PASSWORD, ...extra });
  const ip = nextIp();
  const res = await t.call({
    url: '/wps/session/login',
    sealed: true,
    ip,
    body: { username: account, password: PASSWORD, type: 'username', remember: true, deviceId: 'device-pw-1' },
  });
  expect(res.status).toBe(200);
  return {
    ...m,
    account,
    ip,
    token: res.body.value.token as string,
    rememberToken: res.body.value.rememberToken as string,
    value: res.body.value,
  };
}

const login = (username: string, password: string, ip: string) =>
  t.call({ url: '/wps/session/login', sealed: true, ip, body: { username, password, type: 'username' } });

const change = (token: string | undefined, body: Record<string, unknown>, lang: 'EN' | 'BN' = 'EN') =>
  t.call({ url: '/wps/member/password', sealed: true, token, lang, body });

describe('change password', () => {
  it('changes it, keeps this session, revokes the others and every remember token', async () => {
    const m = await signedIn({ defaultPassword: true });
    expect(m.value.defaultPassword).toBe(true);
    const other = (await login(m.account, PASSWORD, m.ip)).body.value.token;
    const res = await change(m.token, {
      oldPassword: PASSWORD,
      newPassword: 'brand-new-pass-9',
      confirmNewPassword: 'brand-new-pass-9',
    });
    expect(res.body).toEqual({ success: true, message: 'Password changed', value: null });
    expect((await t.call({ method: 'GET', url: '/wps/member/info', token: m.token })).status).toBe(200);
    expect((await t.call({ method: 'GET', url: '/wps/member/info', token: other })).status).toBe(401);
    expect(
      await t.db.one('SELECT revoked_at IS NOT NULL AS revoked FROM remember_tokens WHERE token_hash = $1', [
        hashToken(m.rememberToken),
      ]),
    ).toEqual({ revoked: true });
    const row = await t.db.one<{ must_change_password: boolean; age: number }>(
      'SELECT must_change_password, extract(epoch FROM now() - password_changed_at)::int AS age FROM members WHERE id = $1',
      [m.id],
    );
    expect(row).toEqual({ must_change_password: false, age: 0 });
    expect((await login(m.account, PASSWORD, m.ip)).body.errorCode).toBe('US_INCORRECT_USERNAME_PASSWORD_ERROR');
    expect((await login(m.account, 'brand-new-pass-9', m.ip)).body.value.defaultPassword).toBe(false);
  });

  it('a wrong old password: OLD_PASSWORD_INCORRECT and nothing changed; 5 lock the change', async () => {
    const m = await signedIn();
    const body = { oldPassword: 'not-my-password', newPassword: 'brand-new-pass-9', confirmNewPassword: 'brand-new-pass-9' };
    const before = await snapshot(t);
    const res = await change(m.token, body);
    expect([res.status, res.body.errorCode]).toEqual([400, 'OLD_PASSWORD_INCORRECT']);
    expect(await snapshot(t)).toEqual(before);
    for (let i = 0; i < 3; i++) await change(m.token, body);
    const fifth = await change(m.token, body);
    expect([fifth.status, fifth.body.errorCode]).toEqual([429, 'US_INCORRECT_PASSWORD_MAX_TIMES_ERROR']);
    const right = await change(m.token, { ...body, oldPassword: PASSWORD });
    expect(right.status).toBe(429);
  });

  it('the same password again: PASSWORD_SAME_AS_OLD', async () => {
    const m = await signedIn();
    const res = await change(m.token, { oldPassword: PASSWORD, newPassword: PASSWORD, confirmNewPassword: PASSWORD });
    expect(res.body.errorCode).toBe('PASSWORD_SAME_AS_OLD');
  });

  it('the policy and the confirmation, with messages in the request language', async () => {
    const m = await signedIn();
    const short = await change(m.token, { oldPassword: PASSWORD, newPassword: 'abc', confirmNewPassword: 'abc' });
    expect(short.body).toMatchObject({
      errorCode: 'VALIDATION_FAILED',
      value: { fields: { newPassword: '8 to 64 characters' } },
    });
    const bn = await change(m.token, { oldPassword: PASSWORD, newPassword: 'abc', confirmNewPassword: 'abc' }, 'BN');
    expect(bn.body.value.fields).toEqual({ newPassword: '8 থেকে 64 অক্ষর' });
    const common = await change(m.token, { oldPassword: PASSWORD, newPassword: 'iloveyou', confirmNewPassword: 'iloveyou' });
    expect(common.body).toMatchObject({
      errorCode: 'PASSWORD_TOO_COMMON',
      value: { fields: { newPassword: 'This password is too common: choose another' } },
    });
    const mismatch = await change(m.token, {
      oldPassword: PASSWORD,
      newPassword: 'brand-new-pass-9',
      confirmNewPassword: 'brand-new-pass-8',
    });
    expect(mismatch.body.value.fields).toEqual({ confirmNewPassword: 'The two entries are inconsistent' });
    const noOld = await change(m.token, {
      oldPassword: '',
      newPassword: 'brand-new-pass-9',
      confirmNewPassword: 'brand-new-pass-9',
    });
    expect(noOld.body.value.fields).toEqual({ oldPassword: 'Input cannot be empty' });
  });

  it('needs a live session: none, garbage, revoked or expired: 401', async () => {
    const m = await signedIn();
    const body = { oldPassword: PASSWORD, newPassword: 'brand-new-pass-9', confirmNewPassword: 'brand-new-pass-9' };
    expect((await change(undefined, body)).status).toBe(401);
    expect((await change('garbage', body)).status).toBe(401);
    expect((await change('A'.repeat(43), body)).status).toBe(401);
    await t.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hashToken(m.token)]);
    expect((await change(m.token, body)).body.errorCode).toBe('NOT_LOGGED_IN');
  });

  it('bad bodies: plain JSON, wrong types, missing or extra fields, oversized', async () => {
    const m = await signedIn();
    const plain = await t.call({
      url: '/wps/member/password',
      token: m.token,
      body: { oldPassword: PASSWORD, newPassword: 'x-new-pass-1', confirmNewPassword: 'x-new-pass-1' },
    });
    expect(plain.body.errorCode).toBe('SEALED_BODY_INVALID');
    for (const body of [
      { oldPassword: PASSWORD, newPassword: 12345678, confirmNewPassword: 12345678 },
      { oldPassword: PASSWORD, newPassword: 'x-new-pass-1' },
      { oldPassword: PASSWORD, newPassword: 'x-new-pass-1', confirmNewPassword: 'x-new-pass-1', token: 'x' },
      { oldPassword: PASSWORD, newPassword: 'x'.repeat(256), confirmNewPassword: 'x'.repeat(256) },
    ]) {
      const res = await change(m.token, body);
      expect(res.status).toBe(400);
    }
  });
});

describe('forgot password by e-mail', () => {
  const forgot = (payload: string, ip = nextIp(), contentType = 'application/x-www-form-urlencoded') =>
    t.app.inject({
      method: 'POST',
      url: '/wps/member/password/email',
      payload,
      headers: { 'content-type': contentType, language: 'EN' },
      remoteAddress: ip,
    });
  const form = (username: string, email: string) => new URLSearchParams({ username, email }).toString();

  it('the same answer and the same work whether or not the account and e-mail match', async () => {
    const m = await signedIn({ email: 'Forgot.One@example.com', language: 'EN' });
    const hash = jest.spyOn(t.app.auth.passwords, 'hash');
    const match = await forgot(form(m.account, 'forgot.one@example.com'));
    const matchHashes = hash.mock.calls.length;
    hash.mockClear();
    const wrongEmail = await forgot(form(m.account, 'other@example.com'));
    const wrongHashes = hash.mock.calls.length;
    hash.mockClear();
    const unknown = await forgot(form('Nobody123', 'forgot.one@example.com'));
    const unknownHashes = hash.mock.calls.length;
    hash.mockRestore();
    expect(match.statusCode).toBe(200);
    expect(wrongEmail.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(match.json()).toEqual({
      success: true,
      message: 'If the account and the e-mail match, a temporary password is on its way',
      value: null,
    });
    expect(wrongEmail.json()).toEqual(match.json());
    expect(unknown.json()).toEqual(match.json());
    expect([matchHashes, wrongHashes, unknownHashes]).toEqual([1, 1, 1]);
    const mails = await t.outbox('Forgot.One@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Khela: your temporary password');
    expect(await t.outbox('other@example.com')).toEqual([]);
  });

  it('the temporary password works for 30 minutes, once, and forces a change; the old one works until then', async () => {
    const m = await signedIn({ email: 'forgot.two@example.com' });
    await forgot(form(m.account, 'forgot.two@example.com'));
    const mail = (await t.outbox('forgot.two@example.com'))[0];
    expect(mail.subject).toBe('খেলা: আপনার অস্থায়ী পাসওয়ার্ড');
    const temporary = mail.body.match(/অস্থায়ী পাসওয়ার্ড: (\S+)/)![1];
    const expiry = await t.db.one<{ minutes: number }>(
      'SELECT round(extract(epoch FROM temp_password_expires_at - now()) / 60)::int AS minutes FROM members WHERE id = $1',
      [m.id],
    );
    expect(expiry!.minutes).toBe(30);
    expect((await login(m.account, PASSWORD, m.ip)).status).toBe(200); // the old one still works
    const withTemp = await login(m.account, temporary, m.ip);
    expect(withTemp.body.value).toMatchObject({ defaultPassword: true });
    expect((await login(m.account, PASSWORD, m.ip)).body.errorCode).toBe('US_INCORRECT_USERNAME_PASSWORD_ERROR');
    // the client's forced change, with the temporary password as the old one
    const changed = await change(withTemp.body.value.token, {
      oldPassword: temporary,
      newPassword: 'after-reset-pass',
      confirmNewPassword: 'after-reset-pass',
    });
    expect(changed.status).toBe(200);
    expect((await login(m.account, 'after-reset-pass', m.ip)).body.value.defaultPassword).toBe(false);
  });

  it('an expired temporary password does not work', async () => {
    const m = await signedIn({ email: 'forgot.three@example.com' });
    await forgot(form(m.account, 'forgot.three@example.com'));
    const temporary = (await t.outbox('forgot.three@example.com'))[0].body.match(/পাসওয়ার্ড: (\S+)/)![1];
    await t.db.query(`UPDATE members SET temp_password_expires_at = now() - interval '1 second' WHERE id = $1`, [m.id]);
    expect((await login(m.account, temporary, m.ip)).body.errorCode).toBe('US_INCORRECT_USERNAME_PASSWORD_ERROR');
    expect((await login(m.account, PASSWORD, m.ip)).status).toBe(200);
  });

  it('field rules, duplicated or extra fields, JSON too; limited per account', async () => {
    const bad = await forgot(form('ab', 'not-an-email'));
    expect(bad.json()).toMatchObject({
      errorCode: 'VALIDATION_FAILED',
      value: { fields: { username: expect.any(String), email: 'Enter a valid e-mail address (5 to 100 characters)' } },
    });
    expect((await forgot('username=abcd1&username=efgh2&email=a@example.com')).statusCode).toBe(400);
    expect((await forgot(`${form('abcd1', 'a@example.com')}&admin=1`)).statusCode).toBe(400);
    expect((await forgot('username=abcd1')).statusCode).toBe(400);
    expect(
      (await forgot(JSON.stringify({ username: 'abcd1', email: 'a@example.com' }), nextIp(), 'application/json')).statusCode,
    ).toBe(200);
    expect((await forgot(JSON.stringify({ username: 5, email: 'a@example.com' }), nextIp(), 'application/json')).statusCode).toBe(
      400,
    );
    const target = uniqueName('lim');
    for (let i = 0; i < 3; i++) expect((await forgot(form(target, 'a@example.com'))).statusCode).toBe(200);
    const fourth = await forgot(form(target, 'a@example.com'));
    expect([fourth.statusCode, fourth.json().errorCode]).toEqual([429, 'TOO_MANY_REQUESTS']);
  });
});

describe('reset by phone', () => {
  const sendReset = (mobileNum: string, ip = nextIp()) =>
    t.call({ url: '/wps/member/password/sms', body: { mobileNum, countryDialingCode: '+880' }, ip });
  const reset = (body: Record<string, unknown>, lang: 'EN' | 'BN' = 'EN', ip = nextIp()) =>
    t.call({ url: '/wps/member/password/verification', sealed: true, lang, body: { countryDialingCode: '+880', ...body }, ip });

  afterAll(() => t.flag('PHONERESET3', false));

  it('needs the flag PHONERESET3', async () => {
    await t.flag('PHONERESET3', false);
    expect((await sendReset('01611000001')).body.errorCode).toBe('OPERATION_NOT_ENABLED');
    expect(
      (await reset({ mobileNum: '01611000001', verificationCode: '123456', newPassword: 'new-pass-123' })).body.errorCode,
    ).toBe('OPERATION_NOT_ENABLED');
  });

  it('the code and a new password: the account to log in with; every session revoked; the code used once', async () => {
    await t.flag('PHONERESET3', true);
    const m = await signedIn({ mobileNum: '01611000002' });
    expect((await sendReset('01611000002')).body.value).toEqual({ expiredMinutes: 2 });
    const code = await t.lastCode('+8801611000002');
    const before = await snapshot(t);
    const wrong = await reset({
      mobileNum: '01611000002',
      verificationCode: code === '000000' ? '111111' : '000000',
      newPassword: 'reset-pass-123',
    });
    expect(wrong.body).toMatchObject({
      errorCode: 'SMS_CODE_INVALID',
      value: { fields: { verificationCode: 'Please enter a valid verification code' } },
    });
    expect(await snapshot(t)).toEqual(before);
    const weak = await reset({ mobileNum: '01611000002', verificationCode: code, newPassword: '12345678' }, 'BN');
    expect(weak.body).toMatchObject({
      errorCode: 'PASSWORD_TOO_COMMON',
      value: { fields: { newPassword: 'এই পাসওয়ার্ডটি খুব সাধারণ: অন্য একটি বেছে নিন' } },
    });
    const resetIp = nextIp();
    const ok = await reset({ mobileNum: '01611000002', verificationCode: code, newPassword: 'reset-pass-123' }, 'EN', resetIp);
    expect(ok.body).toEqual({ success: true, message: 'Password reset', value: { username: m.account } });
    expect((await t.call({ method: 'GET', url: '/wps/member/info', token: m.token })).status).toBe(401);
    // the automatic login that follows, from the same place, needs no extra verification
    expect((await login(m.account, 'reset-pass-123', resetIp)).status).toBe(200);
    expect(
      (await reset({ mobileNum: '01611000002', verificationCode: code, newPassword: 'reset-pass-456' })).body.errorCode,
    ).toBe('SMS_CODE_INVALID');
  });

  it('without a right code the new password is not judged: its rules would tell the account (hardening 11)', async () => {
    await t.flag('PHONERESET3', true);
    const m = await signedIn({ mobileNum: '01611000004' });
    await sendReset('01611000004');
    const code = await t.lastCode('+8801611000004');
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (const newPassword of [`${m.account}-pass-1`, '12345678', 'x']) {
      expect((await reset({ mobileNum: '01611000004', verificationCode: wrongCode, newPassword })).body.errorCode).toBe(
        'SMS_CODE_INVALID',
      );
    }
    // with the right code the password's rules answer, and the code stays usable
    expect((await reset({ mobileNum: '01611000004', verificationCode: code, newPassword: 'x' })).body.errorCode).toBe(
      'VALIDATION_FAILED',
    );
    expect((await reset({ mobileNum: '01611000004', verificationCode: code, newPassword: 'reset-pass-789' })).status).toBe(200);
  });

  it('an unknown number: the same send answer, no message, and its codes never work', async () => {
    await t.flag('PHONERESET3', true);
    expect((await sendReset('01611000999')).body).toEqual({ success: true, message: 'OK', value: { expiredMinutes: 2 } });
    expect(await t.outbox('+8801611000999')).toEqual([]);
    expect(
      (await reset({ mobileNum: '01611000999', verificationCode: '123456', newPassword: 'reset-pass-123' })).body.errorCode,
    ).toBe('SMS_CODE_INVALID');
  });

  it('an expired code, too many wrong codes, bad bodies', async () => {
    await t.flag('PHONERESET3', true);
    await signedIn({ mobileNum: '01611000003' });
    await sendReset('01611000003');
    const code = await t.lastCode('+8801611000003');
    await t.db.query(`UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE target = '+8801611000003'`);
    expect(
      (await reset({ mobileNum: '01611000003', verificationCode: code, newPassword: 'reset-pass-123' })).body.errorCode,
    ).toBe('SMS_CODE_INVALID');
    await t.limiter.reset('code:1s:+8801611000003');
    await sendReset('01611000003');
    const fresh = await t.lastCode('+8801611000003');
    for (let i = 0; i < 5; i++)
      await reset({
        mobileNum: '01611000003',
        verificationCode: `00000${i}` === fresh ? '999999' : `00000${i}`,
        newPassword: 'reset-pass-123',
      });
    expect(
      (await reset({ mobileNum: '01611000003', verificationCode: fresh, newPassword: 'reset-pass-123' })).body.errorCode,
    ).toBe('SMS_CODE_INVALID');
    for (const body of [
      { mobileNum: '01611000003' },
      { mobileNum: 1611000003, verificationCode: '1', newPassword: 'x' },
      { mobileNum: '0161', verificationCode: '1', newPassword: 'reset-pass-123' },
    ]) {
      expect((await reset(body)).status).toBe(400);
    }
    expect(
      (
        await t.call({
          url: '/wps/member/password/verification',
          body: { mobileNum: '01611000003', verificationCode: fresh, newPassword: 'reset-pass-123' },
        })
      ).body.errorCode,
    ).toBe('SEALED_BODY_INVALID');
  });
});
