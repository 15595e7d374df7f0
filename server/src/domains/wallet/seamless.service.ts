import type { Db, Queryable } from '../../db/db';
import {
  balanceOf,
  LedgerError,
  ledgerErrorFrom,
  type AccountRef,
  type Ledger,
  type LedgerTx,
  type MemberWallet,
} from './ledger';
import { findWalletSession, walletTokenHash, type WalletSession } from './wallet-sessions';

/**
 * The seamless-wallet API's rules (issue 9), for outside vendors and the platform's own games alike:
 * - a repeated transactionId gets the first answer and moves nothing;
 * - a bet needs a live real-money wallet session of that vendor; a win or rollback of an earlier bet
 *   is accepted on an expired session (a round may end after its launch expired), never on another
 *   member's;
 * - a rollback of an unknown bet is recorded and answered OK, and that bet is refused if it arrives
 *   later (ALREADY_ROLLED_BACK); a win after a rollback is refused; a rollback of a settled bet
 *   takes its wins back too (INSUFFICIENT_FUNDS if the member no longer holds them);
 * - a bet of a TRANSFER-mode vendor moves the member's wallet at that vendor, of a SEAMLESS one the
 *   main wallet.
 * Every answered, authentic request is kept in wallet_transactions (the answer a repeat gets), and
 * every bet is a row of bet_records.
 */

export type WalletStatus =
  | 'OK'
  | 'INSUFFICIENT_FUNDS'
  | 'INVALID_SIGNATURE'
  | 'INVALID_TOKEN'
  | 'BET_NOT_FOUND'
  | 'ALREADY_ROLLED_BACK'
  | 'BAD_REQUEST'
  /** a bet refused by the member's own loss limit (responsible gambling, issue 16) */
  | 'LIMIT_REACHED';

export interface WalletAnswer {
  status: WalletStatus;
  /** the balance, in poisha, of the wallet the vendor plays from ("0" when the caller is not known) */
  balance: string;
}

export interface BalanceRequest {
  vendor: string;
  token: string;
}

export interface BetRequest extends BalanceRequest {
  transactionId: string;
  roundId: string;
  gameCode: string;
  amount: string;
  currency: string;
}

export interface SettleRequest extends BetRequest {
  /** the bet's transactionId */
  referenceTransactionId: string;
}

/** A win of at least this many poisha (৳500) goes onto the winners' board. */
export const WINNERS_BOARD_MIN = BigInt(50000);

const answer = (status: WalletStatus, balance: bigint | string = '0'): WalletAnswer => ({ status, balance: balance.toString() });

interface VendorInfo {
  code: string;
  walletMode: 'SEAMLESS' | 'TRANSFER';
}

interface BetRow {
  id: number;
  member_id: number;
  status: 'OPEN' | 'SETTLED' | 'ROLLED_BACK';
  wallet: 'MAIN' | 'VENDOR';
  stake: string;
}

const CACHE_MS = 5000;

/** A small time-boxed cache of look-ups that rarely change (vendors, games). */
function cached<K, V>(load: (key: K) => Promise<V>, ms = CACHE_MS) {
  const map = new Map<K, { at: number; value: Promise<V> }>();
  return (key: K): Promise<V> => {
    const hit = map.get(key);
    if (hit && Date.now() - hit.at < ms) return hit.value;
    const value = load(key);
    map.set(key, { at: Date.now(), value });
    value.catch(() => map.delete(key));
    if (map.size > 5000) map.delete(map.keys().next().value!);
    return value;
  };
}

export interface SeamlessWallet {
  vendor(code: string): Promise<VendorInfo | null>;
  balance(r: BalanceRequest): Promise<WalletAnswer>;
  bet(r: BetRequest): Promise<WalletAnswer>;
  win(r: SettleRequest): Promise<WalletAnswer>;
  rollback(r: SettleRequest): Promise<WalletAnswer>;
}

export function createSeamlessWallet(db: Db, ledger: Ledger): SeamlessWallet {
  const vendor = cached(async (code: string): Promise<VendorInfo | null> => {
    const row = await db.one<{ code: string; wallet_mode: 'SEAMLESS' | 'TRANSFER' }>(
      `SELECT code, wallet_mode FROM game_vendors WHERE code = $1`,
      [code],
    );
    return row ? { code: row.code, walletMode: row.wallet_mode } : null;
  });

  const walletOf = (v: VendorInfo, memberId: number): { ref: AccountRef; wallet: MemberWallet; vendor: string | null } =>
    v.walletMode === 'TRANSFER'
      ? { ref: { member: memberId, wallet: 'VENDOR', vendor: v.code }, wallet: 'VENDOR', vendor: v.code }
      : { ref: { member: memberId }, wallet: 'MAIN', vendor: null };

  const currentBalance = async (q: Queryable, v: VendorInfo, memberId: number) => {
    const w = walletOf(v, memberId);
    return balanceOf(q, memberId, w.wallet, w.vendor);
  };

  /** The first answer to a transactionId, if it was answered. */
  const firstAnswer = async (q: Queryable, vendorCode: string, transactionId: string): Promise<WalletAnswer | null> => {
    const row = await q.one<{ status: WalletStatus; balance_after: string }>(
      `SELECT status, balance_after::text FROM wallet_transactions WHERE vendor_code = $1 AND transaction_id = $2 AND status <> 'PENDING'`,
      [vendorCode, transactionId],
    );
    return row ? answer(row.status, row.balance_after) : null;
  };

  /** Keeps a refusal as the answer to its transactionId (unless a concurrent twin answered first). */
  const recordRefusal = async (
    kind: 'BET' | 'WIN' | 'ROLLBACK',
    r: BetRequest & { referenceTransactionId?: string },
    memberId: number,
    status: WalletStatus,
    balance: bigint,
  ): Promise<WalletAnswer> => {
    const inserted = await db.one(
      `INSERT INTO wallet_transactions (vendor_code, transaction_id, kind, member_id, round_id, game_code, reference_transaction_id, amount, status, balance_after)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::bigint, $9, $10::bigint) ON CONFLICT DO NOTHING RETURNING 1`,
      [
        r.vendor,
        r.transactionId,
        kind,
        memberId,
        r.roundId,
        r.gameCode.toUpperCase(),
        r.referenceTransactionId ?? null,
        r.amount,
        status,
        balance.toString(),
      ],
    );
    if (inserted) return answer(status, balance);
    return (await firstAnswer(db, r.vendor, r.transactionId)) ?? answer(status, balance);
  };

  /** Claims a transactionId inside the transaction; null when a twin answered it first (then read its answer). */
  const claim = async (
    tx: LedgerTx,
    kind: 'BET' | 'WIN' | 'ROLLBACK',
    r: BetRequest & { referenceTransactionId?: string },
    memberId: number,
  ) =>
    tx.q.one(
      `INSERT INTO wallet_transactions (vendor_code, transaction_id, kind, member_id, round_id, game_code, reference_transaction_id, amount, status, balance_after)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::bigint, 'PENDING', 0) ON CONFLICT DO NOTHING RETURNING 1`,
      [
        r.vendor,
        r.transactionId,
        kind,
        memberId,
        r.roundId,
        r.gameCode.toUpperCase(),
        r.referenceTransactionId ?? null,
        r.amount,
      ],
    );

  const settle = (
    tx: LedgerTx,
    r: { vendor: string; transactionId: string },
    status: WalletStatus,
    balance: bigint,
    ledgerTxId: number | null = null,
  ) =>
    tx.q
      .query(
        `UPDATE wallet_transactions SET status = $3, balance_after = $4::bigint, ledger_transaction_id = $5
          WHERE vendor_code = $1 AND transaction_id = $2`,
        [r.vendor, r.transactionId, status, balance.toString(), ledgerTxId],
      )
      .then(() => answer(status, balance));

  /** The session of a call: its vendor's, real money; a bet also needs it unexpired. */
  const sessionFor = async (r: BalanceRequest, live: boolean): Promise<WalletSession | null> => {
    const s = await findWalletSession(db, r.token);
    if (!s || s.vendorCode !== r.vendor || s.accountType !== 1 || (live && s.expired)) return null;
    return s;
  };

  const findBet = (q: Queryable, vendorCode: string, betTransactionId: string, lock: boolean) =>
    q.one<BetRow>(
      `SELECT id, member_id, status, wallet, stake::text FROM bet_records WHERE vendor_code = $1 AND bet_transaction_id = $2${lock ? ' FOR UPDATE' : ''}`,
      [vendorCode, betTransactionId],
    );

  const TWIN = Symbol('twin');

  return {
    vendor,

    async balance(r) {
      const v = await vendor(r.vendor);
      const s = v && (await sessionFor(r, true));
      if (!v || !s) return answer('INVALID_TOKEN');
      return answer('OK', await currentBalance(db, v, s.memberId));
    },

    async bet(r) {
      // one statement does it all (migration 0010's wallet_bet): the hot path of the platform
      try {
        const row = await db.one<{
          status: WalletStatus;
          balance: string;
          member_id: number | null;
          ledger_transaction_id: number | null;
        }>(`SELECT status, balance::text, member_id, ledger_transaction_id FROM wallet_bet($1, $2, $3, $4, $5, $6::bigint)`, [
          r.vendor,
          walletTokenHash(r.token),
          r.transactionId,
          r.roundId,
          r.gameCode,
          r.amount,
        ]);
        if (row!.status === 'OK' && row!.ledger_transaction_id) {
          ledger.publish([
            { transactionId: Number(row!.ledger_transaction_id), kind: 'BET', memberIds: [Number(row!.member_id)] },
          ]);
        }
        return answer(row!.status, row!.balance);
      } catch (err) {
        const refusal = ledgerErrorFrom(err);
        if (!(refusal instanceof LedgerError && refusal.code === 'INSUFFICIENT_FUNDS' && refusal.account)) throw refusal;
        const v = (await vendor(r.vendor))!;
        const memberId = refusal.account.memberId;
        return recordRefusal('BET', r, memberId, 'INSUFFICIENT_FUNDS', await currentBalance(db, v, memberId));
      }
    },

    async win(r) {
      const v = await vendor(r.vendor);
      if (!v) return answer('BAD_REQUEST');
      const first = await firstAnswer(db, r.vendor, r.transactionId);
      if (first) return first;
      const s = await sessionFor(r, false);
      if (!s) return answer('INVALID_TOKEN');
      const amount = BigInt(r.amount);
      const bet = await findBet(db, r.vendor, r.referenceTransactionId, false);
      if (bet && Number(bet.member_id) !== s.memberId) return answer('INVALID_TOKEN');
      if (!bet) return recordRefusal('WIN', r, s.memberId, 'BET_NOT_FOUND', await currentBalance(db, v, s.memberId));
      const result = await ledger.transact(async (tx) => {
        if (!(await claim(tx, 'WIN', r, s.memberId))) return TWIN;
        const locked = (await findBet(tx.q, r.vendor, r.referenceTransactionId, true))!;
        if (locked.status === 'ROLLED_BACK')
          return settle(tx, r, 'ALREADY_ROLLED_BACK', await currentBalance(tx.q, v, s.memberId));
        const w = walletOf(v, s.memberId);
        let after: bigint;
        let ledgerTxId: number | null = null;
        if (amount > BigInt(0)) {
          const posted = await tx.post({
            key: `wallet:${r.vendor}:${r.transactionId}`,
            kind: 'WIN',
            memberId: s.memberId,
            reference: r.transactionId,
            createdBy: `vendor:${r.vendor}`,
            meta: { roundId: r.roundId, gameCode: r.gameCode.toUpperCase(), bet: r.referenceTransactionId },
            legs: [
              { account: w.ref, amount },
              { account: { house: 'GAME_REVENUE' }, amount: -amount },
            ],
          });
          after = posted.balances.find((b) => b.memberId === s.memberId)!.balance;
          ledgerTxId = posted.transactionId;
        } else {
          after = await currentBalance(tx.q, v, s.memberId);
        }
        await tx.q.query(
          `UPDATE bet_records SET payout = payout + $2::bigint, valid_bet = stake, status = 'SETTLED',
                  settled_at = now(), updated_at = now() WHERE id = $1`,
          [locked.id, r.amount],
        );
        if (amount >= WINNERS_BOARD_MIN) {
          await tx.q.query(
            `INSERT INTO game_wins (customer_name, node_id, win_amount)
             SELECT left(m.account, 2) || '***' || right(m.account, 1), b.node_id, $2::bigint
               FROM bet_records b JOIN members m ON m.id = b.member_id WHERE b.id = $1 AND b.node_id IS NOT NULL`,
            [locked.id, r.amount],
          );
        }
        return settle(tx, r, 'OK', after, ledgerTxId);
      });
      if (result !== TWIN) return result;
      return (await firstAnswer(db, r.vendor, r.transactionId)) ?? answer('BAD_REQUEST');
    },

    async rollback(r) {
      const v = await vendor(r.vendor);
      if (!v) return answer('BAD_REQUEST');
      const first = await firstAnswer(db, r.vendor, r.transactionId);
      if (first) return first;
      const s = await sessionFor(r, false);
      if (!s) return answer('INVALID_TOKEN');
      const bet = await findBet(db, r.vendor, r.referenceTransactionId, false);
      if (bet && Number(bet.member_id) !== s.memberId) return answer('INVALID_TOKEN');
      try {
        const result = await ledger.transact(async (tx) => {
          if (!(await claim(tx, 'ROLLBACK', r, s.memberId))) return TWIN;
          const locked = await findBet(tx.q, r.vendor, r.referenceTransactionId, true);
          // a rollback of a bet never seen: kept, so the bet is refused if it comes later
          if (!locked) return settle(tx, r, 'OK', await currentBalance(tx.q, v, s.memberId));
          if (locked.status === 'ROLLED_BACK')
            return settle(tx, r, 'ALREADY_ROLLED_BACK', await currentBalance(tx.q, v, s.memberId));
          const moves = await tx.q.query<{ transaction_id: string; ledger_transaction_id: number }>(
            `SELECT transaction_id, ledger_transaction_id FROM wallet_transactions
              WHERE vendor_code = $1 AND status = 'OK' AND ledger_transaction_id IS NOT NULL
                AND ((kind = 'BET' AND transaction_id = $2) OR (kind = 'WIN' AND reference_transaction_id = $2))
              ORDER BY created_at, transaction_id`,
            [r.vendor, r.referenceTransactionId],
          );
          let lastTx: number | null = null;
          for (const m of moves) {
            const reversed = await tx.reverse(Number(m.ledger_transaction_id), {
              key: `wallet:${r.vendor}:${r.transactionId}:${m.transaction_id}`,
              kind: 'ROLLBACK',
              createdBy: `vendor:${r.vendor}`,
              meta: { roundId: r.roundId, bet: r.referenceTransactionId, reverses: m.transaction_id },
            });
            lastTx = reversed.transactionId;
          }
          await tx.q.query(
            `UPDATE bet_records SET status = 'ROLLED_BACK', valid_bet = 0, settled_at = now(), updated_at = now() WHERE id = $1`,
            [locked.id],
          );
          return settle(tx, r, 'OK', await currentBalance(tx.q, v, s.memberId), lastTx);
        });
        if (result !== TWIN) return result;
      } catch (err) {
        if (!(err instanceof LedgerError && err.code === 'INSUFFICIENT_FUNDS')) throw err;
        // the balance after the rolled-back attempt, not the one seen half-way through it
        return recordRefusal('ROLLBACK', r, s.memberId, 'INSUFFICIENT_FUNDS', await currentBalance(db, v, s.memberId));
      }
      return (await firstAnswer(db, r.vendor, r.transactionId)) ?? answer('BAD_REQUEST');
    },
  };
}
