import { createPayTestApi, call, expectCleanLedger, memberWithSession, type PayTestApi } from './payments.test-support';

jest.setTimeout(60_000);

let t: PayTestApi;
beforeAll(async () => {
  t = await createPayTestApi();
});
afterAll(async () => {
  await expectCleanLedger(t);
  await t.dispose();
});

/** Every member call of the payments domain, with a body the validator accepts. */
const CALLS: [method: 'GET' | 'POST', url: string, body: object | undefined][] = [
  ['GET', '/wps/payments/deposit/channels', undefined],
  ['POST', '/wps/payments/deposits', { channel: 'BKASH', amount: '50000' }],
  ['GET', '/wps/payments/deposits', undefined],
  ['GET', '/wps/payments/deposits/D000000AAAAAAAA', undefined],
  ['GET', '/wps/payments/withdraw/info', undefined],
  ['POST', '/wps/payments/payment-password', { newPassword: '482915', confirmPassword: '482915' }],
  ['GET', '/wps/payments/withdraw/accounts', undefined],
  [
    'POST',
    '/wps/payments/withdraw/accounts',
    { method: 'BKASH', accountNo: '01712345678', holderName: 'Rahim Uddin', paymentPassword: '482915' },
  ],
  ['POST', '/wps/payments/withdraw/accounts/1/remove', { paymentPassword: '482915' }],
  ['POST', '/wps/payments/withdrawals', { accountId: 1, amount: '50000', paymentPassword: '482915' }],
  ['GET', '/wps/payments/withdrawals', undefined],
  ['GET', '/wps/payments/withdrawals/1', undefined],
  ['POST', '/wps/payments/withdrawals/1/received', undefined],
];

const OPS: [method: 'GET' | 'POST' | 'PUT', url: string][] = [
  ['GET', '/ops/payments/channels'],
  ['PUT', '/ops/payments/channels/BKASH'],
  ['GET', '/ops/payments/deposits'],
  ['GET', '/ops/payments/deposits/D1'],
  ['POST', '/ops/payments/jobs/run'],
  ['GET', '/ops/payments/withdrawals'],
  ['GET', '/ops/payments/withdrawals/1'],
  ['POST', '/ops/payments/withdrawals/1/approve'],
  ['POST', '/ops/payments/withdrawals/1/reject'],
  ['GET', '/ops/payments/withdrawals/1/proofs/1'],
];

describe('roles', () => {
  it.each(CALLS)('a guest gets 401 NOT_LOGGED_IN: %s %s', async (method, url, body) => {
    const r = await call(t, method, url, { body });
    expect([r.status, r.body.errorCode]).toEqual([401, 'NOT_LOGGED_IN']);
  });

  it.each(CALLS)('a trial account (type 4) gets 403 NEED_REAL_ACCOUNT: %s %s', async (method, url, body) => {
    const trial = await memberWithSession(t, 4, 'trial');
    const r = await call(t, method, url, { body, token: trial.token });
    expect([r.status, r.body.errorCode]).toEqual([403, 'NEED_REAL_ACCOUNT']);
    expect(r.body.message).toBeTruthy();
  });

  it('the not-received upload refuses a guest and a trial account before reading any file', async () => {
    const trial = await memberWithSession(t, 4, 'trial');
    const headers = { 'content-type': 'multipart/form-data; boundary=x' };
    const guest = await t.app.inject({
      method: 'POST',
      url: '/wps/payments/withdrawals/1/not-received',
      payload: '--x--\r\n',
      headers,
    });
    expect(guest.statusCode).toBe(401);
    const tr = await t.app.inject({
      method: 'POST',
      url: '/wps/payments/withdrawals/1/not-received',
      payload: '--x--\r\n',
      headers: { ...headers, authorization: trial.token },
    });
    expect(tr.json().errorCode).toBe('NEED_REAL_ACCOUNT');
  });

  it.each([0, 1, 2, 41, 42])('a player or an agent (type %i) is served', async (type) => {
    const m = await memberWithSession(t, type, 'role');
    for (const [method, url] of CALLS.filter(([verb, path]) => verb === 'GET' && !/\/\d+$|D000/.test(path))) {
      const r = await call(t, method, url, { token: m.token });
      expect([url, r.status]).toEqual([url, 200]);
    }
  });

  it.each(OPS)('operators only: %s %s without the key is 401', async (method, url) => {
    const r = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
    expect(r.statusCode).toBe(401);
    expect(r.json().errorCode).toBe('OPS_KEY_INVALID');
  });

  it('the OpenAPI document lists the member calls and hides the operator ones', async () => {
    const doc = (await t.app.inject({ url: '/wps/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/wps/payments/deposits',
        '/wps/payments/withdrawals/{id}/not-received',
        '/wps/payments/callback/{gateway}',
      ]),
    );
    // the operators' endpoints only under the tag ops (left out in production)
    expect(doc.paths['/ops/payments/channels'].get.tags).toEqual(['ops']);
  });
});
