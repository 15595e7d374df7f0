import { opsCall } from '../../test-support/test-db';
import { createAuthTestApi, uniqueName, type AuthTestApi } from '../auth/auth.test-support';

jest.setTimeout(60_000);

let t: AuthTestApi;
beforeAll(async () => {
  t = await createAuthTestApi();
});
afterAll(() => t.dispose());

const PASSWORD = 'correct-horse-1';
let seq = 0;
const nextIp = () => `10.7.0.${++seq}`;

async function signedIn(extra: Record<string, unknown> = {}) {
  const account = uniqueName('as');
  const m = await t.member({ account, password: PASSWORD, ...extra });
  const ip = nextIp();
  const res = await t.call({
    url: '/wps/session/login',
    sealed: true,
    body: { type: 'username', username: account, password: PASSWORD },
    ip,
  });
  expect(res.status).toBe(200);
  return { ...m, account, ip, token: res.body.value.token as string };
}
type Who = Awaited<ReturnType<typeof signedIn>>;
const as = (m: Who, url: string, body: object, method: 'POST' | 'PUT' = 'POST', sealed = false) =>
  t.call({ method, url, body, token: m.token, ip: m.ip, sealed, lang: 'EN' });
const sendCode = (m: Who, body: object) => as(m, '/wps/member/security/code', body);
const row = (id: number) =>
  t.db.one<{ mobile_num: string | null; email: string | null; payment_password_hash: string | null; password_hash: string }>(
    'SELECT mobile_num, email, payment_password_hash, password_hash FROM members WHERE id = $1',
    [id],
  );

describe('roles', () => {
  it('a guest gets 401, a trial account 403', async () => {
    expect(
      (await t.call({ url: '/wps/member/security/code', body: { purpose: 'BIND', channel: 'EMAIL', email: 'a@b.co' } })).status,
    ).toBe(401);
    const account = uniqueName('tr');
    await t.member({ account, nickname: account, type: 4 });
    const s = await opsCall(t.app, 'POST', '/ops/sessions', { account });
    const res = await t.call({
      method: 'PUT',
      url: '/wps/member/email',
      body: { password: 'x', code: '123456', email: 'a@b.co' },
      token: s.body.value.token,
    });
    expect(res).toMatchObject({ status: 403, body: { errorCode: 'NEED_REAL_ACCOUNT' } });
  });
});

describe('agents', () => {
  it('an agent sets its payment password and binds an e-mail like a player (types 1, 2, 41, 42)', async () => {
    for (const type of [1, 2, 41, 42]) {
      const m = await signedIn({ type });
      const set = await as(m, '/wps/payments/payment-password', { newPassword: '482913', confirmPassword: '482913' });
      expect(set.status).toBe(200);
      expect((await row(m.id))!.payment_password_hash).not.toBeNull();
      const code = await sendCode(m, { purpose: 'BIND', channel: 'EMAIL', email: `${m.account}@example.com` });
      expect(code.status).toBe(200);
    }
  });
});

describe('the payment password reset by a code', () => {
  it('a code to the bound mobile resets it; a wrong code or a weak password changes nothing', async () => {
    const m = await signedIn({ mobileNum: '01712000001' });
    expect((await as(m, '/wps/payments/payment-password', { newPassword: '482913', confirmPassword: '482913' })).status).toBe(
      200,
    );
    const before = (await row(m.id))!.payment_password_hash;
    expect((await sendCode(m, { purpose: 'PAYPWD_RESET', channel: 'EMAIL' })).body.errorCode).toBe('CHANNEL_NOT_BOUND');
    expect((await sendCode(m, { purpose: 'PAYPWD_RESET', channel: 'MOBILE' })).status).toBe(200);
    const code = await t.lastCode('+8801712000001');
    const wrong = code === '000000' ? '111111' : '000000';
    const reset = (c: string, p = '730625') =>
      as(m, '/wps/member/payment-password/reset', { channel: 'MOBILE', code: c, newPassword: p, confirmPassword: p });
    expect((await reset(wrong)).body.errorCode).toBe('VERIFICATION_CODE_INVALID');
    expect((await reset(code, '123456')).body.errorCode).toBe('PAYMENT_PASSWORD_WEAK');
    expect((await row(m.id))!.payment_password_hash).toBe(before);
    expect((await reset(code)).status).toBe(200);
    // the new one is the current one now; the code is used up
    expect(
      (await as(m, '/wps/payments/payment-password', { oldPassword: '730625', newPassword: '591827', confirmPassword: '591827' }))
        .status,
    ).toBe(200);
    expect((await reset(code, '640273')).body.errorCode).toBe('VERIFICATION_CODE_INVALID');
  });
});

describe('binding a mobile and an e-mail', () => {
  it('needs the password and a code sent to the new number; a wrong one changes nothing', async () => {
    const m = await signedIn();
    expect((await sendCode(m, { purpose: 'BIND', channel: 'MOBILE', mobileNum: '12' })).body.errorCode).toBe(
      'PHONE_FORMAT_INVALID',
    );
    expect((await sendCode(m, { purpose: 'BIND', channel: 'MOBILE', mobileNum: '01812000002' })).status).toBe(200);
    const code = await t.lastCode('+8801812000002');
    const bind = (password: string, c: string) =>
      as(m, '/wps/member/mobile', { password, code: c, mobileNum: '01812000002' }, 'PUT');
    expect((await bind('wrong-password-1', code)).body.errorCode).toBe('OLD_PASSWORD_INCORRECT');
    expect((await bind(PASSWORD, code === '000000' ? '111111' : '000000')).body.errorCode).toBe('VERIFICATION_CODE_INVALID');
    expect((await row(m.id))!.mobile_num).toBeNull();
    expect((await bind(PASSWORD, code)).status).toBe(200);
    expect((await row(m.id))!.mobile_num).toBe('01812000002');
    // another member cannot take it
    const other = await signedIn();
    expect((await sendCode(other, { purpose: 'BIND', channel: 'MOBILE', mobileNum: '01812000002' })).body.errorCode).toBe(
      'CUSTOMER_MOBILE_NO_DUPLICATED',
    );
  });

  it('changes the e-mail with the password and a code sent to the new address', async () => {
    const m = await signedIn({ email: 'old1@example.com' });
    expect((await sendCode(m, { purpose: 'BIND', channel: 'EMAIL', email: 'not-an-email' })).body.errorCode).toBe(
      'EMAIL_FORMAT_INVALID',
    );
    expect((await sendCode(m, { purpose: 'BIND', channel: 'EMAIL', email: 'New1@Example.com' })).status).toBe(200);
    const code = await t.lastCode('new1@example.com');
    expect((await as(m, '/wps/member/email', { password: PASSWORD, code, email: 'new1@example.com' }, 'PUT')).status).toBe(200);
    expect((await row(m.id))!.email).toBe('new1@example.com');
    const other = await signedIn();
    expect((await sendCode(other, { purpose: 'BIND', channel: 'EMAIL', email: 'new1@example.com' })).body.errorCode).toBe(
      'EMAIL_TAKEN',
    );
  });
});

describe('the password change with CHNGPASSVERIF3', () => {
  afterAll(() => t.flag('CHNGPASSVERIF3', false));
  it('asks a code of the bound e-mail first', async () => {
    await t.flag('CHNGPASSVERIF3', true);
    const m = await signedIn({ email: 'pc1@example.com' });
    const change = (extra: object) =>
      as(
        m,
        '/wps/member/password',
        { oldPassword: PASSWORD, newPassword: 'Another-pass-9', confirmNewPassword: 'Another-pass-9', ...extra },
        'POST',
        true,
      );
    const hash = (await row(m.id))!.password_hash;
    expect((await change({})).body.errorCode).toBe('VERIFICATION_CODE_REQUIRED');
    expect((await sendCode(m, { purpose: 'PASSWORD_CHANGE', channel: 'EMAIL' })).status).toBe(200);
    const code = await t.lastCode('pc1@example.com');
    expect(
      (await change({ verificationChannel: 'EMAIL', verificationCode: code === '000000' ? '111111' : '000000' })).body.errorCode,
    ).toBe('VERIFICATION_CODE_INVALID');
    expect((await row(m.id))!.password_hash).toBe(hash);
    expect((await change({ verificationChannel: 'EMAIL', verificationCode: code })).status).toBe(200);
    expect((await row(m.id))!.password_hash).not.toBe(hash);
  });
});
