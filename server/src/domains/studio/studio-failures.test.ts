import type { FastifyInstance } from 'fastify';
import { createTestApi, type TestDb } from '../../test-support/test-db';
import { audit } from '../wallet/ledger';
import { SIGNATURE_HEADER, signBody } from '../wallet/signature';
import { currentVendorSecret } from '../wallet/vendor-secrets';
import { insertRound, takeNonce } from './studio.repo';
import { DICE, SLOT, studioHelpers } from './studio.test-support';
import type { WalletPath, WalletTransport } from './wallet-client';

/**
 * When the wallet does not answer: the studio rolls back a bet whose answer was lost, keeps a round
 * whose win was lost and delivers it later, and the settler finishes whatever is left.
 */
jest.setTimeout(60_000);

type Fault = 'drop-before' | 'drop-after' | 'hang' | 'bad-gateway' | 'forged';
const faults: Partial<Record<WalletPath, Fault[]>> = {};
const calls: WalletPath[] = [];

let t: TestDb & { app: FastifyInstance };
const transport: WalletTransport = async (path, raw, signature) => {
  calls.push(path);
  const fault = faults[path]?.shift();
  if (fault === 'drop-before') throw new Error('connection reset');
  if (fault === 'hang') return new Promise(() => undefined);
  const res = await t.app.inject({
    method: 'POST',
    url: `/wallet/v1/${path}`,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: fault === 'forged' ? 'f'.repeat(64) : signature },
    payload: raw,
  });
  if (fault === 'drop-after') throw new Error('the answer was lost');
  if (fault === 'bad-gateway') return { statusCode: 502, body: '<html>bad gateway</html>' };
  return { statusCode: res.statusCode, body: res.body };
};

const h = studioHelpers(() => t.app, 'sf');
const { member, gameToken, studio, play, mainBalance } = h;

beforeAll(async () => {
  t = await createTestApi({ studio: { transport, walletTimeoutMs: 2000, staleBetS: 0 } });
});
beforeEach(() => {
  for (const k of Object.keys(faults)) delete faults[k as WalletPath];
  calls.length = 0;
});
afterAll(async () => {
  expect((await audit(t.db)).anomalies).toEqual([]);
  await t.dispose();
});

const settle = async () =>
  (await t.app.inject({ method: 'POST', url: '/ops/studio/settle', headers: { 'x-ops-key': 'test-ops-key' } })).json().value;
const roundStatus = async (memberId: number) =>
  (await t.db.query<{ status: string }>(`SELECT status FROM studio_rounds WHERE member_id = $1 ORDER BY id`, [memberId])).map(
    (r) => r.status,
  );
const betStatus = async (memberId: number) =>
  (await t.db.query<{ status: string }>(`SELECT status FROM bet_records WHERE member_id = $1 ORDER BY id`, [memberId])).map(
    (r) => r.status,
  );

describe('a bet without an answer is rolled back', () => {
  it.each([
    ['the answer was lost after the money moved', 'drop-after'],
    ['the call never reached the wallet', 'drop-before'],
    ['the wallet never answered (time-out)', 'hang'],
    ['a proxy answered 502', 'bad-gateway'],
  ] as const)('%s: 503, the stake is back, the round is rolled back', async (_, fault) => {
    const m = await member({ taka: 10 });
    const token = await gameToken(m, SLOT);
    faults.bet = [fault];
    const r = await play(token, 200);
    expect(r.status).toBe(503);
    expect(r.body.errorCode).toBe('WALLET_UNAVAILABLE');
    expect(calls).toEqual(['bet', 'rollback']);
    expect(await mainBalance(m)).toBe(1000n);
    expect(await roundStatus(m.id)).toEqual(['ROLLED_BACK']);
    // the bet reached the wallet only when its answer was lost on the way back
    expect(await betStatus(m.id)).toEqual(fault === 'drop-after' || fault === 'bad-gateway' ? ['ROLLED_BACK'] : []);
    const listed = (await studio('GET', '/rounds', token)).body.value.rounds;
    expect(listed.map((x: { status: string }) => x.status)).toEqual(['ROLLED_BACK']);
    // the next round plays normally
    expect((await play(token, 200)).status).toBe(200);
  });

  it('a bet that arrives after its rollback is refused by the wallet', async () => {
    const m = await member({ taka: 10 });
    const token = await gameToken(m, SLOT);
    faults.bet = ['drop-before'];
    await play(token, 200);
    const { wallet_round_id: round } = (await t.db.one<{ wallet_round_id: string }>(
      `SELECT wallet_round_id FROM studio_rounds WHERE member_id = $1`,
      [m.id],
    ))!;
    const raw = JSON.stringify({
      vendor: 'KHELA',
      token,
      transactionId: `${round}:bet`,
      roundId: round,
      gameCode: SLOT,
      amount: '200',
      currency: 'BDT',
    });
    const late = await t.app.inject({
      method: 'POST',
      url: '/wallet/v1/bet',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signBody(await currentVendorSecret(t.db, 'KHELA'), raw),
      },
      payload: raw,
    });
    expect(late.json().status).toBe('ALREADY_ROLLED_BACK');
    expect(await mainBalance(m)).toBe(1000n);
  });

  it('when the rollback fails too, the settler sends it later', async () => {
    const m = await member({ taka: 10 });
    const token = await gameToken(m, DICE);
    faults.bet = ['drop-after'];
    faults.rollback = ['drop-before', 'bad-gateway'];
    expect((await play(token, 500, { direction: 'UNDER', target: 5000 })).status).toBe(503);
    expect(await mainBalance(m)).toBe(500n);
    expect(await roundStatus(m.id)).toEqual(['ROLLBACK']);
    expect((await studio('GET', '/rounds', token)).body.value.rounds[0].status).toBe('PENDING');
    expect(await settle()).toEqual({ settled: 0, rolledBack: 0, left: 1 });
    expect(await settle()).toEqual({ settled: 0, rolledBack: 1, left: 0 });
    expect(await mainBalance(m)).toBe(1000n);
    expect(await roundStatus(m.id)).toEqual(['ROLLED_BACK']);
    expect(await betStatus(m.id)).toEqual(['ROLLED_BACK']);
  });

  it('a refusal (a forged signature) takes nothing and is not a round', async () => {
    const m = await member({ taka: 10 });
    const token = await gameToken(m, SLOT);
    faults.bet = ['forged'];
    const r = await play(token, 200);
    expect(r.body.errorCode).toBe('WALLET_UNAVAILABLE');
    expect(calls).toEqual(['bet']);
    expect(await roundStatus(m.id)).toEqual(['REFUSED']);
    expect((await studio('GET', '/rounds', token)).body.value.rounds).toEqual([]);
    expect(await mainBalance(m)).toBe(1000n);
  });
});

describe('a win without an answer is delivered later', () => {
  it('the round stays PENDING (503 with its id) and the settler pays it once', async () => {
    const m = await member({ taka: 10 });
    const token = await gameToken(m, DICE);
    faults.win = ['drop-before', 'drop-after'];
    // a 98 % chance: the round almost surely pays; either way the win (maybe 0) must be delivered
    const r = await play(token, 500, { direction: 'UNDER', target: 9800 });
    expect(r.status).toBe(503);
    const roundId = r.body.value.roundId;
    expect(roundId).toMatch(/^\d+$/);
    expect(await mainBalance(m)).toBe(500n);
    const pending = (await studio('GET', `/rounds/${roundId}`, token)).body.value;
    expect(pending.status).toBe('PENDING');
    // first try: the answer is lost again (but the money moved); the second finds the first answer
    expect(await settle()).toEqual({ settled: 0, rolledBack: 0, left: 1 });
    expect(await settle()).toEqual({ settled: 1, rolledBack: 0, left: 0 });
    expect(await settle()).toEqual({ settled: 0, rolledBack: 0, left: 0 });
    expect(await mainBalance(m)).toBe(500n + BigInt(pending.payout));
    expect((await studio('GET', `/rounds/${roundId}`, token)).body.value.status).toBe('SETTLED');
    expect(await betStatus(m.id)).toEqual(['SETTLED']);
  });

  it('the player’s session ended before the win: the settler pays with a session of its own', async () => {
    const m = await member({ taka: 10 });
    const token = await gameToken(m, SLOT);
    faults.win = ['drop-before'];
    const r = await play(token, 200);
    expect(r.status).toBe(503);
    await t.db.query(`UPDATE wallet_sessions SET revoked_at = now() WHERE member_id = $1`, [m.id]);
    expect((await settle()).settled).toBe(1);
    expect(await roundStatus(m.id)).toEqual(['SETTLED']);
    const payout = (await t.db.one<{ payout: number }>(`SELECT payout FROM studio_rounds WHERE member_id = $1`, [m.id]))!.payout;
    expect(await mainBalance(m)).toBe(800n + BigInt(payout));
  });

  it('the periodic job runs the same settler', async () => {
    const m = await member({ taka: 10 });
    const token = await gameToken(m, SLOT);
    faults.win = ['bad-gateway'];
    expect((await play(token, 200)).status).toBe(503);
    expect(await t.app.jobs.runNow('studio-settle')).toBe(true);
    expect(await roundStatus(m.id)).toEqual(['SETTLED']);
  });
});

it('a round left betting by a server that died is rolled back by the settler', async () => {
  const m = await member({ taka: 10 });
  const token = await gameToken(m, SLOT);
  await studio('GET', '/session', token);
  // what a server does before it dies: fix the round, place the bet, and never hear back
  const walletRoundId = 'KS-died-before-answer';
  await t.db.tx(async (q) => {
    const seed = await takeNonce(q, m.id, 'slot');
    const node = (await q.one<{ node_id: number }>(`SELECT node_id FROM games WHERE game_code = $1`, [SLOT]))!.node_id;
    await insertRound(q, {
      walletRoundId,
      memberId: m.id,
      vendorCode: 'KHELA',
      gameCode: SLOT,
      nodeId: node,
      engine: 'slot',
      mode: 'REAL',
      seedId: seed.id,
      nonce: seed.nonce,
      clientSeed: seed.clientSeed,
      params: {},
      outcome: {},
      stake: 300n,
      payout: 0n,
      status: 'BETTING',
    });
  });
  const raw = JSON.stringify({
    vendor: 'KHELA',
    token,
    transactionId: `${walletRoundId}:bet`,
    roundId: walletRoundId,
    gameCode: SLOT,
    amount: '300',
    currency: 'BDT',
  });
  await t.app.inject({
    method: 'POST',
    url: '/wallet/v1/bet',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(await currentVendorSecret(t.db, 'KHELA'), raw) },
    payload: raw,
  });
  expect(await mainBalance(m)).toBe(700n);
  expect(await settle()).toEqual({ settled: 0, rolledBack: 1, left: 0 });
  expect(await mainBalance(m)).toBe(1000n);
  expect(await roundStatus(m.id)).toEqual(['ROLLED_BACK']);
});
