import type { FastifyInstance } from 'fastify';
import { startChild, type Child } from '../../test-support/child-process';
import { createTestApi, testEngine, TEST_OPS_KEY, type TestDb } from '../../test-support/test-db';
import { studioHelpers } from '../studio/studio.test-support';
import { balanceOf } from '../wallet/ledger';

/**
 * Exactly-once settlement with a real second instance killed mid-settlement (issue 17): a child
 * process (lottery.settle-child.ts) settles the same draw on the same PostgreSQL schema, has some wins
 * paid by the wallet and is SIGKILLed before it records them, while this instance settles the draw.
 * Every bet ends settled once and every win is paid once. PostgreSQL only (two processes can't share
 * an embedded PGlite); lottery.test.ts covers the same with two in-process instances on both engines.
 */
const onPostgres = testEngine === 'postgres' ? describe : describe.skip;

let clock = Date.UTC(2026, 10, 24, 9, 0, 0);
const INTERVAL = 60;
const CLOSE = 10;
const ALL = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
onPostgres('exactly-once settlement with a second process killed mid-run', () => {
  let t: TestDb & { app: FastifyInstance };
  let child: Child | null = null;
  beforeAll(async () => {
    t = await createTestApi({ lottery: { intervalS: INTERVAL, closeBeforeS: CLOSE, now: () => clock } });
  });
  afterAll(async () => {
    child?.dispose();
    await t.dispose();
  });
  const h = studioHelpers(() => t.app, 'lpk');

  it('pays every bet once when the other instance dies after the wallet paid some wins', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, () => h.member({ taka: 200 })));
    const game = await t.app.inject({ url: '/lottery/v1/games/VN_NORTH', headers: { authorization: members[0].token } });
    const draw = game.json().value.draws[0] as { index: number; drawAt: string };
    const bets: { id: number; member: number }[] = [];
    for (const m of members) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/lottery/v1/bets',
        headers: { authorization: m.token },
        payload: { gameCode: 'VN_NORTH', drawIndex: draw.index, betType: 'SPECIAL_2D', numbers: ALL, stakePerNumber: '100' },
      });
      expect(r.statusCode).toBe(200);
      bets.push({ id: r.json().value.bet.id, member: m.id });
    }
    const odds = t.app.lottery.config.odds.SPECIAL_2D;
    clock = Date.parse(draw.drawAt) + 1000;

    // the settling instance itself, not a tsx CLI in front of it, so that the kill below kills it
    child = startChild('server/src/domains/lottery/lottery.settle-child.ts', {
      KHELA_CHILD_DATABASE_URL: t.postgres!.url,
      KHELA_CHILD_SCHEMA: t.postgres!.schema ?? '',
      KHELA_CHILD_OPS_KEY: TEST_OPS_KEY,
      KHELA_CHILD_NOW: String(clock),
      KHELA_CHILD_INTERVAL_S: String(INTERVAL),
      KHELA_CHILD_CLOSE_S: String(CLOSE),
      KHELA_CHILD_STOP_AFTER: '3',
    });
    await child.lineOf(/^PAID 3$/);

    // the child has had 3 wins paid, and has not recorded (at least) the last of them
    const paidNotRecorded = await t.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM lottery_bets l
         JOIN wallet_transactions w ON w.round_id = l.wallet_round_id AND w.kind = 'WIN' AND w.status = 'OK'
        WHERE l.status = 'OPEN' AND l.id = ANY($1::bigint[])`,
      [bets.map((b) => b.id)],
    );
    expect(paidNotRecorded!.n).toBeGreaterThanOrEqual(1);
    // this instance settles, and the child dies meanwhile
    const settling = t.app.inject({ method: 'POST', url: '/ops/lottery/settle', headers: { 'x-ops-key': TEST_OPS_KEY } });
    expect(await child.kill()).toBe('SIGKILL');
    const run = (await settling).json().value;
    expect(run.left).toBe(0);
    // a second run finds nothing left to do
    const again = (
      await t.app.inject({ method: 'POST', url: '/ops/lottery/settle', headers: { 'x-ops-key': TEST_OPS_KEY } })
    ).json().value;
    expect(again).toMatchObject({ won: 0, lost: 0, left: 0 });

    const payout = (10000n * BigInt(odds)) / 10000n;
    for (const b of bets) {
      const row = (await t.db.one<{ status: string; payout: string; wallet_round_id: string }>(
        `SELECT status, payout::text, wallet_round_id FROM lottery_bets WHERE id = $1`,
        [b.id],
      ))!;
      expect(row).toMatchObject({ status: 'WON', payout: String(payout) });
      const wins = await t.db.query<{ amount: string }>(
        `SELECT amount::text FROM wallet_transactions WHERE round_id = $1 AND kind = 'WIN' AND status = 'OK'`,
        [row.wallet_round_id],
      );
      expect(wins).toEqual([{ amount: String(payout) }]);
      expect(await t.db.one(`SELECT status, payout::text FROM bet_records WHERE round_id = $1`, [row.wallet_round_id])).toEqual({
        status: 'SETTLED',
        payout: String(payout),
      });
      expect(await balanceOf(t.db, b.member)).toBe(20000n - 10000n + payout);
    }
  });
});
