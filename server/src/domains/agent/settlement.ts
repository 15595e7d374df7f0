// Paying contracts (issue 11): real-time salary per 5-minute window, hourly wages per hour, daily
// wages per Asia/Dhaka day, dividends per period (D day, W week from Monday, H half month, M month).
//
// Exactly once per contract and window, however many servers run the schedule and whatever
// crashes: a window is settled in ONE transaction that first inserts its agent_settlements row
// (primary key: the settlement key), then posts the payment to the ledger under the same key and
// advances the contract's cursor. A second server blocks on the row until the first commits and
// then finds it (ON CONFLICT DO NOTHING: nothing to do); a crash rolls everything back and the next
// run settles the window. The cursor (settled_through) only spares work: the key decides. Windows
// missed while no server ran are settled at the next run, oldest first.
import { addDays, dhakaDay, dhakaDayStart } from '@khela/api/records';
import type { ContractKind, ContractPeriod } from '@khela/api/agent';
import type { Db, Queryable } from '../../db/db';
import type { Ledger, LedgerTx } from '../wallet/ledger';
import type { ContractRow } from './contracts';
import { TEAM_CTE, uplinesOf } from './tree';

export interface SettlementOptions {
  /** the real-time salary window (default 5 minutes; the e2e server shortens it) */
  realtimeWindowMs?: number;
  /** test hook: called inside a window's transaction after the payment was posted */
  afterPost?: (key: string) => Promise<void> | void;
  /** at most this many windows per run (the rest at the next run) */
  maxWindows?: number;
}

export const REALTIME_WINDOW_MS = 5 * 60_000;
const HOUR_MS = 3_600_000;

export const LEDGER_KINDS: Record<ContractKind, string> = {
  REALTIME: 'AGENT_REALTIME_SALARY',
  HOURLY: 'AGENT_HOURLY_SALARY',
  DAILY: 'AGENT_DAILY_SALARY',
  DIVIDEND: 'AGENT_DIVIDEND',
};

const floorTo = (t: Date, ms: number) => new Date(Math.floor(t.getTime() / ms) * ms);

/** The window of `kind` (and a dividend's period) that contains instant `t`. */
export function windowAt(kind: ContractKind, period: ContractPeriod, t: Date, realtimeMs = REALTIME_WINDOW_MS) {
  if (kind === 'REALTIME') {
    const start = floorTo(t, realtimeMs);
    return { start, end: new Date(start.getTime() + realtimeMs) };
  }
  if (kind === 'HOURLY') {
    const start = floorTo(t, HOUR_MS);
    return { start, end: new Date(start.getTime() + HOUR_MS) };
  }
  const day = dhakaDay(t);
  if (kind === 'DAILY' || period === 'D') return { start: dhakaDayStart(day), end: dhakaDayStart(addDays(day, 1)) };
  if (period === 'W') {
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
    const first = addDays(day, -weekday);
    return { start: dhakaDayStart(first), end: dhakaDayStart(addDays(first, 7)) };
  }
  const [y, m, d] = day.split('-').map(Number);
  const ym = `${y}-${String(m).padStart(2, '0')}`;
  const nextMonth = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  if (period === 'H')
    return d <= 15
      ? { start: dhakaDayStart(`${ym}-01`), end: dhakaDayStart(`${ym}-16`) }
      : { start: dhakaDayStart(`${ym}-16`), end: dhakaDayStart(nextMonth) };
  return { start: dhakaDayStart(`${ym}-01`), end: dhakaDayStart(nextMonth) };
}

/** What a window earns: rate × the team's valid bet (a dividend: × the team's loss), when the thresholds are met. */
export function amountDue(
  c: Pick<ContractRow, 'kind' | 'rate_bp' | 'min_active_members' | 'min_valid_bet'>,
  figures: { activeMembers: number; validBet: bigint; profit: bigint },
): bigint {
  if (figures.activeMembers < c.min_active_members || figures.validBet < BigInt(c.min_valid_bet)) return 0n;
  const base = c.kind === 'DIVIDEND' ? (figures.profit < 0n ? -figures.profit : 0n) : figures.validBet;
  return (base * BigInt(c.rate_bp)) / 10_000n;
}

/** The team's (everyone below the downline, as in its team reports) settled bets in [from, to). */
export async function teamFigures(q: Queryable, memberId: number, from: Date, to: Date) {
  const row = await q.one<{ active: number; valid_bet: string; profit: string }>(
    `WITH RECURSIVE ${TEAM_CTE}
     SELECT count(DISTINCT b.member_id)::int AS active, coalesce(sum(b.valid_bet), 0)::text AS valid_bet,
            coalesce(sum(b.payout - b.stake), 0)::text AS profit
       FROM bet_records b
      WHERE b.member_id IN (SELECT id FROM team)
        AND b.status = 'SETTLED' AND b.settled_at >= $2 AND b.settled_at < $3`,
    [memberId, from, to],
  );
  return { activeMembers: row?.active ?? 0, validBet: BigInt(row?.valid_bet ?? 0), profit: BigInt(row?.profit ?? 0) };
}

export const settlementKey = (contractId: number, windowStart: Date) => `agent:${contractId}:${windowStart.toISOString()}`;

/** Settles one window of one contract; false when it was settled already (by anyone). */
async function settleWindow(
  tx: LedgerTx,
  c: ContractRow,
  w: { start: Date; end: Date },
  opts: SettlementOptions,
): Promise<boolean> {
  const q = tx.q;
  const key = settlementKey(Number(c.id), w.start);
  const from = new Date(Math.max(w.start.getTime(), c.accepted_at!.getTime()));
  const to = new Date(Math.min(w.end.getTime(), c.ended_at?.getTime() ?? Infinity));
  const payee = Number(c.downline_id);
  const payer = c.upline_id === null ? null : Number(c.upline_id);
  const claimed = await q.one(
    `INSERT INTO agent_settlements (settlement_key, contract_id, kind, payee_id, payer_id, window_start, window_end,
                                    active_members, valid_bet, profit, amount, paid, owed)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 0, 0, 0, 0, 0, 0) ON CONFLICT DO NOTHING RETURNING 1`,
    [key, c.id, c.kind, payee, payer, w.start, w.end],
  );
  if (!claimed) return false;
  const f = from < to ? await teamFigures(q, payee, from, to) : { activeMembers: 0, validBet: 0n, profit: 0n };
  const amount = amountDue(c, f);
  let paid = amount;
  if (payer !== null && amount > 0n) {
    const bal = await q.one<{ balance: string }>(
      `SELECT balance::text FROM ledger_accounts WHERE member_id = $1 AND kind = 'MEMBER_MAIN' FOR UPDATE`,
      [payer],
    );
    const available = BigInt(bal?.balance ?? 0);
    if (available < paid) paid = available;
  }
  let transactionId: number | null = null;
  if (paid > 0n) {
    const r = await tx.post({
      key,
      kind: LEDGER_KINDS[c.kind],
      memberId: payee,
      reference: `C${c.id}`,
      createdBy: 'system',
      meta: { contractId: Number(c.id), windowStart: w.start.toISOString(), windowEnd: w.end.toISOString(), payer },
      legs: [
        { account: { member: payee }, amount: paid },
        { account: payer === null ? { house: 'AGENT_SALARIES' } : { member: payer }, amount: -paid },
      ],
    });
    transactionId = r.transactionId;
  }
  await opts.afterPost?.(key);
  await q.query(
    `UPDATE agent_settlements SET active_members = $2, valid_bet = $3, profit = $4, amount = $5, paid = $6, owed = $7,
            transaction_id = $8 WHERE settlement_key = $1`,
    [
      key,
      f.activeMembers,
      f.validBet.toString(),
      f.profit.toString(),
      amount.toString(),
      paid.toString(),
      (amount - paid).toString(),
      transactionId,
    ],
  );
  return true;
}

/**
 * Settles every due window of every contract that was ever accepted: from its cursor (or its
 * acceptance) to the last window that ended by `now` and began before the contract ended.
 * Answers how many windows this run settled.
 */
export async function settleDue(db: Db, ledger: Ledger, now: Date, opts: SettlementOptions = {}, signal?: AbortSignal) {
  const realtimeMs = opts.realtimeWindowMs ?? REALTIME_WINDOW_MS;
  const contracts = await db.query<ContractRow>(
    `SELECT * FROM agent_contracts WHERE accepted_at IS NOT NULL
        AND (settled_through IS NULL OR settled_through < coalesce(ended_at, 'infinity'::timestamptz)) ORDER BY id`,
  );
  let budget = opts.maxWindows ?? 5000;
  let settled = 0;
  for (const c of contracts) {
    let cursor = c.settled_through ?? windowAt(c.kind, c.period, c.accepted_at!, realtimeMs).start;
    const stop = c.ended_at ?? now;
    for (;;) {
      if (signal?.aborted || budget <= 0) return settled;
      const w = windowAt(c.kind, c.period, cursor, realtimeMs);
      if (w.end > now || w.start >= stop) break;
      budget--;
      const did = await ledger.transact(async (tx) => {
        const done = await settleWindow(tx, c, w, opts);
        await tx.q.query(
          `UPDATE agent_contracts SET settled_through = GREATEST(coalesce(settled_through, $2), $2) WHERE id = $1`,
          [c.id, w.end],
        );
        return done;
      });
      if (did) settled++;
      cursor = w.end;
    }
  }
  return settled;
}

export const collectionKey = (settlementKey: string, collectedBefore: bigint) => `agent-owed:${settlementKey}:${collectedBefore}`;

/**
 * Collects what payers owe (a settlement they could not cover in full), oldest first: each payer
 * pays what its main wallet holds now, up to the rest owed. One transaction per settlement: it locks
 * the settlement row, posts the payment under its own key (the settlement's key and how much had
 * been collected before) and records it; a second server waits on the row and then sees the debt
 * smaller (or settled), so no poisha is collected twice. Answers how many collections were made.
 */
export async function collectOwed(db: Db, ledger: Ledger, opts: SettlementOptions = {}, signal?: AbortSignal) {
  const owing = await db.query<{ settlement_key: string }>(
    `SELECT settlement_key FROM agent_settlements WHERE owed > collected + forgiven AND payer_id IS NOT NULL
      ORDER BY window_start, settlement_key LIMIT $1`,
    [opts.maxWindows ?? 5000],
  );
  const broke = new Set<string>(); // payers found with an empty wallet in this run
  let made = 0;
  for (const { settlement_key } of owing) {
    if (signal?.aborted) break;
    const did = await ledger.transact(async (tx) => {
      const s = await tx.q.one<{
        contract_id: string;
        kind: ContractKind;
        payee_id: string;
        payer_id: string;
        window_start: Date;
        window_end: Date;
        owed: string;
        collected: string;
        forgiven: string;
      }>(
        `SELECT contract_id, kind, payee_id, payer_id, window_start, window_end, owed::text, collected::text, forgiven::text
           FROM agent_settlements WHERE settlement_key = $1 FOR UPDATE`,
        [settlement_key],
      );
      if (!s || broke.has(s.payer_id)) return false;
      const collected = BigInt(s.collected);
      const rest = BigInt(s.owed) - collected - BigInt(s.forgiven); // a clawback may have forgiven part of it
      if (rest <= 0n) return false;
      const bal = await tx.q.one<{ balance: string }>(
        `SELECT balance::text FROM ledger_accounts WHERE member_id = $1 AND kind = 'MEMBER_MAIN' FOR UPDATE`,
        [s.payer_id],
      );
      const take = BigInt(bal?.balance ?? 0) < rest ? BigInt(bal?.balance ?? 0) : rest;
      if (take <= 0n) {
        broke.add(s.payer_id);
        return false;
      }
      const key = collectionKey(settlement_key, collected);
      const payee = Number(s.payee_id);
      const payer = Number(s.payer_id);
      const r = await tx.post({
        key,
        kind: LEDGER_KINDS[s.kind],
        memberId: payee,
        reference: `C${s.contract_id}`,
        createdBy: 'system',
        meta: {
          contractId: Number(s.contract_id),
          windowStart: s.window_start.toISOString(),
          windowEnd: s.window_end.toISOString(),
          payer,
          owedCollected: settlement_key,
        },
        legs: [
          { account: { member: payee }, amount: take },
          { account: { member: payer }, amount: -take },
        ],
      });
      await tx.q.query(
        `INSERT INTO agent_owed_collections (collection_key, settlement_key, amount, transaction_id) VALUES ($1, $2, $3, $4)`,
        [key, settlement_key, take.toString(), r.transactionId],
      );
      await opts.afterPost?.(key);
      await tx.q.query(`UPDATE agent_settlements SET collected = collected + $2 WHERE settlement_key = $1`, [
        settlement_key,
        take.toString(),
      ]);
      return true;
    });
    if (did) made++;
  }
  return made;
}

export const clawbackKey = (settlementKey: string, clawedBefore: bigint) => `agent-claw:${settlementKey}:${clawedBefore}`;

/**
 * Claws back what settled windows paid on bets rolled back since (a rollback moves the bet out of
 * its window's figures). Each rolled-back bet is looked at once: every settled window of its
 * uplines' contracts between the bet's placing and its rollback is recomputed, and one that is now
 * due less than it was settled for gives the difference back, in its own transaction with the
 * settlement row locked (see migration 0047: forgiven first, then posted from the payee to the
 * payer under the clawback's own key, what the payee lacks recorded as owed by it). A window
 * recomputed again finds nothing more to claw back, so a crash between the windows and the bet's
 * check costs only work. A bet is looked at a minute after its rollback, so that a settlement that
 * read it before the rollback has committed by then. Answers how many clawbacks were made.
 */
export async function clawBackRollbacks(db: Db, ledger: Ledger, opts: SettlementOptions = {}, signal?: AbortSignal) {
  const bets = await db.query<{ id: string; member_id: string; placed_at: Date; updated_at: Date }>(
    `SELECT b.id, b.member_id, b.placed_at, b.updated_at FROM bet_records b
      WHERE b.status = 'ROLLED_BACK' AND b.updated_at < now() - interval '1 minute' AND NOT EXISTS (SELECT 1 FROM agent_rollback_checks c WHERE c.bet_id = b.id)
      ORDER BY b.updated_at, b.id LIMIT $1`,
    [opts.maxWindows ?? 5000],
  );
  let made = 0;
  for (const bet of bets) {
    if (signal?.aborted) break;
    const uplines = (await uplinesOf(db, Number(bet.member_id))).map((u) => u.id);
    const windows = uplines.length
      ? await db.query<{ settlement_key: string }>(
          `SELECT settlement_key FROM agent_settlements
            WHERE payee_id = ANY($1::bigint[]) AND window_end > $2 AND window_start <= $3 AND amount > clawed_back
            ORDER BY window_start, settlement_key`,
          [uplines, bet.placed_at, bet.updated_at],
        )
      : [];
    for (const { settlement_key } of windows) {
      if (signal?.aborted) return made;
      if (await ledger.transact((tx) => clawBackWindow(tx, settlement_key, Number(bet.id), opts))) made++;
    }
    await db.query('INSERT INTO agent_rollback_checks (bet_id) VALUES ($1) ON CONFLICT DO NOTHING', [bet.id]);
  }
  return made;
}

async function clawBackWindow(tx: LedgerTx, settlementKey: string, betId: number, opts: SettlementOptions) {
  const q = tx.q;
  const s = await q.one<{
    contract_id: string;
    kind: ContractKind;
    payee_id: string;
    payer_id: string | null;
    window_start: Date;
    window_end: Date;
    amount: string;
    owed: string;
    collected: string;
    forgiven: string;
    clawed_back: string;
  }>(
    `SELECT contract_id, kind, payee_id, payer_id, window_start, window_end, amount::text, owed::text, collected::text,
            forgiven::text, clawed_back::text FROM agent_settlements WHERE settlement_key = $1 FOR UPDATE`,
    [settlementKey],
  );
  if (!s) return false;
  const c = (await q.one<ContractRow>('SELECT * FROM agent_contracts WHERE id = $1', [s.contract_id]))!;
  const from = new Date(Math.max(s.window_start.getTime(), c.accepted_at!.getTime()));
  const to = new Date(Math.min(s.window_end.getTime(), c.ended_at?.getTime() ?? Infinity));
  const payee = Number(s.payee_id);
  const f = from < to ? await teamFigures(q, payee, from, to) : { activeMembers: 0, validBet: 0n, profit: 0n };
  const clawed = BigInt(s.clawed_back);
  const excess = BigInt(s.amount) - clawed - amountDue(c, f);
  if (excess <= 0n) return false;
  // what the payer still owes for the window is forgiven first; the rest goes back from the payee
  const unpaid = BigInt(s.owed) - BigInt(s.collected) - BigInt(s.forgiven);
  const forgiven = unpaid < excess ? unpaid : excess;
  let back = excess - forgiven;
  const payer = s.payer_id === null ? null : Number(s.payer_id);
  const key = clawbackKey(settlementKey, clawed);
  let transactionId: number | null = null;
  if (back > 0n) {
    const bal = await q.one<{ balance: string }>(
      `SELECT balance::text FROM ledger_accounts WHERE member_id = $1 AND kind = 'MEMBER_MAIN' FOR UPDATE`,
      [payee],
    );
    const available = BigInt(bal?.balance ?? 0);
    const taken = available < back ? available : back;
    if (taken > 0n) {
      const r = await tx.post({
        key,
        kind: LEDGER_KINDS[s.kind],
        memberId: payee,
        reference: `C${s.contract_id}`,
        createdBy: 'system',
        meta: { contractId: Number(s.contract_id), clawback: settlementKey, betId, payer },
        legs: [
          { account: { member: payee }, amount: -taken },
          { account: payer === null ? { house: 'AGENT_SALARIES' } : { member: payer }, amount: taken },
        ],
      });
      transactionId = r.transactionId;
    }
    back -= taken;
    await q.query(
      `INSERT INTO agent_clawbacks (clawback_key, settlement_key, bet_id, amount, forgiven, taken, owed, transaction_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [key, settlementKey, betId, excess.toString(), forgiven.toString(), taken.toString(), back.toString(), transactionId],
    );
  } else {
    await q.query(
      `INSERT INTO agent_clawbacks (clawback_key, settlement_key, bet_id, amount, forgiven, taken, owed, transaction_id)
       VALUES ($1, $2, $3, $4, $5, 0, 0, NULL)`,
      [key, settlementKey, betId, excess.toString(), forgiven.toString()],
    );
  }
  await opts.afterPost?.(key);
  await q.query(
    'UPDATE agent_settlements SET clawed_back = clawed_back + $2, forgiven = forgiven + $3 WHERE settlement_key = $1',
    [settlementKey, excess.toString(), forgiven.toString()],
  );
  return true;
}

/**
 * Collects what payees owe back from clawbacks they could not cover, oldest first, when their main
 * wallet holds money again: one posting from the payee to the payer (the house for a top-level
 * agent) per collection, keyed `agent-claw-owed:<clawback key>:<collected before>`, with the clawback
 * row locked (as collectOwed). Answers how many collections were made.
 */
export async function collectClawbackDebts(db: Db, ledger: Ledger, opts: SettlementOptions = {}, signal?: AbortSignal) {
  const owing = await db.query<{ clawback_key: string }>(
    'SELECT clawback_key FROM agent_clawbacks WHERE owed > collected ORDER BY created_at, clawback_key LIMIT $1',
    [opts.maxWindows ?? 5000],
  );
  const broke = new Set<string>();
  let made = 0;
  for (const { clawback_key } of owing) {
    if (signal?.aborted) break;
    const did = await ledger.transact(async (tx) => {
      const c = await tx.q.one<{
        settlement_key: string;
        owed: string;
        collected: string;
        contract_id: string;
        kind: ContractKind;
        payee_id: string;
        payer_id: string | null;
      }>(
        `SELECT c.settlement_key, c.owed::text, c.collected::text, s.contract_id, s.kind, s.payee_id, s.payer_id
           FROM agent_clawbacks c JOIN agent_settlements s ON s.settlement_key = c.settlement_key
          WHERE c.clawback_key = $1 FOR UPDATE OF c`,
        [clawback_key],
      );
      if (!c || broke.has(c.payee_id)) return false;
      const collected = BigInt(c.collected);
      const rest = BigInt(c.owed) - collected;
      if (rest <= 0n) return false;
      const bal = await tx.q.one<{ balance: string }>(
        `SELECT balance::text FROM ledger_accounts WHERE member_id = $1 AND kind = 'MEMBER_MAIN' FOR UPDATE`,
        [c.payee_id],
      );
      const available = BigInt(bal?.balance ?? 0);
      const take = available < rest ? available : rest;
      if (take <= 0n) {
        broke.add(c.payee_id);
        return false;
      }
      const payee = Number(c.payee_id);
      const payer = c.payer_id === null ? null : Number(c.payer_id);
      const key = `agent-claw-owed:${clawback_key}:${collected}`;
      await tx.post({
        key,
        kind: LEDGER_KINDS[c.kind],
        memberId: payee,
        reference: `C${c.contract_id}`,
        createdBy: 'system',
        meta: { contractId: Number(c.contract_id), clawback: c.settlement_key, clawbackKey: clawback_key, payer },
        legs: [
          { account: { member: payee }, amount: -take },
          { account: payer === null ? { house: 'AGENT_SALARIES' } : { member: payer }, amount: take },
        ],
      });
      await opts.afterPost?.(key);
      await tx.q.query('UPDATE agent_clawbacks SET collected = collected + $2 WHERE clawback_key = $1', [
        clawback_key,
        take.toString(),
      ]);
      return true;
    });
    if (did) made++;
  }
  return made;
}
