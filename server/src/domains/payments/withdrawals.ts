// Withdrawals: payout accounts, the request (money moves to WITHDRAWALS_PAYABLE at once), the
// operator's decision (paid out, or rejected and reversed), and the member's confirmation.
// Reusable by any layout: the routes only validate and shape.
import { settleBonusesForWithdrawal } from '../promotions/promotions.service';
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  COMPLAINT_MAX,
  HOLDER_NAME,
  PROOF_MAX_BYTES,
  PROOF_MAX_FILES,
  accountNoValid,
  normaliseAccountNo,
  sameName,
  sniffImage,
  type PaymentMethod,
} from '@khela/api/payments';
import { takaString } from '@khela/api/money';
import { ApiError } from '../../http/envelope';
import type { SessionMember } from '../../http/auth';
import { ledgerRefusal } from '../wallet/ledger-errors';
import { assertAmountWithin, refuseTrialMoney } from './deposits';
import { checkPaymentPassword } from './payment-password';
import {
  autoReceiveDue,
  confirmWithdrawalRow,
  countWithdrawalsSince,
  decideWithdrawalRow,
  findWithdrawal,
  findWithdrawalByKey,
  fixPayeeName,
  insertAccount,
  insertProof,
  insertWithdrawal,
  liveAccount,
  liveAccounts,
  memberPaymentRow,
  removeAccount,
  setDecisionTransaction,
  lockOpenDispute,
  closeDispute,
  turnoverFigures,
  type AccountRow,
  type WithdrawalRow,
} from './payments.repo';
import { timesMultiplier, type PaymentRules } from './rules';
import type { Queryable } from '../../db/db';

const DHAKA_OFFSET_MS = 6 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** Midnight in Dhaka (UTC+6, no daylight saving) of the day `now` falls in. */
export function dhakaDayStart(now: Date): Date {
  const local = now.getTime() + DHAKA_OFFSET_MS;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS - DHAKA_OFFSET_MS);
}

export interface Turnover {
  multiplier: number;
  deposits: bigint;
  required: bigint;
  done: bigint;
  missing: bigint;
  since: Date | null;
}

/** "Valid bets since the deposits must reach N × the deposits", as figures the page can show. */
export async function turnoverOf(q: Queryable, memberId: number, rules: PaymentRules): Promise<Turnover> {
  const multiplier = rules.turnoverMultiplier;
  if (multiplier <= 0) {
    return { multiplier: 0, deposits: BigInt(0), required: BigInt(0), done: BigInt(0), missing: BigInt(0), since: null };
  }
  const f = await turnoverFigures(q, memberId);
  const required = timesMultiplier(f.deposits, multiplier);
  const missing = required > f.validBet ? required - f.validBet : BigInt(0);
  return { multiplier, deposits: f.deposits, required, done: f.validBet, missing, since: f.since };
}

export interface BindAccountInput {
  method: PaymentMethod;
  accountNo: string;
  holderName: string;
  bankName?: string;
  branch?: string;
  paymentPassword: string;
}

/**
 * Binds a payout account. The holder must be the member's payee name; a member without one gets
 * it from this first binding, and it is fixed from then on.
 */
export async function bindAccount(app: FastifyInstance, member: SessionMember, input: BindAccountInput): Promise<AccountRow> {
  refuseTrialMoney(member);
  const rules = await app.payments.rules();
  const accountNo = normaliseAccountNo(input.accountNo);
  if (!accountNoValid(input.method, accountNo)) {
    throw new ApiError(400, 'ACCOUNT_NUMBER_INVALID', 'This account number is not valid', {
      fields: { accountNo: 'ACCOUNT_NUMBER_INVALID' },
    });
  }
  const holderName = input.holderName.normalize('NFC').trim().replace(/\s+/g, ' ');
  if (!HOLDER_NAME.test(holderName)) {
    throw new ApiError(400, 'HOLDER_NAME_INVALID', 'Write the name as on the account', {
      fields: { holderName: 'HOLDER_NAME_INVALID' },
    });
  }
  const bankName = input.method === 'BANK' ? input.bankName?.trim() : undefined;
  const branch = input.method === 'BANK' ? input.branch?.trim() : undefined;
  if (input.method === 'BANK' && (!bankName || !branch)) {
    throw new ApiError(400, 'BANK_DETAILS_REQUIRED', 'A bank account needs the bank and the branch', {
      fields: {
        ...(bankName ? {} : { bankName: 'BANK_DETAILS_REQUIRED' }),
        ...(branch ? {} : { branch: 'BANK_DETAILS_REQUIRED' }),
      },
    });
  }
  const before = await memberPaymentRow(app.db, member.id);
  if (before?.payee_name && !sameName(before.payee_name, holderName)) {
    throw new ApiError(400, 'PAYEE_NAME_MISMATCH', 'The account holder must be the payee name of your profile', {
      payeeName: before.payee_name,
      fields: { holderName: 'PAYEE_NAME_MISMATCH' },
    });
  }
  await checkPaymentPassword(app, member.id, input.paymentPassword, rules);
  return app.db.tx(async (q) => {
    const me = await memberPaymentRow(q, member.id, { forUpdate: true });
    const payee = me?.payee_name ? me.payee_name : await fixPayeeName(q, member.id, holderName);
    if (!sameName(payee, holderName)) {
      throw new ApiError(400, 'PAYEE_NAME_MISMATCH', 'The account holder must be the payee name of your profile', {
        payeeName: payee,
        fields: { holderName: 'PAYEE_NAME_MISMATCH' },
      });
    }
    const existing = await liveAccounts(q, member.id);
    if (existing.some((a) => a.method === input.method && a.account_no === accountNo)) {
      throw new ApiError(409, 'ACCOUNT_ALREADY_BOUND', 'This account is bound already', {
        fields: { accountNo: 'ACCOUNT_ALREADY_BOUND' },
      });
    }
    if (existing.length >= rules.maxAccounts) {
      throw new ApiError(409, 'TOO_MANY_ACCOUNTS', `At most ${rules.maxAccounts} accounts`, { max: rules.maxAccounts });
    }
    const row = await insertAccount(q, {
      memberId: member.id,
      method: input.method,
      accountNo,
      holderName: payee,
      bankName: bankName ?? null,
      branch: branch ?? null,
    });
    if (!row)
      throw new ApiError(409, 'ACCOUNT_ALREADY_BOUND', 'This account is bound already', {
        fields: { accountNo: 'ACCOUNT_ALREADY_BOUND' },
      });
    return row;
  });
}

export async function unbindAccount(
  app: FastifyInstance,
  member: SessionMember,
  id: number,
  paymentPassword: string,
): Promise<void> {
  refuseTrialMoney(member);
  if (!(await liveAccount(app.db, member.id, id))) throw new ApiError(404, 'ACCOUNT_NOT_FOUND', 'No such account');
  await checkPaymentPassword(app, member.id, paymentPassword, await app.payments.rules());
  if (!(await app.db.tx((q) => removeAccount(q, member.id, id)))) throw new ApiError(404, 'ACCOUNT_NOT_FOUND', 'No such account');
}

export interface RequestWithdrawalInput {
  member: SessionMember;
  accountId: number;
  amount: bigint;
  paymentPassword: string;
  requestKey?: string;
  ip: string | null;
}

/**
 * A withdrawal request: checked (limits, payment password, daily count, turnover), then the amount
 * moves from the main wallet to WITHDRAWALS_PAYABLE in the same transaction as the request's row.
 * The member's row is locked meanwhile, so two requests at once are counted one after the other.
 */
export async function requestWithdrawal(app: FastifyInstance, input: RequestWithdrawalInput): Promise<WithdrawalRow> {
  const { member } = input;
  refuseTrialMoney(member);
  const sameRequest = (w: WithdrawalRow) => {
    if (Number(w.account_id) !== input.accountId || BigInt(w.amount) !== input.amount) {
      throw new ApiError(409, 'IDEMPOTENCY_KEY_REUSED', 'This request id was already used for another withdrawal');
    }
    return w;
  };
  if (input.requestKey) {
    const earlier = await findWithdrawalByKey(app.db, member.id, input.requestKey);
    if (earlier) return sameRequest(earlier);
  }
  const rules = await app.payments.rules();
  assertAmountWithin(input.amount, BigInt(rules.withdrawMin), BigInt(rules.withdrawMax));
  const account = await liveAccount(app.db, member.id, input.accountId);
  if (!account)
    throw new ApiError(404, 'ACCOUNT_NOT_FOUND', 'No such payout account', { fields: { accountId: 'ACCOUNT_NOT_FOUND' } });
  await checkPaymentPassword(app, member.id, input.paymentPassword, rules);
  const requestKey = input.requestKey ?? randomUUID();
  const now = app.payments.now();
  try {
    return await app.ledger.transact(async (tx) => {
      await memberPaymentRow(tx.q, member.id, { forUpdate: true });
      const again = await findWithdrawalByKey(tx.q, member.id, requestKey);
      if (again) return sameRequest(again);
      // a bonus still wagering blocks the withdrawal or is forfeited, as its promotion says
      await settleBonusesForWithdrawal(tx, member.id);
      const today = await countWithdrawalsSince(tx.q, member.id, dhakaDayStart(now));
      if (today >= rules.withdrawDailyCount) {
        throw new ApiError(409, 'DAILY_WITHDRAWAL_LIMIT', `At most ${rules.withdrawDailyCount} withdrawals a day`, {
          dailyCount: rules.withdrawDailyCount,
        });
      }
      const turnover = await turnoverOf(tx.q, member.id, rules);
      if (turnover.missing > BigInt(0)) {
        throw new ApiError(409, 'TURNOVER_NOT_MET', `Valid bets of ৳${takaString(turnover.missing)} more are needed first`, {
          multiplier: turnover.multiplier,
          deposits: turnover.deposits.toString(),
          required: turnover.required.toString(),
          done: turnover.done.toString(),
          missing: turnover.missing.toString(),
        });
      }
      const posted = await tx.post({
        key: `withdrawal:${member.id}:${requestKey}`,
        kind: 'WITHDRAWAL',
        memberId: member.id,
        reference: `${account.method}:${account.account_no}`,
        memo: 'withdrawal requested',
        createdBy: `member:${member.id}`,
        meta: { accountId: account.id, ip: input.ip },
        legs: [
          { account: { member: member.id }, amount: -input.amount },
          { account: { house: 'WITHDRAWALS_PAYABLE' }, amount: input.amount },
        ],
      });
      return insertWithdrawal(tx.q, {
        requestKey,
        memberId: member.id,
        account,
        amount: input.amount,
        ledgerTransactionId: posted.transactionId,
        at: now,
        ip: input.ip,
      });
    });
  } catch (err) {
    throw ledgerRefusal(err);
  }
}

export interface DecisionInput {
  decision: 'APPROVE' | 'REJECT';
  operator: string;
  reason?: string;
  payoutReference?: string;
}

/**
 * An operator's decision on a pending withdrawal. Exactly one decision wins (the row's status is
 * changed only from PENDING); APPROVE records the payout (WITHDRAWALS_PAYABLE → PAYMENT_CLEARING),
 * REJECT reverses the request's posting, so the amount is back in the main wallet.
 */
export async function decideWithdrawal(app: FastifyInstance, id: number, d: DecisionInput): Promise<WithdrawalRow> {
  const rules = await app.payments.rules();
  const at = app.payments.now();
  const by = `ops:${d.operator}`;
  const reason = d.decision === 'REJECT' ? (d.reason ?? '').trim() : null;
  if (d.decision === 'REJECT' && !reason) throw new ApiError(400, 'VALIDATION_ERROR', 'A rejection needs a reason');
  return app.ledger.transact(async (tx) => {
    const decided = await decideWithdrawalRow(tx.q, id, {
      status: d.decision === 'APPROVE' ? 'APPROVED' : 'REJECTED',
      by,
      reason,
      payoutReference: d.payoutReference?.trim() || null,
      at,
      autoReceiveAt: d.decision === 'APPROVE' ? new Date(at.getTime() + rules.confirmTimeoutMinutes * 60_000) : null,
    });
    if (!decided) {
      const current = await findWithdrawal(tx.q, id);
      if (!current) throw new ApiError(404, 'WITHDRAWAL_NOT_FOUND', `No withdrawal ${id}`);
      throw new ApiError(409, 'WITHDRAWAL_NOT_PENDING', `Withdrawal ${id} is ${current.status} already`, {
        status: current.status,
      });
    }
    const amount = BigInt(decided.amount);
    const posted =
      d.decision === 'APPROVE'
        ? await tx.post({
            key: `withdrawal-paid:${id}`,
            kind: 'WITHDRAWAL_PAID',
            memberId: decided.member_id,
            reference: `W${id}`,
            memo: d.payoutReference ? `paid out: ${d.payoutReference.slice(0, 100)}` : 'paid out',
            createdBy: by,
            meta: { withdrawalId: id },
            legs: [
              { account: { house: 'WITHDRAWALS_PAYABLE' }, amount: -amount },
              { account: { house: 'PAYMENT_CLEARING' }, amount },
            ],
          })
        : await tx.reverse(decided.ledger_transaction_id, {
            key: `withdrawal-reject:${id}`,
            kind: 'WITHDRAWAL_REJECTED',
            createdBy: by,
            memo: reason!.slice(0, 500),
            meta: { withdrawalId: id },
          });
    await setDecisionTransaction(tx.q, id, posted.transactionId);
    return { ...decided, decision_transaction_id: posted.transactionId };
  });
}

export interface DisputeResolution {
  outcome: 'PAID' | 'REFUNDED';
  /** what the member is told: the payout's trace, or why the money is back */
  note: string;
  operator: string;
}

/**
 * An operator closes a "not received" dispute, once. PAID: the payout did arrive (the note says how it
 * was traced). REFUNDED: it did not, and the amount returns to the main wallet from payment clearing,
 * where the approval had sent it. Either way the member's confirmation can no longer change.
 */
export async function resolveDispute(app: FastifyInstance, id: number, r: DisputeResolution): Promise<WithdrawalRow> {
  const note = r.note.trim();
  if (note.length < 3 || note.length > 500) {
    throw new ApiError(400, 'VALIDATION_ERROR', 'A resolution needs a note of 3 to 500 characters', {
      fields: { note: 'LENGTH' },
    });
  }
  const by = `ops:${r.operator}`;
  return app.ledger.transact(async (tx) => {
    const row = await lockOpenDispute(tx.q, id);
    if (!row) {
      const current = await findWithdrawal(tx.q, id);
      if (!current) throw new ApiError(404, 'WITHDRAWAL_NOT_FOUND', `No withdrawal ${id}`);
      throw new ApiError(409, 'NOT_DISPUTED', `Withdrawal ${id} has no open dispute`, {
        status: current.status,
        confirmation: current.confirmation,
        dispute: current.dispute_outcome,
      });
    }
    let transactionId: number | null = null;
    if (r.outcome === 'REFUNDED') {
      const amount = BigInt(row.amount);
      const posted = await tx.post({
        key: `withdrawal-refund:${id}`,
        kind: 'WITHDRAWAL_REFUNDED',
        memberId: row.member_id,
        reference: `W${id}`,
        memo: note,
        createdBy: by,
        meta: { withdrawalId: id },
        legs: [
          { account: { house: 'PAYMENT_CLEARING' }, amount: -amount },
          { account: { member: row.member_id }, amount },
        ],
      });
      transactionId = posted.transactionId;
    }
    return closeDispute(tx.q, id, { outcome: r.outcome, note, by, at: app.payments.now(), transactionId });
  });
}

export async function confirmReceived(app: FastifyInstance, member: SessionMember, id: number): Promise<WithdrawalRow> {
  refuseTrialMoney(member);
  const ok = await app.db.tx((q) =>
    confirmWithdrawalRow(q, id, member.id, { confirmation: 'RECEIVED', complaint: null, at: app.payments.now() }),
  );
  const row = await findWithdrawal(app.db, id, member.id);
  if (!row) throw new ApiError(404, 'WITHDRAWAL_NOT_FOUND', 'No such withdrawal');
  if (!ok) throw notConfirmable(row);
  return row;
}

function notConfirmable(row: WithdrawalRow): ApiError {
  if (row.status !== 'APPROVED') {
    return new ApiError(409, 'WITHDRAWAL_NOT_APPROVED', 'Only a paid-out withdrawal can be confirmed', { status: row.status });
  }
  return new ApiError(409, 'ALREADY_CONFIRMED', 'This withdrawal was confirmed already', { confirmation: row.confirmation });
}

export interface ProofFile {
  fileName: string;
  data: Buffer;
}

/** A safe display name: the base name, printable characters only, at most 120. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex -- control characters are what it removes
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .trim()
    .slice(-120);
  return clean || 'proof';
}

/** Checks proof images: 1 to 3, each at most 5 MB and really a PNG or a JPEG (by its bytes). */
export function checkProofs(files: ProofFile[]): { fileName: string; data: Buffer; contentType: 'image/png' | 'image/jpeg' }[] {
  if (files.length === 0)
    throw new ApiError(400, 'PROOF_REQUIRED', 'Add at least one image as proof', { fields: { files: 'PROOF_REQUIRED' } });
  if (files.length > PROOF_MAX_FILES) {
    throw new ApiError(400, 'PROOF_TOO_MANY', `At most ${PROOF_MAX_FILES} images`, {
      max: PROOF_MAX_FILES,
      fields: { files: 'PROOF_TOO_MANY' },
    });
  }
  return files.map((f) => {
    if (f.data.length > PROOF_MAX_BYTES) {
      throw new ApiError(413, 'PROOF_TOO_LARGE', 'Each image may be at most 5 MB', {
        fileName: cleanFileName(f.fileName),
        fields: { files: 'PROOF_TOO_LARGE' },
      });
    }
    const contentType = sniffImage(f.data.subarray(0, 8));
    if (!contentType || f.data.length < 16) {
      throw new ApiError(400, 'PROOF_NOT_IMAGE', 'Only PNG or JPG images', {
        fileName: cleanFileName(f.fileName),
        fields: { files: 'PROOF_NOT_IMAGE' },
      });
    }
    return { fileName: cleanFileName(f.fileName), data: f.data, contentType };
  });
}

/** "Not received": the complaint and its proof images, stored with the confirmation in one transaction. */
export async function reportNotReceived(
  app: FastifyInstance,
  member: SessionMember,
  id: number,
  complaint: string,
  files: ProofFile[],
): Promise<WithdrawalRow> {
  refuseTrialMoney(member);
  const text = complaint.trim();
  if (text.length > COMPLAINT_MAX) {
    throw new ApiError(400, 'VALIDATION_ERROR', `At most ${COMPLAINT_MAX} characters`, { fields: { complaint: 'TOO_LONG' } });
  }
  const row = await findWithdrawal(app.db, id, member.id);
  if (!row) throw new ApiError(404, 'WITHDRAWAL_NOT_FOUND', 'No such withdrawal');
  if (row.status !== 'APPROVED' || row.confirmation !== null) throw notConfirmable(row);
  const proofs = checkProofs(files);
  const done = await app.db.tx(async (q) => {
    if (
      !(await confirmWithdrawalRow(q, id, member.id, {
        confirmation: 'NOT_RECEIVED',
        complaint: text || null,
        at: app.payments.now(),
      }))
    ) {
      return false;
    }
    for (const p of proofs) {
      await insertProof(q, {
        withdrawalId: id,
        fileName: p.fileName,
        contentType: p.contentType,
        data: p.data,
        sha256: createHash('sha256').update(p.data).digest('hex'),
      });
    }
    return true;
  });
  const after = (await findWithdrawal(app.db, id, member.id))!;
  if (!done) throw notConfirmable(after);
  return after;
}

/** The scheduled check: approved withdrawals the member did not confirm in time count as received. */
export async function autoReceiveWithdrawals(app: FastifyInstance, now = app.payments.now()): Promise<number> {
  return (await app.db.tx((q) => autoReceiveDue(q, now))).length;
}
