import { HmacSha256, toHex, utf8 } from './sha256';

/**
 * Provably fair randomness (the scheme every engine uses):
 *
 * - The server seed is 32 random bytes written as 64 lower-case hex characters. Before any round
 *   is played with it, the player is shown its commitment: the SHA-256 (hex) of those 64
 *   characters. Rotating the seed reveals it, and anyone can check it against the commitment.
 * - The client seed is the player's (random by default): 1 to 64 printable ASCII characters, no
 *   spaces.
 * - The nonce counts the rounds played with one (server seed, client seed) pair, from 0.
 * - The round's random floats in [0, 1): the bytes of
 *   HMAC-SHA256(key = the server seed's 64 hex characters, message = `${clientSeed}:${nonce}:${cursor}`)
 *   for cursor 0, 1, 2, … (both as UTF-8), 4 bytes per float, 8 floats per cursor:
 *   f = b0/256 + b1/256² + b2/256³ + b3/256⁴ (exact in a double). Float i comes from cursor
 *   floor(i / 8), bytes 4·(i mod 8) to 4·(i mod 8) + 3.
 */

/** HMAC-SHA256 of a message under a key (both UTF-8 text); the server passes node:crypto, the browser WebCrypto. */
export type Hmac = (key: string, message: string) => Promise<Uint8Array>;
/** SHA-256 of UTF-8 text. */
export type Sha256 = (message: string) => Promise<Uint8Array>;

export interface Seeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

export const FLOATS_PER_CURSOR = 8;

const SERVER_SEED = /^[0-9a-f]{64}$/;
const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;
/** The largest nonce: rounds per seed pair stay exact integers everywhere. */
export const MAX_NONCE = 2 ** 31 - 1;

export const isServerSeed = (seed: string) => SERVER_SEED.test(seed);
export const isServerSeedHash = (hash: string) => SERVER_SEED.test(hash);
/** 1 to 64 printable ASCII characters without spaces. */
export const isClientSeed = (seed: string) => CLIENT_SEED.test(seed);
export const isNonce = (nonce: number) => Number.isInteger(nonce) && nonce >= 0 && nonce <= MAX_NONCE;

export class SeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeedError';
  }
}

function checkSeeds(s: Seeds): void {
  if (!isServerSeed(s.serverSeed)) throw new SeedError('the server seed must be 64 lower-case hex characters');
  if (!isClientSeed(s.clientSeed)) throw new SeedError('the client seed must be 1 to 64 printable characters without spaces');
  if (!isNonce(s.nonce)) throw new SeedError('the nonce must be a whole number from 0');
}

/** The message of one cursor. */
export const cursorMessage = (clientSeed: string, nonce: number, cursor: number) => `${clientSeed}:${nonce}:${cursor}`;

/** The float from 4 bytes at `offset` (big-endian). */
export function floatAt(bytes: Uint8Array, offset: number): number {
  return bytes[offset] / 256 + bytes[offset + 1] / 65536 + bytes[offset + 2] / 16777216 + bytes[offset + 3] / 4294967296;
}

/** The first `count` floats of a round, through the given HMAC (async: WebCrypto is). */
export async function deriveFloats(hmac: Hmac, seeds: Seeds, count: number): Promise<number[]> {
  checkSeeds(seeds);
  const cursors = Math.ceil(count / FLOATS_PER_CURSOR);
  const digests = await Promise.all(
    Array.from({ length: cursors }, (_, c) => hmac(seeds.serverSeed, cursorMessage(seeds.clientSeed, seeds.nonce, c))),
  );
  const floats: number[] = [];
  for (let i = 0; i < count; i++) floats.push(floatAt(digests[Math.floor(i / FLOATS_PER_CURSOR)], (i % FLOATS_PER_CURSOR) * 4));
  return floats;
}

/**
 * What an engine reads its random numbers from: the round's floats in order. An engine reads at
 * most `floatsNeeded(params)` of them (a card game fewer when the round ends early).
 */
export interface FloatReader {
  next(): number;
}

/** A reader over floats derived in advance (`deriveFloats`); reading past them is a bug and throws. */
export function readerOf(floats: readonly number[]): FloatReader {
  let i = 0;
  return {
    next() {
      if (i >= floats.length) throw new RangeError('the engine read more floats than it declared');
      return floats[i++];
    },
  };
}

/**
 * The same floats, synchronously and lazily (a cursor's HMAC is computed when its first float is
 * read), with the built-in HMAC. For simulations and tests; the same numbers as `deriveFloats`.
 */
export class FloatStream implements FloatReader {
  private readonly hmac: HmacSha256;
  private clientSeed = '';
  private nonce = 0;
  private cursor = -1;
  private index = FLOATS_PER_CURSOR;
  private words: Int32Array = new Int32Array(8);

  constructor(serverSeed: string) {
    if (!isServerSeed(serverSeed)) throw new SeedError('the server seed must be 64 lower-case hex characters');
    this.hmac = new HmacSha256(serverSeed);
  }

  /** Starts the floats of a round (same server seed). */
  round(clientSeed: string, nonce: number): this {
    this.clientSeed = clientSeed;
    this.nonce = nonce;
    this.cursor = -1;
    this.index = FLOATS_PER_CURSOR;
    return this;
  }

  next(): number {
    if (this.index === FLOATS_PER_CURSOR) {
      this.cursor++;
      this.words = this.hmac.words(cursorMessage(this.clientSeed, this.nonce, this.cursor));
      this.index = 0;
    }
    // a big-endian word read as unsigned, over 2^32: the same value as floatAt's four bytes
    return (this.words[this.index++] >>> 0) / 4294967296;
  }
}

/** The commitment of a server seed: SHA-256 of its 64 hex characters, in hex. */
export async function hashServerSeed(sha256: Sha256, serverSeed: string): Promise<string> {
  return toHex(await sha256(serverSeed));
}

/** True when the revealed server seed is the one committed to. */
export async function seedMatchesHash(sha256: Sha256, serverSeed: string, serverSeedHash: string): Promise<boolean> {
  if (!isServerSeed(serverSeed)) return false;
  return (await hashServerSeed(sha256, serverSeed)) === serverSeedHash.toLowerCase();
}

// ---- WebCrypto: the browser's (and Node 20's globalThis.crypto) implementation ---------------------

interface SubtleLike {
  importKey(format: 'raw', key: Uint8Array, algorithm: object, extractable: boolean, usages: string[]): Promise<unknown>;
  sign(algorithm: string, key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
  digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer>;
}

function subtle(): SubtleLike {
  const s = (globalThis as { crypto?: { subtle?: SubtleLike } }).crypto?.subtle;
  if (!s) throw new Error('WebCrypto (crypto.subtle) is not available: a secure context (https or localhost) is needed');
  return s;
}

/** HMAC-SHA256 through WebCrypto. Imported keys are cached per server seed. */
export function webCryptoHmac(): Hmac {
  const keys = new Map<string, Promise<unknown>>();
  return async (key, message) => {
    let k = keys.get(key);
    if (!k) {
      k = subtle().importKey('raw', utf8(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
      if (keys.size > 32) keys.clear();
      keys.set(key, k);
    }
    return new Uint8Array(await subtle().sign('HMAC', await k, utf8(message)));
  };
}

/** SHA-256 through WebCrypto. */
export const webCryptoSha256: Sha256 = async (message) => new Uint8Array(await subtle().digest('SHA-256', utf8(message)));
