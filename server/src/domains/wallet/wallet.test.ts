import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { runOps } from '../../cli/ops';
import { createTestApi, opsCall, TEST_OPS_KEY, type TestDb } from '../../test-support/test-db';

let t: TestDb & { app: FastifyInstance };
let seq = 0;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.dispose());

async function signedIn(type = 0) {
  const account = `wal${++seq}`;
  const member = await opsCall(t.app, 'POST', '/ops/members', { account, type });
  expect(member.status).toBe(201);
  const session = await opsCall(t.app, 'POST', '/ops/sessions', { account });
  return { id: member.body.value.id as number, account, token: session.body.value.token as string };
}

const balance = (token?: string, language = 'EN') =>
  t.app.inject({ url: '/wps/v2/wallets/balance', headers: { ...(token ? { authorization: token } : {}), language } });

const adjust = (body: Record<string, unknown>) =>
  opsCall(t.app, 'POST', '/ops/wallet/adjustments', { operator: 'tester', reason: 'test credit', ...body });

describe('GET /wps/v2/wallets/balance', () => {
  it('needs a session', async () => {
    const res = await balance();
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('NOT_LOGGED_IN');
  });

  it('answers 0 before any money, the main wallet first and a wallet per transfer-wallet vendor', async () => {
    const m = await signedIn();
    const res = await balance(m.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const v = res.json().value;
    expect(v).toMatchObject({ sumBalance: '0', currency: 'BDT', currencySymbol: '৳', isSingle: false });
    expect(v.wallets[0]).toEqual({ walletCode: 'MAIN', walletName: 'Main wallet', type: 'MAIN', balance: '0' });
    expect(
      v.wallets.filter((w: { type: string }) => w.type === 'TRANSFER').map((w: { walletCode: string }) => w.walletCode),
    ).toEqual(expect.arrayContaining(['CARDHOUSE', 'DEEPNET']));
    const bn = (await balance(m.token, 'BN')).json().value;
    expect(bn.wallets[0].walletName).toBe('প্রধান ওয়ালেট');
  });

  it('follows an adjustment, in poisha as a string', async () => {
    const m = await signedIn();
    expect((await adjust({ account: m.account, amount: '50050' })).status).toBe(200);
    const v = (await balance(m.token)).json().value;
    expect(v.sumBalance).toBe('50050');
    expect(v.wallets[0].balance).toBe('50050');
  });

  it('a trial account holds no money', async () => {
    const m = await signedIn(4);
    const v = (await balance(m.token)).json().value;
    expect(v.sumBalance).toBe('0');
    expect(v.wallets).toEqual([{ walletCode: 'MAIN', walletName: 'Main wallet', type: 'MAIN', balance: '0' }]);
    expect((await adjust({ account: m.account, amount: '100' })).body.errorCode).toBe('TRIAL_ACCOUNT');
  });

  it('refuses an unknown or malformed query field', async () => {
    const m = await signedIn();
    expect(
      (await t.app.inject({ url: '/wps/v2/wallets/balance?typeId=0', headers: { authorization: m.token } })).statusCode,
    ).toBe(200);
    const res = await t.app.inject({ url: '/wps/v2/wallets/balance?typeId=0&x=1', headers: { authorization: m.token } });
    expect(res.statusCode).toBe(400);
    const bad = await t.app.inject({ url: '/wps/v2/wallets/balance?typeId=abc', headers: { authorization: m.token } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /wps/v2/wallets/merchant', () => {
  it('is not single while some vendor uses a transfer wallet', async () => {
    const res = await t.app.inject({ url: '/wps/v2/wallets/merchant' });
    expect(res.json().value).toEqual({ isSingle: false });
  });
});

describe('operator adjustments', () => {
  it('credit and debit with who and why; a debit below zero is refused and changes nothing', async () => {
    const m = await signedIn();
    const credit = await adjust({ account: m.account, amount: '10000', reason: 'goodwill after outage', key: 'adj-key-0001' });
    expect(credit.body.value).toMatchObject({ balance: '10000', replayed: false });
    const again = await adjust({ account: m.account, amount: '10000', reason: 'goodwill after outage', key: 'adj-key-0001' });
    expect(again.body.value).toMatchObject({ balance: '10000', replayed: true });
    const tooMuch = await adjust({ account: m.account, amount: '-10001' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({ errorCode: 'INSUFFICIENT_FUNDS', value: { balance: '10000', balanceTaka: '100.00' } });
    const debit = await adjust({ account: m.account, amount: '-2050' });
    expect(debit.body.value.balance).toBe('7950');
    const row = await t.db.one<{ memo: string; created_by: string; kind: string }>(
      `SELECT memo, created_by, kind FROM ledger_transactions WHERE member_id = $1 ORDER BY id LIMIT 1`,
      [m.id],
    );
    expect(row).toEqual({ memo: 'goodwill after outage', created_by: 'ops:tester', kind: 'ADJUSTMENT' });
  });

  it.each([
    [{ amount: '12.5' }, 400],
    [{ amount: '0' }, 400],
    [{ amount: 12.5 }, 400],
    [{ reason: '' }, 400],
    [{ account: 'nobody-here' }, 404],
  ])('refuses %j', async (override, status) => {
    const m = await signedIn();
    const res = await adjust({ account: m.account, amount: '100', ...override });
    expect(res.status).toBe(status);
    expect((await balance(m.token)).json().value.sumBalance).toBe('0');
  });

  it('needs the operator key', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/ops/wallet/adjustments', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('npm run ops -- adjust | balance | ledger-audit', () => {
  let baseUrl: string;
  const lines: string[] = [];
  const run = (...argv: string[]) => runOps(argv, { baseUrl, opsKey: TEST_OPS_KEY, print: (l) => lines.push(l) });
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  beforeEach(() => (lines.length = 0));

  it('adjusts in taka and prints the balances', async () => {
    const m = await signedIn();
    await run('adjust', m.account, '500.00', '--reason', 'welcome credit');
    expect(lines[0]).toMatch(new RegExp(`adjusted ${m.account} by ৳500.00 .*main wallet now ৳500.00`));
    await run('adjust', m.account, '-20.50', '--reason', 'correction');
    lines.length = 0;
    await run('balance', m.account);
    expect(lines[0]).toBe(`${m.account}: ৳479.50 in total`);
    expect(lines[1]).toMatch(/MAIN\s+MAIN\s+৳479.50/);
    await expect(run('adjust', m.account, '-1000', '--reason', 'too much')).rejects.toThrow(/INSUFFICIENT_FUNDS/);
    await expect(run('adjust', m.account, '12.345', '--reason', 'bad')).rejects.toThrow(/not an amount of taka/);
    await expect(run('adjust', m.account, '10')).rejects.toThrow(/--reason/);
    lines.length = 0;
    await run('ledger-audit');
    expect(lines).toEqual([expect.stringMatching(/transactions, .* entries, sum 0$/), 'no anomalies']);
  });
});
