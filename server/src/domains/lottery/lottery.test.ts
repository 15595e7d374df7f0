import type { FastifyInstance } from 'fastify';
import { buildApi } from '../../app';
import type { Db } from '../../db/db';
import { createTestApi, opsCall, TEST_OPS_KEY, type TestDb } from '../../test-support/test-db';
import { runOps } from '../../cli/ops';
import { studioHelpers } from '../studio/studio.test-support';
import { balanceOf } from '../wallet/ledger';
import { injectTransport, type WalletTransport } from '../studio/wallet-client';
import { drawSeed } from '../game/lottery.draws';
import { drawNumbersFromSeed } from '@khela/games-math';

/** The lottery's clock: the tests move it; nothing waits on the wall clock. */
let clock = Date.UTC(2026, 10, 23, 12, 0, 0);
const now = () => clock;
const INTERVAL = 60;
// the odds the tests configure (the defaults are about 90 % RTP: shared/games-math lottery.test.ts)
const lotteryOpts = {
  intervalS: INTERVAL,
  closeBeforeS: 10,
  now,
  odds: { SPECIAL_2D: 9500, ALL_2D: 300, ALL_3D: 3500, LOTTO: 1500, SEA: { SPECIAL_2D: 8500 } },
};
const ALL = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

let t: TestDb & { app: FastifyInstance };
beforeAll(async () => {
  t = await createTestApi({ lottery: lotteryOpts });
});
afterAll(() => t.dispose());

const h = studioHelpers(() => t.app, 'lot');

async function api(app: FastifyInstance, method: 'GET' | 'POST', url: string, token: string, payload?: object) {
  const res = await app.inject({ method, url: `/lottery/v1${url}`, headers: { authorization: token }, payload });
  return { status: res.statusCode, body: res.json() };
}

const nextDraw = async (app: FastifyInstance, token: string) =>
  (await api(app, 'GET', '/games/VN_NORTH', token)).body.value.draws[0] as { index: number; drawAt: string; closesAt: string };

const bet = (
  app: FastifyInstance,
  token: string,
  drawIndex: number,
  betType: string,
  numbers: string[],
  stakePerNumber = '100',
) => api(app, 'POST', '/bets', token, { gameCode: 'VN_NORTH', drawIndex, betType, numbers, stakePerNumber });

const walletRows = (db: Db, round: string) =>
  db.query<{ kind: string; status: string; amount: string }>(
    `SELECT kind, status, amount::text FROM wallet_transactions WHERE round_id = $1 ORDER BY created_at, transaction_id`,
    [round],
  );

describe('lottery betting', () => {
  it('shows the next draws with their closing time and seed commitment, and the bet types with their odds', async () => {
    const m = await h.member();
    const g = (await api(t.app, 'GET', '/games/VN_NORTH', m.token)).body.value;
    expect(g.draws).toHaveLength(3);
    expect(Date.parse(g.draws[0].drawAt) - Date.parse(g.draws[0].closesAt)).toBe(10_000);
    expect(Date.parse(g.draws[0].closesAt)).toBeGreaterThan(clock);
    expect(g.draws[0].serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(g.betTypes.map((b: { type: string }) => b.type)).toEqual(['SPECIAL_2D', 'SPECIAL_3D', 'ALL_2D', 'ALL_3D', 'LOTTO']);
    expect(g.betTypes[0].odds).toBe(9500);
    expect((await api(t.app, 'GET', '/games/NO_SUCH_LOTTERY', m.token)).status).toBe(404);
    expect((await t.app.inject({ url: '/lottery/v1/games/VN_NORTH' })).statusCode).toBe(401);
  });

  it('a bet debits its stake through the wallet (a bet record), and is settled once at its draw: the special prize pays 95×', async () => {
    const m = await h.member({ taka: 500 });
    const d = await nextDraw(t.app, m.token);
    const placed = await bet(t.app, m.token, d.index, 'SPECIAL_2D', ALL);
    expect(placed.status).toBe(200);
    expect(placed.body.value.bet).toMatchObject({ stake: '10000', status: 'OPEN', potentialWin: '950000', numbers: ALL });
    expect(placed.body.value.balance).toBe('40000');
    expect(await balanceOf(t.db, m.id)).toBe(40000n);
    const round = (await t.db.one<{ wallet_round_id: string }>(`SELECT wallet_round_id FROM lottery_bets WHERE id = $1`, [
      placed.body.value.bet.id,
    ]))!.wallet_round_id;
    const record = await t.db.one<{ status: string; stake: string; game_code: string }>(
      `SELECT status, stake::text, game_code FROM bet_records WHERE round_id = $1`,
      [round],
    );
    expect(record).toEqual({ status: 'OPEN', stake: '10000', game_code: 'VN_NORTH' });

    // before the draw: nothing to settle
    await t.app.jobs.runNow('lottery-settle');
    expect((await api(t.app, 'GET', '/bets', m.token)).body.value.list[0].status).toBe('OPEN');

    clock = Date.parse(d.drawAt) + 1000;
    await t.app.jobs.runNow('lottery-settle');
    await t.app.jobs.runNow('lottery-settle'); // a second run pays nothing more
    const list = (await api(t.app, 'GET', '/bets', m.token)).body.value.list;
    const special = drawNumbersFromSeed(drawSeed(t.app.lottery.secret, 'VN_NORTH', d.index), 'VN_NORTH', 'VN', d.index)[0];
    expect(list[0]).toMatchObject({ status: 'WON', payout: '9500', hits: [{ number: special.slice(-2), hits: 1 }] });
    expect(list[0].drawnNumbers[0]).toBe(special);
    expect(await balanceOf(t.db, m.id)).toBe(40000n + 9500n);
    expect((await walletRows(t.db, round)).map((r) => [r.kind, r.status, r.amount])).toEqual([
      ['BET', 'OK', '10000'],
      ['WIN', 'OK', '9500'],
    ]);
    expect(await t.db.one(`SELECT status, payout::text FROM bet_records WHERE round_id = $1`, [round])).toEqual({
      status: 'SETTLED',
      payout: '9500',
    });
  });

  it('a big win feeds the winners board (through the wallet win, like every game)', async () => {
    const m = await h.member({ taka: 2000 });
    const d = await nextDraw(t.app, m.token);
    expect((await bet(t.app, m.token, d.index, 'SPECIAL_2D', ALL, '1000')).status).toBe(200);
    clock = Date.parse(d.drawAt);
    await t.app.jobs.runNow('lottery-settle');
    expect(await balanceOf(t.db, m.id)).toBe(200000n - 100000n + 95000n);
    const wins = await t.db.query<{ customer_name: string; win_amount: string; game_code: string }>(
      `SELECT w.customer_name, w.win_amount::text, g.game_code FROM game_wins w JOIN games g ON g.node_id = w.node_id
        WHERE w.customer_name = $1`,
      [`${m.account.slice(0, 2)}***${m.account.slice(-1)}`],
    );
    expect(wins).toContainEqual(expect.objectContaining({ win_amount: '95000', game_code: 'VN_NORTH' }));
  });

  it('settles every bet type against the draw: all prizes pay per hit, a loss is settled with 0', async () => {
    const m = await h.member({ taka: 1000 });
    const d = await nextDraw(t.app, m.token);
    const all2 = await bet(t.app, m.token, d.index, 'ALL_2D', ALL);
    const s3 = await bet(t.app, m.token, d.index, 'SPECIAL_3D', ['000']);
    expect(all2.status).toBe(200);
    expect(s3.status).toBe(200);
    clock = Date.parse(d.drawAt);
    await t.app.jobs.runNow('lottery-settle');
    const numbers = drawNumbersFromSeed(drawSeed(t.app.lottery.secret, 'VN_NORTH', d.index), 'VN_NORTH', 'VN', d.index);
    const byId = new Map(
      (await api(t.app, 'GET', '/bets', m.token)).body.value.list.map((b: { id: number }) => [b.id, b] as const),
    ) as Map<number, { status: string; payout: string }>;
    // 100 numbers cover all 27 tails: 27 hits × 3 × ৳1
    expect(byId.get(all2.body.value.bet.id)).toMatchObject({ status: 'WON', payout: '8100' });
    const s3won = numbers[0].endsWith('000');
    expect(byId.get(s3.body.value.bet.id)).toMatchObject({ status: s3won ? 'WON' : 'LOST', payout: s3won ? '90000' : '0' });
  });

  it("the member's betting record carries the lottery details: draw, bet type, numbers, stake per number, result and payout", async () => {
    const m = await h.member({ taka: 100 });
    const d = await nextDraw(t.app, m.token);
    const placed = (await bet(t.app, m.token, d.index, 'ALL_2D', ['07', '42'], '200')).body.value.bet;
    const records = async () =>
      (await t.app.inject({ url: '/wps/records/bets?range=LAST_7_DAYS', headers: { authorization: m.token } })).json().value.list;
    const before = (await records())[0];
    expect(before).toMatchObject({ gameCode: 'VN_NORTH', stake: '400', status: 'OPEN' });
    expect(before.lottery).toEqual({
      drawIndex: d.index,
      numero: placed.numero,
      group: 'VN',
      drawAt: d.drawAt,
      betType: 'ALL_2D',
      prizeMode: 'LOTT',
      numbers: ['07', '42'],
      stakePerNumber: '200',
      odds: 300,
      status: 'OPEN',
      drawnNumbers: null,
      hits: null,
      payout: '0',
    });
    clock = Date.parse(d.drawAt);
    await t.app.jobs.runNow('lottery-settle');
    const numbers = drawNumbersFromSeed(drawSeed(t.app.lottery.secret, 'VN_NORTH', d.index), 'VN_NORTH', 'VN', d.index);
    const hits = ['07', '42'].map((n) => numbers.filter((x) => x.endsWith(n)).length);
    const payout = String(6 * (hits[0] + hits[1]) * 100);
    const after = (await records())[0];
    expect(after).toMatchObject({ status: 'SETTLED', payout });
    expect(after.lottery).toMatchObject({ status: payout === '0' ? 'LOST' : 'WON', drawnNumbers: numbers, payout });
  });

  it('refuses bets on a closed draw, bad numbers, stakes out of range, and more than the balance', async () => {
    const m = await h.member({ taka: 5 });
    const d = await nextDraw(t.app, m.token);
    expect((await bet(t.app, m.token, d.index - 1, 'SPECIAL_2D', ['01'])).body.errorCode).toBe('DRAW_CLOSED');
    expect((await bet(t.app, m.token, d.index, 'SPECIAL_3D', ['01'])).body.errorCode).toBe('BAD_BET');
    expect((await bet(t.app, m.token, d.index, 'LOTTO', ['01'])).body.errorCode).toBe('BAD_BET');
    expect((await bet(t.app, m.token, d.index, 'SPECIAL_2D', ['01'], '99')).body.errorCode).toBe('STAKE_OUT_OF_RANGE');
    expect((await bet(t.app, m.token, d.index, 'SPECIAL_2D', ['01', '02', '03', '04', '05', '06'])).body.errorCode).toBe(
      'INSUFFICIENT_FUNDS',
    );
    // inside the closing window the draw takes no more bets
    const saved = clock;
    clock = Date.parse(d.closesAt);
    expect((await bet(t.app, m.token, d.index, 'SPECIAL_2D', ['01'])).body.errorCode).toBe('DRAW_CLOSED');
    clock = saved;
    expect(await balanceOf(t.db, m.id)).toBe(500n);
    const trial = await h.member({ type: 4 });
    expect((await bet(t.app, trial.token, d.index, 'SPECIAL_2D', ['01'])).body.errorCode).toBe('NEED_REAL_ACCOUNT');
  });

  it('an operator voids a draw (npm run ops -- lottery-void): its bets are refunded, later bets refused, a settled draw stays', async () => {
    const m = await h.member({ taka: 100 });
    const d = await nextDraw(t.app, m.token);
    const placed = await bet(t.app, m.token, d.index, 'LOTTO', ['12', '34'], '1000');
    expect(placed.status).toBe(200);
    expect(await balanceOf(t.db, m.id)).toBe(9000n);
    const printed: string[] = [];
    const fetchViaInject = async (url: string, init: RequestInit) => {
      const res = await t.app.inject({
        method: init.method as 'POST',
        url: new URL(url).pathname,
        headers: init.headers as Record<string, string>,
        payload: init.body as string,
      });
      return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
    };
    const realFetch = global.fetch;
    global.fetch = fetchViaInject as typeof fetch;
    try {
      await runOps(['lottery-void', `#${d.index}`, '--game', 'VN_NORTH', '--reason', 'test'], {
        baseUrl: 'http://ops.test',
        opsKey: TEST_OPS_KEY,
        print: (l) => printed.push(l),
      });
    } finally {
      global.fetch = realFetch;
    }
    expect(printed[0]).toMatch(/voided: 1 bet\(s\) refunded/);
    expect(await balanceOf(t.db, m.id)).toBe(10000n);
    expect((await api(t.app, 'GET', '/bets', m.token)).body.value.list[0].status).toBe('VOID');
    expect((await bet(t.app, m.token, d.index, 'SPECIAL_2D', ['01'])).body.errorCode).toBe('DRAW_VOID');
    clock = Date.parse(d.drawAt) + 1;
    await t.app.jobs.runNow('lottery-settle');
    expect(await balanceOf(t.db, m.id)).toBe(10000n);

    // a settled draw cannot be voided
    const m2 = await h.member({ taka: 100 });
    const d2 = await nextDraw(t.app, m2.token);
    expect((await bet(t.app, m2.token, d2.index, 'SPECIAL_2D', ['01'])).status).toBe(200);
    clock = Date.parse(d2.drawAt) + 1;
    await t.app.jobs.runNow('lottery-settle');
    const v = await opsCall(t.app, 'POST', '/ops/lottery/draws/void', {
      gameCode: 'VN_NORTH',
      drawIndex: d2.index,
      reason: 'late',
    });
    expect(v.body.errorCode).toBe('DRAW_SETTLED');
  });

  it("SEA takes its four bet types in its own prize mode, at that mode's odds, settled against its three prizes", async () => {
    const m = await h.member({ taka: 1000 });
    const g = (await api(t.app, 'GET', '/games/SEA_4D_MORNING', m.token)).body.value;
    expect(g).toMatchObject({ groupCode: 'SEA', prizeMode: 'SEA', prizeModes: ['SEA'] });
    expect(g.betTypes.map((b: { type: string; odds: number }) => [b.type, b.odds])).toEqual([
      ['SPECIAL_2D', 8500],
      ['SPECIAL_3D', 90000],
      ['ALL_2D', 3000],
      ['ALL_3D', 30000],
    ]);
    expect((await api(t.app, 'GET', '/games/SEA_4D_MORNING?prizeMode=LOTT', m.token)).body.errorCode).toBe(
      'PRIZE_MODE_UNSUPPORTED',
    );
    const d = g.draws[0];
    const sea = (betType: string, numbers: string[], prizeMode?: string) =>
      api(t.app, 'POST', '/bets', m.token, {
        gameCode: 'SEA_4D_MORNING',
        drawIndex: d.index,
        betType,
        numbers,
        stakePerNumber: '100',
        prizeMode,
      });
    expect((await sea('LOTTO', ['01', '02'])).body.errorCode).toBe('BAD_BET');
    expect((await sea('ALL_2D', ['01'], 'ZY')).body.errorCode).toBe('PRIZE_MODE_UNSUPPORTED');
    const top = await sea('SPECIAL_2D', ALL);
    const all = await sea('ALL_2D', ALL, 'SEA');
    expect(top.body.value.bet).toMatchObject({ prizeMode: 'SEA', odds: 8500, potentialWin: '850000' });
    expect(all.body.value.bet).toMatchObject({ prizeMode: 'SEA', odds: 3000 });
    clock = Date.parse(d.drawAt);
    await t.app.jobs.runNow('lottery-settle');
    const list = (await api(t.app, 'GET', '/bets?gameCode=SEA_4D_MORNING', m.token)).body.value.list;
    expect(list[0].drawnNumbers).toHaveLength(3);
    // every 2-digit number is bet: the first prize pays 85× once, all three prizes 30× each
    expect(list.find((b: { betType: string }) => b.betType === 'SPECIAL_2D')).toMatchObject({ status: 'WON', payout: '8500' });
    expect(list.find((b: { betType: string }) => b.betType === 'ALL_2D')).toMatchObject({ status: 'WON', payout: '9000' });
    expect((await t.db.one(`SELECT prize_mode FROM lottery_bets WHERE id = $1`, [top.body.value.bet.id]))!).toEqual({
      prize_mode: 'SEA',
    });
  });

  it('every other game the platform draws takes its own bet types: FAST digits, DAILY 6/45 picks, dice and colours, settled once at the draw', async () => {
    const m = await h.member({ taka: 1000 });
    const fast = (await api(t.app, 'GET', '/games/KHELA_1M', m.token)).body.value;
    expect(fast).toMatchObject({ groupCode: 'FAST', prizeMode: 'LOTT' });
    expect(fast.betTypes.map((b: { type: string; odds: number }) => [b.type, b.odds])).toEqual([
      ['POSITION', 900],
      ['TWO_SIDES', 190],
      ['SPECIAL_2D', 9500],
      ['SPECIAL_3D', 90000],
    ]);
    const daily = (await api(t.app, 'GET', '/games/DHAKA_DAILY', m.token)).body.value;
    expect(daily.betTypes).toEqual([
      expect.objectContaining({
        type: 'PICK',
        odds: 200_000_000,
        oddsTable: { '6:3': 1000, '6:4': 20000, '6:5': 500000, '6:6': 200000000 },
      }),
    ]);
    const dice = (await api(t.app, 'GET', '/games/QD_TRIPLE_DICE', m.token)).body.value;
    expect(dice).toMatchObject({ prizeMode: 'ELOTT' });
    expect(dice.betTypes.find((b: { type: string }) => b.type === 'DICE_SUM').oddsTable).toMatchObject({ '4': 6100, '10': 700 });

    const place = (gameCode: string, drawIndex: number, betType: string, numbers: string[]) =>
      api(t.app, 'POST', '/bets', m.token, { gameCode, drawIndex, betType, numbers, stakePerNumber: '100' });
    // wrong count, repeats and values out of range: a 400 naming why, and nothing taken
    const dd = daily.draws[0];
    for (const [numbers, reason] of [
      [['01', '02', '03', '04', '05'], 'COUNT'],
      [['01', '02', '03', '04', '05', '46'], 'RANGE'],
      [['01', '02', '03', '04', '05', '05'], 'DUPLICATE'],
    ] as const) {
      const r = await place('DHAKA_DAILY', dd.index, 'PICK', [...numbers]);
      expect([r.status, r.body.errorCode, r.body.value]).toEqual([400, 'BAD_BET', { reason }]);
    }
    expect((await place('KHELA_1M', fast.draws[0].index, 'POSITION', ['6:1'])).body.value).toEqual({ reason: 'RANGE' });
    expect((await place('KHELA_1M', fast.draws[0].index, 'LOTTO', ['01', '02'])).body.value).toEqual({ reason: 'TYPE' });
    expect(await balanceOf(t.db, m.id)).toBe(100000n);

    // FAST: every digit on the first place (one of them wins 9×); the sum both big and small (one wins 1.9×)
    const fd = fast.draws[0];
    const digits = Array.from({ length: 10 }, (_, i) => `1:${i}`);
    const pos = await place('KHELA_1M', fd.index, 'POSITION', digits);
    expect(pos.body.value.bet).toMatchObject({ stake: '1000', odds: 900, oddsTable: null, potentialWin: '9000' });
    const sides = await place('KHELA_1M', fd.index, 'TWO_SIDES', ['SUM:BIG', 'SUM:SMALL']);
    expect(sides.status).toBe(200);
    // DAILY: three of the numbers the draw will have and three it won't: 10× the ticket
    const drawn = drawNumbersFromSeed(drawSeed(t.app.lottery.secret, 'DHAKA_DAILY', dd.index), 'DHAKA_DAILY', 'DAILY', dd.index);
    const missing = Array.from({ length: 45 }, (_, i) => String(i + 1).padStart(2, '0')).filter((n) => !drawn.includes(n));
    const ticket = [...drawn.slice(0, 3), ...missing.slice(0, 3)];
    const pick = await place('DHAKA_DAILY', dd.index, 'PICK', ticket);
    expect(pick.body.value.bet).toMatchObject({ stake: '100', potentialWin: '200000000', numbers: ticket });
    expect(await balanceOf(t.db, m.id)).toBe(100000n - 1000n - 200n - 100n);

    clock = Math.max(Date.parse(fd.drawAt), Date.parse(dd.drawAt)) + 1000;
    await t.app.jobs.runNow('lottery-settle');
    await t.app.jobs.runNow('lottery-settle'); // once only
    const list = (await api(t.app, 'GET', '/bets?limit=10', m.token)).body.value.list as {
      betType: string;
      status: string;
      payout: string;
      hits: { number: string }[];
      drawnNumbers: string[];
    }[];
    const of = (type: string) => list.find((b) => b.betType === type)!;
    expect(of('POSITION')).toMatchObject({ status: 'WON', payout: '900' });
    expect(of('POSITION').hits).toEqual([{ number: `1:${of('POSITION').drawnNumbers[0]}`, hits: 1 }]);
    expect(of('TWO_SIDES')).toMatchObject({ status: 'WON', payout: '190' });
    expect(of('PICK')).toMatchObject({ status: 'WON', payout: '1000', drawnNumbers: drawn });
    expect(of('PICK').hits.map((h) => h.number)).toEqual(drawn.slice(0, 3));
    expect(await balanceOf(t.db, m.id)).toBe(100000n - 1300n + 900n + 190n + 1000n);
    // the betting record carries the group, so the record can show the whole draw
    const records = await t.app.inject({ url: '/wps/records/bets?range=LAST_7_DAYS', headers: { authorization: m.token } });
    const rec = records.json().value.list.find((r: { lottery?: { betType: string } }) => r.lottery?.betType === 'PICK');
    expect(rec.lottery).toMatchObject({ group: 'DAILY', numbers: ticket, drawnNumbers: drawn, payout: '1000' });
  });

  it('a bet pays at most the maximum payout it was placed under, and says so before it is placed', async () => {
    const m = await h.member({ taka: 20000 });
    const daily = (await api(t.app, 'GET', '/games/DHAKA_DAILY', m.token)).body.value;
    expect(daily.maxPayout).toBe('1000000000'); // ৳1 crore by default
    const ticket = ['01', '02', '03', '04', '05', '06'];
    const big = await api(t.app, 'POST', '/bets', m.token, {
      gameCode: 'DHAKA_DAILY',
      drawIndex: daily.draws[0].index,
      betType: 'PICK',
      numbers: ticket,
      stakePerNumber: '1000000',
    });
    // ৳10,000 × 2,000,000 would be ৳200 crore: the ticket can win ৳1 crore
    expect(big.body.value.bet).toMatchObject({ stake: '1000000', potentialWin: '1000000000' });
    expect(await t.db.one(`SELECT max_payout::text FROM lottery_bets WHERE id = $1`, [big.body.value.bet.id])).toEqual({
      max_payout: '1000000000',
    });

    // a bet keeps the maximum it was placed under: lowered to ৳5, every digit on the first place (9× of ৳1 each)
    const { config } = t.app.lottery;
    const saved = config.maxPayout;
    config.maxPayout = 500n;
    const fast = (await api(t.app, 'GET', '/games/KHELA_1M', m.token)).body.value;
    const fd = fast.draws[0];
    let placed;
    try {
      placed = await api(t.app, 'POST', '/bets', m.token, {
        gameCode: 'KHELA_1M',
        drawIndex: fd.index,
        betType: 'POSITION',
        numbers: Array.from({ length: 10 }, (_, i) => `1:${i}`),
        stakePerNumber: '100',
      });
    } finally {
      config.maxPayout = saved;
    }
    expect(placed.body.value.bet).toMatchObject({ stake: '1000', potentialWin: '500' });
    const before = await balanceOf(t.db, m.id);
    clock = Date.parse(fd.drawAt) + 1000;
    await t.app.jobs.runNow('lottery-settle');
    const list = (await api(t.app, 'GET', '/bets?gameCode=KHELA_1M', m.token)).body.value.list;
    expect(list.find((b: { id: number }) => b.id === placed.body.value.bet.id)).toMatchObject({ status: 'WON', payout: '500' });
    // the daily ticket's draw may be due by now too, and it wins now and then (its numbers are drawn at random)
    const ticketPayout = BigInt(list.find((b: { id: number }) => b.id === big.body.value.bet.id)?.payout ?? '0');
    expect(await balanceOf(t.db, m.id)).toBe(before + 500n + ticketPayout);
  });

  it('the northern lottery is played in LOTT (its default) and ELOTT, each at its own odds, and not in ZY', async () => {
    const m = await h.member({ taka: 100 });
    const g = (await api(t.app, 'GET', '/games/VN_NORTH?prizeMode=ELOTT', m.token)).body.value;
    expect(g).toMatchObject({ prizeMode: 'ELOTT', prizeModes: ['LOTT', 'ELOTT'] });
    expect((await api(t.app, 'GET', '/games/VN_NORTH?prizeMode=ZY', m.token)).body.errorCode).toBe('PRIZE_MODE_UNSUPPORTED');
    const d = g.draws[0];
    const r = await api(t.app, 'POST', '/bets', m.token, {
      gameCode: 'VN_NORTH',
      drawIndex: d.index,
      betType: 'LOTTO',
      numbers: ['01', '02'],
      stakePerNumber: '100',
      prizeMode: 'ELOTT',
    });
    expect(r.body.value.bet).toMatchObject({ prizeMode: 'ELOTT', odds: 1500 });
    expect((await bet(t.app, m.token, d.index, 'SPECIAL_2D', ['01'])).body.value.bet.prizeMode).toBe('LOTT');
  });

  it('tells each member over the live channel when a draw they bet on is settled (its numbers and what they won) or voided', async () => {
    const sent: [number, string, unknown][] = [];
    const spy = jest
      .spyOn(t.app.live, 'toMember')
      .mockImplementation((id, event, payload) => void sent.push([id, event, payload]));
    try {
      const [a, b] = [await h.member({ taka: 100 }), await h.member({ taka: 100 })];
      const d = await nextDraw(t.app, a.token);
      await bet(t.app, a.token, d.index, 'SPECIAL_2D', ALL.slice(0, 50));
      await bet(t.app, a.token, d.index, 'SPECIAL_2D', ALL.slice(50));
      await bet(t.app, b.token, d.index + 1, 'ALL_2D', ['01']);
      clock = Date.parse(d.drawAt);
      await t.app.jobs.runNow('lottery-settle');
      const numbers = drawNumbersFromSeed(drawSeed(t.app.lottery.secret, 'VN_NORTH', d.index), 'VN_NORTH', 'VN', d.index);
      // (only these two members: bets of earlier tests on the same draw are settled too)
      const draws = sent.filter(([id, e]) => e === 'lotteryDraw' && (id === a.id || id === b.id));
      expect(draws).toEqual([
        [
          a.id,
          'lotteryDraw',
          {
            gameCode: 'VN_NORTH',
            drawIndex: d.index,
            numero: expect.any(String),
            status: 'SETTLED',
            numbers,
            bets: 2,
            payout: '9500',
          },
        ],
      ]);
      // b's draw is voided before it runs
      await opsCall(t.app, 'POST', '/ops/lottery/draws/void', { gameCode: 'VN_NORTH', drawIndex: d.index + 1, reason: 'test' });
      expect(sent.filter(([id, e]) => e === 'lotteryDraw' && (id === a.id || id === b.id)).slice(1)).toEqual([
        [b.id, 'lotteryDraw', expect.objectContaining({ drawIndex: d.index + 1, status: 'VOID', numbers: null, payout: '0' })],
      ]);
    } finally {
      spy.mockRestore();
      clock += 2 * INTERVAL * 1000; // past the voided draw: later tests bet on the next one
    }
  });
});

/**
 * Two server instances on one database (PostgreSQL: two connection pools on one schema), settling
 * the same draw: at the same time, and with one stopped mid-run after the wallet paid but before it
 * recorded the settlement. Every bet is paid exactly once; the bets a stopped instance left open are
 * settled by the other, and by an instance started after the draw (a missed draw).
 */
describe('exactly-once settlement on two instances', () => {
  const apps: FastifyInstance[] = [];

  afterAll(async () => {
    for (const a of apps) await a.close().catch(() => undefined);
  });

  async function instance(transport?: (app: FastifyInstance) => WalletTransport) {
    // the wallet transport of this instance calls this instance, known once it is built
    const self: { app?: FastifyInstance } = {};
    const app = await buildApi({
      db: t.secondPool(), // PGlite: one embedded database, which the second instance shares
      migrate: false,
      opsKey: TEST_OPS_KEY,
      docsUi: false,
      jobs: false,
      lottery: { ...lotteryOpts, transport: transport ? (...a) => transport(self.app!)(...a) : undefined },
    });
    self.app = app;
    apps.push(app);
    return app;
  }

  it('pays each bet once when two instances settle at once, and when one is stopped mid-run', async () => {
    const members = await Promise.all([1, 2, 3, 4, 5, 6].map(() => h.member({ taka: 200 })));
    const d = await nextDraw(t.app, members[0].token);
    const bets: { id: number; member: number }[] = [];
    for (const m of members) {
      const r = await bet(t.app, m.token, d.index, 'SPECIAL_2D', ALL);
      expect(r.status).toBe(200);
      bets.push({ id: r.body.value.bet.id, member: m.id });
    }
    // instance A: its wallet calls go through for the first 2 bets, then the third win is paid but its
    // answer is lost and the instance is stopped (every later call fails)
    let calls = 0;
    let stopped = false;
    const a = await instance((app) => {
      const inner = injectTransport(app);
      return async (path, raw, sig) => {
        if (stopped) throw new Error('instance stopped');
        if (path === 'win' && ++calls === 3) {
          await inner(path, raw, sig);
          stopped = true;
          throw new Error('instance stopped after the wallet paid');
        }
        return inner(path, raw, sig);
      };
    });
    const b = await instance();
    clock = Date.parse(d.drawAt) + 5;
    const first = await a.inject({ method: 'POST', url: '/ops/lottery/settle', headers: { 'x-ops-key': TEST_OPS_KEY } });
    const firstRun = first.json().value;
    expect(firstRun.won).toBeGreaterThanOrEqual(2); // (settled 4 at a time: a win already on its way may still land)
    expect(firstRun.left).toBeGreaterThanOrEqual(1);
    expect(firstRun.won + firstRun.left).toBe(6);
    await a.close();

    // B and the first instance settle the rest at the same time
    const [rb, rt] = await Promise.all([
      b.inject({ method: 'POST', url: '/ops/lottery/settle', headers: { 'x-ops-key': TEST_OPS_KEY } }),
      t.app.inject({ method: 'POST', url: '/ops/lottery/settle', headers: { 'x-ops-key': TEST_OPS_KEY } }),
    ]);
    expect(rb.json().value.won + rt.json().value.won).toBeGreaterThanOrEqual(firstRun.left);

    for (const x of bets) {
      const row = (await t.db.one<{ status: string; wallet_round_id: string }>(
        `SELECT status, wallet_round_id FROM lottery_bets WHERE id = $1`,
        [x.id],
      ))!;
      expect(row.status).toBe('WON');
      const wins = (await walletRows(t.db, row.wallet_round_id)).filter((w) => w.kind === 'WIN' && w.status === 'OK');
      expect(wins).toEqual([{ kind: 'WIN', status: 'OK', amount: '9500' }]);
      expect(await balanceOf(t.db, x.member)).toBe(20000n - 10000n + 9500n);
    }
  });

  it('settles a draw that ran while no instance was up, when one starts', async () => {
    const m = await h.member({ taka: 200 });
    const d = await nextDraw(t.app, m.token);
    expect((await bet(t.app, m.token, d.index, 'SPECIAL_2D', ALL)).status).toBe(200);
    clock = Date.parse(d.drawAt) + 3 * 3600 * 1000; // the server was down for three hours
    const c = await instance();
    expect(await c.jobs.runNow('lottery-settle')).toBe(true);
    expect((await api(c, 'GET', '/bets', m.token)).body.value.list[0]).toMatchObject({ status: 'WON', payout: '9500' });
    expect(await balanceOf(t.db, m.id)).toBe(19500n);
  });
});
