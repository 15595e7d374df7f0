/**
 * Transfer wallets: moving money between the member's main wallet and a vendor's wallet.
 *
 * Direction is named from the vendor wallet's side, as players say it: IN moves money from the
 * main wallet into the vendor's (game) wallet, OUT moves it back to the main wallet. Every
 * transfer carries the client's `reference` (unique per transfer: a retry with the same one is
 * answered with the first outcome and moves nothing) and gets the platform's own reference, which
 * is what a connected vendor sees. A transfer whose outcome the vendor did not tell in time is
 * UNKNOWN until the platform has asked the vendor by that reference: never assumed either way.
 */
import type { MinorString } from './money';

export const TRANSFER_PATHS = {
  transfer: '/wps/relay/GCS_walletTransfer',
  recall: '/wps/relay/GCS_walletRecall',
  records: '/wps/relay/GCS_walletTransferRecords',
  consolidated: '/wps/member/info/funds/consolidated',
} as const;

export type TransferDirection = 'IN' | 'OUT';

/**
 * PENDING: being carried out; SUCCESS: done; FAILED: did not happen (any money reserved is back);
 * UNKNOWN: the vendor did not answer in time, the platform is checking by reference.
 */
export type TransferStatus = 'PENDING' | 'SUCCESS' | 'FAILED' | 'UNKNOWN';

/** The smallest transfer: ৳1.00. */
export const MIN_TRANSFER_MINOR = '100';

/** A client reference: 8 to 64 letters, digits, '-', '_' or ':' (a UUID fits). */
export const TRANSFER_REFERENCE_PATTERN = '^[A-Za-z0-9_:-]{8,64}$';

export interface TransferRequest {
  vendor: string;
  direction: TransferDirection;
  amount: MinorString;
  reference: string;
}

export interface TransferDto {
  /** the platform's reference (what the vendor sees) */
  transferId: string;
  /** the client's reference */
  reference: string;
  vendor: string;
  direction: TransferDirection;
  amount: MinorString;
  status: TransferStatus;
  /** why a FAILED transfer failed (INSUFFICIENT_FUNDS, VENDOR_REFUSED, …) */
  errorCode: string | null;
  createdAt: string;
  completedAt: string | null;
}

export interface RecallRequest {
  reference: string;
}

export interface RecallDto {
  /** one OUT transfer per vendor wallet that held money */
  transfers: TransferDto[];
  /** the sum of the transfers that succeeded */
  recalled: MinorString;
}

export interface TransferRecordsDto {
  list: TransferDto[];
  pageNo: number;
  totalPages: number;
}

/** One wallet in the consolidated view. */
export interface FundsWalletDto {
  walletCode: string;
  walletName: string;
  type: 'MAIN' | 'TRANSFER' | 'BONUS';
  /** poisha; for a connected vendor, what the vendor answered */
  balance: MinorString;
  /** OK, or UNAVAILABLE when a connected vendor did not answer (balance is then "0") */
  status: 'OK' | 'UNAVAILABLE';
  /**
   * true when the ledger holds this wallet (the main and bonus wallets, a sandbox vendor's): its
   * balance is the one the live `balance` event pushes; false for a connected vendor's wallet,
   * whose balance only the vendor knows (read it again after a transfer)
   */
  inLedger: boolean;
  /** money may move into this wallet now (a transfer wallet of a vendor in transfer mode) */
  canTransferIn: boolean;
  /** money may move out of this wallet now */
  canTransferOut: boolean;
}

/**
 * GET /wps/member/info/funds/consolidated: the member's funds across every wallet (with live
 * balances from connected vendors), and the flags the client keeps in session storage
 * (consolidated, enableSalary, enableContract). `contracts` is filled by the contract issue.
 */
export interface ConsolidatedDto {
  funds: {
    currency: string;
    currencySymbol: string;
    /** main + every wallet that answered */
    sumBalance: MinorString;
    mainBalance: MinorString;
    wallets: FundsWalletDto[];
    /** transfers still being carried out or checked */
    pendingTransfers: number;
  };
  enableSalary: boolean;
  enableContract: boolean;
  contracts: {
    dividend: unknown | null;
    dailySalary: unknown | null;
    hourlySalary: unknown | null;
    realTimeSalary: unknown | null;
  };
}
