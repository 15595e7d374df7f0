// Deposits: the one place a deposit is authorised, the order's creation at the gateway, and the
// order's state machine (PENDING → PAID | FAILED | EXPIRED; a verified PAID also lifts a FAILED or
// EXPIRED order, because the member's money did arrive). Reusable by any layout (member centre,
// agent centre): the routes only validate and shape.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/db';
import { depositFee } from '@khela/api/payments';
import { takaString } from '@khela/api/money';
import { ApiError } from '../../http/envelope';
import type { SessionMember } from '../../http/auth';
import type { Posting } from '../wallet/ledger';
import { gatewayEnabled, type GatewayEvent } from './gateway';
import {
  closeOrder,
  countPendingOrders,
  dueOrders,
  findChannel,
  findOrder,
  findOrderByRequestKey,
  insertOrder,
  markOrderPaid,
  recordCallback,
  setOrderPayment,
  type ChannelRow,
  type OrderRow,
} from './payments.repo';
import type { PaymentRules } from './rules';

/** What a deposit check sees: who deposits how much through which channel. */
export interface DepositAttempt {
  member: SessionMember;
  channel: ChannelRow;
  amount: bigint;
  fee: bigint;
  rules: PaymentRules;
  now: Date;
}

/**
 * A check that may refuse a deposit before it starts by throwing an ApiError (responsible-gambling
 * deposit limits, self-exclusion, KYC holds): add one with `app.payments.addDepositCheck(check)`.
 */
export type DepositCheck = (app: FastifyInstance, attempt: DepositAttempt) => Promise<void>;

/**
 * A check run inside the transaction that inserts the order, before the insert: it may lock rows
 * (responsible gambling locks the member's limits row) so that parallel deposits cannot pass a limit
 * together. Add one with `app.payments.addDepositTxCheck(check)`.
 */
export type DepositTxCheck = (
  q: Queryable,
  attempt: { member: SessionMember; amount: bigint; now: Date; language: 'BN' | 'EN' },
) => Promise<void>;

const ORDER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** D + the Dhaka date (yymmdd) + 8 random characters: readable on a phone call, unguessable. */
export function newOrderNo(now: Date, prefix = 'D'): string {
  const dhaka = new Date(now.getTime() + 6 * 3600_000).toISOString();
  const date = dhaka.slice(2, 4) + dhaka.slice(5, 7) + dhaka.slice(8, 10);
  const bytes = randomBytes(8);
  let tail = '';
  for (const b of bytes) tail += ORDER_ALPHABET[b % ORDER_ALPHABET.length];
  return `${prefix}${date}${tail}`;
}

export function refuseTrialMoney(member: SessionMember): void {
  if (member.type === 4) throw new ApiError(403, 'NEED_REAL_ACCOUNT', 'A real account is needed for deposits and withdrawals');
}

/** An amount within a channel's (or the rules') limits, else a refusal naming the limits. */
export function assertAmountWithin(amount: bigint, min: bigint, max: bigint): void {
  const limits = { min: min.toString(), max: max.toString(), minTaka: takaString(min), maxTaka: takaString(max) };
  if (amount < min) {
    throw new ApiError(400, 'AMOUNT_BELOW_MIN', `The smallest amount is ৳${takaString(min)}`, {
      ...limits,
      fields: { amount: 'AMOUNT_BELOW_MIN' },
    });
  }
  if (amount > max) {
    throw new ApiError(400, 'AMOUNT_ABOVE_MAX', `The largest amount is ৳${takaString(max)}`, {
      ...limits,
      fields: { amount: 'AMOUNT_ABOVE_MAX' },
    });
  }
}

/**
 * THE place a deposit is authorised: the account, the channel, the limits, the member's unpaid
 * orders, then every check added by other domains (responsible gambling, issue 16). Resolves with
 * the channel and the fee, or throws the refusal.
 */
export async function authoriseDeposit(
  app: FastifyInstance,
  member: SessionMember,
  channelCode: string,
  amount: bigint,
): Promise<{ channel: ChannelRow; fee: bigint; rules: PaymentRules }> {
  refuseTrialMoney(member);
  const channel = await findChannel(app.db, channelCode);
  if (!channel) throw new ApiError(404, 'CHANNEL_NOT_FOUND', `No deposit channel ${channelCode}`);
  if (!channel.enabled || !(await gatewayEnabled(app.db, channel.gateway))) {
    throw new ApiError(409, 'CHANNEL_DISABLED', 'This deposit channel is closed right now');
  }
  assertAmountWithin(amount, BigInt(channel.min_amount), BigInt(channel.max_amount));
  const fee = depositFee(amount, channel.fee_bps, BigInt(channel.fee_fixed));
  if (fee >= amount)
    throw new ApiError(400, 'AMOUNT_BELOW_MIN', 'The fee would take the whole amount', {
      fields: { amount: 'AMOUNT_BELOW_MIN' },
    });
  const rules = await app.payments.rules();
  const now = app.payments.now();
  if ((await countPendingOrders(app.db, member.id, now)) >= rules.maxPendingDeposits) {
    throw new ApiError(409, 'TOO_MANY_PENDING_DEPOSITS', 'Finish or wait out your unpaid deposits first', {
      max: rules.maxPendingDeposits,
    });
  }
  for (const check of app.payments.depositChecks) await check(app, { member, channel, amount, fee, rules, now });
  return { channel, fee, rules };
}

export interface StartDepositInput {
  member: SessionMember;
  channelCode: string;
  amount: bigint;
  /** the client's id of this attempt: a retry (double click, lost answer) gets the same order */
  requestKey?: string;
  language: 'BN' | 'EN';
  ip: string | null;
  /** where the payment page sends the member back (a storefront path) */
  returnPath: string;
  /** who starts it: 'member:<id>' (default), or an agent on a member's behalf later */
  createdBy?: string;
}

/** Authorises, creates the order, and opens the payment at the channel's gateway. */
export async function startDeposit(app: FastifyInstance, input: StartDepositInput): Promise<OrderRow> {
  const { member } = input;
  const sameRequest = (o: OrderRow) => {
    if (o.channel_code !== input.channelCode || BigInt(o.amount) !== input.amount) {
      throw new ApiError(409, 'IDEMPOTENCY_KEY_REUSED', 'This request id was already used for another deposit');
    }
    return o;
  };
  if (input.requestKey) {
    const earlier = await findOrderByRequestKey(app.db, member.id, input.requestKey);
    if (earlier) return sameRequest(earlier);
  }
  const { channel, fee, rules } = await authoriseDeposit(app, member, input.channelCode, input.amount);
  const gateway = app.payments.gateways.get(channel.gateway);
  if (!gateway) throw new ApiError(503, 'GATEWAY_UNAVAILABLE', 'The payment service is not available right now');
  const now = app.payments.now();
  const expiresAt = new Date(now.getTime() + rules.depositOrderMinutes * 60_000);
  let order: OrderRow;
  try {
    order = await app.db.tx(async (q) => {
      for (const check of app.payments.depositTxChecks)
        await check(q, { member, amount: input.amount, now, language: input.language });
      return insertOrder(q, {
        orderNo: newOrderNo(now),
        requestKey: input.requestKey ?? null,
        memberId: member.id,
        channel,
        amount: input.amount,
        fee,
        createdBy: input.createdBy ?? `member:${member.id}`,
        ip: input.ip,
        language: input.language,
        createdAt: now,
        expiresAt,
      });
    });
  } catch (err) {
    // the same request key raced in: answer with the order the other request made
    const earlier = input.requestKey ? await findOrderByRequestKey(app.db, member.id, input.requestKey) : null;
    if (earlier) return sameRequest(earlier);
    throw err;
  }
  try {
    const created = await gateway.createPayment({
      orderNo: order.order_no,
      amount: input.amount,
      method: channel.method,
      expiresAt,
      notifyPath: `/wps/payments/callback/${gateway.code}`,
      returnPath: `${input.returnPath}${input.returnPath.includes('?') ? '&' : '?'}order=${encodeURIComponent(order.order_no)}`,
      language: input.language,
    });
    await setOrderPayment(app.db, order.id, created.payUrl, created.gatewayReference ?? null);
  } catch (err) {
    app.log.error({ err, orderNo: order.order_no }, 'payment gateway refused to create the payment');
    await closeOrder(app.db, order.id, 'FAILED', 'GATEWAY_UNAVAILABLE', app.payments.now());
    throw new ApiError(503, 'GATEWAY_UNAVAILABLE', 'The payment service is not available right now');
  }
  return (await findOrder(app.db, order.order_no))!;
}

export type EventResult =
  | { result: 'PAID'; order: OrderRow; late: boolean }
  | { result: 'FAILED'; order: OrderRow }
  | { result: 'DUPLICATE' | 'IGNORED'; order: OrderRow };

/**
 * Applies what the gateway says about an order, once: a PAID credits the member's main wallet by
 * one ledger posting keyed by the order (so even two servers taking the same callback at once pay
 * once), a FAILED closes a pending order, and nothing ever takes a PAID back. `source` says how it
 * arrived (a callback, the status query before expiry, an operator).
 */
export async function applyGatewayEvent(
  app: FastifyInstance,
  gatewayCode: string,
  event: GatewayEvent,
  source: { kind: 'callback' | 'query' | 'ops'; rawBody?: string; ip?: string | null },
): Promise<EventResult> {
  const at = app.payments.now();
  return app.ledger.transact(async (tx) => {
    const order = await findOrder(tx.q, event.orderNo, { forUpdate: true });
    if (!order || order.gateway !== gatewayCode) throw new ApiError(404, 'ORDER_NOT_FOUND', `No order ${event.orderNo}`);
    let result: EventResult;
    if (event.outcome === 'PAID') {
      if (event.amount !== BigInt(order.amount)) {
        app.log.warn({ orderNo: order.order_no, said: event.amount.toString(), order: order.amount }, 'gateway amount mismatch');
        throw new ApiError(409, 'AMOUNT_MISMATCH', 'The amount paid is not the amount of the order');
      }
      if (order.status === 'PAID') {
        result = { result: 'DUPLICATE', order };
      } else {
        const amount = BigInt(order.amount);
        const fee = BigInt(order.fee);
        const posting: Posting = {
          key: `deposit:${order.order_no}`,
          kind: 'DEPOSIT',
          memberId: order.member_id,
          reference: order.order_no,
          memo: `${order.method} deposit`,
          createdBy: `gateway:${gatewayCode}`,
          meta: {
            channel: order.channel_code,
            gatewayReference: event.gatewayReference,
            eventId: event.eventId,
            via: source.kind,
          },
          legs: [
            { account: { member: order.member_id }, amount: amount - fee },
            { account: { house: 'PAYMENT_CLEARING' }, amount: -amount },
            ...(fee > BigInt(0) ? [{ account: { house: 'PAYMENT_FEES' as const }, amount: fee }] : []),
          ],
        };
        const posted = await tx.post(posting);
        const late = order.status !== 'PENDING';
        await markOrderPaid(tx.q, order.id, {
          ledgerTransactionId: posted.transactionId,
          gatewayReference: event.gatewayReference,
          late,
          at,
        });
        if (late)
          app.log.warn({ orderNo: order.order_no, was: order.status }, 'a payment arrived after the order was closed: credited');
        result = { result: 'PAID', order: (await findOrder(tx.q, order.order_no))!, late };
      }
    } else if (order.status === 'PENDING') {
      await closeOrder(tx.q, order.id, 'FAILED', event.reason?.slice(0, 200) ?? 'DECLINED', at, event.gatewayReference);
      result = { result: 'FAILED', order: (await findOrder(tx.q, order.order_no))! };
    } else {
      result = { result: order.status === 'FAILED' ? 'DUPLICATE' : 'IGNORED', order };
    }
    if (source.kind === 'callback') {
      await recordCallback(tx.q, {
        gateway: gatewayCode,
        orderNo: order.order_no,
        event: event.eventId.slice(0, 100),
        outcome: `${event.outcome}:${result.result}`,
        body: source.rawBody ?? '',
        ip: source.ip ?? null,
      });
    }
    return result;
  });
}

/**
 * The scheduled check: every pending order past its time is first asked about at its gateway (a
 * lost callback is found here, never assumed), then closed as EXPIRED if still unpaid.
 */
export async function expireDueDeposits(
  app: FastifyInstance,
  now = app.payments.now(),
  limit = 200,
): Promise<{ expired: number; paid: number; failed: number }> {
  const counts = { expired: 0, paid: 0, failed: 0 };
  for (const order of await dueOrders(app.db, now, limit)) {
    const gateway = app.payments.gateways.get(order.gateway);
    let status: Awaited<ReturnType<NonNullable<typeof gateway>['queryOrder']>> = { outcome: 'UNKNOWN' };
    if (gateway) {
      try {
        status = await gateway.queryOrder(order.order_no);
      } catch (err) {
        app.log.warn({ err, orderNo: order.order_no }, 'gateway status query failed; expiring the order');
      }
    }
    try {
      if (status.outcome === 'PAID' && status.amount !== undefined) {
        const r = await applyGatewayEvent(
          app,
          order.gateway,
          {
            orderNo: order.order_no,
            outcome: 'PAID',
            amount: status.amount,
            gatewayReference: status.gatewayReference ?? null,
            eventId: 'status-query',
          },
          { kind: 'query' },
        );
        if (r.result === 'PAID') counts.paid++;
        continue;
      }
      if (status.outcome === 'FAILED') {
        const r = await applyGatewayEvent(
          app,
          order.gateway,
          {
            orderNo: order.order_no,
            outcome: 'FAILED',
            amount: BigInt(order.amount),
            gatewayReference: status.gatewayReference ?? null,
            eventId: 'status-query',
            reason: 'DECLINED',
          },
          { kind: 'query' },
        );
        if (r.result === 'FAILED') counts.failed++;
        continue;
      }
    } catch (err) {
      app.log.error({ err, orderNo: order.order_no }, 'applying the gateway status failed');
      continue;
    }
    if (await closeOrder(app.db, order.id, 'EXPIRED', 'NOT_PAID_IN_TIME', now)) counts.expired++;
  }
  return counts;
}
