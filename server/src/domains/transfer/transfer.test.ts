import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { audit, balanceOf, houseBalance } from '../wallet/ledger';
import { createTestApi, opsCall, type TestDb } from '../../test-support/test-db';

jest.setTimeout(60_000);

let t: TestDb & { app: FastifyInstance };
let seq = 0;
beforeAll(async () => {
  t = await createTestApi({ live: { enabled: false } });
});
afterAll(async () => {
  expect((await audit(t.db)).anomalies).toEqual([]);
  await t.dispose();
});

interface Member {
  id: number;
  account: string;
  token: string;
}

async function member(type = 0, credit = '0'): Promise<Member> {
  const account = `tr${++seq}`;
  const created = await opsCall(t.app, 'POST', '/ops/members', { account, type });
  expect(created.status).toBe(201);
  const session = await opsCall(t.app, 'POST', '/ops/sessions', { account });
  if (credit !== '0') {
    const adj = await opsCall(t.app, 'POST', '/ops/wallet/adjustments', {
      account,
      amount: credit,
      operator: 't',
      reason: 'funds',
    });
    expect(adj.status).toBe(200);
  }
  return { id: created.body.value.id, account, token: session.body.value.token };
}

const call = (m: Member | null, method: 'GET' | 'POST', url: string, payload?: object, language = 'EN') =>
  t.app.inject({ method, url, payload, headers: { ...(m ? { authorization: m.token } : {}), language } });

const transfer = (m: Member | null, body: Record<string, unknown>) =>
  call(m, 'POST', '/wps/relay/GCS_walletTransfer', { reference: randomUUID(), ...body });

const main = (m: Member) => balanceOf(t.db, m.id);
const vendorWallet = (m: Member, vendor: string) => balanceOf(t.db, m.id, 'VENDOR', vendor);

describe('POST /wps/relay/GCS_walletTransfer (sandbox vendors)', () => {
  it('needs a logged-in real member: guest 401, trial 403; players and agents transfer', async () => {
    expect((await transfer(null, { vendor: 'DEEPNET', direction: 'IN', amount: '100' })).json().errorCode).toBe('NOT_LOGGED_IN');
    const trial = await member(4);
    const refused = await transfer(trial, { vendor: 'DEEPNET', direction: 'IN', amount: '100' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('NEED_REAL_ACCOUNT');
    for (const type of [0, 1, 2, 41, 42]) {
      const m = await member(type, '1000');
      const res = await transfer(m, { vendor: 'DEEPNET', direction: 'IN', amount: '400' });
      expect(res.statusCode).toBe(200);
      expect(await main(m)).toBe(BigInt(600));
    }
  });

  it('moves money into a vendor wallet and back, each way one ledger posting keyed by the transfer', async () => {
    const m = await member(0, '50000');
    const into = await transfer(m, { vendor: 'deepnet', direction: 'IN', amount: '20000' });
    expect(into.statusCode).toBe(200);
    const dto = into.json().value;
    expect(dto).toMatchObject({ vendor: 'DEEPNET', direction: 'IN', amount: '20000', status: 'SUCCESS', errorCode: null });
    expect(dto.transferId).toMatch(/^T[0-9A-Z]{15,39}$/);
    expect(await main(m)).toBe(BigInt(30000));
    expect(await vendorWallet(m, 'DEEPNET')).toBe(BigInt(20000));
    const posted = await t.db.query<{ kind: string; idempotency_key: string }>(
      `SELECT kind, idempotency_key FROM ledger_transactions WHERE reference = $1 ORDER BY id`,
      [dto.transferId],
    );
    expect(posted).toEqual([
      { kind: 'TRANSFER_IN', idempotency_key: `transfer:${dto.transferId}` },
      { kind: 'VENDOR_TRANSFER', idempotency_key: `sandbox:${dto.transferId}` },
    ]);

    const back = await transfer(m, { vendor: 'DEEPNET', direction: 'OUT', amount: '5050' });
    expect(back.statusCode).toBe(200);
    expect(await main(m)).toBe(BigInt(35050));
    expect(await vendorWallet(m, 'DEEPNET')).toBe(BigInt(14950));
    const balance = (await call(m, 'GET', '/wps/v2/wallets/balance')).json().value;
    expect(balance.sumBalance).toBe('50000');
    expect(balance.wallets.find((w: { walletCode: string }) => w.walletCode === 'DEEPNET').balance).toBe('14950');
  });

  it.each([
    [{ amount: '0' }, 400, 'VALIDATION_ERROR'],
    [{ amount: '-100' }, 400, 'VALIDATION_ERROR'],
    [{ amount: '12.5' }, 400, 'VALIDATION_ERROR'],
    [{ amount: 1000 }, 400, 'VALIDATION_ERROR'],
    [{ amount: '99' }, 400, 'AMOUNT_TOO_SMALL'],
    [{ direction: 'SIDEWAYS' }, 400, 'VALIDATION_ERROR'],
    [{ vendor: 'NOPE_VENDOR' }, 404, 'VENDOR_NOT_FOUND'],
    [{ vendor: 'a b' }, 400, 'VALIDATION_ERROR'],
    [{ reference: 'short' }, 400, 'VALIDATION_ERROR'],
    [{ reference: 'has/slash-inside' }, 400, 'VALIDATION_ERROR'],
    [{ extra: 1 }, 400, 'VALIDATION_ERROR'],
  ])('refuses %j with %i %s and moves nothing', async (override, status, code) => {
    const m = await member(0, '10000');
    const res = await transfer(m, { vendor: 'DEEPNET', direction: 'IN', amount: '1000', ...override });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, errorCode: code });
    expect(await main(m)).toBe(BigInt(10000));
    expect(await vendorWallet(m, 'DEEPNET')).toBe(BigInt(0));
  });

  it('refuses money into a seamless vendor', async () => {
    const seamless = await t.db.one<{ code: string }>(`SELECT code FROM game_vendors WHERE wallet_mode = 'SEAMLESS' LIMIT 1`);
    const m = await member(0, '10000');
    const res = await transfer(m, { vendor: seamless!.code, direction: 'IN', amount: '1000' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('VENDOR_NOT_TRANSFER_WALLET');
  });

  it('refuses more than the wallet holds, either way, and moves nothing', async () => {
    const m = await member(0, '1000');
    const tooMuch = await transfer(m, { vendor: 'CARDHOUSE', direction: 'IN', amount: '1001' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ errorCode: 'INSUFFICIENT_FUNDS', value: { balance: '1000' } });
    expect((await transfer(m, { vendor: 'CARDHOUSE', direction: 'IN', amount: '600' })).statusCode).toBe(200);
    const out = await transfer(m, { vendor: 'CARDHOUSE', direction: 'OUT', amount: '601' });
    expect(out.statusCode).toBe(409);
    expect(out.json()).toMatchObject({
      errorCode: 'INSUFFICIENT_FUNDS',
      value: { balance: '600', transfer: { status: 'FAILED' } },
    });
    expect(await main(m)).toBe(BigInt(400));
    expect(await vendorWallet(m, 'CARDHOUSE')).toBe(BigInt(600));
  });

  it('is idempotent by reference: a retry answers the first outcome; the reference reused for another transfer is refused', async () => {
    const m = await member(0, '10000');
    const reference = randomUUID();
    const first = await transfer(m, { vendor: 'BAYFISH', direction: 'IN', amount: '2500', reference });
    const again = await transfer(m, { vendor: 'BAYFISH', direction: 'IN', amount: '2500', reference });
    expect(again.statusCode).toBe(200);
    expect(again.json().value).toEqual(first.json().value);
    expect(await main(m)).toBe(BigInt(7500));
    const other = await transfer(m, { vendor: 'BAYFISH', direction: 'IN', amount: '2600', reference });
    expect(other.statusCode).toBe(409);
    expect(other.json().errorCode).toBe('IDEMPOTENCY_KEY_REUSED');
    // the same reference at the same moment: one transfer
    const ref2 = randomUUID();
    const same = await Promise.all(
      Array.from({ length: 5 }, () => transfer(m, { vendor: 'BAYFISH', direction: 'IN', amount: '100', reference: ref2 })),
    );
    expect(new Set(same.map((r) => r.json().value.transferId)).size).toBe(1);
    expect(await main(m)).toBe(BigInt(7400));
    // another member's reference is theirs alone
    const n = await member(0, '1000');
    expect((await transfer(n, { vendor: 'BAYFISH', direction: 'IN', amount: '2500', reference })).json().errorCode).toBe(
      'INSUFFICIENT_FUNDS',
    );
  });

  it('concurrent transfers never overdraw either wallet', async () => {
    const m = await member(0, '50000');
    const ins = await Promise.all(
      Array.from({ length: 16 }, () => transfer(m, { vendor: 'DEEPNET', direction: 'IN', amount: '5000' })),
    );
    expect(ins.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(ins.filter((r) => r.statusCode === 409).every((r) => r.json().errorCode === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(await main(m)).toBe(BigInt(0));
    expect(await vendorWallet(m, 'DEEPNET')).toBe(BigInt(50000));
    const outs = await Promise.all(
      Array.from({ length: 16 }, () => transfer(m, { vendor: 'DEEPNET', direction: 'OUT', amount: '5000' })),
    );
    expect(outs.filter((r) => r.statusCode === 200)).toHaveLength(10);
    expect(await main(m)).toBe(BigInt(50000));
    expect(await vendorWallet(m, 'DEEPNET')).toBe(BigInt(0));
  });

  it('any mix of concurrent transfers keeps every wallet at or above zero and the member’s total unchanged', async () => {
    const vendors = ['DEEPNET', 'CORALHUNT'];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            vendor: fc.constantFrom(...vendors),
            direction: fc.constantFrom('IN', 'OUT'),
            amount: fc.integer({ min: 100, max: 4000 }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        async (ops) => {
          const m = await member(0, '10000');
          const results = await Promise.all(ops.map((o) => transfer(m, { ...o, amount: String(o.amount) })));
          for (const r of results) expect([200, 409]).toContain(r.statusCode);
          const wallets = [await main(m), ...(await Promise.all(vendors.map((v) => vendorWallet(m, v))))];
          expect(wallets.every((w) => w >= BigInt(0))).toBe(true);
          expect(wallets.reduce((a, b) => a + b, BigInt(0))).toBe(BigInt(10000));
        },
      ),
      { numRuns: 8 },
    );
    // the sandbox hands back to VENDOR_CLEARING what it takes from it
    expect(await houseBalance(t.db, 'VENDOR_CLEARING')).toBe(BigInt(0));
  });
});

describe('POST /wps/relay/GCS_walletRecall', () => {
  it('moves every vendor wallet back to the main wallet, once however often it is retried', async () => {
    const m = await member(0, '30000');
    for (const [vendor, amount] of [
      ['DEEPNET', '10000'],
      ['KINGSCOURT', '2550'],
    ]) {
      expect((await transfer(m, { vendor, direction: 'IN', amount })).statusCode).toBe(200);
    }
    const reference = randomUUID();
    const res = await call(m, 'POST', '/wps/relay/GCS_walletRecall', { reference });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v.recalled).toBe('12550');
    expect(
      v.transfers.map((x: { vendor: string; status: string; direction: string }) => [x.vendor, x.direction, x.status]).sort(),
    ).toEqual([
      ['DEEPNET', 'OUT', 'SUCCESS'],
      ['KINGSCOURT', 'OUT', 'SUCCESS'],
    ]);
    expect(v.transfers[0].reference).toMatch(new RegExp(`^${reference}/`));
    expect(await main(m)).toBe(BigInt(30000));
    // a retry answers the same transfers and moves nothing
    expect((await call(m, 'POST', '/wps/relay/GCS_walletRecall', { reference })).json().value).toEqual(v);
    expect(await main(m)).toBe(BigInt(30000));
    // nothing left: an empty recall
    const empty = await call(m, 'POST', '/wps/relay/GCS_walletRecall', { reference: randomUUID() });
    expect(empty.json().value).toEqual({ transfers: [], recalled: '0' });
  });

  it('needs a real member and a reference', async () => {
    expect((await call(null, 'POST', '/wps/relay/GCS_walletRecall', { reference: randomUUID() })).statusCode).toBe(401);
    expect((await call(await member(4), 'POST', '/wps/relay/GCS_walletRecall', { reference: randomUUID() })).statusCode).toBe(
      403,
    );
    expect((await call(await member(), 'POST', '/wps/relay/GCS_walletRecall', {})).statusCode).toBe(400);
  });
});

describe('GET /wps/relay/GCS_walletTransferRecords', () => {
  it('lists the member’s own transfers, newest first, by page', async () => {
    const m = await member(0, '10000');
    const other = await member(0, '10000');
    for (const amount of ['100', '200', '300']) await transfer(m, { vendor: 'ACETABLE', direction: 'IN', amount });
    await transfer(other, { vendor: 'ACETABLE', direction: 'IN', amount: '999' });
    const page1 = (await call(m, 'GET', '/wps/relay/GCS_walletTransferRecords?pageSize=2')).json().value;
    expect(page1.list.map((x: { amount: string }) => x.amount)).toEqual(['300', '200']);
    expect(page1).toMatchObject({ pageNo: 1, totalPages: 2 });
    const page2 = (await call(m, 'GET', '/wps/relay/GCS_walletTransferRecords?pageSize=2&pageNo=2')).json().value;
    expect(page2.list.map((x: { amount: string }) => x.amount)).toEqual(['100']);
    expect((await call(m, 'GET', '/wps/relay/GCS_walletTransferRecords?pageSize=500')).statusCode).toBe(400);
  });
});

describe('GET /wps/member/info/funds/consolidated', () => {
  it('lists every wallet with its balance and what it takes, and the contract flags', async () => {
    const m = await member(1, '20000');
    await transfer(m, { vendor: 'ADDACARDS', direction: 'IN', amount: '7000' });
    const res = await call(m, 'GET', '/wps/member/info/funds/consolidated', undefined, 'BN');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const v = res.json().value;
    expect(v.funds).toMatchObject({
      currency: 'BDT',
      currencySymbol: '৳',
      sumBalance: '20000',
      mainBalance: '13000',
      pendingTransfers: 0,
    });
    expect(v.funds.wallets[0]).toEqual({
      walletCode: 'MAIN',
      walletName: 'প্রধান ওয়ালেট',
      type: 'MAIN',
      balance: '13000',
      status: 'OK',
      inLedger: true,
      canTransferIn: false,
      canTransferOut: false,
    });
    const adda = v.funds.wallets.find((w: { walletCode: string }) => w.walletCode === 'ADDACARDS');
    expect(adda).toMatchObject({
      type: 'TRANSFER',
      balance: '7000',
      status: 'OK',
      inLedger: true,
      canTransferIn: true,
      canTransferOut: true,
    });
    const empty = v.funds.wallets.find((w: { walletCode: string }) => w.walletCode === 'DEEPNET');
    expect(empty).toMatchObject({ balance: '0', canTransferIn: true, canTransferOut: false });
    // an agent (type 1) while AGENTPOLICY3 is on, without contracts (domains/agent/contracts.test.ts has one)
    expect(v).toMatchObject({
      enableSalary: true,
      enableContract: true,
      contracts: { dividend: null, dailySalary: null, hourlySalary: null, realTimeSalary: null },
    });
  });

  it('is for logged-in real members only', async () => {
    expect((await call(null, 'GET', '/wps/member/info/funds/consolidated')).statusCode).toBe(401);
    const trial = await call(await member(4), 'GET', '/wps/member/info/funds/consolidated');
    expect(trial.statusCode).toBe(403);
    expect(trial.json().errorCode).toBe('NEED_REAL_ACCOUNT');
  });
});
