import fc from 'fast-check';
import { createTestDb, type TestDb } from '../test-support/test-db';

// bet_daily (migration 0056) is kept by statement triggers on bet_records: after any sequence of
// inserts (one or several rows), status, amount, time and owner changes, and deletes, every
// (member, Dhaka day) row equals the sums over the bets themselves.

jest.setTimeout(300_000);

let t: TestDb;
let members: number[];
beforeAll(async () => {
  t = await createTestDb({ migrated: true });
  members = [];
  for (let i = 0; i < 3; i++) {
    const row = await t.db.one<{ id: string }>(`INSERT INTO members (account, nickname) VALUES ($1, $1) RETURNING id`, [
      `bd${Date.now().toString(36)}${i}`,
    ]);
    members.push(Number(row!.id));
  }
});
afterAll(() => t.dispose());

const STATUSES = ['OPEN', 'SETTLED', 'ROLLED_BACK'] as const;
// around a Dhaka midnight (18:00 UTC): an hour either side moves a bet to the other day
const BASE = Date.parse('2026-11-20T18:00:00Z');
const at = (minutes: number) => new Date(BASE + minutes * 60_000);

const betArb = fc.record({
  member: fc.nat(2),
  minutes: fc.integer({ min: -36 * 60, max: 36 * 60 }),
  status: fc.constantFrom(...STATUSES),
  stake: fc.integer({ min: 0, max: 50_000 }),
  payout: fc.integer({ min: 0, max: 120_000 }),
});
type Bet = typeof betArb extends fc.Arbitrary<infer T> ? T : never;

type Op =
  | { op: 'insert'; bets: Bet[] }
  | { op: 'status'; pick: number; status: (typeof STATUSES)[number]; payout: number }
  | { op: 'move'; pick: number; member: number; minutes: number }
  | { op: 'settleMember'; member: number }
  | { op: 'touch'; pick: number }
  | { op: 'delete'; pick: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ op: fc.constant('insert' as const), bets: fc.array(betArb, { minLength: 1, maxLength: 4 }) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('status' as const),
      pick: fc.nat(30),
      status: fc.constantFrom(...STATUSES),
      payout: fc.integer({ min: 0, max: 120_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('move' as const),
      pick: fc.nat(30),
      member: fc.nat(2),
      minutes: fc.integer({ min: -36 * 60, max: 36 * 60 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('settleMember' as const), member: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('touch' as const), pick: fc.nat(30) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), pick: fc.nat(30) }) },
);

let seq = 0;
async function apply(o: Op): Promise<void> {
  const ids = (await t.db.query<{ id: string }>(`SELECT id FROM bet_records ORDER BY id`)).map((r) => r.id);
  const picked = (pick: number) => (ids.length ? ids[pick % ids.length] : null);
  await t.db.tx(async (q) => {
    if (o.op === 'insert') {
      // one statement for every bet of the step (the trigger sees them together)
      const values = o.bets.map(
        (_, i) => `($${i * 6 + 1}::bigint, 'BDV', 'G', 'RNG', $${i * 6 + 2}, $${i * 6 + 2}, 'MAIN',
        $${i * 6 + 3}::bigint, $${i * 6 + 4}::bigint, $${i * 6 + 3}::bigint, $${i * 6 + 5}, $${i * 6 + 6}::timestamptz)`,
      );
      await q.query(
        `INSERT INTO bet_records (member_id, vendor_code, game_code, game_type, round_id, bet_transaction_id, wallet,
                                  stake, payout, valid_bet, status, placed_at) VALUES ${values.join(', ')}`,
        o.bets.flatMap((b) => [
          members[b.member],
          `bd-${++seq}-${Math.random().toString(36).slice(2)}`,
          b.stake,
          b.status === 'SETTLED' ? b.payout : 0,
          b.status,
          at(b.minutes),
        ]),
      );
    } else if (o.op === 'status') {
      const id = picked(o.pick);
      if (id)
        await q.query(
          `UPDATE bet_records SET status = $2, payout = CASE WHEN $2 = 'SETTLED' THEN $3::bigint ELSE 0 END WHERE id = $1`,
          [id, o.status, o.payout],
        );
    } else if (o.op === 'move') {
      const id = picked(o.pick);
      if (id)
        await q.query(`UPDATE bet_records SET member_id = $2, placed_at = $3 WHERE id = $1`, [
          id,
          members[o.member],
          at(o.minutes),
        ]);
    } else if (o.op === 'settleMember') {
      await q.query(`UPDATE bet_records SET status = 'SETTLED', payout = stake * 2 WHERE member_id = $1 AND status = 'OPEN'`, [
        members[o.member],
      ]);
    } else if (o.op === 'touch') {
      const id = picked(o.pick);
      if (id) await q.query(`UPDATE bet_records SET updated_at = now() WHERE id = $1`, [id]);
    } else {
      const id = picked(o.pick);
      if (id) await q.query(`DELETE FROM bet_records WHERE id = $1`, [id]);
    }
  });
}

const DAILY = `SELECT member_id::text, day::text, bets, live_bets, stake::text, valid_bet::text, payout::text, profit::text
  FROM bet_daily
 WHERE member_id = ANY($1::bigint[]) AND (bets <> 0 OR live_bets <> 0 OR stake <> 0 OR valid_bet <> 0 OR payout <> 0 OR profit <> 0)
 ORDER BY 1, 2`;
const FROM_BETS = `SELECT member_id::text, ((placed_at AT TIME ZONE 'UTC') + interval '6 hours')::date::text AS day,
       count(*)::int AS bets, (count(*) FILTER (WHERE status <> 'ROLLED_BACK'))::int AS live_bets,
       coalesce(sum(stake) FILTER (WHERE status <> 'ROLLED_BACK'), 0)::text AS stake,
       coalesce(sum(valid_bet) FILTER (WHERE status <> 'ROLLED_BACK'), 0)::text AS valid_bet,
       coalesce(sum(payout) FILTER (WHERE status = 'SETTLED'), 0)::text AS payout,
       coalesce(sum(payout - stake) FILTER (WHERE status = 'SETTLED'), 0)::text AS profit
  FROM bet_records WHERE member_id = ANY($1::bigint[]) GROUP BY 1, 2 ORDER BY 1, 2`;

describe('bet_daily', () => {
  it('equals the sums over the bets after any inserts, settlements, rollbacks, moves and deletes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        await t.db.tx(async (q) => {
          await q.query(`DELETE FROM bet_records WHERE member_id = ANY($1::bigint[])`, [members]);
        });
        for (const o of ops) await apply(o);
        expect(await t.db.query(DAILY, [members])).toEqual(await t.db.query(FROM_BETS, [members]));
      }),
      { numRuns: 40 },
    );
  });

  it('counts a bet on its Dhaka day: 17:59 and 18:00 UTC are two days', async () => {
    await t.db.tx(async (q) => {
      await q.query(`DELETE FROM bet_records WHERE member_id = ANY($1::bigint[])`, [members]);
      await q.query(
        `INSERT INTO bet_records (member_id, vendor_code, game_code, game_type, round_id, bet_transaction_id, wallet,
                                  stake, payout, valid_bet, status, placed_at)
         VALUES ($1, 'BDV', 'G', 'RNG', 'r1', 'edge-1', 'MAIN', 100, 250, 100, 'SETTLED', '2026-11-20T17:59:59Z'),
                ($1, 'BDV', 'G', 'RNG', 'r2', 'edge-2', 'MAIN', 200, 0, 200, 'ROLLED_BACK', '2026-11-20T18:00:00Z')`,
        [members[0]],
      );
    });
    expect(await t.db.query(DAILY, [members])).toEqual([
      {
        member_id: String(members[0]),
        day: '2026-11-20',
        bets: 1,
        live_bets: 1,
        stake: '100',
        valid_bet: '100',
        payout: '250',
        profit: '150',
      },
      {
        member_id: String(members[0]),
        day: '2026-11-21',
        bets: 1,
        live_bets: 0,
        stake: '0',
        valid_bet: '0',
        payout: '0',
        profit: '0',
      },
    ]);
  });
});
