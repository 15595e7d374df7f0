import type { Queryable } from '../../db/db';
import type { PaymentMethod } from '@khela/api/payments';

/**
 * A payment service provider (PSP), as the deposit flow sees it. The sandbox gateway ships with the
 * platform; connecting a real PSP (bKash PGW, Nagad, a local aggregator) is one more adapter with
 * these four functions, registered in `createGateways` and named by a row of payment_gateways.
 */
export interface CreatePaymentInput {
  /** our order number: the PSP's merchant reference */
  orderNo: string;
  /** poisha the member pays */
  amount: bigint;
  method: PaymentMethod;
  expiresAt: Date;
  /** where the PSP posts its callbacks (a path on this server) */
  notifyPath: string;
  /** where the payment page sends the member back to (a path on the storefront) */
  returnPath: string;
  language: 'BN' | 'EN';
}

export interface CreatePaymentResult {
  /** the payment page the member opens */
  payUrl: string;
  /** the PSP's own id of the payment, when it gives one at creation */
  gatewayReference?: string;
}

/** What a verified callback says about one order. */
export interface GatewayEvent {
  orderNo: string;
  outcome: 'PAID' | 'FAILED';
  /** poisha the PSP says were paid (checked against the order) */
  amount: bigint;
  gatewayReference: string | null;
  /** the PSP's id of this notification (duplicates share it) */
  eventId: string;
  reason?: string;
}

/** The PSP's answer to "what happened to this order?" (asked before an order is given up). */
export interface GatewayStatus {
  outcome: 'PAID' | 'FAILED' | 'PENDING' | 'UNKNOWN';
  amount?: bigint;
  gatewayReference?: string | null;
}

export type CallbackHeaders = Record<string, string | string[] | undefined>;

export interface PaymentGateway {
  readonly code: string;
  createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult>;
  /**
   * Checks a callback's signature over the raw body and reads it. Null when the signature (or the
   * body) is not the PSP's: such a callback changes nothing.
   */
  verifyCallback(rawBody: string, headers: CallbackHeaders): Promise<GatewayEvent | null>;
  queryOrder(orderNo: string): Promise<GatewayStatus>;
  /** the body the PSP expects back once a callback was taken (default: the envelope) */
  ack?(event: GatewayEvent): { contentType: string; body: string };
}

/** The secret a gateway signs its callbacks with (payment_gateways.secret). */
export async function gatewaySecret(q: Queryable, code: string): Promise<string | null> {
  const row = await q.one<{ secret: string }>(`SELECT secret FROM payment_gateways WHERE code = $1`, [code]);
  return row?.secret ?? null;
}

export async function gatewayEnabled(q: Queryable, code: string): Promise<boolean> {
  const row = await q.one<{ enabled: boolean }>(`SELECT enabled FROM payment_gateways WHERE code = $1`, [code]);
  return row?.enabled === true;
}
