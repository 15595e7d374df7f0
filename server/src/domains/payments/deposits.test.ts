import { ApiError } from '../../http/envelope';
import { opsCall } from '../../test-support/test-db';
import { houseBalance } from '../wallet/ledger';
import { notifySandboxOrder } from './sandbox-gateway';
import {
  balance,
  call,
  createPayTestApi,
  expectCleanLedger,
  memberWithSession,
  sandboxCallback,
  sandboxSecret,
  setRules,
  type PayTestApi,
  type TestMember,
} from './payments.test-support';

jest.setTimeout(60_000);

let t: PayTestApi;
beforeAll(async () => {
  t = await createPayTestApi();
});
afterAll(async () => {
  await expectCleanLedger(t);
  await t.dispose();
});

const deposit = (m: TestMember, body: Record<string, unknown>) =>
  call(t, 'POST', '/wps/payments/deposits', { token: m.token, body });
const orderOf = (m: TestMember, orderNo: string) => call(t, 'GET', `/wps/payments/deposits/${orderNo}`, { token: m.token });
const countOrders = async (memberId: number) =>
  (await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM deposit_orders WHERE member_id = $1`, [memberId]))!.n;
const postingsOf = async (orderNo: string) =>
  (await t.db.query(`SELECT id FROM ledger_transactions WHERE idempotency_key = $1`, [`deposit:${orderNo}`])).length;
const sandboxDecide = (orderNo: string, decision: string, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/wps/payments/sandbox/pay/${orderNo}`,
    payload: `decision=${decision}&lang=${lang}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

describe('GET /wps/payments/deposit/channels', () => {
  it('needs a session, and a real account', async () => {
    expect((await call(t, 'GET', '/wps/payments/deposit/channels')).status).toBe(401);
    const trial = await memberWithSession(t, 4);
    const r = await call(t, 'GET', '/wps/payments/deposit/channels', { token: trial.token });
    expect(r.status).toBe(403);
    expect(r.body.errorCode).toBe('NEED_REAL_ACCOUNT');
  });

  it('lists bKash, Nagad, Rocket and bank transfer with limits, fee and quick amounts, in BN by default', async () => {
    for (const type of [0, 1]) {
      const m = await memberWithSession(t, type);
      const r = await call(t, 'GET', '/wps/payments/deposit/channels', { token: m.token });
      expect(r.status).toBe(200);
      expect(r.body.value.map((c: { code: string }) => c.code)).toEqual(['BKASH', 'NAGAD', 'ROCKET', 'BANK']);
      expect(r.body.value[0]).toMatchObject({
        name: 'বিকাশ',
        method: 'BKASH',
        minAmount: '20000',
        maxAmount: '2500000',
        feeBps: 0,
      });
      expect(r.body.value[2]).toMatchObject({ code: 'ROCKET', feeBps: 100 });
    }
    const m = await memberWithSession(t);
    const en = await call(t, 'GET', '/wps/payments/deposit/channels', { token: m.token, lang: 'EN' });
    expect(en.body.value[3]).toMatchObject({ name: 'Bank transfer', minAmount: '100000' });
    expect(en.body.value[0].quickAmounts).toContain('100000');
  });
});

describe('POST /wps/payments/deposits: refusals change nothing', () => {
  it.each([
    [{ channel: 'BKASH', amount: '12.50' }, 400, 'VALIDATION_ERROR'],
    [{ channel: 'BKASH', amount: '0' }, 400, 'VALIDATION_ERROR'],
    [{ channel: 'BKASH', amount: 50000 }, 400, 'VALIDATION_ERROR'],
    [{ channel: 'BKASH' }, 400, 'VALIDATION_ERROR'],
    [{ channel: 'BKASH', amount: '50000', extra: 1 }, 400, 'VALIDATION_ERROR'],
    [{ channel: 'PAYPAL', amount: '50000' }, 404, 'CHANNEL_NOT_FOUND'],
    [{ channel: 'BKASH', amount: '19999' }, 400, 'AMOUNT_BELOW_MIN'],
    [{ channel: 'BKASH', amount: '2500001' }, 400, 'AMOUNT_ABOVE_MAX'],
    [{ channel: 'BANK', amount: '50000' }, 400, 'AMOUNT_BELOW_MIN'],
  ])('%j → %i %s', async (body, status, code) => {
    const m = await memberWithSession(t);
    const r = await deposit(m, body);
    expect(r.status).toBe(status);
    expect(r.body.errorCode).toBe(code);
    expect(await countOrders(m.id)).toBe(0);
    if (code === 'AMOUNT_BELOW_MIN') expect(r.body.value).toMatchObject({ min: expect.any(String), max: expect.any(String) });
  });

  it('guest 401, trial 403 NEED_REAL_ACCOUNT', async () => {
    expect((await call(t, 'POST', '/wps/payments/deposits', { body: { channel: 'BKASH', amount: '50000' } })).status).toBe(401);
    const trial = await memberWithSession(t, 4);
    const r = await deposit(trial, { channel: 'BKASH', amount: '50000' });
    expect(r.status).toBe(403);
    expect(r.body.errorCode).toBe('NEED_REAL_ACCOUNT');
    expect(await countOrders(trial.id)).toBe(0);
  });

  it('a disabled channel is closed and not listed', async () => {
    const m = await memberWithSession(t);
    await opsCall(t.app, 'PUT', '/ops/payments/channels/NAGAD', { enabled: false, operator: 'tester' });
    try {
      const r = await deposit(m, { channel: 'NAGAD', amount: '50000' });
      expect(r.status).toBe(409);
      expect(r.body.errorCode).toBe('CHANNEL_DISABLED');
      const list = await call(t, 'GET', '/wps/payments/deposit/channels', { token: m.token });
      expect(list.body.value.map((c: { code: string }) => c.code)).not.toContain('NAGAD');
    } finally {
      await opsCall(t.app, 'PUT', '/ops/payments/channels/NAGAD', { enabled: true, operator: 'tester' });
    }
  });

  it('at most maxPendingDeposits unpaid orders at once', async () => {
    const m = await memberWithSession(t);
    await setRules(t, { maxPendingDeposits: 2 });
    try {
      expect((await deposit(m, { channel: 'BKASH', amount: '50000' })).status).toBe(201);
      expect((await deposit(m, { channel: 'BKASH', amount: '50000' })).status).toBe(201);
      const r = await deposit(m, { channel: 'BKASH', amount: '50000' });
      expect(r.status).toBe(409);
      expect(r.body.errorCode).toBe('TOO_MANY_PENDING_DEPOSITS');
      expect(await countOrders(m.id)).toBe(2);
    } finally {
      await setRules(t, {});
    }
  });

  it('every check added by another domain is asked before a deposit starts (responsible gambling)', async () => {
    const m = await memberWithSession(t);
    const seen: string[] = [];
    t.app.payments.addDepositCheck(async (_app, attempt) => {
      seen.push(`${attempt.member.account}:${attempt.channel.code}:${attempt.amount}`);
      if (attempt.member.id === m.id) throw new ApiError(403, 'DEPOSIT_LIMIT_REACHED', 'Your deposit limit is reached');
    });
    try {
      const r = await deposit(m, { channel: 'BKASH', amount: '50000' });
      expect(r.body.errorCode).toBe('DEPOSIT_LIMIT_REACHED');
      expect(seen).toEqual([`${m.account}:BKASH:50000`]);
      expect(await countOrders(m.id)).toBe(0);
    } finally {
      t.app.payments.depositChecks.length = 0;
    }
  });
});

describe('a deposit through the sandbox gateway', () => {
  it('opens the payment page; approving credits the main wallet once, the fee to PAYMENT_FEES', async () => {
    const m = await memberWithSession(t);
    const feesBefore = await houseBalance(t.db, 'PAYMENT_FEES');
    const r = await deposit(m, { channel: 'ROCKET', amount: '100000', requestKey: 'req-rocket-0001' });
    expect(r.status).toBe(201);
    const order = r.body.value;
    expect(order).toMatchObject({ status: 'PENDING', amount: '100000', fee: '1000', credit: '99000', method: 'ROCKET' });
    expect(order.orderNo).toMatch(/^D\d{6}[A-Z0-9]{8}$/);
    expect(order.payUrl).toBe(`/wps/payments/sandbox/pay/${order.orderNo}?lang=bn`);
    // the same request key again: the same order, not a second one
    const again = await deposit(m, { channel: 'ROCKET', amount: '100000', requestKey: 'req-rocket-0001' });
    expect(again.body.value.orderNo).toBe(order.orderNo);
    const other = await deposit(m, { channel: 'ROCKET', amount: '200000', requestKey: 'req-rocket-0001' });
    expect([other.status, other.body.errorCode]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await countOrders(m.id)).toBe(1);

    const page = await t.app.inject({ url: order.payUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('পেমেন্ট অনুমোদন করুন');
    expect(page.body).toContain('৳১,০০০.০০');
    const en = await t.app.inject({ url: `/wps/payments/sandbox/pay/${order.orderNo}?lang=en` });
    expect(en.body).toContain('Approve payment');

    const done = await sandboxDecide(order.orderNo, 'approve');
    expect(done.body).toContain('Payment successful');
    expect(done.body).toContain(`/member/depositv2?order=${order.orderNo}`);
    const after = await orderOf(m, order.orderNo);
    expect(after.body.value).toMatchObject({ status: 'PAID', payUrl: null });
    expect(await balance(t, m.token)).toBe('99000');
    expect((await houseBalance(t.db, 'PAYMENT_FEES')) - feesBefore).toBe(BigInt(1000));
    expect(await postingsOf(order.orderNo)).toBe(1);
    // the PSP retrying its notification moves nothing
    expect(await notifySandboxOrder(t.app, order.orderNo)).toBe(200);
    expect(await balance(t, m.token)).toBe('99000');
    // a decision on a decided payment does nothing
    await sandboxDecide(order.orderNo, 'decline');
    expect((await orderOf(m, order.orderNo)).body.value.status).toBe('PAID');
  });

  it('declining fails the order and moves nothing', async () => {
    const m = await memberWithSession(t);
    const order = (await deposit(m, { channel: 'BKASH', amount: '50000' })).body.value;
    const page = await sandboxDecide(order.orderNo, 'decline', 'bn');
    expect(page.body).toContain('পেমেন্ট বাতিল হয়েছে');
    expect((await orderOf(m, order.orderNo)).body.value).toMatchObject({ status: 'FAILED', failureReason: 'DECLINED' });
    expect(await balance(t, m.token)).toBe('0');
    expect(await postingsOf(order.orderNo)).toBe(0);
  });

  it('a member sees only their own orders, newest first', async () => {
    const a = await memberWithSession(t);
    const b = await memberWithSession(t);
    const first = (await deposit(a, { channel: 'BKASH', amount: '30000' })).body.value;
    const second = (await deposit(a, { channel: 'NAGAD', amount: '40000' })).body.value;
    expect((await orderOf(b, first.orderNo)).status).toBe(404);
    const list = await call(t, 'GET', '/wps/payments/deposits?limit=5', { token: a.token });
    expect(list.body.value.map((o: { orderNo: string }) => o.orderNo)).toEqual([second.orderNo, first.orderNo]);
    expect((await call(t, 'GET', '/wps/payments/deposits?limit=500', { token: a.token })).status).toBe(400);
    expect((await call(t, 'GET', '/wps/payments/deposits', { token: b.token })).body.value).toEqual([]);
  });
});

describe('gateway callbacks', () => {
  it('a bad signature, a bad body or an unknown gateway changes nothing', async () => {
    const m = await memberWithSession(t);
    const order = (await deposit(m, { channel: 'BKASH', amount: '50000' })).body.value;
    const callbacksBefore = (await t.db.query(`SELECT id FROM payment_callbacks`)).length;
    const forged = await sandboxCallback(t, { orderNo: order.orderNo, status: 'PAID', amount: '50000' }, 'x'.repeat(64));
    expect(forged.status).toBe(401);
    expect(forged.body.errorCode).toBe('INVALID_SIGNATURE');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/wps/payments/callback/SANDBOX',
      payload: JSON.stringify({ orderNo: order.orderNo, status: 'PAID', amount: '50000', currency: 'BDT', eventId: 'e' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    // signed, but tampered after signing
    const secret = await sandboxSecret(t);
    const body = JSON.stringify({ orderNo: order.orderNo, status: 'PAID', amount: '50000', currency: 'BDT', eventId: 'e1' });
    const { signBody } = await import('../wallet/signature');
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/wps/payments/callback/SANDBOX',
      payload: body.replace('50000', '50001'),
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': signBody(secret, body) },
    });
    expect(tampered.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/wps/payments/callback/NOPE', payload: '{}' })).statusCode).toBe(404);
    expect((await orderOf(m, order.orderNo)).body.value.status).toBe('PENDING');
    expect(await balance(t, m.token)).toBe('0');
    expect((await t.db.query(`SELECT id FROM payment_callbacks`)).length).toBe(callbacksBefore);
  });

  it('a signed callback for another amount or an unknown order is refused', async () => {
    const m = await memberWithSession(t);
    const order = (await deposit(m, { channel: 'BKASH', amount: '50000' })).body.value;
    const wrong = await sandboxCallback(t, { orderNo: order.orderNo, status: 'PAID', amount: '5000000' });
    expect(wrong.status).toBe(409);
    expect(wrong.body.errorCode).toBe('AMOUNT_MISMATCH');
    expect((await sandboxCallback(t, { orderNo: 'D000000NOSUCH00', status: 'PAID', amount: '50000' })).status).toBe(404);
    expect((await orderOf(m, order.orderNo)).body.value.status).toBe('PENDING');
    expect(await balance(t, m.token)).toBe('0');
  });

  it('duplicates answer 200 and pay once; a FAILED after PAID changes nothing', async () => {
    const m = await memberWithSession(t);
    const order = (await deposit(m, { channel: 'BKASH', amount: '50000' })).body.value;
    const first = await sandboxCallback(t, { orderNo: order.orderNo, status: 'PAID', amount: '50000' });
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ result: 'PAID', status: 'PAID' });
    const dup = await sandboxCallback(t, { orderNo: order.orderNo, status: 'PAID', amount: '50000' });
    expect(dup.body.value).toMatchObject({ result: 'DUPLICATE', status: 'PAID' });
    const late = await sandboxCallback(t, { orderNo: order.orderNo, status: 'FAILED', amount: '50000' });
    expect(late.status).toBe(200);
    expect(late.body.value).toMatchObject({ result: 'IGNORED', status: 'PAID' });
    expect(await balance(t, m.token)).toBe('50000');
    expect(await postingsOf(order.orderNo)).toBe(1);
  });

  it('a PAID after a FAILED (the member paid on a second try) credits once, marked late', async () => {
    const m = await memberWithSession(t);
    const order = (await deposit(m, { channel: 'NAGAD', amount: '60000' })).body.value;
    expect((await sandboxCallback(t, { orderNo: order.orderNo, status: 'FAILED', amount: '60000' })).body.value.status).toBe(
      'FAILED',
    );
    const paid = await sandboxCallback(t, { orderNo: order.orderNo, status: 'PAID', amount: '60000' });
    expect(paid.body.value).toMatchObject({ result: 'PAID', status: 'PAID' });
    const ops = await opsCall(t.app, 'GET', `/ops/payments/deposits/${order.orderNo}`);
    expect(ops.body.value).toMatchObject({ status: 'PAID', late: true });
    expect(await balance(t, m.token)).toBe('60000');
  });

  it('many copies of one callback at once pay exactly once', async () => {
    const m = await memberWithSession(t);
    const order = (await deposit(m, { channel: 'BKASH', amount: '70000' })).body.value;
    const results = await Promise.all(
      Array.from({ length: 12 }, () => sandboxCallback(t, { orderNo: order.orderNo, status: 'PAID', amount: '70000' })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.value.result === 'PAID')).toHaveLength(1);
    expect(await balance(t, m.token)).toBe('70000');
    expect(await postingsOf(order.orderNo)).toBe(1);
  });
});

describe('expiry (a scheduled check on an injected clock)', () => {
  it('an unpaid order past its time expires; the payment page then refuses it', async () => {
    const m = await memberWithSession(t);
    await setRules(t, { depositOrderMinutes: 15 });
    const order = (await deposit(m, { channel: 'BKASH', amount: '50000' })).body.value;
    expect(new Date(order.expiresAt).getTime() - new Date(order.createdAt).getTime()).toBe(15 * 60_000);
    t.clock.advanceMinutes(14);
    expect((await t.app.payments.runJobs()).expired).toBe(0);
    expect((await orderOf(m, order.orderNo)).body.value.status).toBe('PENDING');
    t.clock.advanceMinutes(2);
    const run = await opsCall(t.app, 'POST', '/ops/payments/jobs/run');
    expect(run.body.value.expired).toBeGreaterThanOrEqual(1);
    expect((await orderOf(m, order.orderNo)).body.value).toMatchObject({ status: 'EXPIRED', payUrl: null });
    const page = await sandboxDecide(order.orderNo, 'approve');
    expect(page.body).toContain('This payment has expired');
    expect(await balance(t, m.token)).toBe('0');
    await setRules(t, {});
  });

  it('before giving an order up, the gateway is asked: a payment whose callback was lost is credited', async () => {
    const m = await memberWithSession(t);
    const order = (await deposit(m, { channel: 'BKASH', amount: '80000' })).body.value;
    // the PSP took the money, but its notification never arrived
    await t.db.query(`UPDATE sandbox_gateway_payments SET status = 'PAID', decided_at = now() WHERE order_no = $1`, [
      order.orderNo,
    ]);
    t.clock.advanceMinutes(31);
    const run = await t.app.payments.runJobs();
    expect(run.paid).toBe(1);
    expect((await orderOf(m, order.orderNo)).body.value.status).toBe('PAID');
    expect(await balance(t, m.token)).toBe('80000');
    // and a callback arriving after all that is a duplicate
    expect((await sandboxCallback(t, { orderNo: order.orderNo, status: 'PAID', amount: '80000' })).body.value.result).toBe(
      'DUPLICATE',
    );
  });
});

describe('operators: channels', () => {
  it('list and change limits, fee, quick amounts, order; nonsense is refused', async () => {
    const list = await opsCall(t.app, 'GET', '/ops/payments/channels');
    expect(list.body.value).toHaveLength(4);
    const changed = await opsCall(t.app, 'PUT', '/ops/payments/channels/BKASH', {
      minAmount: '30000',
      feeBps: 150,
      quickAmounts: ['300000', '50000'],
      sort: 5,
      operator: 'tester',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.value).toMatchObject({
      minAmount: '30000',
      feeBps: 150,
      quickAmounts: ['50000', '300000'],
      updatedBy: 'ops:tester',
    });
    const m = await memberWithSession(t);
    const quote = (await deposit(m, { channel: 'BKASH', amount: '33333' })).body.value;
    expect(quote).toMatchObject({ fee: '500', credit: '32833' }); // 1.5 % of 333.33 = 5.00 (half up)
    expect(
      (await opsCall(t.app, 'PUT', '/ops/payments/channels/BKASH', { minAmount: '9000000', operator: 'tester' })).body.errorCode,
    ).toBe('CHANNEL_INVALID');
    expect((await opsCall(t.app, 'PUT', '/ops/payments/channels/BKASH', { feeBps: 5000, operator: 'tester' })).status).toBe(400);
    expect((await opsCall(t.app, 'PUT', '/ops/payments/channels/BKASH', { operator: 'tester' })).status).toBe(400);
    expect((await opsCall(t.app, 'PUT', '/ops/payments/channels/NOPE', { enabled: true, operator: 'tester' })).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/ops/payments/channels' })).statusCode).toBe(401);
    await opsCall(t.app, 'PUT', '/ops/payments/channels/BKASH', {
      minAmount: '20000',
      feeBps: 0,
      quickAmounts: ['50000', '100000', '200000', '500000', '1000000', '2500000'],
      sort: 10,
      operator: 'tester',
    });
  });
});
