import type { Queryable } from '../../../db/db';
import type { Ledger } from '../../wallet/ledger';

export type TransferDirection = 'IN' | 'OUT';

/** One transfer as the vendor's side sees it. */
export interface VendorTransfer {
  /** the platform's reference: unique per transfer, what the vendor keys it by */
  reference: string;
  vendor: string;
  memberId: number;
  /** the member's login: the player's id at the vendor */
  account: string;
  /** IN: the vendor credits the player; OUT: the vendor debits the player */
  direction: TransferDirection;
  /** poisha, > 0 */
  amount: bigint;
}

/** What the vendor's side says about a transfer. */
export type VendorOutcome =
  /** done on the vendor's side */
  | { state: 'SUCCESS'; vendorBalance?: bigint }
  /** did not happen and never will under this reference (e.g. INSUFFICIENT_FUNDS, NOT_FOUND, a refusal) */
  | { state: 'FAILED'; code: string; vendorBalance?: bigint }
  /** no answer that can be trusted (time-out, broken connection, a server error): ask again by reference */
  | { state: 'UNKNOWN'; detail: string };

export class VendorUnavailable extends Error {
  constructor(
    readonly vendor: string,
    detail: string,
  ) {
    super(`vendor ${vendor} did not answer: ${detail}`);
    this.name = 'VendorUnavailable';
  }
}

/**
 * The vendor's side of transfer wallets. The platform's side is always the same (issue 9): an IN
 * first moves the amount from the member's main wallet to the house's VENDOR_CLEARING (the money
 * handed to vendors) and then asks the vendor to credit the player; an OUT first asks the vendor to
 * debit the player and then moves the amount from VENDOR_CLEARING to the main wallet. A transfer
 * the vendor did not answer in time is UNKNOWN and settled only when `status` tells.
 *
 * Every call is idempotent by `reference` on the vendor's side: the platform never sends the same
 * transfer twice, but a vendor must answer a repeated reference with the first outcome.
 */
export interface TransferVendorAdapter {
  readonly kind: 'SANDBOX' | 'HTTP';
  /** How long a call may take before its outcome is UNKNOWN (0: the answer is immediate). */
  readonly timeoutMs: number;
  /** The player's balance on the vendor's side; throws VendorUnavailable when the vendor does not answer. */
  balance(p: { vendor: string; memberId: number; account: string }): Promise<bigint>;
  /** Carries out one transfer on the vendor's side. Never throws for the vendor's failures: it says UNKNOWN. */
  transfer(t: VendorTransfer): Promise<VendorOutcome>;
  /** What became of a transfer, by its reference (FAILED with code NOT_FOUND when the vendor never saw it). */
  status(t: VendorTransfer): Promise<VendorOutcome>;
}

/** What an adapter may use of the platform. */
export interface AdapterContext {
  db: Queryable;
  ledger: Ledger;
}
