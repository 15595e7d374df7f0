import fc from 'fast-check';
import { audit, balanceOf } from '../wallet/ledger';
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

jest.setTimeout(300_000);

let t: RecordsTestApi;
beforeAll(async () => {
  t = await createRecordsTestApi();
});
afterAll(async () => {
  expect((await audit(t.db)).anomalies).toEqual([]);
  await t.dispose();
});

type Op =
  | { op: 'deposit'; amount: number }
  | { op: 'withdraw'; amount: number }
  | { op: 'bet'; vendor: number; amount: number }
  | { op: 'win'; pick: number; amount: number }
  | { op: 'rollback'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), amount: fc.integer({ min: 1, max: 200000 }) }),
  fc.record({ op: fc.constant('withdraw' as const), amount: fc.integer({ min: 1, max: 100000 }) }),
  fc.record({ op: fc.constant('bet' as const), vendor: fc.nat(1), amount: fc.integer({ min: 1, max: 80000 }) }),
  fc.record({ op: fc.constant('win' as const), pick: fc.nat(20), amount: fc.integer({ min: 0, max: 150000 }) }),
  fc.record({ op: fc.constant('rollback' as const), pick: fc.nat(20) }),
);

const sum = (xs: bigint[]) => xs.reduce((s, x) => s + x, BigInt(0));

describe('the records reconcile with the ledger to the poisha', () => {
  it('for random deposits, bets, wins, rollbacks and withdrawals', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 18 }), async (ops) => {
        const m = await member(t, 0, 'prop');
        run++;
        // the model: what each bet should be after the sequence (only what the wallet accepted)
        const bets: { id: string; vendor: number; stake: bigint; payout: bigint; status: string }[] = [];
        for (const [i, o] of ops.entries()) {
          if (o.op === 'deposit') await deposit(t, m, BigInt(o.amount));
          else if (o.op === 'withdraw') {
            await withdraw(t, m, BigInt(o.amount)).catch((e: { code?: string }) => {
              if (e.code !== 'INSUFFICIENT_FUNDS') throw e;
            });
          } else if (o.op === 'bet') {
            const id = `p${run}-${i}-${m.id}`;
            const r = await bet(t, m, o.vendor, id, BigInt(o.amount));
            if (r.status === 'OK')
              bets.push({ id, vendor: o.vendor, stake: BigInt(o.amount), payout: BigInt(0), status: 'OPEN' });
            else expect(r.status).toBe('INSUFFICIENT_FUNDS');
          } else if (bets.length) {
            const b = bets[o.pick % bets.length];
            if (o.op === 'win') {
              const r = await win(t, m, b.vendor, b.id, BigInt(o.amount));
              if (r.status === 'OK') {
                b.payout += BigInt(o.amount);
                b.status = 'SETTLED';
              } else expect([r.status, b.status]).toEqual(['ALREADY_ROLLED_BACK', 'ROLLED_BACK']);
            } else {
              const r = await rollback(t, m, b.vendor, b.id);
              if (r.status === 'OK') b.status = 'ROLLED_BACK';
              else expect(['ALREADY_ROLLED_BACK', 'INSUFFICIENT_FUNDS']).toContain(r.status);
            }
          }
        }

        // the betting record: every bet as the model has it, totals of the whole filter
        const record = await allPages(t, '/wps/records/bets?range=LAST_7_DAYS', m.token);
        expect(record.list.length).toBe(bets.length);
        const byRound = new Map(record.list.map((b: { roundId: string }) => [b.roundId, b]));
        for (const b of bets) {
          expect(byRound.get(`r-${b.id}`)).toMatchObject({
            status: b.status,
            stake: b.stake.toString(),
            payout: b.payout.toString(),
          });
        }
        const live = bets.filter((b) => b.status !== 'ROLLED_BACK');
        const settled = bets.filter((b) => b.status === 'SETTLED');
        const expected = {
          count: bets.length,
          stake: sum(live.map((b) => b.stake)).toString(),
          validBet: sum(settled.map((b) => b.stake)).toString(),
          payout: sum(settled.map((b) => b.payout)).toString(),
          profit: sum(settled.map((b) => b.payout - b.stake)).toString(),
          openStake: sum(bets.filter((b) => b.status === 'OPEN').map((b) => b.stake)).toString(),
        };
        expect(record.totals).toEqual(expected);
        // … and with the ledger: the game result is the member's BET, WIN and ROLLBACK movements
        expect(BigInt(expected.profit) - BigInt(expected.openStake)).toBe(await ledgerSum(t, m.id, ['BET', 'WIN', 'ROLLBACK']));
        // the stakes: every BET movement, less the ones rolled back
        expect(
          -(await ledgerSum(t, m.id, ['BET'])) - sum(bets.filter((b) => b.status === 'ROLLED_BACK').map((b) => b.stake)),
        ).toBe(BigInt(expected.stake));

        // the account record: every entry, each balance the running sum, the last one the balance
        const moves = await allPages(t, '/wps/records/transactions?range=LAST_7_DAYS', m.token);
        const entries = await t.db.one<{ n: number }>(
          `SELECT count(*)::int AS n FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.member_id = $1`,
          [m.id],
        );
        expect(moves.list.length).toBe(entries!.n);
        let running = BigInt(0);
        for (const x of [...moves.list].reverse()) {
          running += x.direction === 'IN' ? BigInt(x.amount) : -BigInt(x.amount);
          expect(x.balanceAfter).toBe(running.toString());
        }
        const balance = await balanceOf(t.db, m.id);
        expect(running).toBe(balance);
        expect(BigInt(moves.totals.net)).toBe(balance);
        expect(BigInt(moves.totals.net)).toBe(await ledgerSum(t, m.id));
        for (const type of ['BET', 'WIN', 'ROLLBACK', 'DEPOSIT', 'WITHDRAWAL'] as const) {
          const one = (await get(t, `/wps/records/transactions?range=LAST_7_DAYS&type=${type}&pageSize=10`, m.token)).body.value;
          expect(BigInt(one.totals.net)).toBe(await ledgerSum(t, m.id, [type]));
        }

        // the profit and loss: every grouping adds up to the betting record's totals
        for (const groupBy of ['DAY', 'WEEK', 'MONTH', 'GAME_TYPE']) {
          const p = (await get(t, `/wps/records/profit?range=LAST_30_DAYS&groupBy=${groupBy}`, m.token)).body.value;
          const { count, ...rest } = expected;
          expect(p.totals).toEqual({ bets: count, ...rest });
          expect(sum(p.rows.map((r: { profit: string }) => BigInt(r.profit)))).toBe(BigInt(expected.profit));
        }
      }),
      { numRuns: 25 },
    );
  });
});
