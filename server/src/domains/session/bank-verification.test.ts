import { createAuthTestApi, uniqueName, type AuthTestApi } from '../auth/auth.test-support';
import { normalName } from '../auth/login-session';

jest.setTimeout(60_000);

/** The login's extra verification by the bank account name (issue 13): the kind besides mobile, e-mail and the authenticator. */
let t: AuthTestApi;
beforeAll(async () => {
  t = await createAuthTestApi();
});
afterAll(() => t.dispose());

const PASSWORD = 'correct-horse-1';
let ipSeq = 0;
const nextIp = () => `10.11.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

const login = (account: string, ip: string) =>
  t.call({ url: '/wps/session/login', sealed: true, body: { type: 'username', username: account, password: PASSWORD }, ip });
const verify = (ip: string, verificationId: string, code: string, method = 'BANK') =>
  t.call({ url: '/wps/session/login/verification', body: { verificationId, method, code }, ip });

async function memberWithBank(holder: string | null) {
  const account = uniqueName('bk');
  const m = await t.member({ account, password: PASSWORD });
  if (holder) {
    await t.db.query(
      `INSERT INTO withdraw_accounts (member_id, method, account_no, holder_name, bank_name, branch)
       VALUES ($1, 'BANK', '1234567890', $2, 'Sonali Bank', 'Motijheel')`,
      [m.id, holder],
    );
  }
  // a first login from home makes the IP known
  expect((await login(account, nextIp())).status).toBe(200);
  return { ...m, account };
}

it('a bound bank account offers BANK; its account name completes the login, case and spacing aside', async () => {
  const m = await memberWithBank('Rahim  Uddin');
  const away = nextIp();
  const challenged = await login(m.account, away);
  expect(challenged).toMatchObject({
    status: 403,
    body: { errorCode: 'LOGIN_VERIFICATION_REQUIRED', value: { methods: ['BANK'] } },
  });
  const id = challenged.body.value.verificationId;
  // nothing is sent for BANK
  expect(
    (await t.call({ url: '/wps/session/login/verification/send', body: { verificationId: id, method: 'BANK' }, ip: away }))
      .status,
  ).toBe(400);
  expect((await verify(away, id, 'Karim Uddin')).body.errorCode).toBe('SMS_CODE_INVALID');
  // another IP cannot use the challenge
  expect((await verify(nextIp(), id, 'Rahim Uddin')).body.errorCode).toBe('LOGIN_VERIFICATION_INVALID');
  const done = await verify(away, id, '  rahim uddin ');
  expect(done.status).toBe(200);
  expect(done.body.value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // used once
  expect((await verify(away, id, 'Rahim Uddin')).body.errorCode).toBe('LOGIN_VERIFICATION_INVALID');
});

it('five wrong names end the challenge', async () => {
  const m = await memberWithBank('Salma Begum');
  const away = nextIp();
  const id = (await login(m.account, away)).body.value.verificationId;
  for (let i = 0; i < 5; i++) expect((await verify(away, id, `Wrong ${i}`)).status).toBe(400);
  expect((await verify(away, id, 'Salma Begum')).status).toBe(400);
});

it('a removed bank account no longer verifies; with nothing bound the login needs no verification', async () => {
  const m = await memberWithBank('Nasir Ahmed');
  await t.db.query(`UPDATE withdraw_accounts SET removed_at = now() WHERE member_id = $1`, [m.id]);
  expect((await login(m.account, nextIp())).status).toBe(200);
});

it('names compare without case, outer spaces or runs of spaces', () => {
  expect(normalName('  Rahim   UDDIN ')).toBe('rahim uddin');
  expect(normalName('')).toBe('');
});
