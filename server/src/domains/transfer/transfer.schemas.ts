import { TRANSFER_REFERENCE_PATTERN, type TransferDto } from '@khela/api/transfer';
import { balanceAmount, positiveMinorAmount } from '../wallet/wallet.schemas';
import type { TransferOrder } from './transfer.repo';

export const vendorCode = {
  type: 'string',
  pattern: '^[A-Za-z0-9_]{2,32}$',
  description: 'a vendor code, e.g. DEEPNET',
} as const;

export const clientReference = {
  type: 'string',
  pattern: TRANSFER_REFERENCE_PATTERN,
  description:
    "the client's reference of this transfer, unique per transfer (8 to 64 letters, digits, '-', '_', ':'; a UUID fits): " +
    'a retry with the same reference is answered with the first outcome and moves nothing',
} as const;

export const transferDto = {
  type: 'object',
  required: ['transferId', 'reference', 'vendor', 'direction', 'amount', 'status', 'errorCode', 'createdAt', 'completedAt'],
  properties: {
    transferId: { type: 'string', description: "the platform's reference (what the vendor sees)" },
    reference: { type: 'string', description: "the client's reference" },
    vendor: { type: 'string' },
    direction: {
      type: 'string',
      enum: ['IN', 'OUT'],
      description: 'IN: main wallet → vendor wallet; OUT: vendor wallet → main wallet',
    },
    amount: balanceAmount,
    status: {
      type: 'string',
      enum: ['PENDING', 'SUCCESS', 'FAILED', 'UNKNOWN'],
      description: 'UNKNOWN: the vendor did not answer in time; the platform checks it by reference, never assumes',
    },
    errorCode: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
    completedAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

export const transferBody = {
  type: 'object',
  required: ['vendor', 'direction', 'amount', 'reference'],
  additionalProperties: false,
  properties: {
    vendor: vendorCode,
    direction: { type: 'string', enum: ['IN', 'OUT'] },
    amount: { ...positiveMinorAmount, description: 'poisha as a string of digits, at least "100" (৳1.00)' },
    reference: clientReference,
  },
} as const;

export const toTransferDto = (o: TransferOrder): TransferDto => ({
  transferId: o.reference,
  reference: o.clientReference,
  vendor: o.vendor,
  direction: o.direction,
  amount: o.amount.toString(),
  status: o.status,
  errorCode: o.errorCode,
  createdAt: o.createdAt.toISOString(),
  completedAt: o.completedAt ? o.completedAt.toISOString() : null,
});

const fundsWallet = {
  type: 'object',
  required: ['walletCode', 'walletName', 'type', 'balance', 'status', 'inLedger', 'canTransferIn', 'canTransferOut'],
  properties: {
    walletCode: { type: 'string', description: 'MAIN, BONUS, or the vendor code of a transfer wallet' },
    walletName: { type: 'string' },
    type: { type: 'string', enum: ['MAIN', 'TRANSFER', 'BONUS'] },
    balance: { ...balanceAmount, description: "poisha; a connected vendor's wallet as the vendor answers it" },
    status: { type: 'string', enum: ['OK', 'UNAVAILABLE'], description: 'UNAVAILABLE: a connected vendor did not answer' },
    inLedger: {
      type: 'boolean',
      description: "the ledger holds it (its balance is the live channel's); false for a connected vendor's wallet",
    },
    canTransferIn: { type: 'boolean' },
    canTransferOut: { type: 'boolean' },
  },
} as const;

export const consolidatedValue = {
  type: 'object',
  required: ['funds', 'enableSalary', 'enableContract', 'contracts'],
  properties: {
    funds: {
      type: 'object',
      required: ['currency', 'currencySymbol', 'sumBalance', 'mainBalance', 'wallets', 'pendingTransfers'],
      properties: {
        currency: { type: 'string' },
        currencySymbol: { type: 'string' },
        sumBalance: balanceAmount,
        mainBalance: balanceAmount,
        wallets: { type: 'array', items: fundsWallet },
        pendingTransfers: { type: 'integer', description: 'transfers still being carried out or checked' },
      },
    },
    enableSalary: { type: 'boolean', description: 'salary contracts (daily, hourly, real-time) apply to this member' },
    enableContract: { type: 'boolean', description: 'dividend contracts apply to this member' },
    contracts: {
      type: 'object',
      description: "the member's contract data by request type; null until the contract features exist",
      required: ['dividend', 'dailySalary', 'hourlySalary', 'realTimeSalary'],
      properties: {
        dividend: { type: ['object', 'null'], additionalProperties: true },
        dailySalary: { type: ['object', 'null'], additionalProperties: true },
        hourlySalary: { type: ['object', 'null'], additionalProperties: true },
        realTimeSalary: { type: ['object', 'null'], additionalProperties: true },
      },
    },
  },
} as const;
