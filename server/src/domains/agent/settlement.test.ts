// Exactly-once settlement: two servers on one database, each settling every due window at once,
// one of them failing in the middle of its run (its transaction rolls back, as when the process is
// killed); afterwards every contract has exactly one settlement per window, the ledger one payment
// per settlement, and the amounts are the bets' figures. Run it on PostgreSQL for real concurrency:
// KHELA_TEST_ENGINE=postgres TEST_DATABASE_URL=postgres://root@127.0.0.1:5432/test
import type { FastifyInstance } from 'fastify';
import { buildApi } from '../../app';
import type { Db } from '../../db/db';
import { createTestApi, opsCall, TEST_OPS_KEY, type TestDb } from '../../test-support/test-db';
import { createLedger } from '../wallet/ledger';
import { amountDue, clawBackRollbacks, collectClawbackDebts, collectOwed, settleDue, windowAt } from './settlement';

jest.setTimeout(180_000);

const WINDOW = 60_000;
const NOW = new Date(Math.floor(Date.parse('2026-11-20T12:00:30Z') / WINDOW) * WINDOW + 30_000);
const clock = { now: NOW };

let t: TestDb & { app: FastifyInstance };
let db2: Db;
let seq = 0;
beforeAll(async () => {
  t = await createTestApi({ settingsCacheMs: 0, agent: { now: () => clock.now, realtimeWindowMs: WINDOW } });
  db2 = t.secondPool(); // as a second server would have
});
afterAll(async () => {
  await t.dispose();
});

async function member(type: number, upline?: string) {
  const account = `st${Date.now().toString(36).slice(-4)}${++seq}`;
  const r = await opsCall(t.app, 'POST', '/ops/members', { account, type, ...(upline ? { upline } : {}) });
  return { id: r.body.value.id as number, account };
}
const fund = (id: number, poisha: bigint) =>
  t.app.ledger.post({
    key: `st-fund:${id}:${++seq}`,
    kind: 'DEPOSIT',
    memberId: id,
    createdBy: 'system',
    legs: [
      { account: { member: id }, amount: poisha },
      { account: { house: 'PAYMENT_CLEARING' }, amount: -poisha },
    ],
  });
async function settledBet(memberId: number, validBet: number, payout: number, at: Date) {
  await t.db.query(
    `INSERT INTO bet_records (member_id, vendor_code, game_code, game_type, round_id, bet_transaction_id, wallet, stake, payout,
                              valid_bet, status, placed_at, settled_at)
     VALUES ($1, 'TESTV', 'G', 'RNG', $2, $2, 'MAIN', $3, $4, $3, 'SETTLED', $5, $5)`,
    [memberId, `b${++seq}`, validBet, payout, at],
  );
}
async function contract(uplineAccount: string | null, down: { id: number; account: string }, rateBp: number, acceptedAt: Date) {
  let id: number;
  if (uplineAccount === null) {
    id = (await opsCall(t.app, 'POST', '/ops/agents/contracts', { agent: down.account, kind: 'REALTIME', rateBp })).body.value.id;
  } else {
    const up = (await opsCall(t.app, 'POST', '/ops/sessions', { account: uplineAccount })).body.value.token;
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/agent/contracts',
      headers: { authorization: up },
      payload: { downline: down.account, kind: 'REALTIME', rateBp },
    });
    id = res.json().value.id;
  }
  await t.db.query(`UPDATE agent_contracts SET status = 'ACTIVE', accepted_at = $2 WHERE id = $1`, [id, acceptedAt]);
  return id;
}

it('two servers settle every contract exactly once per window, a run failing midway included; what the payer lacks is owed', async () => {
  const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);
  const top = await member(1);
  const subs = [await member(2, top.account), await member(2, top.account), await member(2, top.account)];
  const players = await Promise.all(subs.map((s) => member(0, s.account)));
  const poor = await member(1);
  const poorSub = await member(2, poor.account);
  const poorPlayer = await member(0, poorSub.account);
  await fund(top.id, 10_000_00n);
  await fund(poor.id, 150n);
  const contracts = [
    await contract(null, top, 30, minutesAgo(25)), // the house pays the top-level agent
    ...(await Promise.all(subs.map((s, i) => contract(top.account, s, 20 + i * 5, minutesAgo(25 - i))))),
    await contract(poor.account, poorSub, 100, minutesAgo(10)),
  ];
  // bets over the last 25 minutes, in many windows (the server was "down": nothing settled yet)
  for (let m = 24; m >= 1; m -= 1) {
    for (const [i, p] of players.entries())
      if ((m + i) % 3 !== 0) await settledBet(p.id, 1000 + m * 37 + i, m % 4 ? 0 : 500, minutesAgo(m));
    if (m < 8) await settledBet(poorPlayer.id, 10_000, 0, minutesAgo(m));
  }

  const ledger2 = createLedger(db2);
  // server B settles two windows, then dies in the middle of the third while holding its key: the
  // other servers start then, block on that key, and take the window over after the rollback
  let midRun!: () => void;
  const crashed = new Promise<void>((resolve) => (midRun = resolve));
  let posted = 0;
  const crashing = settleDue(db2, ledger2, NOW, {
    realtimeWindowMs: WINDOW,
    afterPost: async () => {
      if (++posted < 3) return;
      midRun();
      await new Promise((r) => setTimeout(r, 300));
      throw new Error('killed mid-run');
    },
  }).catch((e: Error) => e.message);
  await crashed;
  const [a, b, c] = await Promise.all([
    settleDue(t.db, t.app.ledger, NOW, { realtimeWindowMs: WINDOW }),
    crashing,
    settleDue(db2, ledger2, NOW, { realtimeWindowMs: WINDOW }),
  ]);
  expect(b).toBe('killed mid-run');
  // the schedule's own run afterwards (the job, as every server runs it) finds nothing left
  expect(await t.app.jobs.runNow('agent.settlement')).toBe(true);
  expect(await settleDue(t.db, t.app.ledger, NOW, { realtimeWindowMs: WINDOW })).toBe(0);

  for (const id of contracts) {
    const c = (await t.db.one<{ accepted_at: Date; rate_bp: number; downline_id: string; upline_id: string | null }>(
      'SELECT * FROM agent_contracts WHERE id = $1',
      [id],
    ))!;
    const rows = await t.db.query<{
      window_start: Date;
      amount: string;
      paid: string;
      owed: string;
      valid_bet: string;
      transaction_id: string | null;
    }>('SELECT * FROM agent_settlements WHERE contract_id = $1 ORDER BY window_start', [id]);
    // one settlement per window from the acceptance's window to the last window that ended
    const first = windowAt('REALTIME', 'D', c.accepted_at, WINDOW).start.getTime();
    const last = windowAt('REALTIME', 'D', NOW, WINDOW).start.getTime();
    expect(rows.map((r) => r.window_start.getTime())).toEqual(
      Array.from({ length: (last - first) / WINDOW }, (_, i) => first + i * WINDOW),
    );
    for (const r of rows) {
      const from = Math.max(r.window_start.getTime(), c.accepted_at.getTime());
      const bets = await t.db.one<{ v: string; n: number }>(
        `SELECT coalesce(sum(valid_bet), 0)::text AS v, count(DISTINCT b.member_id)::int AS n FROM bet_records b
           JOIN members m ON m.id = b.member_id
          WHERE (m.parent_agent_id = $1 OR m.parent_agent_id IN (SELECT id FROM members WHERE parent_agent_id = $1))
            AND settled_at >= $2 AND settled_at < $3`,
        [c.downline_id, new Date(from), new Date(r.window_start.getTime() + WINDOW)],
      );
      expect(String(r.valid_bet)).toBe(bets!.v);
      const due = amountDue(
        { kind: 'REALTIME', rate_bp: c.rate_bp, min_active_members: 0, min_valid_bet: '0' },
        {
          activeMembers: bets!.n,
          validBet: BigInt(bets!.v),
          profit: 0n,
        },
      );
      expect(BigInt(r.amount)).toBe(due);
      expect(BigInt(r.paid) + BigInt(r.owed)).toBe(due);
      expect(r.transaction_id !== null).toBe(BigInt(r.paid) > 0n);
    }
    // the ledger: exactly the settlements' payments, once each
    const ledgerPaid = await t.db.one<{ s: string; n: number }>(
      `SELECT coalesce(sum(e.amount), 0)::text AS s, count(*)::int AS n FROM ledger_transactions x
         JOIN ledger_entries e ON e.transaction_id = x.id JOIN ledger_accounts a ON a.id = e.account_id
        WHERE x.idempotency_key LIKE $1 AND a.member_id = $2`,
      [`agent:${id}:%`, c.downline_id],
    );
    expect(ledgerPaid!.s).toBe(String(rows.reduce((s, r) => s + BigInt(r.paid), 0n)));
    expect(ledgerPaid!.n).toBe(rows.filter((r) => r.transaction_id !== null).length);
  }
  expect(a + c).toBeGreaterThan(0);
  // the poor agent paid what it had (150 poisha) and owes the rest; its balance is 0, never below
  const poorRows = await t.db.one<{ paid: string; owed: string }>(
    'SELECT sum(paid)::text AS paid, sum(owed)::text AS owed FROM agent_settlements WHERE contract_id = $1',
    [contracts[4]],
  );
  expect(poorRows).toEqual({ paid: '150', owed: String(7 * 100 - 150) });
  expect(
    (await t.db.one<{ b: string }>(
      `SELECT balance::text AS b FROM ledger_accounts WHERE member_id = $1 AND kind = 'MEMBER_MAIN'`,
      [poor.id],
    ))!.b,
  ).toBe('0');
});

it('a window is settled only once it has ended; a terminated contract stops at its end', async () => {
  const top = await member(1);
  const sub = await member(2, top.account);
  const p = await member(0, sub.account);
  await fund(top.id, 1_000_00n);
  const id = await contract(top.account, sub, 100, new Date(NOW.getTime() - 3 * WINDOW));
  await settledBet(p.id, 5000, 0, new Date(NOW.getTime() - 1000)); // in the current window
  await settleDue(t.db, t.app.ledger, NOW, { realtimeWindowMs: WINDOW });
  const count = async () =>
    (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM agent_settlements WHERE contract_id = $1', [id]))!.n;
  expect(await count()).toBe(3);
  await t.db.query(`UPDATE agent_contracts SET status = 'TERMINATED', ended_at = $2 WHERE id = $1`, [id, NOW]);
  clock.now = new Date(NOW.getTime() + 5 * WINDOW);
  try {
    await t.app.inject({ method: 'POST', url: '/ops/agents/settle', headers: { 'x-ops-key': TEST_OPS_KEY } });
    expect(await count()).toBe(4);
    const last = await t.db.one<{ paid: string }>(
      'SELECT paid::text FROM agent_settlements WHERE contract_id = $1 ORDER BY window_start DESC LIMIT 1',
      [id],
    );
    expect(last!.paid).toBe('50'); // 1 % of 5000, the bet before the end
  } finally {
    clock.now = NOW;
  }
});

it('what a payer owed is collected once it has money again, through the ledger, exactly once across servers', async () => {
  const poor = await member(1);
  const sub = await member(2, poor.account);
  const p = await member(0, sub.account);
  await fund(poor.id, 100n);
  const id = await contract(poor.account, sub, 100, new Date(NOW.getTime() - 4 * WINDOW));
  for (let m = 4; m >= 1; m--) await settledBet(p.id, 20_000, 0, new Date(NOW.getTime() - m * WINDOW + 1000));
  await settleDue(t.db, t.app.ledger, NOW, { realtimeWindowMs: WINDOW });
  const debt = async () =>
    (await t.db.one<{ paid: string; owed: string; collected: string }>(
      `SELECT sum(paid)::text AS paid, sum(owed)::text AS owed, sum(collected)::text AS collected
         FROM agent_settlements WHERE contract_id = $1`,
      [id],
    ))!;
  const balance = async (memberId: number) =>
    (await t.db.one<{ b: string }>(
      `SELECT balance::text AS b FROM ledger_accounts WHERE member_id = $1 AND kind = 'MEMBER_MAIN'`,
      [memberId],
    ))!.b;
  // 4 windows × 1 % of 20,000: 800 due, 100 paid, 700 owed; nothing to collect from an empty wallet
  expect(await debt()).toEqual({ paid: '100', owed: '700', collected: '0' });
  expect(await collectOwed(t.db, t.app.ledger)).toBe(0);

  // the payer gets 450: two servers collect at once, one of them failing midway; 450 is collected once
  await fund(poor.id, 450n);
  const ledger2 = createLedger(db2);
  let failed = false;
  const [a, b, c] = await Promise.all([
    collectOwed(db2, ledger2, {
      afterPost: () => {
        if (failed) return;
        failed = true;
        throw new Error('killed mid-run');
      },
    }).catch((e: Error) => e.message),
    collectOwed(t.db, t.app.ledger),
    collectOwed(db2, ledger2),
  ]);
  expect(a === 'killed mid-run' || typeof a === 'number').toBe(true);
  expect(typeof b === 'number' && typeof c === 'number').toBe(true);
  expect(await debt()).toEqual({ paid: '100', owed: '700', collected: '450' });
  expect(await balance(poor.id)).toBe('0');

  // later the payer has plenty: the schedule's run collects the rest, and nothing more after that
  await fund(poor.id, 10_000n);
  expect(await t.app.jobs.runNow('agent.settlement')).toBe(true);
  expect(await debt()).toEqual({ paid: '100', owed: '700', collected: '700' });
  expect(await collectOwed(t.db, t.app.ledger)).toBe(0);
  expect(await balance(poor.id)).toBe(String(10_000 - 250));
  expect(await balance(sub.id)).toBe('800');
  // the ledger: the collections are the payee's entries under their own keys, and they sum to the debt
  const coll = (await t.db.one<{ s: string; n: number; k: number }>(
    `SELECT coalesce(sum(e.amount), 0)::text AS s, count(*)::int AS n, count(DISTINCT x.idempotency_key)::int AS k
       FROM ledger_transactions x JOIN ledger_entries e ON e.transaction_id = x.id JOIN ledger_accounts acc ON acc.id = e.account_id
      WHERE x.idempotency_key LIKE $1 AND acc.member_id = $2`,
    [`agent-owed:agent:${id}:%`, sub.id],
  ))!;
  expect(coll.s).toBe('700');
  expect(coll.n).toBe(coll.k);
  const recorded = (await t.db.one<{ s: string; n: number }>(
    `SELECT sum(c.amount)::text AS s, count(*)::int AS n FROM agent_owed_collections c
       JOIN agent_settlements s ON s.settlement_key = c.settlement_key WHERE s.contract_id = $1`,
    [id],
  ))!;
  expect(recorded).toEqual({ s: '700', n: coll.n });
  // the agent's page: everything paid, nothing owed, and the income is the same
  const token = (await opsCall(t.app, 'POST', '/ops/sessions', { account: sub.account })).body.value.token;
  const page = await t.app.inject({
    method: 'GET',
    url: '/wps/agent/settlements?kind=REALTIME&range=CUSTOM&from=2026-11-19&to=2026-11-20',
    headers: { authorization: token },
  });
  expect(page.json().value.totals).toEqual({ amount: '800', paid: '800', owed: '0' });
});

it('a bet rolled back after its window was settled: the salary paid on it is clawed back once; what the agent lacks is owed', async () => {
  const top = await member(1);
  const sub = await member(2, top.account);
  const p = await member(0, sub.account);
  const poor = await member(1);
  const poorSub = await member(2, poor.account);
  const poorPlayer = await member(0, poorSub.account);
  await fund(top.id, 100_000n);
  await fund(poor.id, 100n);
  const id = await contract(top.account, sub, 100, new Date(NOW.getTime() - 3 * WINDOW));
  const poorId = await contract(poor.account, poorSub, 100, new Date(NOW.getTime() - 3 * WINDOW));
  const at = (m: number) => new Date(NOW.getTime() - m * WINDOW + 1000);
  await settledBet(p.id, 10_000, 0, at(3));
  await settledBet(p.id, 20_000, 0, at(2));
  await settledBet(poorPlayer.id, 20_000, 0, at(2));
  await settleDue(t.db, t.app.ledger, NOW, { realtimeWindowMs: WINDOW });
  const balance = async (memberId: number) =>
    (await t.db.one<{ b: string }>(
      `SELECT balance::text AS b FROM ledger_accounts WHERE member_id = $1 AND kind = 'MEMBER_MAIN'`,
      [memberId],
    ))!.b;
  expect(await balance(sub.id)).toBe('300');
  expect(await balance(poorSub.id)).toBe('100'); // 200 due, the poor agent had 100: 100 owed
  // the sub-agent spends all but 50 of it
  await t.app.ledger.post({
    key: `st-spend:${sub.id}`,
    kind: 'WITHDRAWAL',
    memberId: sub.id,
    createdBy: 'system',
    legs: [
      { account: { member: sub.id }, amount: -250n },
      { account: { house: 'PAYMENT_CLEARING' }, amount: 250n },
    ],
  });
  // the vendor rolls the 20,000 bets back (as the seamless wallet does: out of the figures, at its own time)
  await t.db.query(
    `UPDATE bet_records SET status = 'ROLLED_BACK', valid_bet = 0, settled_at = $2, updated_at = $2
      WHERE member_id = ANY($1::bigint[]) AND valid_bet = 20000`,
    [[p.id, poorPlayer.id], NOW],
  );

  // two servers at once, one failing midway: each window is clawed back once
  const ledger2 = createLedger(db2);
  let failed = false;
  await Promise.all([
    clawBackRollbacks(db2, ledger2, {
      afterPost: () => {
        if (failed) return;
        failed = true;
        throw new Error('killed mid-run');
      },
    }).catch(() => undefined),
    clawBackRollbacks(t.db, t.app.ledger),
    clawBackRollbacks(db2, ledger2),
  ]);
  expect(await t.app.jobs.runNow('agent.settlement')).toBe(true); // the schedule's run finds the rest, if any
  expect(await clawBackRollbacks(t.db, t.app.ledger)).toBe(0);

  const claws = await t.db.query<{ contract_id: string; amount: string; forgiven: string; taken: string; owed: string }>(
    `SELECT s.contract_id::text AS contract_id, c.amount::text, c.forgiven::text, c.taken::text, c.owed::text FROM agent_clawbacks c
       JOIN agent_settlements s ON s.settlement_key = c.settlement_key WHERE s.contract_id = ANY($1::bigint[]) ORDER BY s.contract_id`,
    [[id, poorId]],
  );
  expect(claws).toEqual([
    // the sub-agent had 50 left: 50 taken back to the top agent, 150 owed by the sub-agent
    { contract_id: String(id), amount: '200', forgiven: '0', taken: '50', owed: '150' },
    // the poor agent's 100 still owed is forgiven, the 100 paid goes back to it
    { contract_id: String(poorId), amount: '200', forgiven: '100', taken: '100', owed: '0' },
  ]);
  expect(await balance(sub.id)).toBe('0');
  expect(await balance(top.id)).toBe(String(100_000 - 300 + 50));
  expect(await balance(poorSub.id)).toBe('0');
  expect(await balance(poor.id)).toBe('100');
  // the sub-agent gets money again: the schedule's run collects the 150 it owes back, once
  await fund(sub.id, 1000n);
  expect(await t.app.jobs.runNow('agent.settlement')).toBe(true);
  expect(await collectClawbackDebts(t.db, t.app.ledger)).toBe(0);
  expect(await balance(sub.id)).toBe('850');
  expect(await balance(top.id)).toBe(String(100_000 - 300 + 200));
  // nothing is collected for a debt forgiven
  await fund(poor.id, 1000n);
  expect(await collectOwed(t.db, t.app.ledger)).toBe(0);
  // the ledger: one posting per clawback taken, under its own key
  const posted = await t.db.query<{ k: string }>(
    `SELECT idempotency_key AS k FROM ledger_transactions WHERE idempotency_key LIKE 'agent-claw:agent:${id}:%'
        OR idempotency_key LIKE 'agent-claw:agent:${poorId}:%' ORDER BY 1`,
  );
  expect(posted).toHaveLength(2); // the clawbacks themselves (the later collection has its own key)
  const sums = (await t.db.one<{ s: string }>(
    `SELECT coalesce(sum(e.amount), 0)::text AS s FROM ledger_transactions x JOIN ledger_entries e ON e.transaction_id = x.id
      WHERE x.idempotency_key LIKE 'agent-claw:%' AND x.idempotency_key = ANY($1)`,
    [posted.map((r) => r.k)],
  ))!;
  expect(sums.s).toBe('0'); // balanced
  // the sub-agent's payments page: the window now pays 100 (the bet left in it)
  const token = (await opsCall(t.app, 'POST', '/ops/sessions', { account: sub.account })).body.value.token;
  const page = await t.app.inject({
    method: 'GET',
    url: '/wps/agent/settlements?kind=REALTIME&range=CUSTOM&from=2026-11-19&to=2026-11-20',
    headers: { authorization: token },
  });
  expect(page.json().value.totals.amount).toBe('100');
});

// a second API on the same database builds without applying migrations again
it('a second server instance starts on the same database', async () => {
  const app2 = await buildApi({ db: db2, migrate: false, jobs: false, opsKey: TEST_OPS_KEY, docsUi: false });
  expect(app2.jobs.names).toContain('agent.settlement');
  await app2.close();
});
