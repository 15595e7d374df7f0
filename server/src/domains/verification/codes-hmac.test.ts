// SMS and e-mail codes are stored as an HMAC under a server secret (issue 15, hardening 10): a reader
// of the table alone can't try the million six-digit codes against a bare SHA-256.
import { createHash, createHmac } from 'node:crypto';
import { unwrapSecret } from '../../http/sealed';
import { createAuthTestApi, type AuthTestApi } from '../auth/auth.test-support';
import { codeSecret } from './codes';

jest.setTimeout(60_000);

let t: AuthTestApi;
beforeAll(async () => {
  t = await createAuthTestApi();
  await t.flag('SMSLOGIN3', true);
});
afterAll(() => t.dispose());

it('a sent code is stored as an HMAC under the server secret, not as a SHA-256 of the digits', async () => {
  await t.member({ account: 'hmacmember', password: 'correct-horse-1', mobileNum: '01911000777' });
  const res = await t.call({
    url: '/wps/verification/sms/noLogin',
    body: { mobileNum: '01911000777', countryDialingCode: '+880' },
    ip: '10.9.0.1',
  });
  expect(res.body.errorCode).toBeUndefined();
  const code = await t.lastCode('+8801911000777');
  const row = (await t.db.one<{ purpose: string; target: string; code_hash: string }>(
    `SELECT purpose, target, code_hash FROM verification_codes WHERE target = '+8801911000777' ORDER BY id DESC LIMIT 1`,
  ))!;
  const text = `${row.purpose}:${row.target}:${code}`;
  expect(row.code_hash).not.toBe(createHash('sha256').update(text).digest('hex'));
  const stored = (await t.db.one<{ secret: string }>(`SELECT secret FROM server_secrets WHERE name = 'verification-codes'`))!;
  const secret = unwrapSecret(stored.secret);
  expect(secret).toHaveLength(32);
  expect(row.code_hash).toBe(createHmac('sha256', secret).update(text).digest('hex'));
});

it('the secret is made once: every later read (another instance) gets the same one', async () => {
  const a = await codeSecret(t.db);
  const b = await codeSecret(t.db);
  expect(a.equals(b)).toBe(true);
  expect((await t.db.query('SELECT 1 FROM server_secrets')).length).toBe(1);
});
