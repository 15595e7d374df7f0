import type { FastifyInstance } from 'fastify';
import { createTestApi, opsCall, type TestDb } from '../../test-support/test-db';
import { audit, balanceOf } from './ledger';
import { signBody } from './signature';
import { currentVendorSecret } from './vendor-secrets';
import { issueWalletSession, walletTokenHash } from './wallet-sessions';

let t: TestDb & { app: FastifyInstance };
let seq = 0;
const SEAMLESS = 'LOTUSREEL';
const TRANSFER = 'CARDHOUSE';
const games: Record<string, string> = {};
const secrets: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApi();
  for (const vendor of [SEAMLESS, TRANSFER]) {
    const g = await t.db.one<{ game_code: string }>(
      `SELECT game_code FROM games WHERE vendor_code = $1 AND is_game = 'GAME' ORDER BY node_id LIMIT 1`,
      [vendor],
    );
    games[vendor] = g!.game_code;
    secrets[vendor] = await t.db.tx((q) => currentVendorSecret(q, vendor));
  }
});
afterAll(async () => {
  expect((await audit(t.db)).anomalies).toEqual([]);
  await t.dispose();
});

/** A player with `taka` in the main wallet and a live launch session of `vendor`. */
async function player(taka = 0, vendor = SEAMLESS, opts: { accountType?: 0 | 1; ttlSeconds?: number } = {}) {
  const account = `sw${++seq}`;
  const created = await opsCall(t.app, 'POST', '/ops/members', { account });
  const id = created.body.value.id as number;
  if (taka) {
    const adj = await opsCall(t.app, 'POST', '/ops/wallet/adjustments', {
      account,
      amount: String(taka * 100),
      reason: 'test funds',
      operator: 't',
    });
    expect(adj.status).toBe(200);
  }
  const { token } = await t.db.tx((q) =>
    issueWalletSession(q, {
      memberId: id,
      vendorCode: vendor,
      nodeId: null,
      accountType: opts.accountType ?? 1,
      ttlSeconds: opts.ttlSeconds,
    }),
  );
  return { id, account, token, vendor };
}

type Player = Awaited<ReturnType<typeof player>>;
let txSeq = 0;
const txid = (prefix = 'tx') => `${prefix}-${++txSeq}-${seq}`;

async function call(path: string, body: Record<string, unknown>, signature?: string, rawOverride?: string) {
  const raw = rawOverride ?? JSON.stringify(body);
  const vendor = String(body.vendor);
  const res = await t.app.inject({
    method: 'POST',
    url: `/wallet/v1/${path}`,
    headers: { 'content-type': 'application/json', 'x-khela-signature': signature ?? signBody(secrets[vendor] ?? 'none', raw) },
    payload: raw,
  });
  return { http: res.statusCode, ...(res.json() as { status: string; balance: string }) };
}

const bet = (p: Player, amount: string, transactionId = txid('bet'), extra: Record<string, unknown> = {}) =>
  call('bet', {
    vendor: p.vendor,
    token: p.token,
    transactionId,
    roundId: `r-${transactionId}`,
    gameCode: games[p.vendor],
    amount,
    currency: 'BDT',
    ...extra,
  });
const win = (p: Player, betId: string, amount: string, transactionId = txid('win')) =>
  call('win', {
    vendor: p.vendor,
    token: p.token,
    transactionId,
    referenceTransactionId: betId,
    roundId: `r-${betId}`,
    gameCode: games[p.vendor],
    amount,
    currency: 'BDT',
  });
const rollback = (p: Player, betId: string, transactionId = txid('rb')) =>
  call('rollback', {
    vendor: p.vendor,
    token: p.token,
    transactionId,
    referenceTransactionId: betId,
    roundId: `r-${betId}`,
    gameCode: games[p.vendor],
    amount: '0',
    currency: 'BDT',
  });

const betRecord = (vendor: string, betId: string) =>
  t.db.one<{ stake: number; payout: number; valid_bet: number; status: string; wallet: string }>(
    `SELECT stake, payout, valid_bet, status, wallet FROM bet_records WHERE vendor_code = $1 AND bet_transaction_id = $2`,
    [vendor, betId],
  );

describe('balance', () => {
  it('answers the balance of the wallet the vendor plays from', async () => {
    const p = await player(500);
    expect(await call('balance', { vendor: SEAMLESS, token: p.token, currency: 'BDT' })).toEqual({
      http: 200,
      status: 'OK',
      balance: '50000',
    });
  });
});

describe('bet and win', () => {
  it('a bet debits, a win credits, and the bet record follows', async () => {
    const p = await player(100);
    const id = txid('bet');
    expect(await bet(p, '1000', id)).toEqual({ http: 200, status: 'OK', balance: '9000' });
    expect(await betRecord(SEAMLESS, id)).toMatchObject({ stake: 1000, payout: 0, status: 'OPEN', wallet: 'MAIN' });
    expect(await win(p, id, '2500')).toEqual({ http: 200, status: 'OK', balance: '11500' });
    expect(await betRecord(SEAMLESS, id)).toMatchObject({ stake: 1000, payout: 2500, valid_bet: 1000, status: 'SETTLED' });
  });

  it('a win of 0 settles a lost round', async () => {
    const p = await player(100);
    const id = txid('bet');
    await bet(p, '1000', id);
    expect(await win(p, id, '0')).toEqual({ http: 200, status: 'OK', balance: '9000' });
    expect(await betRecord(SEAMLESS, id)).toMatchObject({ payout: 0, valid_bet: 1000, status: 'SETTLED' });
  });

  it('a repeated transactionId returns the first answer and moves nothing', async () => {
    const p = await player(100);
    const id = txid('bet');
    const first = await bet(p, '1000', id);
    expect(await bet(p, '1000', id)).toEqual(first);
    expect(await bet(p, '9999', id)).toEqual(first); // even with other fields: the first answer
    const w = txid('win');
    const firstWin = await win(p, id, '300', w);
    expect(await win(p, id, '300', w)).toEqual(firstWin);
    expect(await balanceOf(t.db, p.id)).toBe(BigInt(9300));
  });

  it('refuses a bet the balance cannot cover with INSUFFICIENT_FUNDS, and that answer stays the answer', async () => {
    const p = await player(5);
    const id = txid('bet');
    expect(await bet(p, '501', id)).toEqual({ http: 200, status: 'INSUFFICIENT_FUNDS', balance: '500' });
    await opsCall(t.app, 'POST', '/ops/wallet/adjustments', {
      account: p.account,
      amount: '100000',
      reason: 'top up',
      operator: 't',
    });
    expect(await bet(p, '501', id)).toEqual({ http: 200, status: 'INSUFFICIENT_FUNDS', balance: '500' });
    expect(await betRecord(SEAMLESS, id)).toBeNull();
  });

  it('a win for a bet never placed: BET_NOT_FOUND', async () => {
    const p = await player(10);
    expect(await win(p, 'never-placed', '100')).toEqual({ http: 200, status: 'BET_NOT_FOUND', balance: '1000' });
  });

  it("a TRANSFER-mode vendor plays from the member's wallet at that vendor", async () => {
    const p = await player(100, TRANSFER);
    expect((await bet(p, '100')).status).toBe('INSUFFICIENT_FUNDS'); // its vendor wallet is empty
    await t.app.ledger.post({
      key: `fund-${p.id}`,
      kind: 'TRANSFER_OUT',
      memberId: p.id,
      createdBy: 'test',
      legs: [
        { account: { member: p.id }, amount: BigInt(-4000) },
        { account: { member: p.id, wallet: 'VENDOR', vendor: TRANSFER }, amount: BigInt(4000) },
      ],
    });
    const id = txid('bet');
    expect(await bet(p, '1500', id)).toEqual({ http: 200, status: 'OK', balance: '2500' });
    expect(await betRecord(TRANSFER, id)).toMatchObject({ wallet: 'VENDOR' });
    expect(await balanceOf(t.db, p.id)).toBe(BigInt(6000));
  });
});

describe('rollback', () => {
  it('returns the stake of an open bet; a second rollback and a later win are refused', async () => {
    const p = await player(100);
    const id = txid('bet');
    await bet(p, '4000', id);
    expect(await rollback(p, id)).toEqual({ http: 200, status: 'OK', balance: '10000' });
    expect(await betRecord(SEAMLESS, id)).toMatchObject({ status: 'ROLLED_BACK', valid_bet: 0 });
    expect(await rollback(p, id)).toEqual({ http: 200, status: 'ALREADY_ROLLED_BACK', balance: '10000' });
    expect(await win(p, id, '8000')).toEqual({ http: 200, status: 'ALREADY_ROLLED_BACK', balance: '10000' });
    expect(await balanceOf(t.db, p.id)).toBe(BigInt(10000));
  });

  it('a rollback of an unknown bet is recorded and answered OK, and that bet is refused when it arrives', async () => {
    const p = await player(100);
    const late = txid('late-bet');
    expect(await rollback(p, late)).toEqual({ http: 200, status: 'OK', balance: '10000' });
    expect(await bet(p, '1000', late)).toEqual({ http: 200, status: 'ALREADY_ROLLED_BACK', balance: '10000' });
    expect(await betRecord(SEAMLESS, late)).toBeNull();
    expect(await balanceOf(t.db, p.id)).toBe(BigInt(10000));
  });

  it('a rollback of a settled bet takes the win back too', async () => {
    const p = await player(100);
    const id = txid('bet');
    await bet(p, '1000', id);
    await win(p, id, '3000');
    expect(await rollback(p, id)).toEqual({ http: 200, status: 'OK', balance: '10000' });
    // a member who spent the win cannot have it taken back: refused, nothing moves
    const q = await player(10);
    const b = txid('bet');
    await bet(q, '1000', b);
    await win(q, b, '5000');
    await bet(q, '5000');
    expect(await rollback(q, b)).toMatchObject({ status: 'INSUFFICIENT_FUNDS', balance: '0' });
    expect(await betRecord(SEAMLESS, b)).toMatchObject({ status: 'SETTLED' });
  });
});

describe('refusals that move nothing', () => {
  it('a bad signature', async () => {
    const p = await player(100);
    const id = txid('bet');
    const body = {
      vendor: SEAMLESS,
      token: p.token,
      transactionId: id,
      roundId: 'r',
      gameCode: games[SEAMLESS],
      amount: '100',
      currency: 'BDT',
    };
    expect(await call('bet', body, 'ab'.repeat(32))).toEqual({ http: 401, status: 'INVALID_SIGNATURE', balance: '0' });
    expect(await call('bet', body, signBody('wrong-secret', JSON.stringify(body)))).toMatchObject({
      status: 'INVALID_SIGNATURE',
    });
    // signed bytes differ from the bytes sent (a field changed in transit)
    const tampered = JSON.stringify({ ...body, amount: '99999' });
    expect(await call('bet', body, signBody(secrets[SEAMLESS], JSON.stringify(body)), tampered)).toMatchObject({
      status: 'INVALID_SIGNATURE',
    });
    expect(await call('bet', body, '')).toMatchObject({ status: 'INVALID_SIGNATURE' });
    expect(await balanceOf(t.db, p.id)).toBe(BigInt(10000));
    expect(await t.db.one(`SELECT 1 FROM wallet_transactions WHERE transaction_id = $1`, [id])).toBeNull();
  });

  it('an expired token (a bet needs a live session)', async () => {
    const p = await player(100, SEAMLESS, { ttlSeconds: 60 });
    const id = txid('bet');
    await bet(p, '1000', id);
    await t.db.query(`UPDATE wallet_sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      walletTokenHash(p.token),
    ]);
    expect(await bet(p, '1000')).toEqual({ http: 401, status: 'INVALID_TOKEN', balance: '0' });
    expect(await call('balance', { vendor: SEAMLESS, token: p.token })).toMatchObject({ status: 'INVALID_TOKEN' });
    // the round it opened can still be settled
    expect(await win(p, id, '500')).toEqual({ http: 200, status: 'OK', balance: '9500' });
  });

  it("an unknown token, another vendor's token, a free-trial token, another member's bet", async () => {
    const p = await player(100);
    expect(await bet({ ...p, token: 'A'.repeat(43) }, '100')).toMatchObject({ status: 'INVALID_TOKEN' });
    const other = await player(100, TRANSFER);
    expect(await bet({ ...other, vendor: SEAMLESS }, '100')).toMatchObject({ status: 'INVALID_TOKEN' });
    const trial = await player(100, SEAMLESS, { accountType: 0 });
    expect(await bet(trial, '100')).toMatchObject({ status: 'INVALID_TOKEN' });
    const id = txid('bet');
    await bet(p, '100', id);
    const stranger = await player(100);
    expect(await win(stranger, id, '100000')).toMatchObject({ status: 'INVALID_TOKEN' });
    expect(await rollback(stranger, id)).toMatchObject({ status: 'INVALID_TOKEN' });
    expect(await balanceOf(t.db, stranger.id)).toBe(BigInt(10000));
  });

  it.each([
    ['a float amount', { amount: '12.5' }],
    ['a zero bet', { amount: '0' }],
    ['another currency', { currency: 'USD' }],
    ['a game of another vendor', { gameCode: 'NOT_A_GAME_HERE' }],
    ['an unknown field', { bonus: true }],
    ['a number for the amount', { amount: 100.5 }],
  ])('BAD_REQUEST for %s', async (_name, extra) => {
    const p = await player(100);
    expect(await bet(p, '100', txid('bet'), extra)).toMatchObject({ status: 'BAD_REQUEST' });
    expect(await balanceOf(t.db, p.id)).toBe(BigInt(10000));
  });

  it('BAD_REQUEST for a body that is not JSON, and for another content type', async () => {
    const raw = '{"vendor":"LOTUSREEL", nope';
    expect(await call('bet', { vendor: SEAMLESS }, signBody(secrets[SEAMLESS], raw), raw)).toMatchObject({
      http: 400,
      status: 'BAD_REQUEST',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/wallet/v1/bet',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(res.json()).toEqual({ status: 'BAD_REQUEST', balance: '0' });
  });
});

describe('concurrency', () => {
  it('1,000 concurrent bets of 1.00 on a wallet holding 500.00: exactly 500 succeed and the balance ends at 0', async () => {
    const p = await player(500);
    const answers = await Promise.all(Array.from({ length: 1000 }, () => bet(p, '100')));
    expect(answers.filter((a) => a.status === 'OK')).toHaveLength(500);
    expect(answers.filter((a) => a.status === 'INSUFFICIENT_FUNDS')).toHaveLength(500);
    expect(await balanceOf(t.db, p.id)).toBe(BigInt(0));
    const records = await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM bet_records WHERE member_id = $1`, [p.id]);
    expect(records!.n).toBe(500);
  });

  it('the same bet sent 20 times at once moves money once', async () => {
    const p = await player(100);
    const id = txid('bet');
    const answers = await Promise.all(Array.from({ length: 20 }, () => bet(p, '700', id)));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await balanceOf(t.db, p.id)).toBe(BigInt(9300));
  });

  it('a win and a rollback of one bet at once: one of them wins, the money is consistent', async () => {
    const p = await player(100);
    const id = txid('bet');
    await bet(p, '1000', id);
    const [w, r] = await Promise.all([win(p, id, '5000'), rollback(p, id)]);
    const balance = await balanceOf(t.db, p.id);
    if (w.status === 'OK' && r.status === 'OK')
      expect(balance).toBe(BigInt(10000)); // win first, then rolled back with it
    else if (w.status === 'ALREADY_ROLLED_BACK') expect(balance).toBe(BigInt(10000));
    else throw new Error(`unexpected ${JSON.stringify([w, r])}`);
  });
});

describe('vendor secrets', () => {
  it('a rotation answers the new secret once; the old one keeps working for its grace period', async () => {
    const vendor = 'TIGERSPIN';
    const before = await t.db.tx((q) => currentVendorSecret(q, vendor));
    const rotated = await opsCall(t.app, 'POST', `/ops/wallet/vendors/${vendor}/secret`);
    expect(rotated.body.value).toMatchObject({ vendor, previousValidHours: 24 });
    const after = rotated.body.value.secret as string;
    expect(after).not.toBe(before);
    expect(await t.db.tx((q) => currentVendorSecret(q, vendor))).toBe(after);
    expect((await opsCall(t.app, 'POST', '/ops/wallet/vendors/NOPE_NOPE/secret')).status).toBe(404);
  });
});
