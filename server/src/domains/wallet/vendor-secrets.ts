import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/db';

/**
 * Vendors' wallet-API secrets. A new secret takes over at once; the previous one keeps working for
 * `ROTATION_GRACE_S` so a connected vendor can switch without a refused call. Secrets are read on
 * every call through a short cache (a rotation reaches every server within `CACHE_MS`).
 */
export const ROTATION_GRACE_S = 24 * 3600;
const CACHE_MS = 5000;

const newSecret = () => randomBytes(32).toString('base64url');

/** Makes a new secret for a vendor (the previous ones retire after the grace period); returns it. */
export async function rotateVendorSecret(q: Queryable, vendorCode: string): Promise<string> {
  const secret = newSecret();
  await q.query(
    `UPDATE vendor_wallet_secrets SET retire_at = now() + make_interval(secs => $2)
      WHERE vendor_code = $1 AND (retire_at IS NULL OR retire_at > now() + make_interval(secs => $2))`,
    [vendorCode, ROTATION_GRACE_S],
  );
  await q.query(`INSERT INTO vendor_wallet_secrets (vendor_code, secret) VALUES ($1, $2)`, [vendorCode, secret]);
  return secret;
}

/** The vendor's current secret, creating the first one if it has none (the platform's own studio signs with it). */
export async function currentVendorSecret(q: Queryable, vendorCode: string): Promise<string> {
  const row = await q.one<{ secret: string }>(
    `SELECT secret FROM vendor_wallet_secrets WHERE vendor_code = $1 AND retire_at IS NULL ORDER BY id DESC LIMIT 1`,
    [vendorCode],
  );
  return row?.secret ?? rotateVendorSecret(q, vendorCode);
}

/** The secrets a vendor's signature is checked against: the current one and those still in their grace period. */
export async function liveVendorSecrets(q: Queryable, vendorCode: string): Promise<string[]> {
  const rows = await q.query<{ secret: string }>(
    `SELECT secret FROM vendor_wallet_secrets WHERE vendor_code = $1 AND (retire_at IS NULL OR retire_at > now()) ORDER BY id DESC`,
    [vendorCode],
  );
  return rows.map((r) => r.secret);
}

/** `liveVendorSecrets` through a per-process cache of a few seconds. */
export function createSecretCache(q: Queryable) {
  const cache = new Map<string, { at: number; secrets: Promise<string[]> }>();
  return {
    get(vendorCode: string): Promise<string[]> {
      const hit = cache.get(vendorCode);
      if (hit && Date.now() - hit.at < CACHE_MS) return hit.secrets;
      const secrets = liveVendorSecrets(q, vendorCode);
      cache.set(vendorCode, { at: Date.now(), secrets });
      secrets.catch(() => cache.delete(vendorCode));
      if (cache.size > 1000) cache.delete(cache.keys().next().value!);
      return secrets;
    },
    forget(vendorCode: string) {
      cache.delete(vendorCode);
    },
  };
}
