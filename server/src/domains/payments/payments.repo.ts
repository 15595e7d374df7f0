// The payments domain's SQL: channels, deposit orders, callbacks, withdrawal accounts,
// withdrawals and their proofs. Services (deposits.ts, withdrawals.ts) decide; this module reads
// and writes.
import type { Queryable } from '../../db/db';
import type { PaymentMethod } from '@khela/api/payments';

export interface ChannelRow {
  code: string;
  method: PaymentMethod;
  name: string;
  name_bn: string;
  gateway: string;
  min_amount: string;
  max_amount: string;
  fee_bps: number;
  fee_fixed: string;
  quick_amounts: string[];
  enabled: boolean;
  sort: number;
  updated_at: Date;
  updated_by: string | null;
}

const CHANNEL_COLUMNS = `code, method, name, name_bn, gateway, min_amount::text, max_amount::text, fee_bps, fee_fixed::text,
  quick_amounts::text[] AS quick_amounts, enabled, sort, updated_at, updated_by`;

export async function listChannels(q: Queryable, opts: { enabledOnly?: boolean } = {}): Promise<ChannelRow[]> {
  return q.query<ChannelRow>(
    `SELECT ${CHANNEL_COLUMNS} FROM payment_channels ${opts.enabledOnly ? 'WHERE enabled' : ''} ORDER BY sort, code`,
  );
}

export async function findChannel(q: Queryable, code: string): Promise<ChannelRow | null> {
  return q.one<ChannelRow>(`SELECT ${CHANNEL_COLUMNS} FROM payment_channels WHERE code = $1`, [code]);
}

export interface ChannelChange {
  name?: string;
  nameBn?: string;
  minAmount?: bigint;
  maxAmount?: bigint;
  feeBps?: number;
  feeFixed?: bigint;
  quickAmounts?: bigint[];
  enabled?: boolean;
  sort?: number;
}

/** Applies the fields given; the table's CHECKs refuse a range or fee that makes no sense. */
export async function updateChannel(q: Queryable, code: string, c: ChannelChange, by: string): Promise<ChannelRow | null> {
  return q.one<ChannelRow>(
    `UPDATE payment_channels SET
       name = coalesce($2, name), name_bn = coalesce($3, name_bn),
       min_amount = coalesce($4::bigint, min_amount), max_amount = coalesce($5::bigint, max_amount),
       fee_bps = coalesce($6, fee_bps), fee_fixed = coalesce($7::bigint, fee_fixed),
       quick_amounts = coalesce($8::bigint[], quick_amounts), enabled = coalesce($9, enabled), sort = coalesce($10, sort),
       updated_at = now(), updated_by = $11
     WHERE code = $1 RETURNING ${CHANNEL_COLUMNS}`,
    [
      code,
      c.name ?? null,
      c.nameBn ?? null,
      c.minAmount?.toString() ?? null,
      c.maxAmount?.toString() ?? null,
      c.feeBps ?? null,
      c.feeFixed?.toString() ?? null,
      c.quickAmounts ? c.quickAmounts.map(String) : null,
      c.enabled ?? null,
      c.sort ?? null,
      by,
    ],
  );
}

export interface OrderRow {
  id: number;
  order_no: string;
  member_id: number;
  channel_code: string;
  method: PaymentMethod;
  gateway: string;
  amount: string;
  fee: string;
  credit: string;
  status: 'PENDING' | 'PAID' | 'FAILED' | 'EXPIRED';
  pay_url: string | null;
  gateway_reference: string | null;
  failure_reason: string | null;
  late: boolean;
  ledger_transaction_id: number | null;
  created_by: string;
  language: 'BN' | 'EN';
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
  closed_at: Date | null;
}

const orderColumns = (p = '') =>
  [
    'id',
    'order_no',
    'member_id',
    'channel_code',
    'method',
    'gateway',
    'amount::text',
    'fee::text',
    'credit::text',
    'status',
    'pay_url',
    'gateway_reference',
    'failure_reason',
    'late',
    'ledger_transaction_id',
    'created_by',
    'language',
    'created_at',
    'expires_at',
    'paid_at',
    'closed_at',
  ]
    .map((c) => `${p}${c}${c.endsWith('::text') ? ` AS ${c.slice(0, -6)}` : ''}`)
    .join(', ');
const ORDER_COLUMNS = orderColumns();

export async function insertOrder(
  q: Queryable,
  o: {
    orderNo: string;
    requestKey: string | null;
    memberId: number;
    channel: ChannelRow;
    amount: bigint;
    fee: bigint;
    createdBy: string;
    ip: string | null;
    language: 'BN' | 'EN';
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<OrderRow> {
  const row = await q.one<OrderRow>(
    `INSERT INTO deposit_orders (order_no, request_key, member_id, channel_code, method, gateway, amount, fee, credit, status,
                                 created_by, ip, language, created_at, updated_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::bigint, $8::bigint, $7::bigint - $8::bigint, 'PENDING', $9, $10, $11, $12, $12, $13)
     RETURNING ${ORDER_COLUMNS}`,
    [
      o.orderNo,
      o.requestKey,
      o.memberId,
      o.channel.code,
      o.channel.method,
      o.channel.gateway,
      o.amount.toString(),
      o.fee.toString(),
      o.createdBy,
      o.ip,
      o.language,
      o.createdAt,
      o.expiresAt,
    ],
  );
  return row!;
}

export async function findOrder(q: Queryable, orderNo: string, opts: { forUpdate?: boolean } = {}): Promise<OrderRow | null> {
  return q.one<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM deposit_orders WHERE order_no = $1 ${opts.forUpdate ? 'FOR UPDATE' : ''}`,
    [orderNo],
  );
}

export async function findOrderByRequestKey(q: Queryable, memberId: number, key: string): Promise<OrderRow | null> {
  return q.one<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM deposit_orders WHERE member_id = $1 AND request_key = $2`, [
    memberId,
    key,
  ]);
}

export async function countPendingOrders(q: Queryable, memberId: number, now: Date): Promise<number> {
  const row = await q.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM deposit_orders WHERE member_id = $1 AND status = 'PENDING' AND expires_at > $2`,
    [memberId, now],
  );
  return row!.n;
}

export async function setOrderPayment(q: Queryable, id: number, payUrl: string, gatewayReference: string | null): Promise<void> {
  await q.query(
    `UPDATE deposit_orders SET pay_url = $2, gateway_reference = coalesce($3, gateway_reference), updated_at = now() WHERE id = $1`,
    [id, payUrl, gatewayReference],
  );
}

export async function markOrderPaid(
  q: Queryable,
  id: number,
  p: { ledgerTransactionId: number; gatewayReference: string | null; late: boolean; at: Date },
): Promise<void> {
  await q.query(
    `UPDATE deposit_orders SET status = 'PAID', ledger_transaction_id = $2, gateway_reference = coalesce($3, gateway_reference),
            late = $4, paid_at = $5, closed_at = coalesce(closed_at, $5), failure_reason = NULL, updated_at = now()
      WHERE id = $1`,
    [id, p.ledgerTransactionId, p.gatewayReference, p.late, p.at],
  );
}

/** PENDING → FAILED or EXPIRED; false when the order was no longer pending. */
export async function closeOrder(
  q: Queryable,
  id: number,
  status: 'FAILED' | 'EXPIRED',
  reason: string | null,
  at: Date,
  gatewayReference: string | null = null,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE deposit_orders SET status = $2, failure_reason = $3, closed_at = $4, gateway_reference = coalesce($5, gateway_reference),
            updated_at = now()
      WHERE id = $1 AND status = 'PENDING' RETURNING id`,
    [id, status, reason, at, gatewayReference],
  );
  return rows.length === 1;
}

export async function memberOrders(q: Queryable, memberId: number, limit: number): Promise<OrderRow[]> {
  return q.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM deposit_orders WHERE member_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [memberId, limit],
  );
}

export async function dueOrders(q: Queryable, now: Date, limit: number): Promise<OrderRow[]> {
  return q.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM deposit_orders WHERE status = 'PENDING' AND expires_at <= $1 ORDER BY expires_at LIMIT $2`,
    [now, limit],
  );
}

export async function opsOrders(
  q: Queryable,
  f: { status?: string; account?: string; limit: number },
): Promise<(OrderRow & { account: string })[]> {
  return q.query<OrderRow & { account: string }>(
    `SELECT ${orderColumns('o.')}, m.account
       FROM deposit_orders o JOIN members m ON m.id = o.member_id
      WHERE ($1::text IS NULL OR o.status = $1) AND ($2::text IS NULL OR m.account = $2)
      ORDER BY o.created_at DESC, o.id DESC LIMIT $3`,
    [f.status ?? null, f.account?.toLowerCase() ?? null, f.limit],
  );
}

export async function recordCallback(
  q: Queryable,
  c: { gateway: string; orderNo: string | null; event: string; outcome: string; body: string; ip: string | null },
): Promise<void> {
  await q.query(`INSERT INTO payment_callbacks (gateway, order_no, event, outcome, body, ip) VALUES ($1, $2, $3, $4, $5, $6)`, [
    c.gateway,
    c.orderNo,
    c.event,
    c.outcome,
    c.body.slice(0, 16_384),
    c.ip,
  ]);
}

// ---- withdrawals -----------------------------------------------------------------------------

export interface AccountRow {
  id: number;
  member_id: number;
  method: PaymentMethod;
  account_no: string;
  holder_name: string;
  bank_name: string | null;
  branch: string | null;
  created_at: Date;
}

const ACCOUNT_COLUMNS = `id, member_id, method, account_no, holder_name, bank_name, branch, created_at`;

export async function liveAccounts(q: Queryable, memberId: number): Promise<AccountRow[]> {
  return q.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM withdraw_accounts WHERE member_id = $1 AND removed_at IS NULL ORDER BY id`,
    [memberId],
  );
}

export async function liveAccount(q: Queryable, memberId: number, id: number): Promise<AccountRow | null> {
  return q.one<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM withdraw_accounts WHERE member_id = $1 AND id = $2 AND removed_at IS NULL`,
    [memberId, id],
  );
}

export async function insertAccount(
  q: Queryable,
  a: {
    memberId: number;
    method: PaymentMethod;
    accountNo: string;
    holderName: string;
    bankName: string | null;
    branch: string | null;
  },
): Promise<AccountRow | null> {
  return q.one<AccountRow>(
    `INSERT INTO withdraw_accounts (member_id, method, account_no, holder_name, bank_name, branch)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING ${ACCOUNT_COLUMNS}`,
    [a.memberId, a.method, a.accountNo, a.holderName, a.bankName, a.branch],
  );
}

export async function removeAccount(q: Queryable, memberId: number, id: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE withdraw_accounts SET removed_at = now() WHERE member_id = $1 AND id = $2 AND removed_at IS NULL RETURNING id`,
    [memberId, id],
  );
  return rows.length === 1;
}

export interface MemberPaymentRow {
  id: number;
  type: number;
  payee_name: string | null;
  payment_password_hash: string | null;
}

export async function memberPaymentRow(q: Queryable, memberId: number, opts: { forUpdate?: boolean } = {}) {
  return q.one<MemberPaymentRow>(
    `SELECT id, type, nullif(trim(profile->>'payeeName'), '') AS payee_name, payment_password_hash
       FROM members WHERE id = $1 ${opts.forUpdate ? 'FOR UPDATE' : ''}`,
    [memberId],
  );
}

/** Sets the profile's payee name if it has none; returns the name in force. */
export async function fixPayeeName(q: Queryable, memberId: number, name: string): Promise<string> {
  await q.query(
    `UPDATE members SET profile = jsonb_set(profile, '{payeeName}', to_jsonb($2::text))
      WHERE id = $1 AND coalesce(trim(profile->>'payeeName'), '') = ''`,
    [memberId, name],
  );
  const row = await q.one<{ payee_name: string }>(`SELECT profile->>'payeeName' AS payee_name FROM members WHERE id = $1`, [
    memberId,
  ]);
  return row!.payee_name;
}

export async function setPaymentPasswordHash(q: Queryable, memberId: number, hash: string): Promise<void> {
  await q.query(`UPDATE members SET payment_password_hash = $2 WHERE id = $1`, [memberId, hash]);
}

export interface WithdrawalRow {
  id: number;
  member_id: number;
  account_id: number;
  method: PaymentMethod;
  account_no: string;
  holder_name: string;
  bank_name: string | null;
  branch: string | null;
  amount: string;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  ledger_transaction_id: number;
  decision_transaction_id: number | null;
  requested_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
  reject_reason: string | null;
  payout_reference: string | null;
  confirmation: 'RECEIVED' | 'NOT_RECEIVED' | 'AUTO_RECEIVED' | null;
  confirmed_at: Date | null;
  auto_receive_at: Date | null;
  complaint: string | null;
  dispute_outcome: 'PAID' | 'REFUNDED' | null;
  dispute_note: string | null;
  dispute_resolved_at: Date | null;
  dispute_resolved_by: string | null;
}

const WITHDRAWAL_COLUMNS = `w.id, w.member_id, w.account_id, w.method, w.account_no, w.holder_name, w.bank_name, w.branch,
  w.amount::text, w.status, w.ledger_transaction_id, w.decision_transaction_id, w.requested_at, w.decided_at, w.decided_by,
  w.reject_reason, w.payout_reference, w.confirmation, w.confirmed_at, w.auto_receive_at, w.complaint,
  w.dispute_outcome, w.dispute_note, w.dispute_resolved_at, w.dispute_resolved_by`;

export async function insertWithdrawal(
  q: Queryable,
  w: {
    requestKey: string;
    memberId: number;
    account: AccountRow;
    amount: bigint;
    ledgerTransactionId: number;
    at: Date;
    ip: string | null;
  },
): Promise<WithdrawalRow> {
  const row = await q.one<{ id: number }>(
    `INSERT INTO withdrawals (request_key, member_id, account_id, method, account_no, holder_name, bank_name, branch, amount, status,
                              ledger_transaction_id, requested_at, ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::bigint, 'PENDING', $10, $11, $12) RETURNING id`,
    [
      w.requestKey,
      w.memberId,
      w.account.id,
      w.account.method,
      w.account.account_no,
      w.account.holder_name,
      w.account.bank_name,
      w.account.branch,
      w.amount.toString(),
      w.ledgerTransactionId,
      w.at,
      w.ip,
    ],
  );
  return (await findWithdrawal(q, row!.id))!;
}

export async function findWithdrawal(q: Queryable, id: number, memberId?: number): Promise<WithdrawalRow | null> {
  return q.one<WithdrawalRow>(
    `SELECT ${WITHDRAWAL_COLUMNS} FROM withdrawals w WHERE w.id = $1 AND ($2::bigint IS NULL OR w.member_id = $2)`,
    [id, memberId ?? null],
  );
}

export async function findWithdrawalByKey(q: Queryable, memberId: number, key: string): Promise<WithdrawalRow | null> {
  return q.one<WithdrawalRow>(`SELECT ${WITHDRAWAL_COLUMNS} FROM withdrawals w WHERE w.member_id = $1 AND w.request_key = $2`, [
    memberId,
    key,
  ]);
}

export async function memberWithdrawals(q: Queryable, memberId: number, limit: number): Promise<WithdrawalRow[]> {
  return q.query<WithdrawalRow>(
    `SELECT ${WITHDRAWAL_COLUMNS} FROM withdrawals w WHERE w.member_id = $1 ORDER BY w.requested_at DESC, w.id DESC LIMIT $2`,
    [memberId, limit],
  );
}

export async function opsWithdrawals(
  q: Queryable,
  f: { status?: string; account?: string; limit: number },
): Promise<(WithdrawalRow & { account: string })[]> {
  return q.query<WithdrawalRow & { account: string }>(
    `SELECT ${WITHDRAWAL_COLUMNS}, m.account FROM withdrawals w JOIN members m ON m.id = w.member_id
      WHERE ($1::text IS NULL OR w.status = $1 OR ($1 = 'DISPUTED' AND w.confirmation = 'NOT_RECEIVED' AND w.dispute_outcome IS NULL))
        AND ($2::text IS NULL OR m.account = $2)
      ORDER BY w.requested_at ${f.status === 'PENDING' ? 'ASC' : 'DESC'}, w.id LIMIT $3`,
    [f.status ?? null, f.account?.toLowerCase() ?? null, f.limit],
  );
}

export async function countWithdrawalsSince(q: Queryable, memberId: number, since: Date): Promise<number> {
  const row = await q.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM withdrawals WHERE member_id = $1 AND requested_at >= $2 AND status <> 'REJECTED'`,
    [memberId, since],
  );
  return row!.n;
}

/** The deposits since the member's last withdrawal that was not rejected, and the valid bets since the first of them. */
export async function turnoverFigures(
  q: Queryable,
  memberId: number,
): Promise<{ deposits: bigint; since: Date | null; validBet: bigint }> {
  const dep = await q.one<{ total: string; since: Date | null }>(
    `SELECT coalesce(sum(o.credit), 0)::text AS total, min(o.paid_at) AS since
       FROM deposit_orders o
      WHERE o.member_id = $1 AND o.status = 'PAID'
        AND o.paid_at > coalesce((SELECT max(requested_at) FROM withdrawals WHERE member_id = $1 AND status <> 'REJECTED'),
                                 '-infinity'::timestamptz)`,
    [memberId],
  );
  if (!dep!.since) return { deposits: BigInt(0), since: null, validBet: BigInt(0) };
  const bets = await q.one<{ total: string }>(
    `SELECT coalesce(sum(valid_bet), 0)::text AS total FROM bet_records WHERE member_id = $1 AND placed_at >= $2 AND status <> 'ROLLED_BACK'`,
    [memberId, dep!.since],
  );
  return { deposits: BigInt(dep!.total), since: dep!.since, validBet: BigInt(bets!.total) };
}

export async function decideWithdrawalRow(
  q: Queryable,
  id: number,
  d: {
    status: 'APPROVED' | 'REJECTED';
    by: string;
    reason: string | null;
    payoutReference: string | null;
    at: Date;
    autoReceiveAt: Date | null;
  },
): Promise<WithdrawalRow | null> {
  const rows = await q.query<{ id: number }>(
    `UPDATE withdrawals SET status = $2, decided_by = $3, reject_reason = $4, payout_reference = $5, decided_at = $6,
            auto_receive_at = $7
      WHERE id = $1 AND status = 'PENDING' RETURNING id`,
    [id, d.status, d.by, d.reason, d.payoutReference, d.at, d.autoReceiveAt],
  );
  return rows.length ? findWithdrawal(q, id) : null;
}

export async function setDecisionTransaction(q: Queryable, id: number, transactionId: number): Promise<void> {
  await q.query(`UPDATE withdrawals SET decision_transaction_id = $2 WHERE id = $1`, [id, transactionId]);
}

export async function confirmWithdrawalRow(
  q: Queryable,
  id: number,
  memberId: number,
  c: { confirmation: 'RECEIVED' | 'NOT_RECEIVED'; complaint: string | null; at: Date },
): Promise<boolean> {
  // "received" after all may follow "not received" until an operator closed the dispute
  const from =
    c.confirmation === 'RECEIVED'
      ? `(confirmation IS NULL OR (confirmation = 'NOT_RECEIVED' AND dispute_outcome IS NULL))`
      : `confirmation IS NULL`;
  const rows = await q.query(
    `UPDATE withdrawals SET confirmation = $3, confirmed_at = $4, complaint = coalesce($5, complaint)
      WHERE id = $1 AND member_id = $2 AND status = 'APPROVED' AND ${from} RETURNING id`,
    [id, memberId, c.confirmation, c.at, c.complaint],
  );
  return rows.length === 1;
}

/** The withdrawal with an open dispute, locked until the caller's transaction ends (null: none open). */
export async function lockOpenDispute(q: Queryable, id: number): Promise<WithdrawalRow | null> {
  return q.one<WithdrawalRow>(
    `SELECT ${WITHDRAWAL_COLUMNS} FROM withdrawals w
      WHERE w.id = $1 AND w.status = 'APPROVED' AND w.confirmation = 'NOT_RECEIVED' AND w.dispute_outcome IS NULL
      FOR UPDATE`,
    [id],
  );
}

export async function closeDispute(
  q: Queryable,
  id: number,
  r: { outcome: 'PAID' | 'REFUNDED'; note: string; by: string; at: Date; transactionId: number | null },
): Promise<WithdrawalRow> {
  return (await q.one<WithdrawalRow>(
    `UPDATE withdrawals w SET dispute_outcome = $2, dispute_note = $3, dispute_resolved_by = $4, dispute_resolved_at = $5,
            dispute_transaction_id = $6
      WHERE w.id = $1 RETURNING ${WITHDRAWAL_COLUMNS}`,
    [id, r.outcome, r.note, r.by, r.at, r.transactionId],
  ))!;
}

export async function autoReceiveDue(q: Queryable, now: Date): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `UPDATE withdrawals SET confirmation = 'AUTO_RECEIVED', confirmed_at = $1
      WHERE status = 'APPROVED' AND confirmation IS NULL AND auto_receive_at <= $1 RETURNING id`,
    [now],
  );
  return rows.map((r) => r.id);
}

export interface ProofRow {
  id: number;
  withdrawal_id: number;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
  created_at: Date;
}

export async function insertProof(
  q: Queryable,
  p: { withdrawalId: number; fileName: string; contentType: string; data: Buffer; sha256: string },
): Promise<void> {
  await q.query(
    `INSERT INTO withdrawal_proofs (withdrawal_id, file_name, content_type, size, sha256, data) VALUES ($1, $2, $3, $4, $5, $6)`,
    [p.withdrawalId, p.fileName, p.contentType, p.data.length, p.sha256, p.data],
  );
}

export async function proofsOf(q: Queryable, withdrawalIds: number[]): Promise<ProofRow[]> {
  if (!withdrawalIds.length) return [];
  return q.query<ProofRow>(
    `SELECT id, withdrawal_id, file_name, content_type, size, sha256, created_at FROM withdrawal_proofs
      WHERE withdrawal_id = ANY($1::bigint[]) ORDER BY id`,
    [withdrawalIds],
  );
}

export async function proofData(
  q: Queryable,
  withdrawalId: number,
  proofId: number,
): Promise<{ file_name: string; content_type: string; data: Uint8Array } | null> {
  return q.one(`SELECT file_name, content_type, data FROM withdrawal_proofs WHERE withdrawal_id = $1 AND id = $2`, [
    withdrawalId,
    proofId,
  ]);
}

/** A member's account, or null. */
export async function accountOf(q: Queryable, memberId: number | string): Promise<string | null> {
  const row = await q.one<{ account: string }>(`SELECT account FROM members WHERE id = $1`, [memberId]);
  return row?.account ?? null;
}
