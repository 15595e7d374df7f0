// Thresholds hold against a burst of parallel attempts (issue 15, hardening 6): each attempt is
// counted atomically before its secret is checked, so a burst can't all pass "fewer than N failures
// so far" before any is counted; a right password takes its attempt back.
import { createAuthTestApi, uniqueName, type AuthTestApi } from '../auth/auth.test-support';
import { AUTH_LIMIT_DEFAULTS } from '../auth/limits';

jest.setTimeout(60_000);

let t: AuthTestApi;
let checked = 0;
beforeAll(async () => {
  t = await createAuthTestApi();
  const verify = t.app.auth.passwords.verify.bind(t.app.auth.passwords);
  t.app.auth.passwords.verify = async (...args) => {
    checked++;
    return verify(...args);
  };
});
afterAll(() => t.dispose());

const PASSWORD = 'correct-horse-1';
const login = (username: string, password: string, ip: string) =>
  t.call({ url: '/wps/session/login', sealed: true, body: { type: 'username', username, password }, ip });

it('checks only as many passwords of a burst of 30 parallel wrong ones as the captcha threshold allows', async () => {
  const account = uniqueName('burst');
  await t.member({ account, password: PASSWORD });
  checked = 0;
  const answers = await Promise.all(Array.from({ length: 30 }, () => login(account, 'wrong-password-1', '10.9.0.1')));
  const codes = answers.map((a) => a.body.errorCode);
  // before: all 30 read "no failures yet" and had their password checked
  expect(codes.filter((c) => c === 'US_INCORRECT_USERNAME_PASSWORD_ERROR')).toHaveLength(AUTH_LIMIT_DEFAULTS.accountCaptchaAfter);
  expect(codes.filter((c) => c === 'CAPTCHA_INVALID')).toHaveLength(30 - AUTH_LIMIT_DEFAULTS.accountCaptchaAfter);
  expect(checked).toBe(AUTH_LIMIT_DEFAULTS.accountCaptchaAfter);
  // the refused captchas were not attempts: only the checked ones count
  expect(await t.limiter.count(`login:ip:10.9.0.1`)).toBe(AUTH_LIMIT_DEFAULTS.accountCaptchaAfter);
});

it('takes a right password’s attempt back: the account counter resets, the address keeps only its failures', async () => {
  const account = uniqueName('undo');
  const m = await t.member({ account, password: PASSWORD });
  await login(account, 'wrong-password-1', '10.9.0.2');
  await login(account, 'wrong-password-2', '10.9.0.2');
  expect((await login(account, PASSWORD, '10.9.0.2')).status).toBe(200);
  expect(await t.limiter.count(`login:acct:m${m.id}`)).toBe(0);
  expect(await t.limiter.count(`login:ip:10.9.0.2`)).toBe(2);
  // right passwords in parallel count nothing once answered (while in flight they count: a fourth at
  // once would be asked for the captcha, as a burst of anything is)
  const ok = await Promise.all(
    Array.from({ length: AUTH_LIMIT_DEFAULTS.accountCaptchaAfter }, () => login(account, PASSWORD, '10.9.0.2')),
  );
  expect(ok.map((a) => a.status)).toEqual(Array(AUTH_LIMIT_DEFAULTS.accountCaptchaAfter).fill(200));
  expect(await t.limiter.count(`login:ip:10.9.0.2`)).toBe(2);
  expect(await t.limiter.count(`login:acct:m${m.id}`)).toBe(0);
});

it('tries only five of a burst of 20 parallel wrong SMS codes (reset by phone)', async () => {
  await t.flag('PHONERESET3', true);
  const mobileNum = '01912000077';
  await t.member({ account: uniqueName('sms'), password: PASSWORD, mobileNum });
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      t.call({
        url: '/wps/member/password/verification',
        sealed: true,
        body: { mobileNum, verificationCode: String(100000 + i), newPassword: 'another-horse-2' },
        ip: `10.9.1.${i + 1}`,
      }),
    ),
  );
  expect(answers.map((a) => a.body.errorCode)).toEqual(Array(20).fill('SMS_CODE_INVALID'));
  const tried = answers.filter((a) => !/send a new one/.test(a.body.message));
  expect(tried).toHaveLength(AUTH_LIMIT_DEFAULTS.codeGuesses);
  expect(await t.limiter.count(`code:guess:reset:+8801912000077`)).toBe(AUTH_LIMIT_DEFAULTS.codeGuesses);
});
