// Sealed request bodies (shared/api/src/auth.ts): the browser encrypts the payload with a fresh
// AES-256-GCM key, the request path as additional authenticated data, and wraps that key with
// the server's RSA-OAEP (SHA-256) public key. TLS stays the real protection; sealing keeps a
// password out of anything that sees the decrypted HTTP stream before the API server (a proxy's
// logs, a mis-configured body logger).
//
// The key pair is made once per database and shared by every API server (table crypto_keys). Its
// private half is stored encrypted with KHELA_SEAL_KEK (32 bytes, base64 or hex) when that is set;
// without it the PKCS#8 key is stored as is and protected by database access alone.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createPrivateKey,
  generateKeyPair,
  privateDecrypt,
  randomBytes,
  constants as cryptoConstants,
  type KeyObject,
} from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../db/db';
import { ApiError, ok, replies } from './envelope';

export const SEAL_ALG = 'RSA-OAEP-256+A256GCM' as const;
/** A sealed body is accepted for 5 minutes after its `ts` (and 5 minutes ahead of this clock). */
export const SEAL_MAX_AGE_MS = 5 * 60_000;
/** A retired key still opens bodies for a day, so a page loaded before a rotation keeps working. */
const RETIRED_GRACE = '1 day';
const ACTIVE_CACHE_MS = 60_000;

export const SEALED_ERRORS = {
  stale: 'SEALED_BODY_STALE',
  unknownKey: 'SEALED_KEY_UNKNOWN',
  invalid: 'SEALED_BODY_INVALID',
} as const;

export interface PublicSealKey {
  kid: string;
  spki: string;
  alg: typeof SEAL_ALG;
}

export interface SealKeyStore {
  /** The active public key (made on first use). */
  active(): Promise<PublicSealKey>;
  /** The private key of an active or recently retired kid, or null. */
  privateKey(kid: string): Promise<KeyObject | null>;
  /** Retires the active key and makes a new one. */
  rotate(): Promise<PublicSealKey>;
}

export interface SealKeyStoreOptions {
  /** RSA modulus length (default 3072). */
  bits?: 2048 | 3072 | 4096;
  /** Key-encryption key for the stored private keys (default env KHELA_SEAL_KEK). */
  kek?: Buffer | null;
}

/** KHELA_SEAL_KEK: 32 bytes as base64 or hex; anything else is a configuration error. */
export function readKek(raw: string | undefined = process.env.KHELA_SEAL_KEK): Buffer | null {
  if (!raw) return null;
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new Error('KHELA_SEAL_KEK must be 32 bytes, base64 or hex');
  return key;
}

/**
 * A secret as it is stored: AES-256-GCM under the KEK when one is set (`kek:<iv>:<ciphertext+tag>`),
 * else `plain:<base64>` (development; production refuses to start without a KEK).
 */
export function wrapSecret(secret: Buffer, kek: Buffer | null = readKek()): string {
  if (!kek) return `plain:${secret.toString('base64')}`;
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', kek, iv);
  const ct = Buffer.concat([c.update(secret), c.final(), c.getAuthTag()]);
  return `kek:${iv.toString('base64')}:${ct.toString('base64')}`;
}

/** The secret `wrapSecret` stored; throws when it was wrapped under a KEK that is not set (or another one). */
export function unwrapSecret(stored: string, kek: Buffer | null = readKek()): Buffer {
  if (stored.startsWith('plain:')) return Buffer.from(stored.slice(6), 'base64');
  const [scheme, iv, ct] = stored.split(':');
  if (scheme !== 'kek' || !iv || !ct) throw new Error('unknown stored secret format');
  if (!kek) throw new Error('a stored secret is encrypted: set KHELA_SEAL_KEK');
  const data = Buffer.from(ct, 'base64');
  const d = createDecipheriv('aes-256-gcm', kek, Buffer.from(iv, 'base64'));
  d.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([d.update(data.subarray(0, data.length - 16)), d.final()]);
}

const wrapPrivate = (pkcs8: Buffer, kek: Buffer | null): string => wrapSecret(pkcs8, kek);

function unwrapPrivate(stored: string, kek: Buffer | null): KeyObject {
  return createPrivateKey({ key: unwrapSecret(stored, kek), format: 'der', type: 'pkcs8' });
}

const makeKeyPair = (bits: number) =>
  new Promise<{ spki: Buffer; pkcs8: Buffer }>((resolve, reject) =>
    generateKeyPair(
      'rsa',
      {
        modulusLength: bits,
        publicKeyEncoding: { type: 'spki', format: 'der' },
        privateKeyEncoding: { type: 'pkcs8', format: 'der' },
      },
      (err, spki, pkcs8) => (err ? reject(err) : resolve({ spki, pkcs8 })),
    ),
  );

const KID_FORMAT = /^[A-Za-z0-9_-]{8,64}$/;

export function createSealKeyStore(db: Db, opts: SealKeyStoreOptions = {}): SealKeyStore {
  const bits = opts.bits ?? 3072;
  const kek = opts.kek === undefined ? readKek() : opts.kek;
  const privateKeys = new Map<string, KeyObject>();
  let activeCache: { at: number; key: Promise<PublicSealKey> } | null = null;

  const readActive = () =>
    db.one<{ kid: string; spki: string }>(`SELECT kid, spki FROM crypto_keys WHERE purpose = 'seal' AND retired_at IS NULL`);

  async function createKey(): Promise<void> {
    const { spki, pkcs8 } = await makeKeyPair(bits);
    // Servers starting together may both make one: the unique index keeps the first.
    await db.query(
      `INSERT INTO crypto_keys (kid, purpose, spki, private_key) VALUES ($1, 'seal', $2, $3)
       ON CONFLICT (purpose) WHERE retired_at IS NULL DO NOTHING`,
      [randomBytes(12).toString('base64url'), spki.toString('base64'), wrapPrivate(pkcs8, kek)],
    );
  }

  async function loadActive(): Promise<PublicSealKey> {
    let row = await readActive();
    if (!row) {
      await createKey();
      row = await readActive();
    }
    if (!row) throw new Error('no sealed-body key could be made');
    return { kid: row.kid, spki: row.spki, alg: SEAL_ALG };
  }

  const store: SealKeyStore = {
    active() {
      if (!activeCache || Date.now() - activeCache.at > ACTIVE_CACHE_MS) {
        const key = loadActive();
        key.catch(() => (activeCache = null));
        activeCache = { at: Date.now(), key };
      }
      return activeCache.key;
    },
    async privateKey(kid) {
      if (!KID_FORMAT.test(kid)) return null;
      const cached = privateKeys.get(kid);
      if (cached) return cached;
      const row = await db.one<{ private_key: string; usable: boolean }>(
        `SELECT private_key, (retired_at IS NULL OR retired_at > now() - interval '${RETIRED_GRACE}') AS usable
           FROM crypto_keys WHERE kid = $1 AND purpose = 'seal'`,
        [kid],
      );
      if (!row?.usable) return null;
      const key = unwrapPrivate(row.private_key, kek);
      privateKeys.set(kid, key);
      return key;
    },
    async rotate() {
      const { spki, pkcs8 } = await makeKeyPair(bits);
      await db.tx(async (q) => {
        await q.query(`UPDATE crypto_keys SET retired_at = now() WHERE purpose = 'seal' AND retired_at IS NULL`);
        await q.query(`INSERT INTO crypto_keys (kid, purpose, spki, private_key) VALUES ($1, 'seal', $2, $3)`, [
          randomBytes(12).toString('base64url'),
          spki.toString('base64'),
          wrapPrivate(pkcs8, kek),
        ]);
      });
      // a retired key stays usable for RETIRED_GRACE; forget cached keys past that on the next miss
      privateKeys.clear();
      activeCache = null;
      return store.active();
    },
  };
  return store;
}

const B64 = /^[A-Za-z0-9+/]*={0,2}$/;
/**
 * Canonical base64 only: with its padding and no stray bits, so one byte string has one spelling
 * (Node decodes "QQ", "QQ==" and "QR==" alike; a body re-spelled that way must not open twice).
 */
const canonicalB64 = (text: string) => B64.test(text) && Buffer.from(text, 'base64').toString('base64') === text;
const invalid = (why: string) => new ApiError(400, SEALED_ERRORS.invalid, `Sealed body invalid: ${why}`);

/**
 * Opens `{ sealed: { kid, key, iv, data } }` sealed for `path`: the payload without its `ts`.
 * Throws a 400 ApiError: SEALED_BODY_INVALID, SEALED_KEY_UNKNOWN or SEALED_BODY_STALE.
 */
export async function openSealed(
  keys: SealKeyStore,
  path: string,
  body: unknown,
  now = Date.now(),
): Promise<{ payload: Record<string, unknown>; digest: string }> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw invalid('this endpoint takes { sealed }');
  const outer = body as Record<string, unknown>;
  if (Object.keys(outer).length !== 1 || !outer.sealed || typeof outer.sealed !== 'object')
    throw invalid('this endpoint takes { sealed }');
  const s = outer.sealed as Record<string, unknown>;
  const fields = ['kid', 'key', 'iv', 'data'];
  if (Object.keys(s).length !== 4 || !fields.every((f) => typeof s[f] === 'string'))
    throw invalid('sealed needs kid, key, iv and data');
  const { kid, key, iv, data } = s as Record<'kid' | 'key' | 'iv' | 'data', string>;
  if (key.length > 1024 || iv.length !== 16 || data.length > 200_000 || ![key, iv, data].every(canonicalB64)) {
    throw invalid('bad encoding');
  }
  const privateKey = await keys.privateKey(kid);
  if (!privateKey) throw new ApiError(400, SEALED_ERRORS.unknownKey, 'Unknown key: fetch /wps/crypto/key again');

  let plain: Buffer;
  try {
    const aesKey = privateDecrypt(
      { key: privateKey, padding: cryptoConstants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(key, 'base64'),
    );
    if (aesKey.length !== 32) throw new Error('key size');
    const bytes = Buffer.from(data, 'base64');
    if (bytes.length < 17) throw new Error('too short');
    const d = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(iv, 'base64'));
    d.setAAD(Buffer.from(path, 'utf8'));
    d.setAuthTag(bytes.subarray(bytes.length - 16));
    plain = Buffer.concat([d.update(bytes.subarray(0, bytes.length - 16)), d.final()]);
  } catch {
    throw invalid('it does not open with this key for this path');
  }
  let payload: unknown;
  try {
    payload = JSON.parse(plain.toString('utf8'));
  } catch {
    throw invalid('the plaintext is not JSON');
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) throw invalid('the plaintext is not an object');
  const { ts, ...rest } = payload as Record<string, unknown>;
  if (typeof ts !== 'number' || !Number.isFinite(ts)) throw invalid('the plaintext has no ts');
  if (Math.abs(now - ts) > SEAL_MAX_AGE_MS)
    throw new ApiError(400, SEALED_ERRORS.stale, 'Sealed body too old or from the future: check the clock and retry');
  // the used-body check is on the bytes, not on their spelling
  return { payload: rest, digest: createHash('sha256').update(Buffer.from(data, 'base64')).digest('base64url') };
}

/**
 * preValidation: opens the sealed body of the route (AAD: the route's path) and puts the payload
 * in its place, so the route's body schema validates the plaintext. A body is accepted once: a
 * replay within its lifetime is refused as stale.
 */
export async function sealedBody(request: FastifyRequest): Promise<void> {
  const { auth } = request.server;
  const path = request.routeOptions.url ?? request.url.split('?')[0];
  const { payload, digest } = await openSealed(auth.sealKeys, path, request.body);
  const seen = await auth.limiter.hit(`sealed:${digest}`, 1, SEAL_MAX_AGE_MS * 2);
  if (!seen.allowed) throw new ApiError(400, SEALED_ERRORS.stale, 'Sealed body already used: seal it again');
  request.body = payload;
}

export const SEALED_DESCRIPTION =
  'Sealed: send `{ sealed: { kid, key, iv, data } }` made with the key of GET /wps/crypto/key (RSA-OAEP-256 wraps a ' +
  'fresh AES-256-GCM key; the additional data is this path; the plaintext is the JSON below plus `ts`, ms since ' +
  'the epoch). 400 SEALED_BODY_STALE (older than 5 minutes, from the future, or replayed), SEALED_KEY_UNKNOWN ' +
  '(fetch the key again, seal again, retry once), SEALED_BODY_INVALID. A plain JSON body is refused.';

/** GET /wps/crypto/key: the public key to seal bodies with. */
export const sealKeyRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/key',
    {
      schema: {
        tags: ['session'],
        summary: 'The public key for sealed request bodies',
        description:
          'The RSA-OAEP (SHA-256) public key, SPKI DER in base64, and its id. Fetch it once per page; after a ' +
          'SEALED_KEY_UNKNOWN answer fetch it again (the operator rotated it).',
        response: replies({
          type: 'object',
          required: ['kid', 'spki', 'alg'],
          properties: { kid: { type: 'string' }, spki: { type: 'string' }, alg: { type: 'string', enum: [SEAL_ALG] } },
        }),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return ok(await app.auth.sealKeys.active());
    },
  );
};
