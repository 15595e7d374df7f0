import type { FastifyInstance } from 'fastify';
import { createTestApi, opsCall, type TestDb } from '../../test-support/test-db';
import { audit } from '../wallet/ledger';
import { signBody } from '../wallet/signature';
import { currentVendorSecret } from '../wallet/vendor-secrets';
import { issueWalletSession } from '../wallet/wallet-sessions';
import { changeLimit } from './rg.service';

jest.setTimeout(120_000);

let t: TestDb & { app: FastifyInstance };
let seq = 0;
const VENDOR = 'LOTUSREEL';
let game = '';
let secret = '';

beforeAll(async () => {
  t = await createTestApi();
  game = (await t.db.one<{ game_code: string }>(
    `SELECT game_code FROM games WHERE vendor_code = $1 AND is_game = 'GAME' ORDER BY node_id LIMIT 1`,
    [VENDOR],
  ))!.game_code;
  secret = await t.db.tx((q) => currentVendorSecret(q, VENDOR));
});
afterAll(async () => {
  expect((await audit(t.db)).anomalies).toEqual([]);
  await t.dispose();
});

async function player(taka: number) {
  const account = `loss${Date.now().toString(36).slice(-4)}${++seq}`;
  const id = (await opsCall(t.app, 'POST', '/ops/members', { account })).body.value.id as number;
  await opsCall(t.app, 'POST', '/ops/wallet/adjustments', { account, amount: String(taka * 100), reason: 'test', operator: 't' });
  const { token } = await t.db.tx((q) =>
    issueWalletSession(q, { memberId: id, vendorCode: VENDOR, nodeId: null, accountType: 1 }),
  );
  return { id, account, token };
}
type Player = Awaited<ReturnType<typeof player>>;

async function call(path: string, body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  const res = await t.app.inject({
    method: 'POST',
    url: `/wallet/v1/${path}`,
    headers: { 'content-type': 'application/json', 'x-khela-signature': signBody(secret, raw) },
    payload: raw,
  });
  return { http: res.statusCode, ...(res.json() as { status: string; balance: string }) };
}
let tx = 0;
const bet = (p: Player, amount: string, transactionId = `lb-${++tx}-${seq}`) =>
  call('bet', {
    vendor: VENDOR,
    token: p.token,
    transactionId,
    roundId: `r-${transactionId}`,
    gameCode: game,
    amount,
    currency: 'BDT',
  });
const win = (p: Player, betId: string, amount: string) =>
  call('win', {
    vendor: VENDOR,
    token: p.token,
    transactionId: `w-${betId}`,
    referenceTransactionId: betId,
    roundId: `r-${betId}`,
    gameCode: game,
    amount,
    currency: 'BDT',
  });
const lossLimit = (p: Player, period: 'DAY' | 'WEEK' | 'MONTH', poisha: string) =>
  t.db.tx((q) => changeLimit(q, p.id, 'LOSS', period, 'SET', BigInt(poisha), new Date(), `member:${p.id}`));

describe('loss limits in the wallet API', () => {
  it('a member without limits bets as before', async () => {
    const p = await player(100);
    expect(await bet(p, '5000')).toMatchObject({ http: 200, status: 'OK', balance: '5000' });
  });

  it('a bet that would take the net loss over the limit gets LIMIT_REACHED (not INSUFFICIENT_FUNDS), and moves nothing', async () => {
    const p = await player(1000);
    await lossLimit(p, 'DAY', '30000'); // ৳300
    expect((await bet(p, '20000')).status).toBe('OK');
    const refused = await bet(p, '10001', 'over-1');
    expect(refused).toEqual({ http: 200, status: 'LIMIT_REACHED', balance: '80000' });
    // the same transactionId again: the first answer
    expect(await bet(p, '10001', 'over-1')).toEqual({ http: 200, status: 'LIMIT_REACHED', balance: '80000' });
    expect((await bet(p, '10000')).status).toBe('OK'); // exactly up to the limit
    expect((await bet(p, '1')).status).toBe('LIMIT_REACHED');
    const bets = await t.db.query(`SELECT 1 FROM bet_records WHERE member_id = $1`, [p.id]);
    expect(bets).toHaveLength(2);
  });

  it('winnings count: the net loss is stakes minus payouts; the lowest limit wins', async () => {
    const p = await player(1000);
    await lossLimit(p, 'WEEK', '50000');
    await lossLimit(p, 'MONTH', '20000');
    const b1 = `w1-${seq}`;
    expect((await bet(p, '20000', b1)).status).toBe('OK');
    expect((await bet(p, '100')).status).toBe('LIMIT_REACHED'); // the month's ৳200 binds
    expect((await win(p, b1, '15000')).status).toBe('OK'); // net loss now ৳50
    expect((await bet(p, '15000')).status).toBe('OK');
    expect((await bet(p, '1')).status).toBe('LIMIT_REACHED');
  });

  it('bets placed before the first limit count, and a rolled-back bet stops counting', async () => {
    const p = await player(1000);
    const first = `pre-${seq}`;
    expect((await bet(p, '20000', first)).status).toBe('OK');
    await lossLimit(p, 'DAY', '25000');
    expect((await bet(p, '6000')).status).toBe('LIMIT_REACHED');
    const rolled = await call('rollback', {
      vendor: VENDOR,
      token: p.token,
      transactionId: `rb-${first}`,
      referenceTransactionId: first,
      roundId: `r-${first}`,
      gameCode: game,
      amount: '20000',
      currency: 'BDT',
    });
    expect(rolled.status).toBe('OK');
    expect((await bet(p, '25000')).status).toBe('OK');
    expect((await bet(p, '1')).status).toBe('LIMIT_REACHED');
  });

  it('holds under concurrency: 30 parallel bets against a loss limit that allows 10', async () => {
    const p = await player(1000);
    await lossLimit(p, 'DAY', '10000');
    const answers = await Promise.all(Array.from({ length: 30 }, () => bet(p, '1000')));
    expect(answers.filter((a) => a.status === 'OK')).toHaveLength(10);
    expect(answers.filter((a) => a.status === 'LIMIT_REACHED')).toHaveLength(20);
  });

  it('an excluded member cannot bet even with a launch made before (the launch is revoked, and the bet refused)', async () => {
    const p = await player(100);
    await opsCall(t.app, 'POST', '/ops/rg/exclusions', { account: p.account, period: '24h', operator: 't' });
    expect((await bet(p, '100')).status).toBe('INVALID_TOKEN');
    const { token } = await t.db.tx((q) =>
      issueWalletSession(q, { memberId: p.id, vendorCode: VENDOR, nodeId: null, accountType: 1 }),
    );
    expect((await bet({ ...p, token }, '100')).status).toBe('LIMIT_REACHED');
  });

  it('the counters older than the longest window are pruned by the scheduled job', async () => {
    const p = await player(10);
    await lossLimit(p, 'DAY', '500');
    await t.db.query(`INSERT INTO rg_loss_hours (member_id, hour, net) VALUES ($1, now() - interval '40 days', 7)`, [p.id]);
    expect(await t.app.jobs.runNow('rg.prune-loss-hours')).toBe(true);
    expect(await t.db.query(`SELECT 1 FROM rg_loss_hours WHERE member_id = $1`, [p.id])).toHaveLength(0);
  });
});
