/**
 * Deposits and withdrawals: the wire contract and the pure rules both the server and the pages use
 * (the member centre now, the agent centre later). Amounts are poisha as strings of digits.
 */
import type { MinorString } from './money';

/** How the member pays or is paid: the three mobile wallets players expect, or a bank account. */
export const PAYMENT_METHODS = ['BKASH', 'NAGAD', 'ROCKET', 'BANK'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const MOBILE_WALLETS: readonly PaymentMethod[] = ['BKASH', 'NAGAD', 'ROCKET'];

export const PAYMENTS_PATHS = {
  channels: '/wps/payments/deposit/channels',
  deposits: '/wps/payments/deposits',
  deposit: (orderNo: string) => `/wps/payments/deposits/${encodeURIComponent(orderNo)}`,
  withdrawInfo: '/wps/payments/withdraw/info',
  paymentPassword: '/wps/payments/payment-password',
  accounts: '/wps/payments/withdraw/accounts',
  removeAccount: (id: number) => `/wps/payments/withdraw/accounts/${id}/remove`,
  withdrawals: '/wps/payments/withdrawals',
  withdrawal: (id: number) => `/wps/payments/withdrawals/${id}`,
  received: (id: number) => `/wps/payments/withdrawals/${id}/received`,
  notReceived: (id: number) => `/wps/payments/withdrawals/${id}/not-received`,
} as const;

/** The errorCodes the payment calls refuse with (the pages translate each). */
export const PAYMENT_ERRORS = [
  'NEED_REAL_ACCOUNT',
  'CHANNEL_NOT_FOUND',
  'CHANNEL_DISABLED',
  'AMOUNT_INVALID',
  'AMOUNT_BELOW_MIN',
  'AMOUNT_ABOVE_MAX',
  'TOO_MANY_PENDING_DEPOSITS',
  'GATEWAY_UNAVAILABLE',
  'ORDER_NOT_FOUND',
  'PAYMENT_PASSWORD_NOT_SET',
  'PAYMENT_PASSWORD_SET',
  'PAYMENT_PASSWORD_WRONG',
  'PAYMENT_PASSWORD_LOCKED',
  'PAYMENT_PASSWORD_WEAK',
  'PAYMENT_PASSWORD_FORMAT',
  'PAYMENT_PASSWORD_MISMATCH',
  'ACCOUNT_NUMBER_INVALID',
  'HOLDER_NAME_INVALID',
  'PAYEE_NAME_MISMATCH',
  'BANK_DETAILS_REQUIRED',
  'ACCOUNT_ALREADY_BOUND',
  'TOO_MANY_ACCOUNTS',
  'ACCOUNT_NOT_FOUND',
  'DAILY_WITHDRAWAL_LIMIT',
  'TURNOVER_NOT_MET',
  'INSUFFICIENT_FUNDS',
  'WITHDRAWAL_NOT_FOUND',
  'WITHDRAWAL_NOT_PENDING',
  'WITHDRAWAL_NOT_APPROVED',
  'ALREADY_CONFIRMED',
  'PROOF_REQUIRED',
  'PROOF_TOO_MANY',
  'PROOF_TOO_LARGE',
  'PROOF_NOT_IMAGE',
  'TOO_MANY_REQUESTS',
  'IDEMPOTENCY_KEY_REUSED',
] as const;
export type PaymentErrorCode = (typeof PAYMENT_ERRORS)[number];

export type DepositStatus = 'PENDING' | 'PAID' | 'FAILED' | 'EXPIRED';
export type WithdrawalStatus = 'PENDING' | 'APPROVED' | 'REJECTED';
export type WithdrawalConfirmation = 'RECEIVED' | 'NOT_RECEIVED' | 'AUTO_RECEIVED';

export interface DepositChannelDto {
  code: string;
  method: PaymentMethod;
  name: string;
  minAmount: MinorString;
  maxAmount: MinorString;
  /** the fee in basis points of the amount (150 = 1.50 %) */
  feeBps: number;
  /** a fixed fee added to the percentage */
  feeFixed: MinorString;
  quickAmounts: MinorString[];
}

export interface DepositOrderDto {
  orderNo: string;
  channel: string;
  method: PaymentMethod;
  /** what the member pays */
  amount: MinorString;
  fee: MinorString;
  /** what the main wallet receives: amount - fee */
  credit: MinorString;
  status: DepositStatus;
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
  /** the payment page to open while PENDING */
  payUrl: string | null;
  failureReason: string | null;
}

export interface WithdrawAccountDto {
  id: number;
  method: PaymentMethod;
  /** masked for display except the last 4 digits */
  accountNo: string;
  holderName: string;
  bankName: string | null;
  branch: string | null;
  createdAt: string;
}

export interface TurnoverDto {
  /** N of "N × the deposits" (0: no requirement) */
  multiplier: number;
  /** the deposits since the last withdrawal */
  deposits: MinorString;
  required: MinorString;
  /** valid bets since the first of those deposits */
  done: MinorString;
  missing: MinorString;
  since: string | null;
}

export interface WithdrawInfoDto {
  balance: MinorString;
  minAmount: MinorString;
  maxAmount: MinorString;
  dailyCount: number;
  usedToday: number;
  paymentPasswordSet: boolean;
  payeeName: string | null;
  accounts: WithdrawAccountDto[];
  maxAccounts: number;
  turnover: TurnoverDto;
  confirmTimeoutMinutes: number;
}

export interface ProofDto {
  id: number;
  fileName: string;
  contentType: string;
  size: number;
}

export interface WithdrawalDto {
  id: number;
  amount: MinorString;
  method: PaymentMethod;
  accountNo: string;
  holderName: string;
  bankName: string | null;
  status: WithdrawalStatus;
  requestedAt: string;
  decidedAt: string | null;
  rejectReason: string | null;
  confirmation: WithdrawalConfirmation | null;
  confirmedAt: string | null;
  /** when an APPROVED one not yet confirmed counts as received */
  autoReceiveAt: string | null;
  complaint: string | null;
  proofs: ProofDto[];
  /** an operator closed the member's "not received" report */
  dispute: { outcome: 'PAID' | 'REFUNDED'; note: string; resolvedAt: string } | null;
}

/** A Bangladesh mobile number as written locally: 01[3-9] and 8 digits (bKash, Nagad, Rocket). */
export const BD_MOBILE = /^01[3-9]\d{8}$/;
/** A Rocket wallet number carries a check digit after the mobile number (12 digits); both forms are accepted. */
export const ROCKET_NUMBER = /^01[3-9]\d{8}\d?$/;
export const BANK_ACCOUNT = /^\d{8,20}$/;

/** Bengali digits to ASCII, spaces and dashes dropped, a leading +880 / 880 made local. */
export function normaliseAccountNo(input: string): string {
  const ascii = input.replace(/[০-৯]/g, (d) => String('০১২৩৪৫৬৭৮৯'.indexOf(d))).replace(/[\s-]/g, '');
  return ascii.replace(/^\+?880(?=1)/, '0');
}

export function accountNoValid(method: PaymentMethod, accountNo: string): boolean {
  if (method === 'BANK') return BANK_ACCOUNT.test(accountNo);
  if (method === 'ROCKET') return ROCKET_NUMBER.test(accountNo);
  return BD_MOBILE.test(accountNo);
}

/** The account number as shown: all but the last 4 digits hidden. */
export function maskAccountNo(accountNo: string): string {
  return accountNo.length <= 4 ? accountNo : `••••${accountNo.slice(-4)}`;
}

/** A payee name compared as a person would: trimmed, spaces collapsed, case ignored. */
export function sameName(a: string, b: string): boolean {
  const n = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
  return n(a) === n(b);
}

/** Letters (Latin or Bengali), spaces, dots, hyphens and apostrophes; 2 to 50 characters. */
export const HOLDER_NAME = /^[A-Za-z\u0980-\u09FF][A-Za-z\u0980-\u09FF .'-]{0,48}[A-Za-z\u0980-\u09FF.]$/u;

/** The channel's fee on an amount: basis points rounded half up to the poisha, plus the fixed part. */
export function depositFee(amount: bigint, feeBps: number, feeFixed: bigint): bigint {
  if (feeBps === 0) return feeFixed;
  return (amount * BigInt(feeBps) + BigInt(5000)) / BigInt(10000) + feeFixed;
}

/** A payment password: exactly 6 digits. */
export const PAYMENT_PASSWORD = /^\d{6}$/;

/** Six equal digits or a run up or down (123456, 987654): refused as too easy to guess. */
export function weakPaymentPassword(pw: string): boolean {
  if (!PAYMENT_PASSWORD.test(pw)) return false;
  const d = [...pw].map(Number);
  const steps = d.slice(1).map((x, i) => x - d[i]);
  return steps.every((s) => s === 0) || steps.every((s) => s === 1) || steps.every((s) => s === -1);
}

/** Proof images of a withdrawal that did not arrive: the spec's limits. */
export const PROOF_MAX_FILES = 3;
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_TYPES = ['image/png', 'image/jpeg'] as const;
export const COMPLAINT_MAX = 140;

/** What the first bytes say a file is: PNG, JPEG, or neither (the name and the browser's type are not trusted). */
export function sniffImage(head: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  return null;
}
