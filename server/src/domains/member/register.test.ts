import { createAuthTestApi, snapshot, uniqueName, type AuthTestApi } from '../auth/auth.test-support';
import { TEST_OPS_KEY } from '../../test-support/test-db';

jest.setTimeout(60_000);

let t: AuthTestApi;
beforeAll(async () => {
  t = await createAuthTestApi();
});
afterAll(() => t.dispose());

let ipSeq = 0;
const nextIp = () => `10.2.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const PASSWORD = 'my-new-pass-42';

interface RegOpts {
  ip?: string;
  lang?: 'BN' | 'EN';
  captcha?: false;
  path?: '/wps/member/register' | '/wps/member/register/mobile';
}

async function register(fields: Record<string, unknown>, opts: RegOpts = {}) {
  const ip = opts.ip ?? nextIp();
  const c = opts.captcha === false ? {} : await t.captcha(ip).then((x) => ({ captcha: x.answer, captchaId: x.id }));
  return t.call({
    method: 'PUT',
    url: opts.path ?? '/wps/member/register',
    sealed: true,
    ip,
    lang: opts.lang ?? 'EN',
    body: { login: true, registerMethod: 'WEB', ...c, ...fields },
  });
}

const byUsername = (username = uniqueName('Reg'), extra: Record<string, unknown> = {}) => ({
  username,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  ...extra,
});

describe('the seeded rules', () => {
  it('the password rule is the policy: any characters, 8 to 64 (migration 3 replaced the old letters-and-digits 6-20)', async () => {
    const rules = (await t.call({ method: 'GET', url: '/wps/system/setting/register' })).body.value;
    expect(rules.find((r: { field: string }) => r.field === 'password')).toMatchObject({
      patternId: 'ANY',
      acceptedPattern: '*',
      minLength: 8,
      maxLength: 64,
    });
  });
});

describe('registration by username', () => {
  it('creates the member and its session: 201, the LoginValue, the IP known, the referral recorded', async () => {
    const ip = nextIp();
    const name = uniqueName('Rahim');
    const res = await register(
      byUsername(name, {
        referralCode: 'FRIEND42',
        domain: 'khela.example',
        registerUrl: 'https://khela.example/register?referralCode=FRIEND42',
        deviceId: 'device-123456',
      }),
      { ip, lang: 'BN' },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Registered',
      value: {
        firstTimeLogin: true,
        passwordExpired: false,
        defaultPassword: false,
        member: { account: name.toLowerCase(), nickname: name, type: 0 },
      },
    });
    expect(res.body.value).not.toHaveProperty('passwordSetup');
    const row = await t.db.one<Record<string, unknown>>(
      `SELECT password_hash, registration_ip, referral_code, language, register_method, profile, last_login_at IS NOT NULL AS logged_in FROM members WHERE account = $1`,
      [name.toLowerCase()],
    );
    expect(row).toMatchObject({
      registration_ip: ip,
      referral_code: 'FRIEND42',
      language: 'BN',
      register_method: 'WEB',
      logged_in: true,
      profile: { domain: 'khela.example', registerUrl: expect.any(String) },
    });
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(
      await t.db.query('SELECT ip FROM member_known_ips m JOIN members x ON x.id = m.member_id WHERE x.account = $1', [
        name.toLowerCase(),
      ]),
    ).toEqual([{ ip }]);
    expect((await t.call({ method: 'GET', url: '/wps/member/info', token: res.body.value.token })).body.value.account).toBe(
      name.toLowerCase(),
    );
    // and the password works
    const login = await t.call({
      url: '/wps/session/login',
      sealed: true,
      ip,
      body: { username: name, password: PASSWORD, type: 'username' },
    });
    expect(login.body.value.firstTimeLogin).toBe(false);
  });

  it('field errors come per field, in the request language (EN and BN)', async () => {
    const body = { username: '1bad', password: 'short', confirmPassword: 'other' };
    const en = await register(body, { lang: 'EN' });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({
      errorCode: 'VALIDATION_FAILED',
      value: {
        fields: { username: 'Letters and digits starting with a letter, 4 to 16 characters', password: '8 to 64 characters' },
      },
    });
    const bn = await register(body, { lang: 'BN' });
    expect(bn.body.value.fields).toEqual({
      username: 'অক্ষর দিয়ে শুরু, শুধু অক্ষর ও সংখ্যা, 4 থেকে 16 অক্ষর',
      password: '8 থেকে 64 অক্ষর',
    });
    const confirm = await register({ ...byUsername(), confirmPassword: 'different-1' }, { lang: 'EN' });
    expect(confirm.body.value.fields).toEqual({ confirmPassword: 'The two entries are inconsistent' });
    const empty = await register({}, { lang: 'EN' });
    expect(empty.body.value.fields).toMatchObject({ username: 'Input cannot be empty', password: 'Input cannot be empty' });
  });

  it('a common password, or the username itself: PASSWORD_TOO_COMMON; 64 characters are allowed, 65 are not', async () => {
    const common = await register(byUsername(undefined, { password: 'password1', confirmPassword: 'password1' }));
    expect(common.body).toMatchObject({
      errorCode: 'PASSWORD_TOO_COMMON',
      value: { fields: { password: 'This password is too common: choose another' } },
    });
    const equal = await register(
      { username: 'Karimpass1', password: 'karimpass1', confirmPassword: 'karimpass1' },
      { lang: 'BN' },
    );
    expect(equal.body).toMatchObject({
      errorCode: 'PASSWORD_TOO_COMMON',
      value: { fields: { password: 'এই পাসওয়ার্ডটি খুব সাধারণ: অন্য একটি বেছে নিন' } },
    });
    const long = 'ক'.repeat(30) + 'x'.repeat(34);
    expect((await register(byUsername(undefined, { password: long, confirmPassword: long }))).status).toBe(201);
    const tooLong = long + 'y';
    expect(
      (await register(byUsername(undefined, { password: tooLong, confirmPassword: tooLong }))).body.value.fields.password,
    ).toBe('8 to 64 characters');
  });

  it('the captcha: required by the seeded rule, single use, bound to the IP', async () => {
    const missing = await register(byUsername(), { captcha: false });
    expect(missing.body).toMatchObject({
      errorCode: 'VALIDATION_FAILED',
      value: { fields: { captcha: 'Input cannot be empty' } },
    });
    const ip = nextIp();
    const c = await t.captcha(ip);
    const wrong = await register(byUsername(undefined, { captcha: 'QQQQ' === c.answer ? 'WWWW' : 'QQQQ', captchaId: c.id }), {
      ip,
      captcha: false,
    });
    expect(wrong.body).toMatchObject({
      errorCode: 'CAPTCHA_INVALID',
      value: { captcha: true, fields: { captcha: 'Please enter the captcha' } },
    });
    const replay = await register(byUsername(undefined, { captcha: c.answer, captchaId: c.id }), { ip, captcha: false });
    expect(replay.body.errorCode).toBe('CAPTCHA_INVALID');
    const c2 = await t.captcha(ip);
    expect(
      (await register(byUsername(undefined, { captcha: c2.answer, captchaId: c2.id }), { ip: nextIp(), captcha: false })).body
        .errorCode,
    ).toBe('CAPTCHA_INVALID');
  });

  it('a taken username: 409 US_CUSTOMER_EXIST_ERROR and nothing changed', async () => {
    const name = uniqueName('Taken');
    expect((await register(byUsername(name))).status).toBe(201);
    const ip = nextIp();
    const c = await t.captcha(ip);
    const before = await snapshot(t);
    const again = await register(byUsername(name.toUpperCase(), { captcha: c.answer, captchaId: c.id }), { ip, captcha: false });
    expect([again.status, again.body.errorCode]).toEqual([409, 'US_CUSTOMER_EXIST_ERROR']);
    expect(await snapshot(t)).toEqual(before);
  });

  it("an agent's affiliate code joins the downline; an unknown one is AFFILIATE_CODE_INVALID; the check endpoint agrees", async () => {
    const agent = await t.member({ account: uniqueName('agent'), type: 1 });
    expect(agent.affiliateCode).toMatch(/^[A-Z2-9]{8}$/);
    const check = (code: string) =>
      t.call({ method: 'GET', url: `/wps/agent/affiliate?code=${encodeURIComponent(code)}&domain=khela.example` });
    expect((await check(agent.affiliateCode!.toLowerCase())).body.value).toEqual({ valid: true });
    expect((await check('NOPE1234')).body.value).toEqual({ valid: false });
    expect((await check("x' OR 1=1 --")).body.value).toEqual({ valid: false });
    expect((await t.call({ method: 'GET', url: '/wps/agent/affiliate' })).status).toBe(400);

    const name = uniqueName('Down');
    expect((await register(byUsername(name, { affiliateCode: agent.affiliateCode!.toLowerCase() }))).status).toBe(201);
    expect(
      await t.db.one('SELECT parent_agent_id, affiliate_code FROM members WHERE account = $1', [name.toLowerCase()]),
    ).toEqual({
      parent_agent_id: agent.id,
      affiliate_code: agent.affiliateCode,
    });
    const bad = await register(byUsername(undefined, { affiliateCode: 'NOPE1234' }), { lang: 'BN' });
    expect(bad.body).toMatchObject({
      errorCode: 'AFFILIATE_CODE_INVALID',
      value: { fields: { affiliateCode: 'আমন্ত্রণ কোড সঠিক নয়' } },
    });
  });

  it('affiliate checks are limited per IP', async () => {
    await t.setting('authLimits', { affiliateChecksPerIp: 2 });
    try {
      const ip = nextIp();
      const check = () => t.call({ method: 'GET', url: '/wps/agent/affiliate?code=ABCD1234', ip });
      expect((await check()).status).toBe(200);
      expect((await check()).status).toBe(200);
      expect((await check()).body.errorCode).toBe('TOO_MANY_REQUESTS');
    } finally {
      await t.setting('authLimits', {});
    }
  });

  it('values of fields the operator disabled are not kept; enabled ones are', async () => {
    await t.db.query(`UPDATE registration_field_rules SET enabled = true WHERE field = 'whatsapp'`);
    try {
      const name = uniqueName('Prof');
      expect(
        (await register(byUsername(name, { email: 'x@example.com', qqNum: '12345', whatsapp: '8801712345678' }))).status,
      ).toBe(201);
      expect(await t.db.one('SELECT email, profile FROM members WHERE account = $1', [name.toLowerCase()])).toEqual({
        email: null,
        profile: { whatsapp: '8801712345678' },
      });
    } finally {
      await t.db.query(`UPDATE registration_field_rules SET enabled = false WHERE field = 'whatsapp'`);
    }
  });

  it('a flag off: 403 US_CUSTOMER_NO_RIGHT_TO_REGISTER_ERROR', async () => {
    await t.flag('USERNAMEREG3', false);
    try {
      expect((await register(byUsername())).body.errorCode).toBe('US_CUSTOMER_NO_RIGHT_TO_REGISTER_ERROR');
    } finally {
      await t.flag('USERNAMEREG3', true);
    }
  });

  it('registrations are limited per IP', async () => {
    await t.setting('authLimits', { registrationsPerIp: 1 });
    try {
      const ip = nextIp();
      expect((await register(byUsername(), { ip })).status).toBe(201);
      const second = await register(byUsername(), { ip });
      expect([second.status, second.body.errorCode]).toEqual([429, 'TOO_MANY_REQUESTS']);
    } finally {
      await t.setting('authLimits', {});
    }
  });

  it.each([
    ['an unknown field', { firebaseIdToken: 'x' }],
    ['terms (not a registration field)', { terms: true }],
    ['a number for the username', { username: 1234 }],
    ['login false', { login: false }],
    ['another registerMethod', { registerMethod: 'APP' }],
    ['an oversized username', { username: 'a'.repeat(65) }],
    ['an oversized field', { payeeName: 'n'.repeat(101) }],
    ['a bad dialing code', { countryDialingCode: '880' }],
  ])('%s: 400, nothing changed', async (_name, extra) => {
    const before = await snapshot(t);
    const res = await register({ ...byUsername(), ...extra });
    expect(res.status).toBe(400);
    expect(await snapshot(t)).toEqual(before);
  });

  it('a plain (unsealed) body is refused', async () => {
    const res = await t.call({
      method: 'PUT',
      url: '/wps/member/register',
      body: { ...byUsername(), login: true, registerMethod: 'WEB' },
    });
    expect(res.body.errorCode).toBe('SEALED_BODY_INVALID');
  });
});

describe('registration by mobile number', () => {
  const MOBILE = '/wps/member/register/mobile' as const;
  let mobileSeq = 0;
  const nextMobile = () => `0171${String(2000000 + ++mobileSeq).slice(-7)}`;
  const e164 = (n: string) => `+880${n.slice(1)}`;
  const sendRegisterCode = (mobileNo: string, by: 'mobile' | 'username' = 'mobile', ip = nextIp()) =>
    t.call({ url: '/wps/verification/sms/register', body: { mobileNo, countryDialingCode: '+880', by }, ip });

  afterEach(async () => {
    await t.flag('REGMOBVERF3', false);
    await t.flag('MOBILENUMPASSREG3', true);
  });

  it('with a password: the number is bound and logs in; the account name is generated', async () => {
    const mobileNum = nextMobile();
    const ip = nextIp();
    const res = await register(
      { mobileNum, countryDialingCode: '+880', password: PASSWORD, confirmPassword: PASSWORD },
      { path: MOBILE, ip },
    );
    expect(res.status).toBe(201);
    expect(res.body.value.member.account).toMatch(/^m[0-9a-f]{10}$/);
    expect(
      await t.db.one('SELECT mobile_num, country_dialing_code FROM members WHERE id = $1', [res.body.value.member.id]),
    ).toEqual({ mobile_num: mobileNum, country_dialing_code: '+880' });
    const login = await t.call({
      url: '/wps/session/login',
      sealed: true,
      ip,
      body: { username: mobileNum, password: PASSWORD, type: 'username' },
    });
    expect(login.body.value.member.id).toBe(res.body.value.member.id);
    // from another IP the bound mobile number verifies the login first
    const away = await t.call({
      url: '/wps/session/login',
      sealed: true,
      ip: nextIp(),
      body: { username: mobileNum, password: PASSWORD, type: 'username' },
    });
    expect(away.body).toMatchObject({ errorCode: 'LOGIN_VERIFICATION_REQUIRED', value: { methods: ['MOBILE'] } });
    // the same number again
    const again = await register({ mobileNum, password: PASSWORD, confirmPassword: PASSWORD }, { path: MOBILE });
    expect([again.status, again.body.errorCode]).toEqual([409, 'CUSTOMER_MOBILE_NO_DUPLICATED']);
    expect(
      (await register({ mobileNum: '0123', password: PASSWORD, confirmPassword: PASSWORD }, { path: MOBILE })).body.value.fields
        .mobileNum,
    ).toBe('Enter a valid mobile number (11 digits)');
  });

  it('without MOBILENUMPASSREG3 the server generates a password: defaultPassword, and the session may set the first one', async () => {
    await t.flag('MOBILENUMPASSREG3', false);
    const mobileNum = nextMobile();
    const ip = nextIp();
    const res = await register({ mobileNum }, { path: MOBILE, ip });
    expect(res.status).toBe(201);
    expect(res.body.value).toMatchObject({ defaultPassword: true, passwordSetup: true });
    const token = res.body.value.token;
    const set = await t.call({
      url: '/wps/member/password',
      sealed: true,
      token,
      body: { oldPassword: '', newPassword: 'first-own-pass', confirmNewPassword: 'first-own-pass' },
    });
    expect(set.status).toBe(200);
    // only once: the session no longer may skip the old password
    const again = await t.call({
      url: '/wps/member/password',
      sealed: true,
      token,
      body: { oldPassword: '', newPassword: 'second-own-pass', confirmNewPassword: 'second-own-pass' },
    });
    expect(again.body.errorCode).toBe('VALIDATION_FAILED');
    const login = await t.call({
      url: '/wps/session/login',
      sealed: true,
      ip,
      body: { username: mobileNum, password: 'first-own-pass', type: 'username' },
    });
    expect(login.body.value).toMatchObject({ defaultPassword: false });
  });

  it('with REGMOBVERF3 the SMS code is required, used once; a wrong one changes nothing', async () => {
    await t.flag('REGMOBVERF3', true);
    const mobileNum = nextMobile();
    const body = { mobileNum, countryDialingCode: '+880', password: PASSWORD, confirmPassword: PASSWORD };
    const missing = await register(body, { path: MOBILE });
    expect(missing.body.value.fields).toEqual({ verificationCode: 'Please enter a valid verification code' });
    expect((await sendRegisterCode(mobileNum)).body.value).toEqual({ expiredMinutes: 2 });
    const code = await t.lastCode(e164(mobileNum));
    const before = await snapshot(t);
    const wrong = await register({ ...body, verificationCode: code === '111111' ? '222222' : '111111' }, { path: MOBILE });
    expect(wrong.body).toMatchObject({
      errorCode: 'SMS_CODE_INVALID',
      value: { fields: { verificationCode: expect.any(String) } },
    });
    expect(await snapshot(t)).toEqual(before);
    const ok = await register({ ...body, verificationCode: code }, { path: MOBILE });
    expect(ok.status).toBe(201);
    // a registered number: the same answer and limits as a free one, no message (hardening 11)
    const sentBefore = (await t.outbox(e164(mobileNum))).length;
    await t.limiter.reset(`code:1s:${e164(mobileNum)}`);
    const ip = nextIp();
    expect((await sendRegisterCode(mobileNum, 'mobile', ip)).body).toEqual({
      success: true,
      message: 'OK',
      value: { expiredMinutes: 2 },
    });
    expect((await sendRegisterCode(mobileNum, 'mobile', ip)).body.errorCode).toBe('SMS_THROTTLED');
    expect(await t.outbox(e164(mobileNum))).toHaveLength(sentBefore);
    // and its registration tells only who holds a right code that the number is taken
    const guess = await register({ ...body, verificationCode: '123456' }, { path: MOBILE });
    expect(guess.body.errorCode).toBe('SMS_CODE_INVALID');
  });

  it('an expired or superseded registration code is refused', async () => {
    await t.flag('REGMOBVERF3', true);
    const mobileNum = nextMobile();
    const body = { mobileNum, password: PASSWORD, confirmPassword: PASSWORD };
    await sendRegisterCode(mobileNum);
    const first = await t.lastCode(e164(mobileNum));
    await t.limiter.reset(`code:1s:${e164(mobileNum)}`);
    await sendRegisterCode(mobileNum);
    const second = await t.lastCode(e164(mobileNum));
    if (first !== second)
      expect((await register({ ...body, verificationCode: first }, { path: MOBILE })).body.errorCode).toBe('SMS_CODE_INVALID');
    await t.db.query(`UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE target = $1`, [
      e164(mobileNum),
    ]);
    expect((await register({ ...body, verificationCode: second }, { path: MOBILE })).body.errorCode).toBe('SMS_CODE_INVALID');
  });

  it('on the username tab with REGMOBVERF3, a given mobile number needs its code', async () => {
    await t.flag('REGMOBVERF3', true);
    const mobileNum = nextMobile();
    const noCode = await register(byUsername(undefined, { mobileNum }));
    expect(noCode.body.value.fields).toEqual({ verificationCode: 'Please enter a valid verification code' });
    await sendRegisterCode(mobileNum, 'username');
    const ok = await register(byUsername(undefined, { mobileNum, verificationCode: await t.lastCode(e164(mobileNum)) }));
    expect(ok.status).toBe(201);
    expect((await register(byUsername())).status).toBe(201); // no number, no code
  });

  it("the registration SMS needs REGMOBVERF3 and the tab's flag; a bad number is PHONE_FORMAT_INVALID", async () => {
    expect((await sendRegisterCode(nextMobile())).body.errorCode).toBe('OPERATION_NOT_ENABLED');
    await t.flag('REGMOBVERF3', true);
    await t.flag('MOBILENUMREG3', false);
    try {
      expect((await sendRegisterCode(nextMobile(), 'mobile')).body.errorCode).toBe('OPERATION_NOT_ENABLED');
      expect((await sendRegisterCode(nextMobile(), 'username')).status).toBe(200);
      expect((await register({ mobileNum: nextMobile() }, { path: MOBILE })).body.errorCode).toBe(
        'US_CUSTOMER_NO_RIGHT_TO_REGISTER_ERROR',
      );
    } finally {
      await t.flag('MOBILENUMREG3', true);
    }
    expect((await sendRegisterCode('99999')).body.errorCode).toBe('PHONE_FORMAT_INVALID');
    for (const body of [
      {},
      { mobileNo: '01712345678', countryDialingCode: '+880' },
      { mobileNo: 1712345678, countryDialingCode: '+880', by: 'mobile' },
      { mobileNo: '01712345678', countryDialingCode: '+880', by: 'fax' },
    ]) {
      expect((await t.call({ url: '/wps/verification/sms/register', body, ip: nextIp() })).status).toBe(400);
    }
  });
});

describe('the operator’s age question and dialing codes (issue 13)', () => {
  const setSetting = (key: string, value: unknown) =>
    t.app.inject({ method: 'PUT', url: `/ops/settings/${key}`, payload: { value }, headers: { 'x-ops-key': TEST_OPS_KEY } });
  const permission = async () => (await t.call({ method: 'GET', url: '/wps/system/permission' })).body.value;
  afterEach(async () => {
    await setSetting('registrationAge', 0);
    await setSetting('dialingCodes', ['+880']);
    await t.flag('COUNTRYCODE3', true);
  });

  it('asks the configured age: refused unconfirmed (the field named, nothing created), accepted confirmed', async () => {
    expect((await permission()).registrationAge).toBe(0);
    expect((await setSetting('registrationAge', 30)).statusCode).toBe(400);
    expect((await setSetting('registrationAge', 21)).statusCode).toBe(200);
    expect((await permission()).registrationAge).toBe(21);
    const before = await snapshot(t);
    const refused = await register(byUsername());
    expect(refused.status).toBe(400);
    expect(refused.body.value.fields.ageConfirmed).toMatch(/21/);
    expect(await snapshot(t)).toEqual(before);
    expect((await register(byUsername(undefined, { ageConfirmed: false }))).body.value.fields.ageConfirmed).toBeTruthy();
    expect((await register(byUsername(undefined, { ageConfirmed: true }))).status).toBe(201);
  });

  it('the dialing code follows COUNTRYCODE3: the operator’s codes when on, +880 only when off', async () => {
    await setSetting('dialingCodes', ['+880', '+91']);
    expect((await permission()).dialingCodes).toEqual(['+880', '+91']);
    const bad = await register(byUsername(undefined, { mobileNum: '01712345678', countryDialingCode: '+44' }));
    expect(bad.status).toBe(400);
    expect(bad.body.value.fields.countryDialingCode).toBeTruthy();
    await t.flag('COUNTRYCODE3', false);
    expect((await permission()).dialingCodes).toEqual(['+880']);
    const off = await register(byUsername(undefined, { mobileNum: '9876543210', countryDialingCode: '+91' }));
    expect(off.body.value.fields.countryDialingCode).toBeTruthy();
  });
});
