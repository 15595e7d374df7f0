import { opsCall } from '../../test-support/test-db';
import { houseBalance } from '../wallet/ledger';
import {
  balance,
  call,
  createPayTestApi,
  credit,
  expectCleanLedger,
  memberWithSession,
  sandboxCallback,
  setRules,
  type PayTestApi,
  type TestMember,
} from './payments.test-support';

jest.setTimeout(60_000);

let t: PayTestApi;
beforeAll(async () => {
  t = await createPayTestApi();
  await setRules(t, { turnoverMultiplier: 0 });
});
afterAll(async () => {
  await expectCleanLedger(t);
  await t.dispose();
});

const PIN = '482915';
const info = (m: TestMember) => call(t, 'GET', '/wps/payments/withdraw/info', { token: m.token });
const setPin = (m: TestMember, body: Record<string, unknown>) =>
  call(t, 'POST', '/wps/payments/payment-password', { token: m.token, body });
const bind = (m: TestMember, body: Record<string, unknown>) =>
  call(t, 'POST', '/wps/payments/withdraw/accounts', { token: m.token, body: { paymentPassword: PIN, ...body } });
const withdraw = (m: TestMember, body: Record<string, unknown>) =>
  call(t, 'POST', '/wps/payments/withdrawals', { token: m.token, body: { paymentPassword: PIN, ...body } });
const approve = (id: number) => opsCall(t.app, 'POST', `/ops/payments/withdrawals/${id}/approve`, { operator: 'cashier1' });
const reject = (id: number, reason = 'name on account does not match') =>
  opsCall(t.app, 'POST', `/ops/payments/withdrawals/${id}/reject`, { operator: 'cashier2', reason });
const countWithdrawals = async (memberId: number) =>
  (await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM withdrawals WHERE member_id = $1`, [memberId]))!.n;

/** A member with a payment password, a bound bKash account in `name`, and `funds` poisha. */
async function ready(funds = '500000', type = 0, name = 'Rahim Uddin') {
  const m = await memberWithSession(t, type, 'wd');
  expect((await setPin(m, { newPassword: PIN, confirmPassword: PIN })).status).toBe(200);
  const acc = await bind(m, { method: 'BKASH', accountNo: '01712345678', holderName: name });
  expect(acc.status).toBe(201);
  if (funds !== '0') await credit(t, m.account, funds);
  return { ...m, accountId: acc.body.value.id as number };
}

function multipart(fields: Record<string, string>, files: { name: string; data: Buffer; type?: string }[]) {
  const boundary = `----khela${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'image/png'}\r\n\r\n`,
      ),
    );
    chunks.push(f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 3)]);

async function notReceived(
  m: TestMember,
  id: number,
  files: { name: string; data: Buffer; type?: string }[],
  complaint = 'nothing arrived',
) {
  const body = multipart({ complaint }, files);
  const res = await t.app.inject({
    method: 'POST',
    url: `/wps/payments/withdrawals/${id}/not-received`,
    payload: body.payload,
    headers: { authorization: m.token, 'content-type': body.contentType },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('GET /wps/payments/withdraw/info', () => {
  it('guest 401, trial 403; a new player has no payment password, no payee name, no accounts', async () => {
    expect((await call(t, 'GET', '/wps/payments/withdraw/info')).status).toBe(401);
    const trial = await memberWithSession(t, 4);
    expect((await info(trial)).body.errorCode).toBe('NEED_REAL_ACCOUNT');
    const m = await memberWithSession(t);
    const v = (await info(m)).body.value;
    expect(v).toMatchObject({
      balance: '0',
      minAmount: '50000',
      maxAmount: '2500000',
      dailyCount: 3,
      usedToday: 0,
      paymentPasswordSet: false,
      payeeName: null,
      accounts: [],
      turnover: { multiplier: 0, missing: '0' },
    });
  });
});

describe('the payment password', () => {
  it('six digits, not weak, confirmed; the first time with the session, later only with the old one; wrong ones are limited', async () => {
    const m = await memberWithSession(t);
    const hash = async () =>
      (await t.db.one<{ h: string | null }>(`SELECT payment_password_hash AS h FROM members WHERE id = $1`, [m.id]))!.h;
    for (const [body, code] of [
      [{ newPassword: '12345', confirmPassword: '12345' }, 'PAYMENT_PASSWORD_FORMAT'],
      [{ newPassword: 'abcdef', confirmPassword: 'abcdef' }, 'PAYMENT_PASSWORD_FORMAT'],
      [{ newPassword: '123456', confirmPassword: '123456' }, 'PAYMENT_PASSWORD_WEAK'],
      [{ newPassword: '777777', confirmPassword: '777777' }, 'PAYMENT_PASSWORD_WEAK'],
      [{ newPassword: PIN, confirmPassword: '482916' }, 'PAYMENT_PASSWORD_MISMATCH'],
    ] as const) {
      const r = await setPin(m, body);
      expect(r.status).toBe(400);
      expect(r.body.errorCode).toBe(code);
    }
    expect(await hash()).toBeNull();
    expect((await setPin(m, { newPassword: PIN, confirmPassword: PIN })).body.value).toEqual({ changed: false });
    const stored = await hash();
    expect(stored).toMatch(/^\$argon2id\$/);
    expect((await setPin(m, { newPassword: '591824', confirmPassword: '591824' })).body.errorCode).toBe('PAYMENT_PASSWORD_SET');
    await setRules(t, { turnoverMultiplier: 0, paymentPasswordMaxFailures: 3 });
    try {
      const wrong1 = await setPin(m, { newPassword: '591824', confirmPassword: '591824', oldPassword: '000001' });
      expect(wrong1.body).toMatchObject({ errorCode: 'PAYMENT_PASSWORD_WRONG', value: { attemptsLeft: 2 } });
      expect(
        (await setPin(m, { newPassword: '591824', confirmPassword: '591824', oldPassword: '000002' })).body.value.attemptsLeft,
      ).toBe(1);
      const locked = await setPin(m, { newPassword: '591824', confirmPassword: '591824', oldPassword: '000003' });
      expect(locked.status).toBe(429);
      expect(locked.body.errorCode).toBe('PAYMENT_PASSWORD_LOCKED');
      // locked: even the right one waits
      expect((await setPin(m, { newPassword: '591824', confirmPassword: '591824', oldPassword: PIN })).status).toBe(429);
      expect(await hash()).toBe(stored);
    } finally {
      await t.app.auth.limiter.reset(`paypwd:lock:${m.id}`);
      await setRules(t, { turnoverMultiplier: 0 });
    }
    expect((await setPin(m, { newPassword: '591824', confirmPassword: '591824', oldPassword: PIN })).body.value).toEqual({
      changed: true,
    });
    expect(await hash()).not.toBe(stored);
  });
});

describe('payout accounts', () => {
  it('need a payment password; numbers and names are checked; the first binding fixes the payee name', async () => {
    const m = await memberWithSession(t);
    expect((await bind(m, { method: 'BKASH', accountNo: '01712345678', holderName: 'Karim Ali' })).body.errorCode).toBe(
      'PAYMENT_PASSWORD_NOT_SET',
    );
    await setPin(m, { newPassword: PIN, confirmPassword: PIN });
    for (const [body, code] of [
      [{ method: 'BKASH', accountNo: '01212345678', holderName: 'Karim Ali' }, 'ACCOUNT_NUMBER_INVALID'],
      [{ method: 'NAGAD', accountNo: '0171234567', holderName: 'Karim Ali' }, 'ACCOUNT_NUMBER_INVALID'],
      [
        { method: 'BANK', accountNo: '12345', holderName: 'Karim Ali', bankName: 'BRAC Bank', branch: 'Gulshan' },
        'ACCOUNT_NUMBER_INVALID',
      ],
      [{ method: 'BANK', accountNo: '1234567890123', holderName: 'Karim Ali' }, 'BANK_DETAILS_REQUIRED'],
      [{ method: 'BKASH', accountNo: '01712345678', holderName: 'K1' }, 'HOLDER_NAME_INVALID'],
      [
        { method: 'BKASH', accountNo: '01712345678', holderName: 'Karim Ali', paymentPassword: '999999' },
        'PAYMENT_PASSWORD_WRONG',
      ],
    ] as const) {
      const r = await bind(m, body);
      expect([r.status, r.body.errorCode]).toEqual([400, code]);
    }
    expect(
      (
        await call(t, 'POST', '/wps/payments/withdraw/accounts', {
          token: m.token,
          body: { method: 'PAYPAL', accountNo: '1', holderName: 'x', paymentPassword: PIN },
        })
      ).status,
    ).toBe(400);
    expect((await info(m)).body.value).toMatchObject({ payeeName: null, accounts: [] });

    // Bengali digits and +880 are written the local way
    const first = await bind(m, { method: 'BKASH', accountNo: '+৮৮০ ১৭১১-২২২৩৩৩', holderName: '  karim   ali ' });
    expect(first.status).toBe(201);
    expect(first.body.value).toMatchObject({ method: 'BKASH', accountNo: '••••2333', holderName: 'karim ali' });
    expect((await info(m)).body.value.payeeName).toBe('karim ali');
    expect((await bind(m, { method: 'NAGAD', accountNo: '01811222333', holderName: 'Someone Else' })).body.errorCode).toBe(
      'PAYEE_NAME_MISMATCH',
    );
    expect((await bind(m, { method: 'BKASH', accountNo: '01711222333', holderName: 'Karim Ali' })).body.errorCode).toBe(
      'ACCOUNT_ALREADY_BOUND',
    );
    const bank = await bind(m, {
      method: 'BANK',
      accountNo: '2051234567001',
      holderName: 'KARIM ALI',
      bankName: 'Dutch-Bangla Bank',
      branch: 'Motijheel',
    });
    expect(bank.status).toBe(201);
    expect(bank.body.value).toMatchObject({ bankName: 'Dutch-Bangla Bank', branch: 'Motijheel', holderName: 'karim ali' });
    const rocket = await bind(m, { method: 'ROCKET', accountNo: '017112223334', holderName: 'Karim Ali' });
    expect(rocket.status).toBe(201);
    expect((await info(m)).body.value.accounts).toHaveLength(3);

    // removal needs the payment password; another member's account is not found
    const other = await memberWithSession(t);
    expect(
      (
        await call(t, 'POST', `/wps/payments/withdraw/accounts/${bank.body.value.id}/remove`, {
          token: other.token,
          body: { paymentPassword: PIN },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(t, 'POST', `/wps/payments/withdraw/accounts/${bank.body.value.id}/remove`, {
          token: m.token,
          body: { paymentPassword: '000009' },
        })
      ).body.errorCode,
    ).toBe('PAYMENT_PASSWORD_WRONG');
    expect(
      (
        await call(t, 'POST', `/wps/payments/withdraw/accounts/${bank.body.value.id}/remove`, {
          token: m.token,
          body: { paymentPassword: PIN },
        })
      ).body.value,
    ).toEqual({ removed: true });
    expect((await call(t, 'GET', '/wps/payments/withdraw/accounts', { token: m.token })).body.value).toHaveLength(2);
  });

  it('at most maxAccounts', async () => {
    const m = await ready('0');
    await setRules(t, { turnoverMultiplier: 0, maxAccounts: 2 });
    try {
      expect((await bind(m, { method: 'NAGAD', accountNo: '01912345678', holderName: 'Rahim Uddin' })).status).toBe(201);
      expect((await bind(m, { method: 'ROCKET', accountNo: '01612345678', holderName: 'Rahim Uddin' })).body.errorCode).toBe(
        'TOO_MANY_ACCOUNTS',
      );
    } finally {
      await setRules(t, { turnoverMultiplier: 0 });
    }
  });
});

describe('POST /wps/payments/withdrawals', () => {
  it('refusals change nothing: amounts, accounts, password, roles, a balance that cannot cover it', async () => {
    const m = await ready('60000');
    const stranger = await ready('0');
    for (const [body, status, code] of [
      [{ accountId: m.accountId, amount: '49999' }, 400, 'AMOUNT_BELOW_MIN'],
      [{ accountId: m.accountId, amount: '2500001' }, 400, 'AMOUNT_ABOVE_MAX'],
      [{ accountId: m.accountId, amount: 60000 }, 400, 'VALIDATION_ERROR'],
      [{ accountId: m.accountId, amount: '600.00' }, 400, 'VALIDATION_ERROR'],
      [{ accountId: stranger.accountId, amount: '50000' }, 404, 'ACCOUNT_NOT_FOUND'],
      [{ accountId: m.accountId, amount: '50000', paymentPassword: '111112' }, 400, 'PAYMENT_PASSWORD_WRONG'],
      [{ accountId: m.accountId, amount: '70000' }, 409, 'INSUFFICIENT_FUNDS'],
    ] as const) {
      const r = await withdraw(m, body);
      expect([r.status, r.body.errorCode]).toEqual([status, code]);
    }
    const poor = await withdraw(m, { accountId: m.accountId, amount: '70000' });
    expect(poor.body.value).toMatchObject({ balance: '60000' });
    expect(await countWithdrawals(m.id)).toBe(0);
    expect(await balance(t, m.token)).toBe('60000');
    expect(
      (await call(t, 'POST', '/wps/payments/withdrawals', { body: { accountId: 1, amount: '50000', paymentPassword: PIN } }))
        .status,
    ).toBe(401);
    const trial = await memberWithSession(t, 4);
    expect((await withdraw(trial, { accountId: 1, amount: '50000' })).body.errorCode).toBe('NEED_REAL_ACCOUNT');
  });

  it('moves the amount to WITHDRAWALS_PAYABLE at once; an operator rejects it and the funds come back', async () => {
    const m = await ready('300000', 1); // an agent withdraws like a player
    const payableBefore = await houseBalance(t.db, 'WITHDRAWALS_PAYABLE');
    const r = await withdraw(m, { accountId: m.accountId, amount: '100000', requestKey: 'wd-key-000001' });
    expect(r.status).toBe(201);
    expect(r.body.value).toMatchObject({
      status: 'PENDING',
      amount: '100000',
      method: 'BKASH',
      accountNo: '••••5678',
      confirmation: null,
    });
    const again = await withdraw(m, { accountId: m.accountId, amount: '100000', requestKey: 'wd-key-000001' });
    expect(again.body.value.id).toBe(r.body.value.id);
    const other = await withdraw(m, { accountId: m.accountId, amount: '90000', requestKey: 'wd-key-000001' });
    expect([other.status, other.body.errorCode]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await balance(t, m.token)).toBe('200000');
    expect((await houseBalance(t.db, 'WITHDRAWALS_PAYABLE')) - payableBefore).toBe(BigInt(100000));
    const list = await opsCall(t.app, 'GET', `/ops/payments/withdrawals?account=${m.account}`);
    expect(list.body.value.map((w: { id: number }) => w.id)).toEqual([r.body.value.id]);
    expect(list.body.value[0].accountNoFull).toBe('01712345678');

    const rej = await reject(r.body.value.id, 'account name differs from the bKash record');
    expect(rej.status).toBe(200);
    expect(rej.body.value).toMatchObject({
      status: 'REJECTED',
      rejectReason: 'account name differs from the bKash record',
      decidedBy: 'ops:cashier2',
    });
    expect(await balance(t, m.token)).toBe('300000');
    expect((await houseBalance(t.db, 'WITHDRAWALS_PAYABLE')) - payableBefore).toBe(BigInt(0));
    expect((await approve(r.body.value.id)).body.errorCode).toBe('WITHDRAWAL_NOT_PENDING');
    expect((await reject(r.body.value.id)).body.errorCode).toBe('WITHDRAWAL_NOT_PENDING');
    expect(
      (await opsCall(t.app, 'POST', `/ops/payments/withdrawals/${r.body.value.id}/reject`, { operator: 'x', reason: '' })).status,
    ).toBe(400);
    expect((await opsCall(t.app, 'POST', '/ops/payments/withdrawals/999999/approve', { operator: 'x' })).status).toBe(404);
    const mine = await call(t, 'GET', '/wps/payments/withdrawals', { token: m.token });
    expect(mine.body.value[0]).toMatchObject({ status: 'REJECTED', rejectReason: 'account name differs from the bKash record' });
  });

  it('a pending withdrawal is still paid after the member self-excludes (responsible gambling)', async () => {
    const m = await ready('100000');
    const w = (await withdraw(m, { accountId: m.accountId, amount: '100000' })).body.value;
    const excluded = await opsCall(t.app, 'POST', '/ops/rg/exclusions', { account: m.account, period: '1y', operator: 'rg' });
    expect(excluded.status).toBe(200);
    expect((await info(m)).status).toBe(401); // every session ended
    const a = await approve(w.id);
    expect(a.body.value).toMatchObject({ status: 'APPROVED' });
  });

  it('an approval pays it out from WITHDRAWALS_PAYABLE to PAYMENT_CLEARING', async () => {
    const m = await ready('100000');
    const w = (await withdraw(m, { accountId: m.accountId, amount: '100000' })).body.value;
    const clearingBefore = await houseBalance(t.db, 'PAYMENT_CLEARING');
    const a = await approve(w.id);
    expect(a.body.value).toMatchObject({ status: 'APPROVED', decidedBy: 'ops:cashier1', confirmation: null });
    expect(a.body.value.autoReceiveAt).toBeTruthy();
    expect((await houseBalance(t.db, 'PAYMENT_CLEARING')) - clearingBefore).toBe(BigInt(100000));
    expect(await balance(t, m.token)).toBe('0');
  });

  it('approve and reject at once: exactly one wins, and the money moves once', async () => {
    for (let i = 0; i < 4; i++) {
      const m = await ready('200000');
      const w = (await withdraw(m, { accountId: m.accountId, amount: '200000' })).body.value;
      const [a, r] = await Promise.all([approve(w.id), reject(w.id)]);
      const winners = [a, r].filter((x) => x.status === 200);
      expect(winners).toHaveLength(1);
      expect([a, r].find((x) => x.status !== 200)!.body.errorCode).toBe('WITHDRAWAL_NOT_PENDING');
      expect(await balance(t, m.token)).toBe(a.status === 200 ? '0' : '200000');
      const moves = await t.db.query<{ kind: string }>(
        `SELECT kind FROM ledger_transactions WHERE member_id = $1 AND kind LIKE 'WITHDRAWAL%' ORDER BY id`,
        [m.id],
      );
      expect(moves.map((x: { kind: string }) => x.kind)).toEqual([
        'WITHDRAWAL',
        a.status === 200 ? 'WITHDRAWAL_PAID' : 'WITHDRAWAL_REJECTED',
      ]);
    }
  });

  it('two requests at once against a balance for one: one is taken, the other refused', async () => {
    const m = await ready('100000');
    const results = await Promise.all([
      withdraw(m, { accountId: m.accountId, amount: '100000' }),
      withdraw(m, { accountId: m.accountId, amount: '100000' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await balance(t, m.token)).toBe('0');
    expect(await countWithdrawals(m.id)).toBe(1);
  });

  it('the daily count (Dhaka days; rejected ones do not count)', async () => {
    const m = await ready('1000000');
    await setRules(t, { turnoverMultiplier: 0, withdrawDailyCount: 2 });
    try {
      const a = (await withdraw(m, { accountId: m.accountId, amount: '50000' })).body.value;
      await withdraw(m, { accountId: m.accountId, amount: '50000' });
      const third = await withdraw(m, { accountId: m.accountId, amount: '50000' });
      expect(third.body).toMatchObject({ errorCode: 'DAILY_WITHDRAWAL_LIMIT', value: { dailyCount: 2 } });
      await reject(a.id);
      expect((await withdraw(m, { accountId: m.accountId, amount: '50000' })).status).toBe(201);
      expect((await info(m)).body.value.usedToday).toBe(2);
      t.clock.advanceMinutes(24 * 60);
      expect((await info(m)).body.value.usedToday).toBe(0);
      expect((await withdraw(m, { accountId: m.accountId, amount: '50000' })).status).toBe(201);
    } finally {
      await setRules(t, { turnoverMultiplier: 0 });
    }
  });

  it('the turnover rule: valid bets since the deposits must reach N × the deposits, and says what is missing', async () => {
    const m = await ready('0');
    await setRules(t, { turnoverMultiplier: 1.5 });
    try {
      const order = (
        await call(t, 'POST', '/wps/payments/deposits', { token: m.token, body: { channel: 'BKASH', amount: '100000' } })
      ).body.value;
      expect((await sandboxCallback(t, { orderNo: order.orderNo, status: 'PAID', amount: '100000' })).status).toBe(200);
      const before = (await info(m)).body.value.turnover;
      expect(before).toMatchObject({ multiplier: 1.5, deposits: '100000', required: '150000', done: '0', missing: '150000' });
      const refused = await withdraw(m, { accountId: m.accountId, amount: '50000' });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        errorCode: 'TURNOVER_NOT_MET',
        value: { required: '150000', done: '0', missing: '150000' },
      });
      const bet = (valid: string, status = 'SETTLED') =>
        t.db.query(
          `INSERT INTO bet_records (member_id, vendor_code, game_code, game_type, round_id, bet_transaction_id, wallet, stake, payout, valid_bet, status, placed_at)
           VALUES ($1, 'KHELA', 'dice', 'RNG', $2, $2, 'MAIN', $3::bigint, 0, $3::bigint, $4, $5)`,
          [m.id, `r${Math.random()}`, valid, status, t.clock.now],
        );
      await bet('100000');
      await bet('90000', 'ROLLED_BACK'); // a rolled-back bet is no turnover
      expect((await info(m)).body.value.turnover).toMatchObject({ done: '100000', missing: '50000' });
      expect((await withdraw(m, { accountId: m.accountId, amount: '50000' })).body.value).toMatchObject({});
      expect((await withdraw(m, { accountId: m.accountId, amount: '50000' })).body.errorCode).toBe('TURNOVER_NOT_MET');
      await bet('50000');
      expect((await withdraw(m, { accountId: m.accountId, amount: '50000' })).status).toBe(201);
      // a new cycle starts with the withdrawal: no deposits since, no requirement
      expect((await info(m)).body.value.turnover).toMatchObject({ deposits: '0', missing: '0' });
    } finally {
      await setRules(t, { turnoverMultiplier: 0 });
    }
  });
});

describe('the withdrawal confirmation', () => {
  async function approved(funds = '100000') {
    const m = await ready(funds);
    const w = (await withdraw(m, { accountId: m.accountId, amount: funds })).body.value;
    expect((await approve(w.id)).status).toBe(200);
    return { m, id: w.id as number };
  }

  it('received, only once it was paid out', async () => {
    const m = await ready('100000');
    const w = (await withdraw(m, { accountId: m.accountId, amount: '100000' })).body.value;
    expect((await call(t, 'POST', `/wps/payments/withdrawals/${w.id}/received`, { token: m.token })).body.errorCode).toBe(
      'WITHDRAWAL_NOT_APPROVED',
    );
    await approve(w.id);
    const other = await memberWithSession(t);
    expect((await call(t, 'POST', `/wps/payments/withdrawals/${w.id}/received`, { token: other.token })).status).toBe(404);
    const r = await call(t, 'POST', `/wps/payments/withdrawals/${w.id}/received`, { token: m.token });
    expect(r.body.value).toMatchObject({ confirmation: 'RECEIVED', autoReceiveAt: null });
    expect((await call(t, 'POST', `/wps/payments/withdrawals/${w.id}/received`, { token: m.token })).body.errorCode).toBe(
      'ALREADY_CONFIRMED',
    );
  });

  it('not received: proof images checked by their bytes, at most 3 of at most 5 MB; operators read them', async () => {
    const { m, id } = await approved();
    const proofCount = async () =>
      (await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM withdrawal_proofs WHERE withdrawal_id = $1`, [id]))!.n;
    expect((await notReceived(m, id, [])).body.errorCode).toBe('PROOF_REQUIRED');
    expect(
      (await notReceived(m, id, [{ name: 'fake.png', data: Buffer.from('<script>alert(1)</script> not an image at all') }])).body
        .errorCode,
    ).toBe('PROOF_NOT_IMAGE');
    expect(
      (await notReceived(m, id, [{ name: 'gif.png', data: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(100)]) }])).body
        .errorCode,
    ).toBe('PROOF_NOT_IMAGE');
    const four = await notReceived(
      m,
      id,
      [1, 2, 3, 4].map((i) => ({ name: `p${i}.png`, data: PNG })),
    );
    expect([four.status, four.body.errorCode]).toEqual([413, 'PROOF_TOO_MANY']);
    const big = await notReceived(m, id, [{ name: 'big.png', data: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) }]);
    expect([big.status, big.body.errorCode]).toEqual([413, 'PROOF_TOO_LARGE']);
    expect((await notReceived(m, id, [{ name: 'a.png', data: PNG }], 'x'.repeat(141))).status).toBe(400);
    const trial = await memberWithSession(t, 4);
    expect((await notReceived(trial, id, [{ name: 'a.png', data: PNG }])).body.errorCode).toBe('NEED_REAL_ACCOUNT');
    expect(await proofCount()).toBe(0);
    expect((await call(t, 'GET', `/wps/payments/withdrawals/${id}`, { token: m.token })).body.value.confirmation).toBeNull();

    const ok = await notReceived(
      m,
      id,
      [
        { name: 'bkash-statement.png', data: PNG },
        { name: '../../sms <screen>.jpg', data: JPEG, type: 'image/jpeg' },
      ],
      'The bKash statement shows nothing',
    );
    expect(ok.status).toBe(200);
    expect(ok.body.value).toMatchObject({ confirmation: 'NOT_RECEIVED', complaint: 'The bKash statement shows nothing' });
    expect(ok.body.value.proofs.map((p: { fileName: string; contentType: string }) => [p.fileName, p.contentType])).toEqual([
      ['bkash-statement.png', 'image/png'],
      ['sms screen.jpg', 'image/jpeg'],
    ]);
    expect((await notReceived(m, id, [{ name: 'again.png', data: PNG }])).body.errorCode).toBe('ALREADY_CONFIRMED');

    const disputed = await opsCall(t.app, 'GET', '/ops/payments/withdrawals?status=DISPUTED');
    expect(disputed.body.value.map((w: { id: number }) => w.id)).toContain(id);
    const detail = await opsCall(t.app, 'GET', `/ops/payments/withdrawals/${id}`);
    const proofId = detail.body.value.proofs[1].id;
    const img = await t.app.inject({
      url: `/ops/payments/withdrawals/${id}/proofs/${proofId}`,
      headers: { 'x-ops-key': 'test-ops-key' },
    });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(JPEG)).toBe(true);
    expect((await t.app.inject({ url: `/ops/payments/withdrawals/${id}/proofs/${proofId}` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: `/ops/payments/withdrawals/${id}/proofs/999999`, headers: { 'x-ops-key': 'test-ops-key' } }))
        .statusCode,
    ).toBe(404);

    // it arrived late after all
    expect((await call(t, 'POST', `/wps/payments/withdrawals/${id}/received`, { token: m.token })).body.value.confirmation).toBe(
      'RECEIVED',
    );
  });

  it('counts as received after the operator-set time-out (never a disputed one)', async () => {
    await setRules(t, { turnoverMultiplier: 0, confirmTimeoutMinutes: 60 });
    try {
      const a = await approved();
      const b = await approved();
      await notReceived(b.m, b.id, [{ name: 'p.png', data: PNG }]);
      const confirmation = async (x: typeof a) =>
        (await call(t, 'GET', `/wps/payments/withdrawals/${x.id}`, { token: x.m.token })).body.value.confirmation;
      t.clock.advanceMinutes(59);
      await t.app.payments.runJobs();
      expect(await confirmation(a)).toBeNull();
      t.clock.advanceMinutes(2);
      expect((await t.app.payments.runJobs()).autoReceived).toBeGreaterThanOrEqual(1);
      expect((await call(t, 'GET', `/wps/payments/withdrawals/${a.id}`, { token: a.m.token })).body.value.confirmation).toBe(
        'AUTO_RECEIVED',
      );
      expect((await call(t, 'GET', `/wps/payments/withdrawals/${b.id}`, { token: b.m.token })).body.value.confirmation).toBe(
        'NOT_RECEIVED',
      );
    } finally {
      await setRules(t, { turnoverMultiplier: 0 });
    }
  });

  it('an operator closes a dispute once: PAID changes no money, REFUNDED returns the amount; neither can be undone', async () => {
    const resolve = (id: number, body: Record<string, unknown>) =>
      opsCall(t.app, 'POST', `/ops/payments/withdrawals/${id}/resolve`, { operator: 'cashier3', ...body });
    const mine = (x: { m: TestMember; id: number }) =>
      call(t, 'GET', `/wps/payments/withdrawals/${x.id}`, { token: x.m.token }).then((r) => r.body.value);

    // nothing to close before the member reports it, nor with a bad body
    const paid = await approved('100000');
    expect((await resolve(paid.id, { outcome: 'PAID', note: 'bKash trx 9FG2' })).body.errorCode).toBe('NOT_DISPUTED');
    await notReceived(paid.m, paid.id, [{ name: 'p.png', data: PNG }]);
    expect((await resolve(paid.id, { outcome: 'LOST', note: 'bKash trx 9FG2' })).status).toBe(400);
    expect((await resolve(paid.id, { outcome: 'PAID', note: '  ' })).status).toBe(400);
    expect((await resolve(999999, { outcome: 'PAID', note: 'bKash trx 9FG2' })).status).toBe(404);
    expect((await mine(paid)).dispute).toBeNull();

    const clearing = await houseBalance(t.db, 'PAYMENT_CLEARING');
    const r1 = await resolve(paid.id, { outcome: 'PAID', note: 'bKash trx 9FG2 delivered 14:02' });
    expect(r1.status).toBe(200);
    expect(r1.body.value).toMatchObject({ disputeResolvedBy: 'ops:cashier3', dispute: { outcome: 'PAID' } });
    expect(await balance(t, paid.m.token)).toBe('0');
    expect(await houseBalance(t.db, 'PAYMENT_CLEARING')).toBe(clearing);
    expect((await mine(paid)).dispute).toMatchObject({ outcome: 'PAID', note: 'bKash trx 9FG2 delivered 14:02' });
    // closed: the member's confirmation can't change, the operator can't decide again
    expect((await call(t, 'POST', `/wps/payments/withdrawals/${paid.id}/received`, { token: paid.m.token })).status).toBe(409);
    expect((await resolve(paid.id, { outcome: 'REFUNDED', note: 'changed my mind' })).body.errorCode).toBe('NOT_DISPUTED');

    const lost = await approved('70000');
    await notReceived(lost.m, lost.id, [{ name: 'p.png', data: PNG }]);
    const open = await opsCall(t.app, 'GET', '/ops/payments/withdrawals?status=DISPUTED');
    expect(open.body.value.map((w: { id: number }) => w.id)).toEqual(expect.arrayContaining([lost.id]));
    expect(open.body.value.map((w: { id: number }) => w.id)).not.toContain(paid.id);
    // two operators at once: one refund
    const both = await Promise.all([
      resolve(lost.id, { outcome: 'REFUNDED', note: 'Nagad returned the payout' }),
      resolve(lost.id, { outcome: 'REFUNDED', note: 'Nagad returned the payout' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balance(t, lost.m.token)).toBe('70000');
    expect((await mine(lost)).dispute).toMatchObject({ outcome: 'REFUNDED', note: 'Nagad returned the payout' });
    const moves = await t.db.query<{ kind: string }>(`SELECT kind FROM ledger_transactions WHERE member_id = $1 ORDER BY id`, [
      lost.m.id,
    ]);
    expect(moves.map((x) => x.kind).filter((k) => k === 'WITHDRAWAL_REFUNDED')).toHaveLength(1);
  });
});
