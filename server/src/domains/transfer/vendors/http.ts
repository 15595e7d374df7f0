import { CURRENCY } from '@khela/api/money';
import { SIGNATURE_HEADER, signBody, signatureMatches } from '../../wallet/signature';
import { VendorUnavailable, type TransferVendorAdapter, type VendorOutcome, type VendorTransfer } from './types';

export interface HttpVendorConfig {
  vendor: string;
  /** the vendor's transfer API, e.g. https://api.vendor.example/khela/ */
  apiUrl: string;
  /** the shared secret both sides sign their bodies with */
  secret: string;
  /** how long one call may take before its outcome is UNKNOWN */
  timeoutMs: number;
}

/**
 * The transfer API a connected vendor serves (Khela's side calls it):
 *
 *   POST <apiUrl>/transfer         { vendor, reference, player, direction: "IN" | "OUT", amount, currency }
 *        → { status: "OK", balance } | { status: <refusal>, balance? }
 *   POST <apiUrl>/transfer/status  { vendor, reference }
 *        → { status: "OK", state: "SUCCESS" | "FAILED" | "NOT_FOUND" | "PENDING", code? , balance? }
 *   POST <apiUrl>/balance          { vendor, player, currency }
 *        → { status: "OK", balance }
 *
 * Amounts are poisha as strings of digits; IN credits the player at the vendor, OUT debits. Every
 * body, both ways, is signed: header X-Khela-Signature = hex HMAC-SHA256 of the raw body under the
 * shared secret; an answer without a valid signature is not trusted. The vendor keys transfers by
 * `reference`: a repeat gets the first outcome and moves nothing, and a reference it answered
 * NOT_FOUND for is closed (a late transfer with it must be refused), so a NOT_FOUND is final.
 *
 * Refusals (a transfer that did not happen): INSUFFICIENT_FUNDS, PLAYER_NOT_FOUND, INVALID_AMOUNT,
 * REFUSED, REFERENCE_REUSED, INVALID_SIGNATURE. A time-out, a broken connection, an HTTP 5xx, an
 * unsigned answer or any other status leave the transfer UNKNOWN; Khela then asks /transfer/status.
 */
export const VENDOR_REFUSALS = [
  'INSUFFICIENT_FUNDS',
  'PLAYER_NOT_FOUND',
  'INVALID_AMOUNT',
  'REFUSED',
  'REFERENCE_REUSED',
  'INVALID_SIGNATURE',
] as const;

type CallResult =
  | { kind: 'answer'; body: { status?: unknown; balance?: unknown; state?: unknown; code?: unknown } }
  /** the request certainly never reached the vendor (connection refused) */
  | { kind: 'unsent'; detail: string }
  | { kind: 'unknown'; detail: string };

const DIGITS = /^(0|[1-9][0-9]{0,17})$/;
const amountOf = (v: unknown): bigint | undefined => (typeof v === 'string' && DIGITS.test(v) ? BigInt(v) : undefined);

/** A failure that certainly happened before the request reached the vendor. */
function neverSent(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  return (
    cause?.code === 'ECONNREFUSED' || cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN' || cause?.message === 'bad port'
  );
}

export function httpVendor(config: HttpVendorConfig, fetchImpl: typeof fetch = fetch): TransferVendorAdapter {
  const base = config.apiUrl.endsWith('/') ? config.apiUrl : `${config.apiUrl}/`;

  async function call(path: string, payload: Record<string, unknown>): Promise<CallResult> {
    const raw = JSON.stringify(payload);
    try {
      const res = await fetchImpl(new URL(path, base), {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(config.secret, raw) },
        body: raw,
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      const text = await res.text();
      if (res.status >= 500) return { kind: 'unknown', detail: `HTTP ${res.status}` };
      if (!signatureMatches([config.secret], text, res.headers.get(SIGNATURE_HEADER) ?? undefined)) {
        return { kind: 'unknown', detail: `HTTP ${res.status}, answer not signed` };
      }
      const body = JSON.parse(text) as unknown;
      if (!body || typeof body !== 'object') return { kind: 'unknown', detail: 'answer is not an object' };
      return { kind: 'answer', body: body as Record<string, unknown> };
    } catch (err) {
      if (neverSent(err)) return { kind: 'unsent', detail: String((err as { cause?: Error }).cause?.message) };
      const name = (err as Error).name;
      return { kind: 'unknown', detail: name === 'TimeoutError' || name === 'AbortError' ? 'time-out' : (err as Error).message };
    }
  }

  const refusal = (status: unknown): string | null =>
    typeof status === 'string' && (VENDOR_REFUSALS as readonly string[]).includes(status) ? status : null;

  return {
    kind: 'HTTP',
    timeoutMs: config.timeoutMs,

    async balance({ account }) {
      const r = await call('balance', { vendor: config.vendor, player: account, currency: CURRENCY });
      if (r.kind !== 'answer') throw new VendorUnavailable(config.vendor, r.detail);
      const balance = amountOf(r.body.balance);
      if (r.body.status !== 'OK' || balance === undefined) {
        throw new VendorUnavailable(config.vendor, `status ${String(r.body.status)}`);
      }
      return balance;
    },

    async transfer(t: VendorTransfer): Promise<VendorOutcome> {
      const r = await call('transfer', {
        vendor: config.vendor,
        reference: t.reference,
        player: t.account,
        direction: t.direction,
        amount: t.amount.toString(),
        currency: CURRENCY,
      });
      if (r.kind === 'unsent') return { state: 'FAILED', code: 'VENDOR_UNAVAILABLE' };
      if (r.kind === 'unknown') return { state: 'UNKNOWN', detail: r.detail };
      const vendorBalance = amountOf(r.body.balance);
      if (r.body.status === 'OK') return { state: 'SUCCESS', vendorBalance };
      const code = refusal(r.body.status);
      if (code) return { state: 'FAILED', code, vendorBalance };
      return { state: 'UNKNOWN', detail: `status ${String(r.body.status).slice(0, 40)}` };
    },

    async status(t: VendorTransfer): Promise<VendorOutcome> {
      const r = await call('transfer/status', { vendor: config.vendor, reference: t.reference });
      if (r.kind !== 'answer') return { state: 'UNKNOWN', detail: r.detail };
      if (r.body.status !== 'OK') return { state: 'UNKNOWN', detail: `status ${String(r.body.status).slice(0, 40)}` };
      const vendorBalance = amountOf(r.body.balance);
      switch (r.body.state) {
        case 'SUCCESS':
          return { state: 'SUCCESS', vendorBalance };
        case 'NOT_FOUND':
          return { state: 'FAILED', code: 'NOT_FOUND' };
        case 'FAILED':
          return { state: 'FAILED', code: refusal(r.body.code) ?? 'REFUSED', vendorBalance };
        default:
          return { state: 'UNKNOWN', detail: `state ${String(r.body.state).slice(0, 40)}` };
      }
    },
  };
}
