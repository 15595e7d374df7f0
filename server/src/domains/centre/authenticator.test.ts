import fc from 'fast-check';
import { generateSync } from 'otplib';
import { opsCall } from '../../test-support/test-db';
import { createAuthTestApi, uniqueName, type AuthTestApi } from '../auth/auth.test-support';
import { newTotpSecret, TOTP_PERIOD_S, totpStep } from './authenticator';

jest.setTimeout(60_000);

const code = (secret: string, epochSeconds: number) => generateSync({ secret, epoch: epochSeconds });

describe('the time window (RFC 6238, 30-second steps, one step either side)', () => {
  const secret = newTotpSecret();
  it('a code is accepted exactly while now is within one step of the step it was made in', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_600_000_000, max: 2_000_000_000 }), fc.integer({ min: -150, max: 150 }), (made, offset) => {
        const madeStep = Math.floor(made / TOTP_PERIOD_S);
        const now = made + offset;
        const distance = Math.floor(now / TOTP_PERIOD_S) - madeStep;
        const step = totpStep(secret, code(secret, made), now);
        if (Math.abs(distance) <= 1) expect(step).toBe(madeStep);
        // two steps' codes may coincide (one in a million); then the other step is the one answered
        else expect(step === null || step !== madeStep).toBe(true);
      }),
      { seed: 1006, numRuns: 300 },
    );
  });

  it('a step already used, or an earlier one, is refused (a code works once)', () => {
    const now = 1_800_000_015;
    const step = Math.floor(now / TOTP_PERIOD_S);
    expect(totpStep(secret, code(secret, now), now, step - 1)).toBe(step);
    expect(totpStep(secret, code(secret, now), now, step)).toBeNull();
    expect(totpStep(secret, code(secret, now - 30), now, step - 1)).toBeNull();
    expect(totpStep(secret, '12345', now)).toBeNull();
    expect(totpStep(secret, 'abcdef', now)).toBeNull();
  });
});

describe('the authenticator app in the security centre and at the login', () => {
  let t: AuthTestApi;
  beforeAll(async () => {
    t = await createAuthTestApi();
  });
  afterAll(() => t.dispose());
  const PASSWORD = 'correct-horse-1';
  let ipSeq = 0;
  const nextIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

  async function signedIn(type = 0) {
    const account = uniqueName('ta');
    const m = await t.member({ account, password: PASSWORD, type });
    const home = nextIp();
    const res = await t.call({
      url: '/wps/session/login',
      sealed: true,
      body: { type: 'username', username: account, password: PASSWORD },
      ip: home,
    });
    expect(res.status).toBe(200);
    return { ...m, account, home, token: res.body.value.token as string };
  }
  // the real clock (the login's verification reads it): a test enables with the current step's code
  // and then uses the next step's, which the one-step window accepts (also across a step's end)
  const now = () => Math.floor(Date.now() / 1000);

  async function enable(m: { token: string; id: number }) {
    const setup = await t.call({ url: '/wps/member/authenticator/setup', body: {}, token: m.token });
    expect(setup.status).toBe(200);
    const { secret, uri, qr } = setup.body.value;
    const confirmed = await t.call({
      url: '/wps/member/authenticator/confirm',
      body: { code: code(secret, now()) },
      token: m.token,
    });
    expect(confirmed.status).toBe(200);
    return {
      secret: secret as string,
      uri: uri as string,
      qr: qr as string,
      recoveryCodes: confirmed.body.value.recoveryCodes as string[],
    };
  }

  it('guests get 401 and trial accounts 403', async () => {
    expect((await t.call({ method: 'GET', url: '/wps/member/authenticator' })).status).toBe(401);
    const account = uniqueName('tt');
    await t.member({ account, nickname: account, type: 4 });
    const session = await opsCall(t.app, 'POST', '/ops/sessions', { account });
    const res = await t.call({ url: '/wps/member/authenticator/setup', body: {}, token: session.body.value.token });
    expect(res).toMatchObject({ status: 403, body: { errorCode: 'NEED_REAL_ACCOUNT' } });
    expect(
      await t.db.one('SELECT 1 FROM member_totp m JOIN members x ON x.id = m.member_id WHERE x.account = $1', [account]),
    ).toBeNull();
  });

  it('an agent secures its account like a player: the authenticator turns on for types 1, 2, 41 and 42', async () => {
    for (const type of [1, 2, 41, 42]) {
      const account = uniqueName('tag');
      await t.member({ account, nickname: account, type });
      const session = await opsCall(t.app, 'POST', '/ops/sessions', { account });
      const token = session.body.value.token as string;
      const on = await enable({ token, id: 0 });
      expect(on.recoveryCodes.length).toBeGreaterThan(0);
      expect((await t.call({ method: 'GET', url: '/wps/member/authenticator', token })).body.value).toMatchObject({
        enabled: true,
      });
    }
  });

  it('setup gives a sealed secret and a QR code; a wrong code changes nothing; the right one turns it on with recovery codes', async () => {
    const m = await signedIn();
    expect((await t.call({ method: 'GET', url: '/wps/member/authenticator', token: m.token })).body.value).toEqual({
      enabled: false,
      recoveryLeft: 0,
    });
    const setup = await t.call({ url: '/wps/member/authenticator/setup', body: {}, token: m.token });
    const { secret, uri, qr } = setup.body.value;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(uri).toBe(`otpauth://totp/Khela:${m.account}?secret=${secret}&issuer=Khela`);
    expect(Buffer.from(qr.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');
    const stored = await t.db.one<{ secret_sealed: string }>('SELECT secret_sealed FROM member_totp WHERE member_id = $1', [
      m.id,
    ]);
    expect(stored?.secret_sealed).not.toContain(secret);

    const wrong = code(secret, now()) === '000000' ? '111111' : '000000';
    const refused = await t.call({ url: '/wps/member/authenticator/confirm', body: { code: wrong }, token: m.token });
    expect(refused).toMatchObject({ status: 400, body: { errorCode: 'AUTHENTICATOR_CODE_INVALID' } });
    // a code of three steps ago is outside the window
    const old = await t.call({
      url: '/wps/member/authenticator/confirm',
      body: { code: code(secret, now() - 90) },
      token: m.token,
    });
    expect(old.body.errorCode).toBe('AUTHENTICATOR_CODE_INVALID');
    expect((await t.call({ method: 'GET', url: '/wps/member/authenticator', token: m.token })).body.value.enabled).toBe(false);

    const ok = await t.call({
      url: '/wps/member/authenticator/confirm',
      body: { code: code(secret, now() - 30) },
      token: m.token,
    });
    expect(ok.status).toBe(200);
    const codes: string[] = ok.body.value.recoveryCodes;
    expect(new Set(codes).size).toBe(8);
    const hashes = await t.db.query<{ code_hash: string }>('SELECT code_hash FROM member_totp_recovery WHERE member_id = $1', [
      m.id,
    ]);
    expect(hashes).toHaveLength(8);
    for (const c of codes) expect(hashes.map((h) => h.code_hash)).not.toContain(c);
    expect((await t.call({ method: 'GET', url: '/wps/member/authenticator', token: m.token })).body.value).toEqual({
      enabled: true,
      recoveryLeft: 8,
    });
    // on: a new setup is refused (the working secret stays)
    expect((await t.call({ url: '/wps/member/authenticator/setup', body: {}, token: m.token })).body.errorCode).toBe(
      'AUTHENTICATOR_ENABLED',
    );
  });

  it("the login's extra verification offers GOOGLE and accepts a TOTP code once, and each recovery code once", async () => {
    const m = await signedIn();
    const { secret, recoveryCodes } = await enable(m);

    const login = (ip: string) =>
      t.call({
        url: '/wps/session/login',
        sealed: true,
        body: { type: 'username', username: m.account, password: PASSWORD },
        ip,
      });
    const verify = (ip: string, verificationId: string, c: string, method = 'GOOGLE') =>
      t.call({ url: '/wps/session/login/verification', body: { verificationId, method, code: c }, ip });

    const away = nextIp();
    const challenged = await login(away);
    expect(challenged).toMatchObject({
      status: 403,
      body: { errorCode: 'LOGIN_VERIFICATION_REQUIRED', value: { methods: ['GOOGLE'] } },
    });
    const id = challenged.body.value.verificationId;
    // nothing is sent for GOOGLE
    expect(
      (await t.call({ url: '/wps/session/login/verification/send', body: { verificationId: id, method: 'GOOGLE' }, ip: away }))
        .status,
    ).toBe(400);
    const current = code(secret, now() + 30); // the confirming code's step is used up
    const wrong = current === '000000' ? '111111' : '000000';
    expect((await verify(away, id, wrong)).body.errorCode).toBe('SMS_CODE_INVALID');
    const done = await verify(away, id, current);
    expect(done.status).toBe(200);
    expect(done.body.value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // the same code again (another new IP, same step): refused
    const away2 = nextIp();
    const second = await login(away2);
    const id2 = second.body.value.verificationId;
    expect((await verify(away2, id2, current)).body.errorCode).toBe('SMS_CODE_INVALID');
    // a recovery code works (typed in capitals, without its dash)
    expect((await verify(away2, id2, recoveryCodes[0].replace('-', '').toUpperCase())).status).toBe(200);

    // the used recovery code is refused next time; another one works
    const away3 = nextIp();
    const id3 = (await login(away3)).body.value.verificationId;
    expect((await verify(away3, id3, recoveryCodes[0])).body.errorCode).toBe('SMS_CODE_INVALID');
    expect((await verify(away3, id3, recoveryCodes[1])).status).toBe(200);
    expect(
      (await t.call({ method: 'GET', url: '/wps/member/authenticator', token: done.body.value.token })).body.value.recoveryLeft,
    ).toBe(6);
  });

  it('turning it off needs a current code; afterwards the login needs no verification when nothing else is bound', async () => {
    const m = await signedIn();
    const { secret } = await enable(m);
    const off = (c: string) => t.call({ method: 'DELETE', url: '/wps/member/authenticator', body: { code: c }, token: m.token });
    expect((await off('not-a-code')).body.errorCode).toBe('AUTHENTICATOR_CODE_INVALID');
    expect((await t.call({ method: 'GET', url: '/wps/member/authenticator', token: m.token })).body.value.enabled).toBe(true);
    expect((await off(code(secret, now() + 30))).status).toBe(200);
    expect(await t.db.one('SELECT 1 FROM member_totp WHERE member_id = $1', [m.id])).toBeNull();
    const res = await t.call({
      url: '/wps/session/login',
      sealed: true,
      body: { type: 'username', username: m.account, password: PASSWORD },
      ip: nextIp(),
    });
    expect(res.status).toBe(200);
  });
});
