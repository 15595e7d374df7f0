import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The seamless-wallet API's signature: the hex HMAC-SHA256 of the raw request body under the
 * vendor's secret, sent as `X-Khela-Signature`. The same function signs (a vendor, our own games)
 * and checks (the API).
 */
export const SIGNATURE_HEADER = 'x-khela-signature';

export function signBody(secret: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Constant-time check of a hex signature against any of the vendor's live secrets. */
export function signatureMatches(secrets: readonly string[], rawBody: string | Buffer, given: string | undefined): boolean {
  if (!given || !/^[0-9a-f]{64}$/i.test(given)) return false;
  const provided = Buffer.from(given.toLowerCase(), 'hex');
  let ok = false;
  for (const secret of secrets) {
    const expected = Buffer.from(signBody(secret, rawBody), 'hex');
    if (timingSafeEqual(expected, provided)) ok = true;
  }
  return ok;
}
