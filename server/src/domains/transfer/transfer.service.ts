import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../http/envelope';
import type { SessionMember } from '../../http/auth';
import { LedgerError } from '../wallet/ledger';
import { ledgerRefusal } from '../wallet/ledger-errors';
import { walletLines } from '../wallet/wallet.repo';
import {
  claimDue,
  closeOrder,
  connectionOf,
  connections,
  insertOrder,
  markUnknown,
  memberAccountOf,
  openOrderCount,
  orderByClientReference,
  orderByReference,
  ordersOfRecall,
  setLedgerTransaction,
  transferableVendors,
  vendorByCode,
  type TransferOrder,
} from './transfer.repo';
import { toTransferDto } from './transfer.schemas';
import { httpVendor } from './vendors/http';
import { sandboxVendor } from './vendors/sandbox';
import {
  VendorUnavailable,
  type TransferDirection,
  type TransferVendorAdapter,
  type VendorOutcome,
  type VendorTransfer,
} from './vendors/types';

export interface TransferOptions {
  /**
   * An open transfer is asked of its vendor from this long after it started (ms, default 30 s; at
   * least twice the vendor's time-out, so a transfer still in flight is never asked about).
   */
  checkAfterMs?: number;
  /** Period of the re-check job `transfers.recheck` (ms, default 15 s; app.jobs runs it). */
  recheckEveryMs?: number;
  /** The longest wait between two checks of one transfer (ms, default 10 min). */
  maxCheckDelayMs?: number;
  /** The fetch the HTTP adapter uses (tests). */
  fetch?: typeof fetch;
}

export interface TransferRequestInput {
  vendor: string;
  direction: TransferDirection;
  amount: bigint;
  reference: string;
}

/** How many open transfers one re-check pass claims. */
export const RECHECK_BATCH = 20;

/** The smallest transfer, poisha (৳1.00). */
export const MIN_TRANSFER = BigInt(100);

export interface TransferService {
  /** One transfer between the main wallet and a vendor wallet; answers the order as it stands. */
  transfer(member: SessionMember, req: TransferRequestInput): Promise<TransferOrder>;
  /** Moves every vendor wallet's money back to the main wallet; answers the recall's orders. */
  recall(member: SessionMember, reference: string): Promise<TransferOrder[]>;
  /** Asks the vendors about open transfers that are due (or the one named); returns how many were checked. */
  recheckDue(opts?: { now?: Date; reference?: string }): Promise<number>;
  /** The adapter that plays a vendor's side: HTTP when the vendor is connected, else the sandbox. */
  adapterFor(vendor: string, kind?: 'SANDBOX' | 'HTTP'): Promise<TransferVendorAdapter | null>;
  /** Every wallet of the member with its balance, a connected vendor's as the vendor answers it. */
  funds(member: SessionMember, lang: 'BN' | 'EN'): Promise<FundsWallet[]>;
  /** The member's open transfers. */
  openCount(memberId: number): Promise<number>;
}

export interface FundsWallet {
  walletCode: string;
  walletName: string;
  type: 'MAIN' | 'TRANSFER' | 'BONUS';
  balance: bigint;
  status: 'OK' | 'UNAVAILABLE';
  inLedger: boolean;
  canTransferIn: boolean;
  canTransferOut: boolean;
}

const newReference = () =>
  `T${Date.now().toString(36).toUpperCase().padStart(9, '0')}${randomBytes(10).toString('hex').toUpperCase()}`;

/**
 * Transfers between a member's main wallet and a vendor wallet (issue 9).
 *
 * The platform's side is one flow for every vendor, sandbox or connected:
 * - IN: one transaction records the order (PENDING) and posts TRANSFER_IN (main wallet → the house's
 *   VENDOR_CLEARING, refused when the main wallet does not hold it); then the vendor is asked to
 *   credit the player. SUCCESS closes the order; a refusal closes it FAILED and reverses the posting
 *   (the money is back in the main wallet); no answer leaves it UNKNOWN.
 * - OUT: the order is recorded (PENDING); the vendor is asked to debit the player (it refuses what
 *   the player does not hold); SUCCESS closes the order and posts TRANSFER_OUT (VENDOR_CLEARING →
 *   main wallet) in one transaction; a refusal closes it FAILED; no answer leaves it UNKNOWN.
 * - UNKNOWN (and PENDING left behind by a crash) is asked of the vendor by reference from
 *   `checkAfterMs` on, with a growing pause, until the vendor tells: never assumed either way.
 * Postings are keyed `transfer:<reference>` (and `…:reversal`), so an outcome moves money once
 * however many checks or servers see it.
 */
export function createTransferService(app: FastifyInstance, opts: TransferOptions = {}): TransferService {
  const checkAfterMs = opts.checkAfterMs ?? 30_000;
  const maxCheckDelayMs = opts.maxCheckDelayMs ?? 10 * 60_000;
  const sandbox = sandboxVendor({ db: app.db, ledger: app.ledger });

  async function adapterFor(vendor: string, kind?: 'SANDBOX' | 'HTTP'): Promise<TransferVendorAdapter | null> {
    if (kind === 'SANDBOX') return sandbox;
    const c = await connectionOf(app.db, vendor);
    if (!c) return kind === 'HTTP' ? null : sandbox;
    return httpVendor({ vendor, apiUrl: c.apiUrl, secret: c.secret, timeoutMs: c.timeoutMs }, opts.fetch);
  }

  const vendorTransfer = (o: TransferOrder, account: string): VendorTransfer => ({
    reference: o.reference,
    vendor: o.vendor,
    memberId: o.memberId,
    account,
    direction: o.direction,
    amount: o.amount,
  });

  /** Applies what the vendor said to an open order; answers the order as it stands after. */
  async function settle(order: TransferOrder, outcome: VendorOutcome, late = false): Promise<TransferOrder> {
    const settled = await apply(order, outcome);
    // a check settled it after the member's request was answered: tell the member's pages
    if (late && settled.status !== order.status && (settled.status === 'SUCCESS' || settled.status === 'FAILED')) {
      app.live.toMember(settled.memberId, 'transfer', toTransferDto(settled));
    }
    return settled;
  }

  async function apply(order: TransferOrder, outcome: VendorOutcome): Promise<TransferOrder> {
    if (outcome.state === 'UNKNOWN') {
      return (await markUnknown(app.db, order.id, outcome.detail)) ?? (await orderByReference(app.db, order.reference))!;
    }
    if (outcome.state === 'SUCCESS') {
      const closed = await app.ledger.transact(async (tx) => {
        const done = await closeOrder(tx.q, order.id, 'SUCCESS', { vendorBalance: outcome.vendorBalance });
        if (done && done.direction === 'OUT') {
          const r = await tx.post({
            key: `transfer:${done.reference}`,
            kind: 'TRANSFER_OUT',
            memberId: done.memberId,
            reference: done.reference,
            createdBy: `member:${done.memberId}`,
            meta: { vendor: done.vendor, direction: 'OUT', adapter: done.adapter },
            legs: [
              { account: { house: 'VENDOR_CLEARING' }, amount: -done.amount },
              { account: { member: done.memberId }, amount: done.amount },
            ],
          });
          await setLedgerTransaction(tx.q, done.id, 'ledger', r.transactionId);
          done.ledgerTransactionId = r.transactionId;
        }
        return done;
      });
      return closed ?? (await orderByReference(app.db, order.reference))!;
    }
    const closed = await app.ledger.transact(async (tx) => {
      const done = await closeOrder(tx.q, order.id, 'FAILED', { errorCode: outcome.code, vendorBalance: outcome.vendorBalance });
      if (done && done.direction === 'IN' && done.ledgerTransactionId) {
        // the money reserved for the vendor goes back to the main wallet
        const r = await tx.reverse(done.ledgerTransactionId, {
          key: `transfer:${done.reference}:reversal`,
          kind: 'TRANSFER_REVERSAL',
          createdBy: 'system',
          memo: `transfer to ${done.vendor} failed: ${outcome.code}`,
          meta: { vendor: done.vendor, code: outcome.code },
        });
        await setLedgerTransaction(tx.q, done.id, 'reversal', r.transactionId);
        done.reversalTransactionId = r.transactionId;
      }
      return done;
    });
    return closed ?? (await orderByReference(app.db, order.reference))!;
  }

  /** The order of an earlier request with this reference, refused if it asked for something else. */
  function replayed(existing: TransferOrder, req: TransferRequestInput): TransferOrder {
    if (existing.vendor !== req.vendor || existing.direction !== req.direction || existing.amount !== req.amount) {
      throw new ApiError(409, 'IDEMPOTENCY_KEY_REUSED', 'This reference was already used for another transfer');
    }
    return existing;
  }

  async function start(
    member: SessionMember,
    req: TransferRequestInput,
    recallReference: string | null = null,
  ): Promise<TransferOrder> {
    const earlier = await orderByClientReference(app.db, member.id, req.reference);
    if (earlier) return replayed(earlier, req);
    const adapter = (await adapterFor(req.vendor))!;
    const fresh = {
      reference: newReference(),
      memberId: member.id,
      clientReference: req.reference,
      recallReference,
      vendor: req.vendor,
      direction: req.direction,
      amount: req.amount,
      adapter: adapter.kind,
      // never ask about a transfer that may still be in flight
      checkAfterMs: Math.max(checkAfterMs, 2 * adapter.timeoutMs),
    };
    let order: TransferOrder | null;
    try {
      order = await app.ledger.transact(async (tx) => {
        const o = await insertOrder(tx.q, fresh);
        if (!o || o.direction === 'OUT') return o;
        const r = await tx.post({
          key: `transfer:${o.reference}`,
          kind: 'TRANSFER_IN',
          memberId: member.id,
          reference: o.reference,
          createdBy: `member:${member.id}`,
          meta: { vendor: o.vendor, direction: 'IN', adapter: o.adapter },
          legs: [
            { account: { member: member.id }, amount: -o.amount },
            { account: { house: 'VENDOR_CLEARING' }, amount: o.amount },
          ],
        });
        await setLedgerTransaction(tx.q, o.id, 'ledger', r.transactionId);
        return { ...o, ledgerTransactionId: r.transactionId };
      });
    } catch (err) {
      if (err instanceof LedgerError) throw ledgerRefusal(err);
      throw err;
    }
    // a concurrent request with the same reference won the insert
    if (!order) return replayed((await orderByClientReference(app.db, member.id, req.reference))!, req);
    const outcome = await adapter.transfer(vendorTransfer(order, member.account));
    return settle(order, outcome);
  }

  async function transfer(member: SessionMember, req: TransferRequestInput): Promise<TransferOrder> {
    const vendor = await vendorByCode(app.db, req.vendor);
    if (!vendor) throw new ApiError(404, 'VENDOR_NOT_FOUND', `No vendor ${req.vendor}`);
    if (req.direction === 'IN' && (vendor.walletMode !== 'TRANSFER' || vendor.hidden)) {
      throw new ApiError(409, 'VENDOR_NOT_TRANSFER_WALLET', `${req.vendor} does not use a transfer wallet`);
    }
    if (req.amount < MIN_TRANSFER) {
      throw new ApiError(400, 'AMOUNT_TOO_SMALL', 'The smallest transfer is 1.00', { min: MIN_TRANSFER.toString() });
    }
    return start(member, req);
  }

  async function recall(member: SessionMember, reference: string): Promise<TransferOrder[]> {
    const lines = await walletLines(app.db, member.id);
    const vendors = lines.filter((l) => l.type === 'TRANSFER').map((l) => l.walletCode);
    // what each vendor holds for the player (a connected vendor is asked; one that does not answer is skipped)
    const holdings = await Promise.all(
      vendors.map(async (vendor) => {
        const adapter = (await adapterFor(vendor))!;
        try {
          return { vendor, amount: await adapter.balance({ vendor, memberId: member.id, account: member.account }) };
        } catch (err) {
          if (err instanceof VendorUnavailable) return { vendor, amount: BigInt(0) };
          throw err;
        }
      }),
    );
    const done = await ordersOfRecall(app.db, member.id, reference);
    const started = new Set(done.map((o) => o.vendor));
    for (const h of holdings) {
      if (h.amount <= BigInt(0) || started.has(h.vendor)) continue;
      await start(
        member,
        { vendor: h.vendor, direction: 'OUT', amount: h.amount, reference: `${reference}/${h.vendor}` },
        reference,
      );
    }
    return ordersOfRecall(app.db, member.id, reference);
  }

  async function recheckDue(o: { now?: Date; reference?: string } = {}): Promise<number> {
    const due = await claimDue(
      app.db,
      o.now ?? new Date(),
      { baseMs: checkAfterMs, maxMs: maxCheckDelayMs },
      RECHECK_BATCH,
      o.reference,
    );
    for (const order of due) {
      try {
        const adapter = await adapterFor(order.vendor, order.adapter);
        if (!adapter) {
          await markUnknown(app.db, order.id, 'the vendor is no longer connected');
          continue;
        }
        const account = (await memberAccountOf(app.db, order.memberId))!;
        await settle(order, await adapter.status(vendorTransfer(order, account)), true);
      } catch (err) {
        app.log.warn({ err, reference: order.reference }, 'transfer check failed');
      }
    }
    return due.length;
  }

  async function funds(member: SessionMember, lang: 'BN' | 'EN'): Promise<FundsWallet[]> {
    const lines = await walletLines(app.db, member.id);
    const codes = lines.filter((l) => l.type === 'TRANSFER').map((l) => l.walletCode);
    const [transferable, connected] = await Promise.all([transferableVendors(app.db, codes), connections(app.db)]);
    const byVendor = new Map(connected.map((c) => [c.vendor, c]));
    return Promise.all(
      lines.map(async (l): Promise<FundsWallet> => {
        const name = (lang === 'BN' && l.walletNameBn) || l.walletName;
        if (l.type !== 'TRANSFER') {
          return {
            walletCode: l.walletCode,
            walletName: name,
            type: l.type,
            balance: l.balance,
            status: 'OK',
            inLedger: true,
            canTransferIn: false,
            canTransferOut: false,
          };
        }
        let balance = l.balance;
        let status: FundsWallet['status'] = 'OK';
        const c = byVendor.get(l.walletCode);
        if (c) {
          try {
            balance = await httpVendor(
              { vendor: c.vendor, apiUrl: c.apiUrl, secret: c.secret, timeoutMs: c.timeoutMs },
              opts.fetch,
            ).balance({
              vendor: c.vendor,
              memberId: member.id,
              account: member.account,
            });
          } catch (err) {
            if (!(err instanceof VendorUnavailable)) throw err;
            balance = BigInt(0);
            status = 'UNAVAILABLE';
          }
        }
        return {
          walletCode: l.walletCode,
          walletName: name,
          type: 'TRANSFER',
          balance,
          status,
          inLedger: !c,
          canTransferIn: transferable.has(l.walletCode) && status === 'OK',
          canTransferOut: status === 'OK' && balance > BigInt(0),
        };
      }),
    );
  }

  return {
    transfer,
    recall,
    recheckDue,
    adapterFor,
    funds,
    openCount: (memberId) => openOrderCount(app.db, memberId),
  };
}
