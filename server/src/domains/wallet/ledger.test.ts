import fc from 'fast-check';
import { migrate } from '../../db/migrate';
import { seed } from '../../db/seed';
import { createTestDb, type TestDb } from '../../test-support/test-db';
import {
  LedgerError,
  audit,
  balanceOf,
  createLedger,
  houseBalance,
  post,
  reverse,
  type Ledger,
  type Movement,
  type Posting,
} from './ledger';

const n = (v: number) => BigInt(v);
let t: TestDb;
let ledger: Ledger;
let seq = 0;

beforeAll(async () => {
  t = await createTestDb({ migrated: true });
  await migrate(t.db);
  await seed(t.db);
  ledger = createLedger(t.db);
});
afterAll(() => t.dispose());

async function newMember(): Promise<number> {
  const row = await t.db.one<{ id: number }>(`INSERT INTO members (account, nickname) VALUES ($1, $1) RETURNING id`, [
    `led${++seq}`,
  ]);
  return Number(row!.id);
}

const deposit = (member: number, amount: bigint, key = `dep:${member}:${++seq}`): Posting => ({
  key,
  kind: 'DEPOSIT',
  memberId: member,
  createdBy: 'system',
  legs: [
    { account: { member }, amount },
    { account: { house: 'PAYMENT_CLEARING' }, amount: -amount },
  ],
});

const bet = (member: number, amount: bigint, key: string): Posting => ({
  key,
  kind: 'BET',
  memberId: member,
  createdBy: 'vendor:TEST',
  legs: [
    { account: { member }, amount: -amount },
    { account: { house: 'GAME_REVENUE' }, amount },
  ],
});

async function expectLedgerError(p: Promise<unknown>, code: string) {
  await expect(p).rejects.toBeInstanceOf(LedgerError);
  await expect(p).rejects.toMatchObject({ code });
}

describe('posting', () => {
  it('moves money in balanced entries and keeps the balance after each entry', async () => {
    const m = await newMember();
    const r = await ledger.post(deposit(m, n(50000)));
    expect(r.replayed).toBe(false);
    expect(r.balances).toEqual([expect.objectContaining({ memberId: m, wallet: 'MAIN', balance: n(50000) })]);
    await ledger.post(bet(m, n(1250), `bet:${m}:1`));
    expect(await balanceOf(t.db, m)).toBe(n(48750));
    const entries = await t.db.query<{ amount: string; balance_after: string | null }>(
      `SELECT e.amount::text, e.balance_after::text FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
        WHERE a.member_id = $1 ORDER BY e.id`,
      [m],
    );
    expect(entries).toEqual([
      { amount: '50000', balance_after: '50000' },
      { amount: '-1250', balance_after: '48750' },
    ]);
  });

  it('a replay of the same key moves nothing and answers the first transaction', async () => {
    const m = await newMember();
    const first = await ledger.post(deposit(m, n(1000), `dep-replay-${m}`));
    const again = await ledger.post(deposit(m, n(1000), `dep-replay-${m}`));
    expect(again).toMatchObject({ replayed: true, transactionId: first.transactionId });
    expect(await balanceOf(t.db, m)).toBe(n(1000));
  });

  it('the same key for another movement is refused, and nothing moves', async () => {
    const m = await newMember();
    await ledger.post(deposit(m, n(1000), `dep-mismatch-${m}`));
    await expectLedgerError(ledger.post(deposit(m, n(2000), `dep-mismatch-${m}`)), 'IDEMPOTENCY_MISMATCH');
    expect(await balanceOf(t.db, m)).toBe(n(1000));
  });

  it('refuses to overdraw a member, changing nothing (not even the idempotency key)', async () => {
    const m = await newMember();
    await ledger.post(deposit(m, n(500)));
    await expectLedgerError(ledger.post(bet(m, n(501), `overdraw-${m}`)), 'INSUFFICIENT_FUNDS');
    expect(await balanceOf(t.db, m)).toBe(n(500));
    expect(await t.db.one(`SELECT 1 FROM ledger_transactions WHERE idempotency_key = $1`, [`overdraw-${m}`])).toBeNull();
    // a member with no account at all has nothing to spend
    const empty = await newMember();
    await expectLedgerError(ledger.post(bet(empty, n(1), `overdraw-${empty}`)), 'INSUFFICIENT_FUNDS');
  });

  it.each([
    ['unbalanced legs', [n(100), n(-99)], 'UNBALANCED'],
    ['a single leg', [n(0), n(0)], 'INVALID_POSTING'],
  ])('refuses %s', async (_name, [a, b], code) => {
    const m = await newMember();
    await expectLedgerError(
      ledger.post({
        key: `bad-${m}`,
        kind: 'DEPOSIT',
        createdBy: 'system',
        legs: [
          { account: { member: m }, amount: a },
          { account: { house: 'PAYMENT_CLEARING' }, amount: b },
        ],
      }),
      code,
    );
  });

  it('refuses a float amount and a bad kind', async () => {
    const m = await newMember();
    const legs = [
      { account: { member: m }, amount: 1.5 as unknown as bigint },
      { account: { house: 'PAYMENT_CLEARING' as const }, amount: n(-1) },
    ];
    await expectLedgerError(ledger.post({ key: `float-${m}`, kind: 'DEPOSIT', createdBy: 'system', legs }), 'INVALID_POSTING');
    await expectLedgerError(ledger.post({ ...deposit(m, n(1)), kind: 'deposit; drop table' }), 'INVALID_POSTING');
  });

  it('keeps a vendor wallet apart from the main wallet', async () => {
    const m = await newMember();
    await ledger.post(deposit(m, n(10000)));
    await ledger.post({
      key: `xfer-${m}`,
      kind: 'TRANSFER_OUT',
      memberId: m,
      createdBy: `member:${m}`,
      legs: [
        { account: { member: m }, amount: n(-4000) },
        { account: { member: m, wallet: 'VENDOR', vendor: 'CARDHOUSE' }, amount: n(4000) },
      ],
    });
    expect(await balanceOf(t.db, m)).toBe(n(6000));
    expect(await balanceOf(t.db, m, 'VENDOR', 'CARDHOUSE')).toBe(n(4000));
    expect(await balanceOf(t.db, m, 'VENDOR', 'ADDACARDS')).toBe(n(0));
  });
});

describe('the database itself', () => {
  it('refuses to update or delete a past entry or transaction', async () => {
    const m = await newMember();
    const r = await ledger.post(deposit(m, n(700)));
    await expect(
      t.db.query(`UPDATE ledger_entries SET amount = amount * 2 WHERE transaction_id = $1`, [r.transactionId]),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.query(`DELETE FROM ledger_entries WHERE transaction_id = $1`, [r.transactionId])).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.query(`UPDATE ledger_transactions SET memo = 'x' WHERE id = $1`, [r.transactionId])).rejects.toThrow(
      /append-only/,
    );
    await expect(t.db.query(`DELETE FROM ledger_transactions WHERE id = $1`, [r.transactionId])).rejects.toThrow(/append-only/);
  });

  it('refuses entries that do not balance, and a negative member balance, whatever the code does', async () => {
    const m = await newMember();
    const r = await ledger.post(deposit(m, n(700)));
    const account = await t.db.one<{ id: number }>(`SELECT id FROM ledger_accounts WHERE member_id = $1`, [m]);
    await expect(
      t.db.query(`INSERT INTO ledger_entries (transaction_id, account_id, amount) VALUES ($1, $2, 5)`, [
        r.transactionId,
        account!.id,
      ]),
    ).rejects.toThrow(/do not balance/);
    await expect(t.db.query(`UPDATE ledger_accounts SET balance = -1 WHERE id = $1`, [account!.id])).rejects.toThrow(
      /ledger_accounts_member_nonnegative/,
    );
  });

  it('never deletes a member, so everything that names one (bets, movements, wallet calls) keeps its owner', async () => {
    const m = await newMember();
    await ledger.post(deposit(m, n(700)));
    await expect(t.db.query(`DELETE FROM members WHERE id = $1`, [m])).rejects.toThrow(/members are never deleted/);
    await expect(t.db.query(`TRUNCATE members CASCADE`)).rejects.toThrow(/never deleted|append-only/);
    expect(await balanceOf(t.db, m)).toBe(n(700));
  });
});

describe('reversal', () => {
  it('posts the opposite legs once, naming the original', async () => {
    const m = await newMember();
    await ledger.post(deposit(m, n(5000)));
    const b = await ledger.post(bet(m, n(2000), `rev-bet-${m}`));
    const r = await ledger.transact((tx) =>
      tx.reverse(b.transactionId, { key: `rev-${m}`, kind: 'ROLLBACK', createdBy: 'system' }),
    );
    expect(await balanceOf(t.db, m)).toBe(n(5000));
    const row = await t.db.one<{ reverses_id: number; kind: string }>(
      `SELECT reverses_id, kind FROM ledger_transactions WHERE id = $1`,
      [r.transactionId],
    );
    expect(row).toEqual({ reverses_id: b.transactionId, kind: 'ROLLBACK' });
    // the same key again: a replay; another key: refused
    const again = await ledger.transact((tx) =>
      tx.reverse(b.transactionId, { key: `rev-${m}`, kind: 'ROLLBACK', createdBy: 'system' }),
    );
    expect(again.replayed).toBe(true);
    await expectLedgerError(
      ledger.transact((tx) => tx.reverse(b.transactionId, { key: `rev2-${m}`, createdBy: 'system' })),
      'ALREADY_REVERSED',
    );
    expect(await balanceOf(t.db, m)).toBe(n(5000));
  });

  it('refuses a reversal that would overdraw the member', async () => {
    const m = await newMember();
    const d = await ledger.post(deposit(m, n(3000)));
    await ledger.post(bet(m, n(2500), `spent-${m}`));
    await expectLedgerError(
      ledger.transact((tx) => tx.reverse(d.transactionId, { key: `rev-dep-${m}`, createdBy: 'ops:test' })),
      'INSUFFICIENT_FUNDS',
    );
    expect(await balanceOf(t.db, m)).toBe(n(500));
  });
});

describe('movements', () => {
  it('are published after the commit, never for a rollback or a replay', async () => {
    const m = await newMember();
    const seen: Movement[] = [];
    const off = ledger.onMovement((mv) => seen.push(mv));
    try {
      await ledger.post(deposit(m, n(100), `mv-${m}`));
      await ledger.post(deposit(m, n(100), `mv-${m}`));
      await expect(
        ledger.transact(async (tx) => {
          await tx.post(deposit(m, n(100)));
          throw new Error('caller failed after posting');
        }),
      ).rejects.toThrow('caller failed');
      expect(seen).toEqual([expect.objectContaining({ kind: 'DEPOSIT', memberIds: [m] })]);
      expect(await balanceOf(t.db, m)).toBe(n(100));
    } finally {
      off();
    }
  });
});

describe('concurrency', () => {
  it('1,000 concurrent bets of 1.00 on 500.00: exactly 500 succeed and the balance ends at 0', async () => {
    const m = await newMember();
    await ledger.post(deposit(m, n(50000)));
    const results = await Promise.allSettled(
      Array.from({ length: 1000 }, (_, i) => ledger.post(bet(m, n(100), `conc-${m}-${i}`))),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter(
      (r) => r.status === 'rejected' && (r.reason as LedgerError).code === 'INSUFFICIENT_FUNDS',
    ).length;
    expect(ok).toBe(500);
    expect(refused).toBe(500);
    expect(await balanceOf(t.db, m)).toBe(n(0));
    expect((await audit(t.db)).anomalies).toEqual([]);
  });

  it('the same key posted 50 times at once moves money once', async () => {
    const m = await newMember();
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => ledger.post(deposit(m, n(100), `same-${m}`))));
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const fresh = results.filter((r) => r.status === 'fulfilled' && !r.value.replayed).length;
    expect(fresh).toBe(1);
    expect(await balanceOf(t.db, m)).toBe(n(100));
  });
});

/** The operations of the property test, with what a simple model of the balances expects. */
type Op =
  | { op: 'deposit'; who: number; amount: number }
  | { op: 'bet'; who: number; amount: number }
  | { op: 'win'; who: number; amount: number }
  | { op: 'toVendor'; who: number; amount: number }
  | { op: 'fromVendor'; who: number; amount: number }
  | { op: 'transfer'; who: number; to: number; amount: number }
  | { op: 'adjust'; who: number; amount: number }
  | { op: 'reverseLast' }
  | { op: 'replay' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), who: fc.nat(2), amount: fc.integer({ min: 1, max: 100000 }) }),
  fc.record({ op: fc.constant('bet' as const), who: fc.nat(2), amount: fc.integer({ min: 1, max: 60000 }) }),
  fc.record({ op: fc.constant('win' as const), who: fc.nat(2), amount: fc.integer({ min: 1, max: 60000 }) }),
  fc.record({ op: fc.constant('toVendor' as const), who: fc.nat(2), amount: fc.integer({ min: 1, max: 60000 }) }),
  fc.record({ op: fc.constant('fromVendor' as const), who: fc.nat(2), amount: fc.integer({ min: 1, max: 60000 }) }),
  fc.record({ op: fc.constant('transfer' as const), who: fc.nat(2), to: fc.nat(2), amount: fc.integer({ min: 1, max: 60000 }) }),
  fc.record({ op: fc.constant('adjust' as const), who: fc.nat(2), amount: fc.integer({ min: -60000, max: 60000 }) }),
  fc.record({ op: fc.constant('reverseLast' as const) }),
  fc.record({ op: fc.constant('replay' as const) }),
);

describe('properties', () => {
  it('for any sequence of movements: the sum of all accounts never changes, no member goes below zero, a replay changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        const members = [await newMember(), await newMember(), await newMember()];
        const model = new Map<string, bigint>(); // account key → expected balance
        const key = (m: number, w = 'MAIN') => `${m}:${w}`;
        const get = (k: string) => model.get(k) ?? n(0);
        const before = await t.db.one<{ total: string }>(`SELECT coalesce(sum(amount), 0)::text AS total FROM ledger_entries`);
        const done: { posting: Posting; transactionId: number; effects: [string, bigint][] }[] = [];
        const reversed = new Set<number>();
        let i = 0;
        for (const o of ops) {
          const tag = `prop:${members[0]}:${i++}`;
          let posting: Posting | null = null;
          let effects: [string, bigint][] = [];
          if (o.op === 'replay') {
            const last = done[done.length - 1];
            if (!last) continue;
            const r = await ledger.post(last.posting);
            expect(r.replayed).toBe(true);
            continue;
          }
          if (o.op === 'reverseLast') {
            const last = [...done].reverse().find((d) => !reversed.has(d.transactionId));
            if (!last) continue;
            const wouldOverdraw = last.effects.some(([k, d]) => get(k) - d < n(0));
            try {
              await ledger.transact((tx) => tx.reverse(last.transactionId, { key: `${tag}:rev`, createdBy: 'test' }));
              expect(wouldOverdraw).toBe(false);
              for (const [k, d] of last.effects) model.set(k, get(k) - d);
              reversed.add(last.transactionId);
            } catch (err) {
              expect((err as LedgerError).code).toBe('INSUFFICIENT_FUNDS');
              expect(wouldOverdraw).toBe(true);
            }
            continue;
          }
          const m = members[o.who];
          const amount = n(o.amount);
          const house = (h: 'PAYMENT_CLEARING' | 'GAME_REVENUE' | 'MANUAL_ADJUSTMENTS', a: bigint) => ({
            account: { house: h },
            amount: a,
          });
          switch (o.op) {
            case 'deposit':
              posting = { ...deposit(m, amount, tag) };
              effects = [[key(m), amount]];
              break;
            case 'bet':
              posting = bet(m, amount, tag);
              effects = [[key(m), -amount]];
              break;
            case 'win':
              posting = {
                key: tag,
                kind: 'WIN',
                memberId: m,
                createdBy: 'test',
                legs: [{ account: { member: m }, amount }, house('GAME_REVENUE', -amount)],
              };
              effects = [[key(m), amount]];
              break;
            case 'toVendor':
            case 'fromVendor': {
              const sign = o.op === 'toVendor' ? n(1) : n(-1);
              posting = {
                key: tag,
                kind: 'TRANSFER',
                memberId: m,
                createdBy: 'test',
                legs: [
                  { account: { member: m }, amount: -amount * sign },
                  { account: { member: m, wallet: 'VENDOR', vendor: 'CARDHOUSE' }, amount: amount * sign },
                ],
              };
              effects = [
                [key(m), -amount * sign],
                [key(m, 'CARDHOUSE'), amount * sign],
              ];
              break;
            }
            case 'transfer': {
              const to = members[o.to];
              if (to === m) continue;
              posting = {
                key: tag,
                kind: 'AGENT_TRANSFER',
                memberId: m,
                createdBy: 'test',
                legs: [
                  { account: { member: m }, amount: -amount },
                  { account: { member: to }, amount },
                ],
              };
              effects = [
                [key(m), -amount],
                [key(to), amount],
              ];
              break;
            }
            case 'adjust':
              if (amount === n(0)) continue;
              posting = {
                key: tag,
                kind: 'ADJUSTMENT',
                memberId: m,
                createdBy: 'test',
                legs: [{ account: { member: m }, amount }, house('MANUAL_ADJUSTMENTS', -amount)],
              };
              effects = [[key(m), amount]];
              break;
          }
          if (!posting) continue;
          const wouldOverdraw = effects.some(([k, d]) => get(k) + d < n(0));
          try {
            const r = await ledger.post(posting);
            expect(wouldOverdraw).toBe(false);
            for (const [k, d] of effects) model.set(k, get(k) + d);
            done.push({ posting, transactionId: r.transactionId, effects });
          } catch (err) {
            expect((err as LedgerError).code).toBe('INSUFFICIENT_FUNDS');
            expect(wouldOverdraw).toBe(true);
          }
        }
        // the model and the ledger agree, to the poisha
        for (const m of members) {
          expect(await balanceOf(t.db, m)).toBe(get(key(m)));
          expect(await balanceOf(t.db, m, 'VENDOR', 'CARDHOUSE')).toBe(get(key(m, 'CARDHOUSE')));
        }
        const after = await t.db.one<{ total: string }>(`SELECT coalesce(sum(amount), 0)::text AS total FROM ledger_entries`);
        expect(after!.total).toBe(before!.total);
        expect(after!.total).toBe('0');
      }),
      { numRuns: 40, seed: 20261123 },
    );
    expect((await audit(t.db)).anomalies).toEqual([]);
    // the house accounts carry the other side of every member movement
    const houses = await Promise.all(
      (['PAYMENT_CLEARING', 'GAME_REVENUE', 'MANUAL_ADJUSTMENTS'] as const).map((h) => houseBalance(t.db, h)),
    );
    const members = await t.db.one<{ total: string }>(
      `SELECT coalesce(sum(balance), 0)::text AS total FROM ledger_accounts WHERE kind <> 'HOUSE'`,
    );
    expect(houses.reduce((s, v) => s + v, n(0)) + BigInt(members!.total)).toBe(n(0));
  });
});

describe('post() inside a caller transaction', () => {
  it('rolls back with the caller: a failure after posting leaves no trace', async () => {
    const m = await newMember();
    await expect(
      t.db.tx(async (q) => {
        await post(q, deposit(m, n(900), `caller-${m}`));
        await q.query(`SELECT 1/0`);
      }),
    ).rejects.toThrow();
    expect(await balanceOf(t.db, m)).toBe(n(0));
    expect(await t.db.one(`SELECT 1 FROM ledger_transactions WHERE idempotency_key = $1`, [`caller-${m}`])).toBeNull();
    const d = await t.db.tx((q) => post(q, deposit(m, n(900))));
    await t.db.tx((q) => reverse(q, d.transactionId, { key: `caller-rev-${m}`, createdBy: 'test' }));
    expect(await balanceOf(t.db, m)).toBe(n(0));
  });
});
