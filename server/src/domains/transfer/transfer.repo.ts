import type { Queryable } from '../../db/db';
import type { TransferDirection } from './vendors/types';

export type TransferStatus = 'PENDING' | 'SUCCESS' | 'FAILED' | 'UNKNOWN';
export type AdapterKind = 'SANDBOX' | 'HTTP';

export interface TransferOrder {
  id: number;
  reference: string;
  memberId: number;
  clientReference: string;
  recallReference: string | null;
  vendor: string;
  direction: TransferDirection;
  amount: bigint;
  adapter: AdapterKind;
  status: TransferStatus;
  errorCode: string | null;
  vendorBalance: bigint | null;
  ledgerTransactionId: number | null;
  reversalTransactionId: number | null;
  checks: number;
  nextCheckAt: Date | null;
  lastError: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

interface OrderRow {
  id: number;
  reference: string;
  member_id: number;
  client_reference: string;
  recall_reference: string | null;
  vendor_code: string;
  direction: TransferDirection;
  amount: string;
  adapter: AdapterKind;
  status: TransferStatus;
  error_code: string | null;
  vendor_balance: string | null;
  ledger_transaction_id: number | null;
  reversal_transaction_id: number | null;
  checks: number;
  next_check_at: Date | null;
  last_error: string | null;
  created_at: Date;
  completed_at: Date | null;
}

/** The columns of an order (of alias `p`), amounts as text: bigint poisha never pass through a JS number. */
const columns = (p = '') =>
  [
    'id',
    'reference',
    'member_id',
    'client_reference',
    'recall_reference',
    'vendor_code',
    'direction',
    'amount::text AS amount',
    'adapter',
    'status',
    'error_code',
    'vendor_balance::text AS vendor_balance',
    'ledger_transaction_id',
    'reversal_transaction_id',
    'checks',
    'next_check_at',
    'last_error',
    'created_at',
    'completed_at',
  ]
    .map((c) => p + c)
    .join(', ');
const COLUMNS = columns();

const toOrder = (r: OrderRow): TransferOrder => ({
  id: Number(r.id),
  reference: r.reference,
  memberId: Number(r.member_id),
  clientReference: r.client_reference,
  recallReference: r.recall_reference,
  vendor: r.vendor_code,
  direction: r.direction,
  amount: BigInt(r.amount),
  adapter: r.adapter,
  status: r.status,
  errorCode: r.error_code,
  vendorBalance: r.vendor_balance === null ? null : BigInt(r.vendor_balance),
  ledgerTransactionId: r.ledger_transaction_id === null ? null : Number(r.ledger_transaction_id),
  reversalTransactionId: r.reversal_transaction_id === null ? null : Number(r.reversal_transaction_id),
  checks: r.checks,
  nextCheckAt: r.next_check_at,
  lastError: r.last_error,
  createdAt: r.created_at,
  completedAt: r.completed_at,
});

export interface NewOrder {
  reference: string;
  memberId: number;
  clientReference: string;
  recallReference: string | null;
  vendor: string;
  direction: TransferDirection;
  amount: bigint;
  adapter: AdapterKind;
  /** asked of the vendor from this many ms on, if still open */
  checkAfterMs: number;
}

/** Inserts a PENDING order; null when the member already used this client reference. */
export async function insertOrder(q: Queryable, o: NewOrder): Promise<TransferOrder | null> {
  const row = await q.one<OrderRow>(
    `INSERT INTO transfer_orders (reference, member_id, client_reference, recall_reference, vendor_code, direction, amount, adapter,
                                  status, next_check_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::bigint, $8, 'PENDING', now() + make_interval(secs => $9::double precision / 1000))
     ON CONFLICT (member_id, client_reference) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      o.reference,
      o.memberId,
      o.clientReference,
      o.recallReference,
      o.vendor,
      o.direction,
      o.amount.toString(),
      o.adapter,
      o.checkAfterMs,
    ],
  );
  return row ? toOrder(row) : null;
}

export async function orderByClientReference(
  q: Queryable,
  memberId: number,
  clientReference: string,
): Promise<TransferOrder | null> {
  const row = await q.one<OrderRow>(`SELECT ${COLUMNS} FROM transfer_orders WHERE member_id = $1 AND client_reference = $2`, [
    memberId,
    clientReference,
  ]);
  return row ? toOrder(row) : null;
}

export async function orderByReference(q: Queryable, reference: string): Promise<TransferOrder | null> {
  const row = await q.one<OrderRow>(`SELECT ${COLUMNS} FROM transfer_orders WHERE reference = $1`, [reference]);
  return row ? toOrder(row) : null;
}

export async function setLedgerTransaction(q: Queryable, id: number, column: 'ledger' | 'reversal', txId: number): Promise<void> {
  await q.query(
    column === 'ledger'
      ? `UPDATE transfer_orders SET ledger_transaction_id = $2 WHERE id = $1`
      : `UPDATE transfer_orders SET reversal_transaction_id = $2 WHERE id = $1`,
    [id, txId],
  );
}

/**
 * Closes an open order as SUCCESS or FAILED. Null when it was closed already (by a concurrent
 * check): an outcome is applied once. Takes the row lock until the caller's transaction ends.
 */
export async function closeOrder(
  q: Queryable,
  id: number,
  status: 'SUCCESS' | 'FAILED',
  detail: { errorCode?: string | null; vendorBalance?: bigint | null },
): Promise<TransferOrder | null> {
  const row = await q.one<OrderRow>(
    `UPDATE transfer_orders
        SET status = $2, error_code = $3, vendor_balance = coalesce($4::bigint, vendor_balance),
            completed_at = now(), updated_at = now(), next_check_at = NULL
      WHERE id = $1 AND status IN ('PENDING', 'UNKNOWN')
      RETURNING ${COLUMNS}`,
    [id, status, detail.errorCode ?? null, detail.vendorBalance?.toString() ?? null],
  );
  return row ? toOrder(row) : null;
}

/** An open order whose outcome the vendor did not tell: UNKNOWN, with why. */
export async function markUnknown(q: Queryable, id: number, why: string): Promise<TransferOrder | null> {
  const row = await q.one<OrderRow>(
    `UPDATE transfer_orders SET status = 'UNKNOWN', last_error = $2, updated_at = now()
      WHERE id = $1 AND status IN ('PENDING', 'UNKNOWN') RETURNING ${COLUMNS}`,
    [id, why.slice(0, 500)],
  );
  return row ? toOrder(row) : null;
}

/**
 * Claims up to `limit` open orders due for a check at `now`: each gets its next check pushed back
 * (the backoff, which is also the lease: a server that dies mid-check leaves it to a later pass),
 * and no two servers claim the same one (SKIP LOCKED).
 */
export async function claimDue(
  q: Queryable,
  now: Date,
  backoff: { baseMs: number; maxMs: number },
  limit = 20,
  reference?: string,
): Promise<TransferOrder[]> {
  const rows = await q.query<OrderRow>(
    `UPDATE transfer_orders o
        SET checks = o.checks + 1, updated_at = now(),
            next_check_at = $1::timestamptz + make_interval(secs => least($3::double precision, $2::double precision * power(2, least(o.checks, 20))) / 1000)
      WHERE o.id IN (SELECT id FROM transfer_orders
                      WHERE status IN ('PENDING', 'UNKNOWN') AND ($5::text IS NULL AND next_check_at <= $1::timestamptz OR reference = $5)
                      ORDER BY next_check_at LIMIT $4 FOR UPDATE SKIP LOCKED)
      RETURNING ${columns('o.')}`,
    [now.toISOString(), backoff.baseMs, backoff.maxMs, limit, reference ?? null],
  );
  return rows.map(toOrder);
}

export async function ordersOfRecall(q: Queryable, memberId: number, recallReference: string): Promise<TransferOrder[]> {
  const rows = await q.query<OrderRow>(
    `SELECT ${COLUMNS} FROM transfer_orders WHERE member_id = $1 AND recall_reference = $2 ORDER BY id`,
    [memberId, recallReference],
  );
  return rows.map(toOrder);
}

export async function memberOrders(
  q: Queryable,
  memberId: number,
  pageNo: number,
  pageSize: number,
): Promise<{ list: TransferOrder[]; total: number }> {
  const [rows, count] = await Promise.all([
    q.query<OrderRow>(
      `SELECT ${COLUMNS} FROM transfer_orders WHERE member_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [memberId, pageSize, (pageNo - 1) * pageSize],
    ),
    q.one<{ n: number }>(`SELECT count(*)::int AS n FROM transfer_orders WHERE member_id = $1`, [memberId]),
  ]);
  return { list: rows.map(toOrder), total: count?.n ?? 0 };
}

export async function openOrderCount(q: Queryable, memberId: number): Promise<number> {
  const row = await q.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM transfer_orders WHERE member_id = $1 AND status IN ('PENDING', 'UNKNOWN')`,
    [memberId],
  );
  return row?.n ?? 0;
}

/** Orders for operators: by status and member, newest first. */
export async function listOrders(
  q: Queryable,
  filter: { status?: TransferStatus; memberId?: number; limit: number },
): Promise<(TransferOrder & { account: string })[]> {
  const rows = await q.query<OrderRow & { account: string }>(
    `SELECT ${columns('o.')}, m.account FROM transfer_orders o JOIN members m ON m.id = o.member_id
      WHERE ($1::text IS NULL OR o.status = $1) AND ($2::bigint IS NULL OR o.member_id = $2)
      ORDER BY o.created_at DESC, o.id DESC LIMIT $3`,
    [filter.status ?? null, filter.memberId ?? null, filter.limit],
  );
  return rows.map((r) => ({ ...toOrder(r), account: r.account }));
}

export interface VendorRow {
  code: string;
  displayName: string;
  displayNameBn: string | null;
  walletMode: 'SEAMLESS' | 'TRANSFER';
  hidden: boolean;
}

export async function vendorByCode(q: Queryable, code: string): Promise<VendorRow | null> {
  const row = await q.one<{
    code: string;
    display_name: string;
    display_name_bn: string | null;
    wallet_mode: string;
    hidden: boolean;
  }>(`SELECT code, display_name, display_name_bn, wallet_mode, hidden FROM game_vendors WHERE code = $1`, [code]);
  return row
    ? {
        code: row.code,
        displayName: row.display_name,
        displayNameBn: row.display_name_bn,
        walletMode: row.wallet_mode as VendorRow['walletMode'],
        hidden: row.hidden,
      }
    : null;
}

export interface VendorConnection {
  vendor: string;
  apiUrl: string;
  secret: string;
  timeoutMs: number;
  createdAt: Date;
  updatedAt: Date;
}

interface ConnectionRow {
  vendor_code: string;
  api_url: string;
  secret: string;
  timeout_ms: number;
  created_at: Date;
  updated_at: Date;
}
const toConnection = (r: ConnectionRow): VendorConnection => ({
  vendor: r.vendor_code,
  apiUrl: r.api_url,
  secret: r.secret,
  timeoutMs: r.timeout_ms,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export async function connections(q: Queryable): Promise<VendorConnection[]> {
  const rows = await q.query<ConnectionRow>(`SELECT * FROM transfer_vendor_connections ORDER BY vendor_code`);
  return rows.map(toConnection);
}

export async function connectionOf(q: Queryable, vendor: string): Promise<VendorConnection | null> {
  const row = await q.one<ConnectionRow>(`SELECT * FROM transfer_vendor_connections WHERE vendor_code = $1`, [vendor]);
  return row ? toConnection(row) : null;
}

export async function upsertConnection(
  q: Queryable,
  c: { vendor: string; apiUrl: string; secret: string; timeoutMs: number },
): Promise<VendorConnection> {
  const row = await q.one<ConnectionRow>(
    `INSERT INTO transfer_vendor_connections (vendor_code, api_url, secret, timeout_ms) VALUES ($1, $2, $3, $4)
     ON CONFLICT (vendor_code) DO UPDATE SET api_url = EXCLUDED.api_url, secret = EXCLUDED.secret, timeout_ms = EXCLUDED.timeout_ms,
       updated_at = now()
     RETURNING *`,
    [c.vendor, c.apiUrl, c.secret, c.timeoutMs],
  );
  return toConnection(row!);
}

export async function deleteConnection(q: Queryable, vendor: string): Promise<boolean> {
  const rows = await q.query(`DELETE FROM transfer_vendor_connections WHERE vendor_code = $1 RETURNING vendor_code`, [vendor]);
  return rows.length > 0;
}

/** Money members hold in the sandbox's wallets of a vendor: how many members, and the sum. */
export async function sandboxHoldings(q: Queryable, vendor: string): Promise<{ members: number; total: bigint }> {
  const row = await q.one<{ members: number; total: string }>(
    `SELECT count(*)::int AS members, coalesce(sum(balance), 0)::text AS total
       FROM ledger_accounts WHERE kind = 'MEMBER_VENDOR' AND vendor_code = $1 AND balance > 0`,
    [vendor],
  );
  return { members: row?.members ?? 0, total: BigInt(row?.total ?? '0') };
}

/** Open orders of a vendor (a connection is not removed under them). */
export async function openOrdersOfVendor(q: Queryable, vendor: string): Promise<number> {
  const row = await q.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM transfer_orders WHERE vendor_code = $1 AND status IN ('PENDING', 'UNKNOWN')`,
    [vendor],
  );
  return row?.n ?? 0;
}

export async function memberAccountOf(q: Queryable, memberId: number): Promise<string | null> {
  const row = await q.one<{ account: string }>(`SELECT account FROM members WHERE id = $1`, [memberId]);
  return row?.account ?? null;
}

/** Whether each named vendor takes transfers in now (a visible vendor in transfer-wallet mode). */
export async function transferableVendors(q: Queryable, codes: readonly string[]): Promise<Set<string>> {
  if (!codes.length) return new Set();
  const rows = await q.query<{ code: string }>(
    `SELECT code FROM game_vendors WHERE code = ANY($1::text[]) AND wallet_mode = 'TRANSFER' AND NOT hidden`,
    [codes],
  );
  return new Set(rows.map((r) => r.code));
}
