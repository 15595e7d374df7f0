import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Db, Queryable } from '../../db/db';

/**
 * The double-entry ledger: the only place money moves (DESIGN.md, "Money and play").
 *
 * A posting is a set of legs whose amounts (poisha, `bigint`) sum to zero: positive is money into an
 * account, negative out of it. It is written in the caller's database transaction together with the
 * caller's own rows (a deposit order turning paid, a bet record), so either all of it happens or
 * none. Member balances never go below zero: the balance UPDATE carries the guard and the table a
 * CHECK; a posting that would overdraw throws INSUFFICIENT_FUNDS and its transaction must roll
 * back. Every posting has an idempotency key: posting the same key again moves nothing and answers
 * `replayed: true` (or IDEMPOTENCY_MISMATCH if it tried to move something else). Past entries are
 * never changed: `reverse()` posts the opposite legs as a new transaction.
 */

export type HouseAccount =
  | 'PAYMENT_CLEARING'
  | 'PAYMENT_FEES'
  | 'GAME_REVENUE'
  | 'MANUAL_ADJUSTMENTS'
  | 'WITHDRAWALS_PAYABLE'
  | 'VENDOR_CLEARING'
  | 'AGENT_SALARIES'
  | 'PROMOTIONS';

export type MemberWallet = 'MAIN' | 'VENDOR' | 'BONUS';

/** Which account a leg moves: a member's wallet (main by default), or a house account. */
export type AccountRef =
  | { member: number; wallet?: 'MAIN' | 'BONUS' }
  | { member: number; wallet: 'VENDOR'; vendor: string }
  | { house: HouseAccount }
  | { accountId: number };

export interface Leg {
  account: AccountRef;
  /** poisha; positive into the account, negative out of it */
  amount: bigint;
}

export interface Posting {
  /** unique per movement: the same key again moves nothing */
  key: string;
  /** what the movement is (DEPOSIT, WITHDRAWAL, BET, WIN, ROLLBACK, TRANSFER, ADJUSTMENT, …): A-Z and _ */
  kind: string;
  /** the member whose statement shows this movement (null for house-only movements) */
  memberId?: number | null;
  /** the outside reference: an order id, a vendor transaction id, a transfer reference */
  reference?: string | null;
  /** a reason, for people (an adjustment's why) */
  memo?: string | null;
  /** who made it: 'system', 'member:<id>', 'vendor:<code>', 'ops:<name>' */
  createdBy: string;
  meta?: Record<string, unknown> | null;
  /** the transaction this one reverses (set by `reverse`) */
  reverses?: number | null;
  legs: Leg[];
}

export interface AccountBalance {
  accountId: number;
  memberId: number;
  wallet: MemberWallet;
  vendor: string | null;
  balance: bigint;
}

export interface PostResult {
  transactionId: number;
  replayed: boolean;
  createdAt: Date;
  /** the member accounts of the posting with their balances after it (now, for a replay) */
  balances: AccountBalance[];
}

export type LedgerErrorCode =
  'INSUFFICIENT_FUNDS' | 'IDEMPOTENCY_MISMATCH' | 'UNBALANCED' | 'INVALID_POSTING' | 'ALREADY_REVERSED' | 'TRANSACTION_NOT_FOUND';

export class LedgerError extends Error {
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
    /** INSUFFICIENT_FUNDS: the account that could not cover its leg */
    readonly account?: { memberId: number; wallet: MemberWallet; vendor: string | null; balance: bigint },
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}

/** What a committed posting tells the rest of the platform (live balance, later badges). */
export interface Movement {
  transactionId: number;
  kind: string;
  memberIds: number[];
}

const KIND = /^[A-Z_]{2,40}$/;
const ZERO = BigInt(0);

interface MemberLeg {
  kind: 'member';
  memberId: number;
  wallet: MemberWallet;
  vendor: string | null;
  amount: bigint;
  sortKey: string;
}
interface HouseLeg {
  kind: 'house';
  house: HouseAccount;
  amount: bigint;
  sortKey: string;
}
interface IdLeg {
  kind: 'id';
  accountId: number;
  amount: bigint;
  sortKey: string;
}
type ResolvedLeg = MemberLeg | HouseLeg | IdLeg;

const ACCOUNT_KIND: Record<MemberWallet, string> = { MAIN: 'MEMBER_MAIN', VENDOR: 'MEMBER_VENDOR', BONUS: 'MEMBER_BONUS' };
const WALLET_OF: Record<string, MemberWallet> = { MEMBER_MAIN: 'MAIN', MEMBER_VENDOR: 'VENDOR', MEMBER_BONUS: 'BONUS' };

function resolveLeg(leg: Leg): ResolvedLeg {
  const a = leg.account;
  if (typeof leg.amount !== 'bigint') throw new LedgerError('INVALID_POSTING', 'amounts are bigint poisha');
  if ('house' in a) return { kind: 'house', house: a.house, amount: leg.amount, sortKey: `h:${a.house}` };
  if ('accountId' in a) {
    if (!Number.isSafeInteger(a.accountId) || a.accountId < 1) throw new LedgerError('INVALID_POSTING', 'bad account id');
    return { kind: 'id', accountId: a.accountId, amount: leg.amount, sortKey: `i:${a.accountId}` };
  }
  if (!Number.isSafeInteger(a.member) || a.member < 1) throw new LedgerError('INVALID_POSTING', 'bad member id');
  const wallet: MemberWallet = a.wallet ?? 'MAIN';
  const vendor = a.wallet === 'VENDOR' ? a.vendor : null;
  if (wallet === 'VENDOR' && !vendor) throw new LedgerError('INVALID_POSTING', 'a vendor wallet needs its vendor');
  return {
    kind: 'member',
    memberId: a.member,
    wallet,
    vendor,
    amount: leg.amount,
    sortKey: `m:${String(a.member).padStart(16, '0')}:${wallet}:${vendor ?? ''}`,
  };
}

/** The legs merged per account (zero sums dropped), in lock order, checked to balance. */
function normalise(p: Posting): ResolvedLeg[] {
  if (!KIND.test(p.kind)) throw new LedgerError('INVALID_POSTING', `bad kind ${p.kind}`);
  if (!p.key || p.key.length > 200) throw new LedgerError('INVALID_POSTING', 'an idempotency key of 1 to 200 characters');
  const byAccount = new Map<string, ResolvedLeg>();
  for (const leg of p.legs.map(resolveLeg)) {
    const seen = byAccount.get(leg.sortKey);
    if (seen) seen.amount += leg.amount;
    else byAccount.set(leg.sortKey, { ...leg });
  }
  const legs = [...byAccount.values()].filter((l) => l.amount !== ZERO).sort((a, b) => (a.sortKey < b.sortKey ? -1 : 1));
  if (legs.length < 2) throw new LedgerError('INVALID_POSTING', 'a posting moves money between at least two accounts');
  if (legs.reduce((sum, l) => sum + l.amount, ZERO) !== ZERO) throw new LedgerError('UNBALANCED', 'the legs do not sum to zero');
  return legs;
}

function fingerprintOf(p: Posting, legs: ResolvedLeg[]): string {
  const canonical = JSON.stringify([
    p.kind,
    p.memberId ?? null,
    p.reverses ?? null,
    legs.map((l) => [l.sortKey, l.amount.toString()]),
  ]);
  return createHash('sha256').update(canonical).digest('hex').slice(0, 32);
}

interface BalanceRow {
  id: number;
  kind: string;
  member_id: number;
  vendor_code: string | null;
  balance: string;
}

const toBalance = (r: BalanceRow): AccountBalance => ({
  accountId: Number(r.id),
  memberId: Number(r.member_id),
  wallet: WALLET_OF[r.kind],
  vendor: r.vendor_code,
  balance: BigInt(r.balance),
});

/** A database error raised by ledger_post (migration 0010): its SQLSTATE and DETAIL. */
interface PgError {
  code?: string;
  detail?: string;
  message: string;
}

function legJson(l: ResolvedLeg): Record<string, string | number | null> {
  const amt = l.amount.toString();
  if (l.kind === 'house') return { h: l.house, amt };
  if (l.kind === 'id') return { a: l.accountId, amt };
  return { m: l.memberId, k: ACCOUNT_KIND[l.wallet], v: l.vendor, amt };
}

/** Turns ledger_post's refusals into LedgerErrors; anything else is rethrown as it is. */
export function ledgerErrorFrom(err: unknown): unknown {
  const e = err as PgError;
  if (e?.code === 'KH001') {
    let d: { memberId?: number; kind?: string; vendor?: string | null; balance?: string } = {};
    try {
      d = JSON.parse(e.detail ?? '{}');
    } catch {
      // no detail: the refusal stands without it
    }
    return new LedgerError('INSUFFICIENT_FUNDS', 'the balance does not cover this movement', {
      memberId: Number(d.memberId),
      wallet: WALLET_OF[d.kind ?? 'MEMBER_MAIN'] ?? 'MAIN',
      vendor: d.vendor ?? null,
      balance: BigInt(d.balance ?? '0'),
    });
  }
  if (e?.code === 'KH002') return new LedgerError('IDEMPOTENCY_MISMATCH', e.message);
  if (e?.code === 'KH003') return new LedgerError('INVALID_POSTING', e.message);
  return err;
}

/**
 * Posts one movement inside the caller's transaction `q`: the legs are checked and put in lock
 * order here, then the database function ledger_post writes them in one round trip. Throws
 * LedgerError; after a throw the caller's transaction must roll back.
 */
export async function post(q: Queryable, p: Posting): Promise<PostResult> {
  const legs = normalise(p);
  let row: { transaction_id: number; replayed: boolean; created_at: Date; balances: unknown } | null;
  try {
    row = await q.one(
      `SELECT transaction_id, replayed, created_at, balances FROM ledger_post($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb)`,
      [
        p.key,
        p.kind,
        p.memberId ?? null,
        p.reference ?? null,
        p.reverses ?? null,
        p.memo ?? null,
        p.createdBy,
        fingerprintOf(p, legs),
        p.meta ? JSON.stringify(p.meta) : null,
        JSON.stringify(legs.map(legJson)),
      ],
    );
  } catch (err) {
    throw ledgerErrorFrom(err);
  }
  const balances = (typeof row!.balances === 'string' ? JSON.parse(row!.balances) : row!.balances) as {
    accountId: number;
    memberId: number;
    kind: string;
    vendor: string | null;
    balance: string;
  }[];
  return {
    transactionId: Number(row!.transaction_id),
    replayed: row!.replayed,
    createdAt: row!.created_at,
    balances: balances.map((b) => ({
      accountId: Number(b.accountId),
      memberId: Number(b.memberId),
      wallet: WALLET_OF[b.kind],
      vendor: b.vendor,
      balance: BigInt(b.balance),
    })),
  };
}

/**
 * Posts the opposite of transaction `transactionId` (every leg negated) as a new transaction that
 * names it. A transaction is reversed at most once (ALREADY_REVERSED); a reversal that would
 * overdraw a member throws INSUFFICIENT_FUNDS.
 */
export async function reverse(
  q: Queryable,
  transactionId: number,
  r: { key: string; kind?: string; createdBy: string; memo?: string | null; meta?: Record<string, unknown> | null },
): Promise<PostResult> {
  const original = await q.one<{ id: number; member_id: number | null; reference: string | null }>(
    `SELECT id, member_id, reference FROM ledger_transactions WHERE id = $1`,
    [transactionId],
  );
  if (!original) throw new LedgerError('TRANSACTION_NOT_FOUND', `no transaction ${transactionId}`);
  const earlier = await q.one<{ idempotency_key: string }>(
    `SELECT idempotency_key FROM ledger_transactions WHERE reverses_id = $1`,
    [transactionId],
  );
  const entries = await q.query<{ account_id: number; amount: string }>(
    `SELECT account_id, amount::text FROM ledger_entries WHERE transaction_id = $1 ORDER BY id`,
    [transactionId],
  );
  const posting: Posting = {
    key: r.key,
    kind: r.kind ?? 'REVERSAL',
    memberId: original.member_id === null ? null : Number(original.member_id),
    reference: original.reference,
    memo: r.memo ?? null,
    createdBy: r.createdBy,
    meta: r.meta ?? null,
    reverses: transactionId,
    legs: entries.map((e) => ({ account: { accountId: Number(e.account_id) }, amount: -BigInt(e.amount) })),
  };
  if (earlier && earlier.idempotency_key !== r.key) {
    throw new LedgerError('ALREADY_REVERSED', `transaction ${transactionId} was reversed already`);
  }
  return post(q, posting);
}

/** A member's wallets with their balances (accounts that exist; a missing main wallet is 0). */
export async function memberAccounts(q: Queryable, memberId: number): Promise<AccountBalance[]> {
  const rows = await q.query<BalanceRow>(
    `SELECT id, kind, member_id, vendor_code, balance::text FROM ledger_accounts WHERE member_id = $1 ORDER BY id`,
    [memberId],
  );
  return rows.map(toBalance);
}

/** One member wallet's balance (0 when it was never used). */
export async function balanceOf(
  q: Queryable,
  memberId: number,
  wallet: MemberWallet = 'MAIN',
  vendor: string | null = null,
): Promise<bigint> {
  const row = await q.one<{ balance: string }>(
    `SELECT balance::text FROM ledger_accounts WHERE member_id = $1 AND kind = $2 AND coalesce(vendor_code, '') = $3`,
    [memberId, ACCOUNT_KIND[wallet], vendor ?? ''],
  );
  return BigInt(row?.balance ?? '0');
}

/** A house account's balance: the sum of its entries. */
export async function houseBalance(q: Queryable, house: HouseAccount): Promise<bigint> {
  const row = await q.one<{ total: string }>(
    `SELECT coalesce(sum(e.amount), 0)::text AS total FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id WHERE a.house_code = $1`,
    [house],
  );
  return BigInt(row!.total);
}

export interface AuditReport {
  /** the sum of every entry (always 0 in a sound ledger) */
  total: bigint;
  transactions: number;
  entries: number;
  anomalies: string[];
}

/**
 * Checks the ledger as a whole: every entry sums to zero, every transaction balances, every member
 * account's running balance equals the sum of its entries and its last balance_after, and none is
 * negative. Read-only; used by tests, the benchmark and the operators' audit.
 */
export async function audit(q: Queryable): Promise<AuditReport> {
  const anomalies: string[] = [];
  const totals = await q.one<{ total: string; entries: number; transactions: number }>(
    `SELECT coalesce(sum(amount), 0)::text AS total, count(*)::int AS entries,
            (SELECT count(*)::int FROM ledger_transactions) AS transactions FROM ledger_entries`,
  );
  const total = BigInt(totals!.total);
  if (total !== ZERO) anomalies.push(`the entries sum to ${total}, not 0`);
  const unbalanced = await q.query<{ transaction_id: number }>(
    `SELECT transaction_id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount) <> 0 LIMIT 20`,
  );
  for (const r of unbalanced) anomalies.push(`transaction ${r.transaction_id} does not balance`);
  const empty = await q.query<{ id: number }>(
    `SELECT t.id FROM ledger_transactions t WHERE NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transaction_id = t.id) LIMIT 20`,
  );
  for (const r of empty) anomalies.push(`transaction ${r.id} has no entries`);
  const drift = await q.query<{ id: number; balance: string; summed: string; last_after: string | null }>(
    `SELECT a.id, a.balance::text, coalesce(s.summed, 0)::text AS summed, l.balance_after::text AS last_after
       FROM ledger_accounts a
       LEFT JOIN (SELECT account_id, sum(amount) AS summed FROM ledger_entries GROUP BY account_id) s ON s.account_id = a.id
       LEFT JOIN LATERAL (SELECT balance_after FROM ledger_entries e WHERE e.account_id = a.id ORDER BY e.id DESC LIMIT 1) l ON true
      WHERE a.kind <> 'HOUSE'
        AND (a.balance <> coalesce(s.summed, 0) OR a.balance < 0 OR (l.balance_after IS NOT NULL AND l.balance_after <> a.balance))
      LIMIT 20`,
  );
  for (const r of drift) {
    anomalies.push(
      `account ${r.id}: balance ${r.balance}, entries sum to ${r.summed}, last balance_after ${r.last_after ?? '-'}`,
    );
  }
  return { total, transactions: totals!.transactions, entries: totals!.entries, anomalies };
}

/** The ledger as the app uses it: postings in a transaction, and movements published after commit. */
export interface LedgerTx {
  readonly q: Queryable;
  post(p: Posting): Promise<PostResult>;
  reverse(transactionId: number, r: Parameters<typeof reverse>[2]): Promise<PostResult>;
}

export interface Ledger {
  /**
   * Runs `fn` in one database transaction. The movements it posts are published (`onMovement`)
   * after the commit, never for a rolled-back transaction nor for a replay.
   */
  transact<T>(fn: (tx: LedgerTx) => Promise<T>): Promise<T>;
  /** One posting in its own transaction. */
  post(p: Posting): Promise<PostResult>;
  /** Listens to committed movements; returns the unsubscribe function. */
  onMovement(listener: (m: Movement) => void): () => void;
  /** Publishes movements made by `post(q, …)` inside a caller's own `db.tx` (call after the commit). */
  publish(movements: Movement[]): void;
}

export function createLedger(db: Db): Ledger {
  const events = new EventEmitter();
  events.setMaxListeners(100);
  const publish = (movements: Movement[]) => {
    for (const m of movements) {
      try {
        events.emit('movement', m);
      } catch {
        // a listener's failure never undoes a committed movement
      }
    }
  };
  const transact = async <T>(fn: (tx: LedgerTx) => Promise<T>): Promise<T> => {
    const movements: Movement[] = [];
    const record = (p: Posting, r: PostResult) => {
      if (r.replayed) return r;
      const memberIds = [...new Set(r.balances.map((b) => b.memberId))];
      if (p.memberId && !memberIds.includes(p.memberId)) memberIds.push(p.memberId);
      movements.push({ transactionId: r.transactionId, kind: p.kind, memberIds });
      return r;
    };
    const result = await db.tx((q) =>
      fn({
        q,
        post: async (p) => record(p, await post(q, p)),
        reverse: async (id, r) => {
          const res = await reverse(q, id, r);
          return record({ kind: r.kind ?? 'REVERSAL', memberId: null } as Posting, res);
        },
      }),
    );
    publish(movements);
    return result;
  };
  return {
    transact,
    post: (p) => transact((tx) => tx.post(p)),
    onMovement: (listener) => {
      events.on('movement', listener);
      return () => events.off('movement', listener);
    },
    publish,
  };
}
