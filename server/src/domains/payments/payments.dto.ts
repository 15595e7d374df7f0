// Rows as the wire shows them (amounts as strings of poisha, times as ISO strings), and the JSON
// schemas that serialise them.
import { maskAccountNo, type DepositOrderDto, type WithdrawalDto, type WithdrawAccountDto } from '@khela/api/payments';
import type { AccountRow, ChannelRow, OrderRow, ProofRow, WithdrawalRow } from './payments.repo';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function channelDto(c: ChannelRow, lang: 'BN' | 'EN') {
  return {
    code: c.code,
    method: c.method,
    name: lang === 'BN' ? c.name_bn : c.name,
    minAmount: c.min_amount,
    maxAmount: c.max_amount,
    feeBps: c.fee_bps,
    feeFixed: c.fee_fixed,
    quickAmounts: c.quick_amounts
      .map(String)
      .filter((a) => BigInt(a) >= BigInt(c.min_amount) && BigInt(a) <= BigInt(c.max_amount)),
  };
}

export function opsChannelDto(c: ChannelRow) {
  return {
    code: c.code,
    method: c.method,
    name: c.name,
    nameBn: c.name_bn,
    gateway: c.gateway,
    minAmount: c.min_amount,
    maxAmount: c.max_amount,
    feeBps: c.fee_bps,
    feeFixed: c.fee_fixed,
    quickAmounts: c.quick_amounts.map(String),
    enabled: c.enabled,
    sort: c.sort,
    updatedAt: iso(c.updated_at),
    updatedBy: c.updated_by,
  };
}

export function orderDto(o: OrderRow): DepositOrderDto {
  return {
    orderNo: o.order_no,
    channel: o.channel_code,
    method: o.method,
    amount: o.amount,
    fee: o.fee,
    credit: o.credit,
    status: o.status,
    createdAt: iso(o.created_at)!,
    expiresAt: iso(o.expires_at)!,
    paidAt: iso(o.paid_at),
    payUrl: o.status === 'PENDING' ? o.pay_url : null,
    failureReason: o.failure_reason,
  };
}

export function accountDto(a: AccountRow): WithdrawAccountDto {
  return {
    id: Number(a.id),
    method: a.method,
    accountNo: maskAccountNo(a.account_no),
    holderName: a.holder_name,
    bankName: a.bank_name,
    branch: a.branch,
    createdAt: iso(a.created_at)!,
  };
}

export function withdrawalDto(w: WithdrawalRow, proofs: ProofRow[]): WithdrawalDto {
  return {
    id: Number(w.id),
    amount: w.amount,
    method: w.method,
    accountNo: maskAccountNo(w.account_no),
    holderName: w.holder_name,
    bankName: w.bank_name,
    status: w.status,
    requestedAt: iso(w.requested_at)!,
    decidedAt: iso(w.decided_at),
    rejectReason: w.reject_reason,
    confirmation: w.confirmation,
    confirmedAt: iso(w.confirmed_at),
    autoReceiveAt: w.status === 'APPROVED' && !w.confirmation ? iso(w.auto_receive_at) : null,
    complaint: w.complaint,
    proofs: proofs
      .filter((p) => Number(p.withdrawal_id) === Number(w.id))
      .map((p) => ({ id: Number(p.id), fileName: p.file_name, contentType: p.content_type, size: p.size })),
    dispute:
      w.dispute_outcome && w.dispute_resolved_at
        ? { outcome: w.dispute_outcome, note: w.dispute_note ?? '', resolvedAt: iso(w.dispute_resolved_at)! }
        : null,
  };
}

const str = { type: 'string' } as const;
const nullableStr = { type: ['string', 'null'] } as const;
const amount = { type: 'string', pattern: '^(0|[1-9][0-9]*)$', description: 'poisha as a string of digits' } as const;
const method = { type: 'string', enum: ['BKASH', 'NAGAD', 'ROCKET', 'BANK'] } as const;

export const channelSchema = {
  type: 'object',
  required: ['code', 'method', 'name', 'minAmount', 'maxAmount', 'feeBps', 'feeFixed', 'quickAmounts'],
  properties: {
    code: str,
    method,
    name: str,
    minAmount: amount,
    maxAmount: amount,
    feeBps: { type: 'integer', description: 'the fee in basis points of the amount (100 = 1.00 %)' },
    feeFixed: amount,
    quickAmounts: { type: 'array', items: amount },
  },
} as const;

export const opsChannelSchema = {
  type: 'object',
  properties: {
    ...channelSchema.properties,
    nameBn: str,
    gateway: str,
    enabled: { type: 'boolean' },
    sort: { type: 'integer' },
    updatedAt: nullableStr,
    updatedBy: nullableStr,
  },
} as const;

export const orderSchema = {
  type: 'object',
  required: ['orderNo', 'channel', 'method', 'amount', 'fee', 'credit', 'status', 'createdAt', 'expiresAt', 'paidAt', 'payUrl'],
  properties: {
    orderNo: str,
    channel: str,
    method,
    amount: { ...amount, description: 'what the member pays' },
    fee: amount,
    credit: { ...amount, description: 'what the main wallet receives (amount - fee)' },
    status: { type: 'string', enum: ['PENDING', 'PAID', 'FAILED', 'EXPIRED'] },
    createdAt: str,
    expiresAt: str,
    paidAt: nullableStr,
    payUrl: { ...nullableStr, description: 'the payment page to open while PENDING' },
    failureReason: nullableStr,
  },
} as const;

export const accountSchema = {
  type: 'object',
  required: ['id', 'method', 'accountNo', 'holderName', 'bankName', 'branch', 'createdAt'],
  properties: {
    id: { type: 'integer' },
    method,
    accountNo: { ...str, description: 'masked: only the last 4 digits shown' },
    holderName: str,
    bankName: nullableStr,
    branch: nullableStr,
    createdAt: str,
  },
} as const;

const proofSchema = {
  type: 'object',
  required: ['id', 'fileName', 'contentType', 'size'],
  properties: { id: { type: 'integer' }, fileName: str, contentType: str, size: { type: 'integer' } },
} as const;

export const withdrawalSchema = {
  type: 'object',
  required: ['id', 'amount', 'method', 'accountNo', 'holderName', 'status', 'requestedAt', 'confirmation', 'proofs'],
  properties: {
    id: { type: 'integer' },
    amount,
    method,
    accountNo: str,
    holderName: str,
    bankName: nullableStr,
    status: { type: 'string', enum: ['PENDING', 'APPROVED', 'REJECTED'] },
    requestedAt: str,
    decidedAt: nullableStr,
    rejectReason: nullableStr,
    confirmation: { type: ['string', 'null'], enum: ['RECEIVED', 'NOT_RECEIVED', 'AUTO_RECEIVED', null] },
    confirmedAt: nullableStr,
    autoReceiveAt: { ...nullableStr, description: 'when an approved withdrawal not yet confirmed counts as received' },
    complaint: nullableStr,
    proofs: { type: 'array', items: proofSchema },
    dispute: {
      type: ['object', 'null'],
      description: 'an operator closed the "not received" report: PAID (it did arrive) or REFUNDED (back in the main wallet)',
      required: ['outcome', 'note', 'resolvedAt'],
      properties: { outcome: { type: 'string', enum: ['PAID', 'REFUNDED'] }, note: str, resolvedAt: str },
    },
  },
} as const;

export const opsWithdrawalSchema = {
  type: 'object',
  properties: {
    ...withdrawalSchema.properties,
    account: str,
    accountNoFull: str,
    branch: nullableStr,
    decidedBy: nullableStr,
    payoutReference: nullableStr,
    disputeResolvedBy: nullableStr,
  },
} as const;
