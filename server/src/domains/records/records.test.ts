import { addDays, dhakaDay } from '@khela/api/records';
import { audit } from '../wallet/ledger';
import {
  allPages,
  bet,
  createRecordsTestApi,
  deposit,
  get,
  ledgerSum,
  member,
  rollback,
  win,
  withdraw,
  type RecordsTestApi,
} from './records.test-support';

jest.setTimeout(60_000);

let t: RecordsTestApi;
beforeAll(async () => {
  t = await createRecordsTestApi();
});
afterEach(() => {
  t.clock.now = null;
});
afterAll(async () => {
  expect((await audit(t.db)).anomalies).toEqual([]);
  await t.dispose();
});

const URLS = ['/wps/records/filters', '/wps/records/bets', '/wps/records/transactions', '/wps/records/profit'];

/** What a refused call must leave as it was. */
const snapshot = async () =>
  t.db.one<{ tx: number; bets: number }>(
    `SELECT (SELECT count(*)::int FROM ledger_transactions) AS tx, (SELECT count(*)::int FROM bet_records) AS bets`,
  );

describe('roles', () => {
  it.each(URLS)('a guest gets 401 NOT_LOGGED_IN: %s', async (url) => {
    const r = await get(t, url);
    expect([r.status, r.body.errorCode]).toEqual([401, 'NOT_LOGGED_IN']);
  });

  it.each(URLS)('a trial account gets 403 NEED_REAL_ACCOUNT: %s', async (url) => {
    const trial = await member(t, 4, 'trl');
    const r = await get(t, url, trial.token);
    expect([r.status, r.body.errorCode]).toEqual([403, 'NEED_REAL_ACCOUNT']);
    expect(r.body.message).toBeTruthy();
  });

  it.each([
    [0, 'player'],
    [1, 'agent'],
    [41, 'agent'],
  ])('type %i (%s) reads its own records, and only its own', async (type) => {
    const m = await member(t, type, 'own');
    const other = await member(t, 0, 'oth');
    await deposit(t, other, BigInt(10000));
    await bet(t, other, 0, `own-other-${other.id}`, BigInt(500));
    for (const url of URLS) {
      const r = await get(t, url, m.token);
      expect(r.status).toBe(200);
      expect(r.body.success).toBe(true);
    }
    expect((await get(t, '/wps/records/bets?range=LAST_7_DAYS', m.token)).body.value).toMatchObject({
      total: 0,
      list: [],
      totals: { count: 0, stake: '0', profit: '0' },
    });
    expect((await get(t, '/wps/records/transactions?range=LAST_7_DAYS', m.token)).body.value.list).toEqual([]);
    expect((await get(t, '/wps/records/profit?range=LAST_7_DAYS', m.token)).body.value.rows).toEqual([]);
  });
});

describe('bad input: a clear error, nothing changed', () => {
  const cases: [string, number, string][] = [
    ['/wps/records/bets?range=LAST_YEAR', 400, 'VALIDATION_ERROR'],
    ['/wps/records/bets?range=CUSTOM', 400, 'RANGE_INVALID'],
    ['/wps/records/bets?range=CUSTOM&from=2026-02-30&to=2026-03-01', 400, 'RANGE_INVALID'],
    ['/wps/records/bets?range=CUSTOM&from=2026-03-02&to=2026-03-01', 400, 'RANGE_INVALID'],
    ['/wps/records/bets?range=CUSTOM&from=2025-10-01&to=2026-03-01', 400, 'RANGE_TOO_LONG'],
    ['/wps/records/bets?range=CUSTOM&from=2020-01-01&to=2020-01-02', 400, 'RANGE_TOO_LONG'],
    ['/wps/records/bets?range=CUSTOM&from=2026-06-01&to=2026-06-09', 400, 'RANGE_INVALID'],
    ['/wps/records/bets?range=TODAY&from=2026-03-01', 400, 'RANGE_INVALID'],
    ['/wps/records/bets?from=1.3.2026&to=2026-03-01&range=CUSTOM', 400, 'VALIDATION_ERROR'],
    ['/wps/records/bets?gameType=POKER', 400, 'VALIDATION_ERROR'],
    ['/wps/records/bets?vendor=lower%20case', 400, 'VALIDATION_ERROR'],
    ['/wps/records/bets?page=0', 400, 'VALIDATION_ERROR'],
    ['/wps/records/bets?pageSize=1000', 400, 'VALIDATION_ERROR'],
    ['/wps/records/bets?memberId=1', 400, 'VALIDATION_ERROR'],
    ['/wps/records/transactions?type=SALARY', 400, 'VALIDATION_ERROR'],
    ['/wps/records/transactions?range=CUSTOM&to=2026-03-01', 400, 'RANGE_INVALID'],
    ['/wps/records/transactions?wallet=x', 400, 'VALIDATION_ERROR'],
    ['/wps/records/transactions?page=abc', 400, 'VALIDATION_ERROR'],
    ['/wps/records/profit?groupBy=YEAR', 400, 'VALIDATION_ERROR'],
    ['/wps/records/profit?range=CUSTOM&from=2025-11-01&to=2026-03-01', 400, 'RANGE_TOO_LONG'],
    ['/wps/records/profit?page=1', 400, 'VALIDATION_ERROR'],
    ['/wps/records/filters?x=1', 400, 'VALIDATION_ERROR'],
  ];
  it.each(cases)('%s → %i %s', async (url, status, code) => {
    t.clock.now = new Date('2026-03-05T12:00:00Z');
    const m = await member(t);
    const before = await snapshot();
    const r = await get(t, url, m.token);
    expect([r.status, r.body.errorCode, r.body.success]).toEqual([status, code, false]);
    expect(r.body.message).toBeTruthy();
    expect(await snapshot()).toEqual(before);
  });

  it('RANGE_TOO_LONG tells the longest range', async () => {
    t.clock.now = new Date('2026-03-05T12:00:00Z');
    const m = await member(t);
    const r = await get(t, '/wps/records/bets?range=CUSTOM&from=2025-10-01&to=2026-03-01', m.token);
    expect(r.body.value).toEqual({ maxDays: 93 });
  });
});

describe('the three records of one member', () => {
  it('show every bet, every movement and the result, reconciled with the ledger', async () => {
    const m = await member(t);
    await deposit(t, m, BigInt(100000)); // ৳1,000
    expect((await bet(t, m, 0, `b1-${m.id}`, BigInt(2000))).status).toBe('OK');
    expect((await win(t, m, 0, `b1-${m.id}`, BigInt(5000))).status).toBe('OK'); // +৳30
    expect((await bet(t, m, 1, `b2-${m.id}`, BigInt(1500))).status).toBe('OK');
    expect((await win(t, m, 1, `b2-${m.id}`, BigInt(0))).status).toBe('OK'); // −৳15
    expect((await bet(t, m, 0, `b3-${m.id}`, BigInt(700))).status).toBe('OK');
    expect((await rollback(t, m, 0, `b3-${m.id}`)).status).toBe('OK'); // nothing
    expect((await bet(t, m, 1, `b4-${m.id}`, BigInt(300))).status).toBe('OK'); // open
    await withdraw(t, m, BigInt(50000));

    const bets = (await get(t, '/wps/records/bets?range=LAST_7_DAYS', m.token)).body.value;
    expect(bets).toMatchObject({ page: 1, pageSize: 20, total: 4, totalPages: 1, to: dhakaDay(new Date()) });
    expect(bets.totals).toEqual({ count: 4, stake: '3800', validBet: '3500', payout: '5000', profit: '1500', openStake: '300' });
    expect(bets.list.map((b: { status: string; profit: string }) => [b.status, b.profit])).toEqual([
      ['OPEN', '0'],
      ['ROLLED_BACK', '0'],
      ['SETTLED', '-1500'],
      ['SETTLED', '3000'],
    ]);
    const first = bets.list[3];
    expect(first).toMatchObject({
      gameCode: t.vendors[0].game,
      gameType: t.vendors[0].gameType,
      vendorCode: t.vendors[0].code,
      roundId: `r-b1-${m.id}`,
      stake: '2000',
      payout: '5000',
      validBet: '2000',
      lottery: null, // only a bet on the platform's own lottery draws has lottery details
    });
    expect(first.gameName).not.toBe('');
    expect(BigInt(bets.totals.profit) - BigInt(bets.totals.openStake)).toBe(await ledgerSum(t, m.id, ['BET', 'WIN', 'ROLLBACK']));

    // filters: game type and vendor
    const byType = (await get(t, `/wps/records/bets?range=LAST_7_DAYS&gameType=${t.vendors[1].gameType}`, m.token)).body.value;
    expect(byType.list.map((b: { roundId: string }) => b.roundId)).toEqual([`r-b4-${m.id}`, `r-b2-${m.id}`]);
    const byVendor = (await get(t, `/wps/records/bets?range=LAST_7_DAYS&vendor=${t.vendors[0].code}`, m.token)).body.value;
    expect(byVendor.totals).toMatchObject({ count: 2, stake: '2000', profit: '3000' });
    // paging: the totals cover the filter, not the page
    const page2 = (await get(t, '/wps/records/bets?range=LAST_7_DAYS&pageSize=10&page=2', m.token)).body.value;
    expect(page2).toMatchObject({ page: 2, total: 4, totalPages: 1, list: [] });
    expect(page2.totals.count).toBe(4);

    // the account record: every movement with the balance after it
    const moves = await allPages(t, '/wps/records/transactions?range=LAST_7_DAYS', m.token);
    expect(
      moves.list.map((x: { type: string; direction: string; amount: string; balanceAfter: string }) => [
        x.type,
        x.direction,
        x.amount,
        x.balanceAfter,
      ]),
    ).toEqual([
      ['WITHDRAWAL', 'OUT', '50000', '51200'],
      ['BET', 'OUT', '300', '101200'],
      ['ROLLBACK', 'IN', '700', '101500'],
      ['BET', 'OUT', '700', '100800'],
      ['BET', 'OUT', '1500', '101500'],
      ['WIN', 'IN', '5000', '103000'],
      ['BET', 'OUT', '2000', '98000'],
      ['DEPOSIT', 'IN', '100000', '100000'],
    ]);
    expect(moves.list[0]).toMatchObject({ wallet: 'MAIN', walletName: 'Main wallet' });
    expect(moves.totals).toEqual({ count: 8, in: '105700', out: '54500', net: '51200' });
    expect(BigInt(moves.totals.net)).toBe(await ledgerSum(t, m.id));
    const onlyBets = (await get(t, '/wps/records/transactions?range=LAST_7_DAYS&type=BET', m.token)).body.value;
    expect(onlyBets.totals).toEqual({ count: 4, in: '0', out: '4500', net: '-4500' });
    const bn = (await get(t, '/wps/records/transactions?range=LAST_7_DAYS&wallet=MAIN', m.token, 'BN')).body.value;
    expect(bn.list[0].walletName).toBe('প্রধান ওয়ালেট');
    const vendorWallet = (await get(t, '/wps/records/transactions?range=LAST_7_DAYS&wallet=CARDHOUSE', m.token)).body.value;
    expect(vendorWallet.total).toBe(0);

    // the profit and loss, by period and by game type: the same totals
    for (const groupBy of ['DAY', 'WEEK', 'MONTH', 'GAME_TYPE']) {
      const p = (await get(t, `/wps/records/profit?range=LAST_30_DAYS&groupBy=${groupBy}`, m.token)).body.value;
      expect(p.totals).toEqual({ bets: 4, stake: '3800', validBet: '3500', payout: '5000', profit: '1500', openStake: '300' });
    }
    const types = (await get(t, '/wps/records/profit?range=LAST_7_DAYS&groupBy=GAME_TYPE', m.token)).body.value.rows;
    expect(types).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: t.vendors[0].gameType, bets: 2, profit: '3000' }),
        expect.objectContaining({ key: t.vendors[1].gameType, bets: 2, profit: '-1500', openStake: '300' }),
      ]),
    );
  });

  it('cuts days, weeks and months at midnight in Dhaka (UTC+6)', async () => {
    const m = await member(t);
    await deposit(t, m, BigInt(10000));
    const ids = ['late', 'early', 'feb'].map((n) => `${n}-${m.id}`);
    for (const id of ids) await bet(t, m, 0, id, BigInt(100));
    // 17:59 UTC is 23:59 in Dhaka on Sunday 1 March; 18:00 UTC is 00:00 on Monday 2 March;
    // 17:30 UTC on 28 February is 23:30 on Saturday 28 February in Dhaka
    const at = { [ids[0]]: '2026-03-01T17:59:00Z', [ids[1]]: '2026-03-01T18:00:00Z', [ids[2]]: '2026-02-28T17:30:00Z' };
    for (const id of ids) {
      await t.db.query(`UPDATE bet_records SET placed_at = $2 WHERE bet_transaction_id = $1`, [id, at[id]]);
    }
    t.clock.now = new Date('2026-03-02T18:05:00Z'); // Tuesday 3 March, 00:05 in Dhaka
    const yesterday = (await get(t, '/wps/records/bets?range=YESTERDAY', m.token)).body.value;
    expect(yesterday).toMatchObject({ from: '2026-03-02', to: '2026-03-02', total: 1 });
    expect(yesterday.list[0].roundId).toBe(`r-${ids[1]}`);
    const custom = (await get(t, '/wps/records/bets?range=CUSTOM&from=2026-03-01&to=2026-03-01', m.token)).body.value;
    expect(custom.list.map((b: { roundId: string }) => b.roundId)).toEqual([`r-${ids[0]}`]);
    const range = 'range=CUSTOM&from=2026-02-01&to=2026-03-03';
    const days = (await get(t, `/wps/records/profit?${range}&groupBy=DAY`, m.token)).body.value.rows;
    expect(days.map((r: { key: string; bets: number }) => [r.key, r.bets])).toEqual([
      ['2026-03-02', 1],
      ['2026-03-01', 1],
      ['2026-02-28', 1],
    ]);
    const weeks = (await get(t, `/wps/records/profit?${range}&groupBy=WEEK`, m.token)).body.value.rows;
    expect(weeks.map((r: { key: string; bets: number }) => [r.key, r.bets])).toEqual([
      ['2026-03-02', 1],
      ['2026-02-23', 2],
    ]);
    const months = (await get(t, `/wps/records/profit?${range}&groupBy=MONTH`, m.token)).body.value.rows;
    expect(months.map((r: { key: string; bets: number }) => [r.key, r.bets])).toEqual([
      ['2026-03-01', 2],
      ['2026-02-01', 1],
    ]);
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });

  it('lists the filter choices in the language asked', async () => {
    const m = await member(t);
    const en = (await get(t, '/wps/records/filters', m.token)).body.value;
    expect(en.gameTypes).toEqual(expect.arrayContaining([t.vendors[0].gameType, t.vendors[1].gameType]));
    expect(en.vendors.map((v: { code: string }) => v.code)).toEqual(expect.arrayContaining([t.vendors[0].code]));
    expect(en.wallets[0]).toEqual({ code: 'MAIN', name: 'Main wallet' });
    expect(en.movementTypes).toContain('REBATE');
    const bn = (await get(t, '/wps/records/filters', m.token, 'BN')).body.value;
    expect(bn.wallets[0].name).toBe('প্রধান ওয়ালেট');
  });
});
