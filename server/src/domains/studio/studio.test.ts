import type { FastifyInstance } from 'fastify';
import { engineOf, verifyRound, type EngineId } from '@khela/games-math';
import { nodeHmac, nodeSha256, serverSeedHashSync } from '@khela/games-math/node';
import { createTestApi, type TestDb } from '../../test-support/test-db';
import { audit, balanceOf } from '../wallet/ledger';
import { signBody } from '../wallet/signature';
import { currentVendorSecret } from '../wallet/vendor-secrets';
import { revokeWalletSessions } from '../wallet/wallet-sessions';
import { DEMO_START } from './studio.rules';
import { CARDS, DICE, SLOT, studioHelpers } from './studio.test-support';

jest.setTimeout(60_000);

let t: TestDb & { app: FastifyInstance };
const logs: string[] = [];
const h = studioHelpers(() => t.app, 'st');
const { member, gameToken, studio, play, mainBalance, launch } = h;

beforeAll(async () => {
  t = await createTestApi({ logger: { level: 'trace', stream: { write: (line: string) => void logs.push(line) } } });
});
afterAll(async () => {
  expect((await audit(t.db)).anomalies).toEqual([]);
  await t.dispose();
});

const count = async (sql: string, params: unknown[] = []) => Number((await t.db.one<{ n: number }>(sql, params))!.n);

describe('a real round through the seamless-wallet API', () => {
  it('the session: the game, the balance of the main wallet, the stakes, the engine config, the committed seed', async () => {
    const m = await member({ taka: 500 });
    const token = await gameToken(m, SLOT);
    const s = await studio('GET', '/session?language=EN', token);
    expect(s.status).toBe(200);
    expect(s.body.value).toMatchObject({
      game: {
        gameCode: SLOT,
        gameName: 'Bengal Tiger Reels',
        vendorCode: 'KHELA',
        vendorName: 'Khela Originals',
        engine: 'slot',
      },
      mode: 'REAL',
      currency: 'BDT',
      balance: '50000',
      limits: { minStake: '20', maxStake: '50000' },
      fairness: { nonce: 0 },
    });
    expect(s.body.value.game.iconUrl).toMatch(new RegExp(`^/wps/static/art/game/${SLOT}\\.svg\\?v=`));
    expect(s.body.value.config).toEqual(JSON.parse(JSON.stringify(engineOf('slot').config)));
    const seed = await t.db.one<{ server_seed: string; server_seed_hash: string; client_seed: string }>(
      `SELECT server_seed, server_seed_hash, client_seed FROM studio_seeds WHERE member_id = $1 AND engine = 'slot' AND revealed_at IS NULL`,
      [m.id],
    );
    expect(s.body.value.fairness).toEqual({ serverSeedHash: seed!.server_seed_hash, clientSeed: seed!.client_seed, nonce: 0 });
    expect(serverSeedHashSync(seed!.server_seed)).toBe(seed!.server_seed_hash);
    const bn = await studio('GET', '/session', token);
    expect(bn.body.value.game).toMatchObject({ displayName: 'বেঙ্গল টাইগার রিলস', vendorName: 'খেলা অরিজিনালস' });
  });

  it.each([
    [SLOT, 'slot', 200, undefined],
    [DICE, 'dice', 1000, { direction: 'OVER', target: 4999 }],
    [CARDS, 'andarbahar', 1000, { side: 'BAHAR' }],
  ] as const)(
    '%s: the stake leaves the wallet, the payout comes back, a bet record is settled',
    async (game, engine, stake, params) => {
      const m = await member({ taka: 100 });
      const token = await gameToken(m, game);
      const r = await play(token, stake, params);
      expect(r.status).toBe(200);
      const { round, balance, fairness } = r.body.value;
      const payout = BigInt(round.payout);
      expect(round).toMatchObject({ engine, mode: 'REAL', status: 'SETTLED', nonce: 0, stake: String(stake), serverSeed: null });
      expect(BigInt(balance)).toBe(10000n - BigInt(stake) + payout);
      expect(await mainBalance(m)).toBe(BigInt(balance));
      expect(fairness.nonce).toBe(1);
      const record = await t.db.one<{
        stake: number;
        payout: number;
        valid_bet: number;
        status: string;
        wallet: string;
        game_code: string;
      }>(`SELECT stake, payout, valid_bet, status, wallet, game_code FROM bet_records WHERE member_id = $1`, [m.id]);
      expect(record).toEqual({
        stake,
        payout: Number(payout),
        valid_bet: stake,
        status: 'SETTLED',
        wallet: 'MAIN',
        game_code: game,
      });
      // the outcome is what the engine computes from the seeds
      const seed = await t.db.one<{ server_seed: string }>(`SELECT server_seed FROM studio_seeds WHERE member_id = $1`, [m.id]);
      const v = await verifyRound(nodeHmac, nodeSha256, {
        engine,
        serverSeed: seed!.server_seed,
        serverSeedHash: round.serverSeedHash,
        clientSeed: round.clientSeed,
        nonce: 0,
        params: round.params,
        stake: BigInt(stake),
      });
      expect(v.hashMatches).toBe(true);
      expect(v.outcome).toEqual(round.outcome);
      expect(v.payout).toBe(payout);
    },
  );

  it('a replayed bet or win changes nothing; the settler finds nothing to do', async () => {
    const m = await member({ taka: 50 });
    const token = await gameToken(m, DICE);
    const { round } = (await play(token, 500, { direction: 'UNDER', target: 9800 })).body.value;
    const after = await mainBalance(m);
    const walletRoundId = (await t.db.one<{ wallet_round_id: string }>(
      `SELECT wallet_round_id FROM studio_rounds WHERE id = $1`,
      [Number(round.id)],
    ))!.wallet_round_id;
    const secret = await currentVendorSecret(t.db, 'KHELA');
    const base = { vendor: 'KHELA', token, roundId: walletRoundId, gameCode: DICE, currency: 'BDT' };
    for (const [path, body] of [
      ['bet', { ...base, transactionId: `${walletRoundId}:bet`, amount: '500' }],
      [
        'win',
        { ...base, transactionId: `${walletRoundId}:win`, referenceTransactionId: `${walletRoundId}:bet`, amount: round.payout },
      ],
    ] as const) {
      const raw = JSON.stringify(body);
      const res = await t.app.inject({
        method: 'POST',
        url: `/wallet/v1/${path}`,
        headers: { 'content-type': 'application/json', 'x-khela-signature': signBody(secret, raw) },
        payload: raw,
      });
      expect(res.json().status).toBe('OK');
    }
    expect(await mainBalance(m)).toBe(after);
    expect(await count(`SELECT count(*) AS n FROM bet_records WHERE member_id = $1`, [m.id])).toBe(1);
    expect(
      (await t.app.inject({ method: 'POST', url: '/ops/studio/settle', headers: { 'x-ops-key': 'test-ops-key' } })).json().value,
    ).toEqual({
      settled: 0,
      rolledBack: 0,
      left: 0,
    });
    expect(await mainBalance(m)).toBe(after);
  });

  it('not enough money: 409 with the balance, nothing moves, no round is listed, the nonce is skipped', async () => {
    const m = await member({ taka: 1 });
    const token = await gameToken(m, CARDS);
    const r = await play(token, 500, { side: 'ANDAR' });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ errorCode: 'INSUFFICIENT_FUNDS', value: { balance: '100' } });
    expect(await mainBalance(m)).toBe(100n);
    expect((await studio('GET', '/rounds', token)).body.value.rounds).toEqual([]);
    expect(await count(`SELECT count(*) AS n FROM bet_records WHERE member_id = $1`, [m.id])).toBe(0);
    const ok = await play(token, 100, { side: 'ANDAR' });
    expect(ok.body.value.round.nonce).toBe(1);
  });

  it('a transfer-wallet vendor’s game (PVP, on the card engine) plays from the member’s wallet at that vendor', async () => {
    const m = await member({ taka: 100 });
    await t.app.ledger.post({
      key: `test-transfer-${m.id}`,
      kind: 'TRANSFER_IN',
      memberId: m.id,
      createdBy: 'system',
      legs: [
        { account: { member: m.id }, amount: -3000n },
        { account: { member: m.id, wallet: 'VENDOR', vendor: 'CARDHOUSE' }, amount: 3000n },
      ],
    });
    const game = (await t.db.one<{ game_code: string }>(
      `SELECT game_code FROM games WHERE vendor_code = 'CARDHOUSE' AND is_game = 'GAME' AND support_play = 1 ORDER BY node_id LIMIT 1`,
    ))!.game_code;
    const token = await gameToken(m, game);
    const s = (await studio('GET', '/session', token)).body.value;
    expect(s).toMatchObject({
      mode: 'REAL',
      balance: '3000',
      game: { engine: 'andarbahar', vendorCode: 'CARDHOUSE', gameType: 'PVP' },
    });
    const r = (await play(token, 1000, { side: 'ANDAR' })).body.value;
    expect(BigInt(r.balance)).toBe(3000n - 1000n + BigInt(r.round.payout));
    expect(await balanceOf(t.db, m.id, 'VENDOR', 'CARDHOUSE')).toBe(BigInt(r.balance));
    expect(await mainBalance(m)).toBe(7000n);
    expect(await t.db.one(`SELECT wallet, vendor_code FROM bet_records WHERE member_id = $1`, [m.id])).toEqual({
      wallet: 'VENDOR',
      vendor_code: 'CARDHOUSE',
    });
  });

  it('a seeded slot vendor’s game (RNG) and fishing game (FISH) play on the slot under their own names', async () => {
    const m = await member({ taka: 100 });
    for (const type of ['RNG', 'FISH']) {
      const g = (await t.db.one<{ game_code: string; vendor_code: string; name_en: string }>(
        `SELECT game_code, vendor_code, name_en FROM games WHERE game_type = $1 AND vendor_code <> 'KHELA' AND is_game = 'GAME'
            AND vendor_code IN (SELECT code FROM game_vendors WHERE wallet_mode = 'SEAMLESS') ORDER BY node_id LIMIT 1`,
        [type],
      ))!;
      const token = await gameToken(m, g.game_code);
      const s = (await studio('GET', '/session?language=EN', token)).body.value;
      expect(s.game).toMatchObject({ gameCode: g.game_code, gameName: g.name_en, vendorCode: g.vendor_code, engine: 'slot' });
      const r = await play(token, s.limits.minStake);
      expect(r.status).toBe(200);
      expect(await t.db.one(`SELECT vendor_code FROM bet_records WHERE bet_transaction_id LIKE $1`, [`%:bet`])).toBeTruthy();
    }
    expect(
      (await t.db.query<{ vendor_code: string }>(`SELECT DISTINCT vendor_code FROM bet_records WHERE member_id = $1`, [m.id]))
        .length,
    ).toBe(2);
  });

  it('twenty rounds at once: distinct nonces, and the balance adds up', async () => {
    const m = await member({ taka: 100 });
    const token = await gameToken(m, SLOT);
    const results = await Promise.all(Array.from({ length: 20 }, () => play(token, 100)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const nonces = results.map((r) => r.body.value.round.nonce).sort((a: number, b: number) => a - b);
    expect(nonces).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const paid = results.reduce((s, r) => s + BigInt(r.body.value.round.payout), 0n);
    expect(await mainBalance(m)).toBe(10000n - 2000n + paid);
  });
});

describe('free trial: demo credits, never the ledger', () => {
  it('plays, resets and never writes to the ledger, the wallet API or the bet records', async () => {
    const m = await member();
    const ledgerBefore = await count(`SELECT count(*) AS n FROM ledger_transactions`);
    const walletBefore = await count(`SELECT count(*) AS n FROM wallet_transactions`);
    const betsBefore = await count(`SELECT count(*) AS n FROM bet_records`);
    const token = await gameToken(m, DICE, 0);
    const s = (await studio('GET', '/session', token)).body.value;
    expect(s).toMatchObject({ mode: 'DEMO', balance: DEMO_START.toString() });
    let balance = DEMO_START;
    for (let i = 0; i < 5; i++) {
      const r = (await play(token, 10000, { direction: 'UNDER', target: 5000 })).body.value;
      expect(r.round).toMatchObject({ mode: 'DEMO', status: 'SETTLED', nonce: i });
      balance = balance - 10000n + BigInt(r.round.payout);
      expect(r.balance).toBe(balance.toString());
    }
    expect((await studio('GET', '/rounds', token)).body.value.rounds).toHaveLength(5);
    expect(await count(`SELECT count(*) AS n FROM ledger_transactions`)).toBe(ledgerBefore);
    expect(await count(`SELECT count(*) AS n FROM wallet_transactions`)).toBe(walletBefore);
    expect(await count(`SELECT count(*) AS n FROM bet_records`)).toBe(betsBefore);
    expect(await mainBalance(m)).toBe(0n);
    const big = await play(token, 100000, { direction: 'UNDER', target: 9800 });
    expect(big.status).toBe(200);
    expect((await studio('POST', '/demo/reset', token)).body.value).toEqual({ balance: DEMO_START.toString() });
  });

  it('a trial account (type 4) plays the free trial, and is refused real play at the launch', async () => {
    const trial = await member({ type: 4 });
    expect((await launch(trial, SLOT, 1)).body.errorCode).toBe('NEED_REAL_ACCOUNT');
    const token = await gameToken(trial, SLOT, 0);
    const r = await play(token, 20);
    expect(r.status).toBe(200);
    expect(r.body.value.round.mode).toBe('DEMO');
  });

  it('demo credits run out: 409 INSUFFICIENT_FUNDS until a reset; a real session cannot reset', async () => {
    const m = await member({ taka: 5 });
    const demo = await gameToken(m, CARDS, 0);
    await studio('GET', '/session', demo);
    await t.db.query(`UPDATE studio_demo_wallets SET balance = 50 WHERE member_id = $1`, [m.id]);
    expect((await play(demo, 100)).body).toMatchObject({ errorCode: 'INSUFFICIENT_FUNDS', value: { balance: '50' } });
    const real = await gameToken(m, CARDS, 1);
    expect((await studio('POST', '/demo/reset', real)).body.errorCode).toBe('NOT_DEMO');
    await studio('POST', '/demo/reset', demo);
    expect((await play(demo, 100)).status).toBe(200);
  });
});

describe('provably fair: commit, reveal, rotate, verify', () => {
  it('a rotation reveals the committed seed, every round of it verifies, and the next rounds use a new seed from nonce 0', async () => {
    const m = await member({ taka: 100 });
    const token = await gameToken(m, CARDS);
    const committed = (await studio('GET', '/session', token)).body.value.fairness;
    const played = [];
    for (let i = 0; i < 4; i++) played.push((await play(token, 100, { side: i % 2 ? 'ANDAR' : 'BAHAR' })).body.value.round);
    const before = (await studio('GET', '/rounds', token)).body.value.rounds;
    expect(before.map((r: { nonce: number }) => r.nonce)).toEqual([3, 2, 1, 0]);
    expect(before.every((r: { serverSeed: unknown }) => r.serverSeed === null)).toBe(true);

    const rotated = await studio('POST', '/fairness/rotate', token);
    expect(rotated.status).toBe(200);
    const { revealed, fairness } = rotated.body.value;
    expect(revealed).toMatchObject({ serverSeedHash: committed.serverSeedHash, clientSeed: committed.clientSeed, nonce: 4 });
    expect(serverSeedHashSync(revealed.serverSeed)).toBe(committed.serverSeedHash);
    expect(fairness).toMatchObject({ clientSeed: committed.clientSeed, nonce: 0 });
    expect(fairness.serverSeedHash).not.toBe(committed.serverSeedHash);

    const after = (await studio('GET', '/rounds', token)).body.value.rounds;
    for (const r of after) {
      expect(r.serverSeed).toBe(revealed.serverSeed);
      const v = await verifyRound(nodeHmac, nodeSha256, {
        engine: r.engine as EngineId,
        serverSeed: r.serverSeed,
        serverSeedHash: r.serverSeedHash,
        clientSeed: r.clientSeed,
        nonce: r.nonce,
        params: r.params,
        stake: BigInt(r.stake),
      });
      expect(v).toMatchObject({ hashMatches: true, outcome: r.outcome, payout: BigInt(r.payout) });
      expect(played.find((p) => p.id === r.id)!.outcome).toEqual(r.outcome);
    }
    const one = await studio('GET', `/rounds/${after[0].id}`, token);
    expect(one.body.value).toEqual(after[0]);
    expect((await play(token, 100)).body.value.round).toMatchObject({ nonce: 0, serverSeedHash: fairness.serverSeedHash });
  });

  it('setting a client seed rotates the server seed too (a seed pair never repeats a nonce)', async () => {
    const m = await member({ taka: 10 });
    const token = await gameToken(m, SLOT);
    await play(token, 20);
    const old = (await studio('GET', '/session', token)).body.value.fairness;
    const set = await studio('PUT', '/fairness/client-seed', token, { clientSeed: 'lucky-7!' });
    expect(set.status).toBe(200);
    expect(set.body.value.revealed).toMatchObject({ serverSeedHash: old.serverSeedHash, nonce: 1 });
    expect(set.body.value.fairness).toMatchObject({ clientSeed: 'lucky-7!', nonce: 0 });
    const r = (await play(token, 20)).body.value.round;
    expect(r).toMatchObject({ clientSeed: 'lucky-7!', nonce: 0 });
    // back to the first client seed: still a new server seed, so no round is replayed
    const back = await studio('PUT', '/fairness/client-seed', token, { clientSeed: old.clientSeed });
    expect(back.body.value.fairness.serverSeedHash).not.toBe(old.serverSeedHash);
    const rotateWithSeed = await studio('POST', '/fairness/rotate', token, { clientSeed: 'abc' });
    expect(rotateWithSeed.body.value.fairness.clientSeed).toBe('abc');
  });

  it('seeds are per member and engine: the dice and the slot keep their own; another member’s rounds are not visible', async () => {
    const m = await member({ taka: 20 });
    const slot = await gameToken(m, SLOT);
    const dice = await gameToken(m, DICE);
    await play(slot, 20);
    expect((await studio('GET', '/session', dice)).body.value.fairness.nonce).toBe(0);
    const slotRound = (await studio('GET', '/rounds', slot)).body.value.rounds[0];
    // the same member's round of another game is readable (the verify page opens any of them)
    expect((await studio('GET', `/rounds/${slotRound.id}`, dice)).status).toBe(200);
    const other = await member({ taka: 1 });
    const otherToken = await gameToken(other, SLOT);
    expect((await studio('GET', `/rounds/${slotRound.id}`, otherToken)).body.errorCode).toBe('ROUND_NOT_FOUND');
    expect((await studio('GET', '/rounds', otherToken)).body.value.rounds).toEqual([]);
  });
});

describe('bad input and roles', () => {
  it('refuses missing, unknown, ended, revoked and foreign tokens with 401 INVALID_TOKEN', async () => {
    const m = await member({ taka: 10 });
    expect((await studio('GET', '/session')).body.errorCode).toBe('INVALID_TOKEN');
    expect((await studio('GET', '/session', 'not-a-token')).body.errorCode).toBe('INVALID_TOKEN');
    expect((await studio('GET', '/session', 'A'.repeat(43))).body.errorCode).toBe('INVALID_TOKEN');
    // a LIVE game is not the studio's: its launch gives no game token at all
    const liveGame = (await t.db.one<{ game_code: string }>(
      `SELECT game_code FROM games WHERE game_type = 'LIVE' AND is_game = 'GAME' ORDER BY node_id LIMIT 1`,
    ))!.game_code;
    expect((await launch(m, liveGame)).url).toMatch(/^\/seamless\?ticket=/);
    // a storefront session token is not a game token
    expect((await studio('GET', '/session', m.token)).body.errorCode).toBe('INVALID_TOKEN');
    const ended = await gameToken(m, SLOT);
    await t.db.query(`UPDATE wallet_sessions SET expires_at = now() - interval '1 second' WHERE member_id = $1`, [m.id]);
    expect((await play(ended, 20)).body.errorCode).toBe('INVALID_TOKEN');
    const revoked = await gameToken(m, SLOT);
    await revokeWalletSessions(t.db, m.id);
    const r = await play(revoked, 20);
    expect(r.status).toBe(401);
    expect(r.body.errorCode).toBe('INVALID_TOKEN');
    expect(await mainBalance(m)).toBe(1000n);
  });

  it('refuses stakes out of range, bad params, bad bodies and bad client seeds, changing nothing', async () => {
    const m = await member({ taka: 2000 });
    const token = await gameToken(m, DICE);
    const cases: [unknown, number, string][] = [
      [{ stake: '99', params: { direction: 'UNDER', target: 5000 } }, 400, 'STAKE_OUT_OF_RANGE'],
      [{ stake: '100001', params: { direction: 'UNDER', target: 5000 } }, 400, 'STAKE_OUT_OF_RANGE'],
      [{ stake: '100', params: { direction: 'UNDER', target: 99 } }, 400, 'BAD_PARAMS'],
      [{ stake: '100', params: { direction: 'SIDEWAYS', target: 5000 } }, 400, 'BAD_PARAMS'],
      [{ stake: '100', params: { direction: 'UNDER', target: 5000, extra: 1 } }, 400, 'BAD_PARAMS'],
      [{ stake: '1.5' }, 400, 'VALIDATION_ERROR'],
      [{ stake: '-100' }, 400, 'VALIDATION_ERROR'],
      [{ stake: '100', other: true }, 400, 'VALIDATION_ERROR'],
      [{}, 400, 'VALIDATION_ERROR'],
    ];
    for (const [payload, status, code] of cases) {
      const r = await studio('POST', '/play', token, payload);
      expect([r.status, r.body.errorCode]).toEqual([status, code]);
    }
    expect((await studio('GET', '/session', token)).body.value.fairness.nonce).toBe(0);
    expect(await mainBalance(m)).toBe(200000n);
    for (const clientSeed of ['', 'has space', 'x'.repeat(65), 'বাংলা']) {
      const r = await studio('PUT', '/fairness/client-seed', token, { clientSeed });
      expect(r.status).toBe(400);
    }
    expect((await studio('PUT', '/fairness/client-seed', token, { clientSeed: 'বাংলা' })).body.errorCode).toBe('BAD_CLIENT_SEED');
    expect((await studio('GET', '/rounds?limit=0', token)).status).toBe(400);
    expect((await studio('GET', '/rounds?limit=101', token)).status).toBe(400);
    expect((await studio('GET', '/rounds/abc', token)).status).toBe(400);
    expect((await studio('GET', '/rounds/99999999', token)).body.errorCode).toBe('ROUND_NOT_FOUND');
  });

  it('a game under maintenance refuses rounds (409) but still shows its history', async () => {
    const m = await member({ taka: 10 });
    const token = await gameToken(m, SLOT);
    await play(token, 20);
    await t.db.query(`UPDATE games SET maintenance = true WHERE game_code = $1`, [SLOT]);
    try {
      expect((await play(token, 20)).body.errorCode).toBe('GAME_MAINTENANCE');
      expect((await studio('GET', '/rounds', token)).body.value.rounds).toHaveLength(1);
    } finally {
      await t.db.query(`UPDATE games SET maintenance = false WHERE game_code = $1`, [SLOT]);
    }
  });

  it('an agent plays for real like a player', async () => {
    const agent = await member({ type: 1, taka: 10 });
    const token = await gameToken(agent, SLOT);
    expect((await play(token, 20)).status).toBe(200);
  });

  it('pages back through the rounds', async () => {
    const m = await member({ taka: 10 });
    const token = await gameToken(m, SLOT);
    for (let i = 0; i < 5; i++) await play(token, 20);
    const first = (await studio('GET', '/rounds?limit=2', token)).body.value.rounds;
    expect(first.map((r: { nonce: number }) => r.nonce)).toEqual([4, 3]);
    const next = (await studio('GET', `/rounds?limit=2&before=${first[1].id}`, token)).body.value.rounds;
    expect(next.map((r: { nonce: number }) => r.nonce)).toEqual([2, 1]);
  });
});

describe('secrets', () => {
  it('every vendor has a wallet-API secret from the start, and no secret is ever logged', async () => {
    expect(
      await count(
        `SELECT count(*) AS n FROM game_vendors v WHERE NOT EXISTS (SELECT 1 FROM vendor_wallet_secrets s WHERE s.vendor_code = v.code)`,
      ),
    ).toBe(0);
    const secrets = await t.db.query<{ secret: string }>(`SELECT secret FROM vendor_wallet_secrets`);
    expect(logs.length).toBeGreaterThan(10);
    const all = logs.join('\n');
    for (const { secret } of secrets) expect(all.includes(secret)).toBe(false);
  });
});
