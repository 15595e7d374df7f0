/**
 * SHA-256 and HMAC-SHA256 in plain TypeScript (FIPS 180-4, RFC 2104), synchronous and without any
 * Node or DOM API. The rounds of a game are derived with the platform's HMAC (node:crypto on the
 * server, WebCrypto in the browser: see fair.ts); this copy exists for what must be synchronous
 * and fast: the RTP simulations (a million rounds in about a second: a keyed HMAC keeps the
 * state after the key block, so a round costs two compressions) and the lazy float stream.
 * Its answers are checked against node:crypto in the tests.
 */

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01,
  0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
  0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
  0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const IV = new Int32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);

const W = new Int32Array(64);
// a global's lookup is slow in a vm context (e.g. Jest): keep them in module constants
const ceil = Math.ceil;
const floor = Math.floor;

/** One compression of a 16-word block into the 8-word state. */
function compress(state: Int32Array, block: Int32Array): void {
  for (let i = 0; i < 16; i++) W[i] = block[i];
  for (let i = 16; i < 64; i++) {
    const a = W[i - 15];
    const b = W[i - 2];
    const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
    const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
    W[i] = (W[i - 16] + s0 + W[i - 7] + s1) | 0;
  }
  let a = state[0];
  let b = state[1];
  let c = state[2];
  let d = state[3];
  let e = state[4];
  let f = state[5];
  let g = state[6];
  let h = state[7];
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i] + W[i]) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0] + a) | 0;
  state[1] = (state[1] + b) | 0;
  state[2] = (state[2] + c) | 0;
  state[3] = (state[3] + d) | 0;
  state[4] = (state[4] + e) | 0;
  state[5] = (state[5] + f) | 0;
  state[6] = (state[6] + g) | 0;
  state[7] = (state[7] + h) | 0;
}

/** UTF-8 bytes of a string (no TextEncoder: this module uses no host API). */
export function utf8(text: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      }
    }
    if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd; // a lone surrogate, as TextEncoder does
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

const block = new Int32Array(16);

let scratch = new Uint8Array(256);

/** The bytes of a message: an ASCII string is copied into a reused buffer (the fast path). */
function bytesOf(message: Uint8Array | string): [Uint8Array, number] {
  if (typeof message !== 'string') return [message, message.length];
  const n = message.length;
  if (n > scratch.length) scratch = new Uint8Array(n * 2);
  for (let i = 0; i < n; i++) {
    const c = message.charCodeAt(i);
    if (c >= 0x80) {
      const bytes = utf8(message);
      return [bytes, bytes.length];
    }
    scratch[i] = c;
  }
  return [scratch, n];
}

/** Runs the padded message (after `prefixBytes` already compressed) through the state. */
function absorb(state: Int32Array, input: Uint8Array | string, prefixBytes: number): void {
  const [message, n] = bytesOf(input);
  const total = n + 9; // message, 0x80, 8 bytes of length
  const blocks = ceil(total / 64);
  const bits = (prefixBytes + n) * 8;
  for (let b = 0; b < blocks; b++) {
    block.fill(0);
    for (let i = 0; i < 64; i++) {
      const at = b * 64 + i;
      let byte = 0;
      if (at < n) byte = message[at];
      else if (at === n) byte = 0x80;
      else continue;
      block[i >> 2] |= byte << (24 - 8 * (i & 3));
    }
    if (b === blocks - 1) {
      block[14] = floor(bits / 0x100000000);
      block[15] = bits | 0;
    }
    compress(state, block);
  }
}

function wordsToBytes(words: Int32Array): Uint8Array {
  const out = new Uint8Array(words.length * 4);
  for (let i = 0; i < words.length; i++) {
    out[4 * i] = words[i] >>> 24;
    out[4 * i + 1] = (words[i] >>> 16) & 255;
    out[4 * i + 2] = (words[i] >>> 8) & 255;
    out[4 * i + 3] = words[i] & 255;
  }
  return out;
}

/** SHA-256 of bytes or of a string's UTF-8. */
export function sha256Sync(message: Uint8Array | string): Uint8Array {
  const state = IV.slice();
  absorb(state, message, 0);
  return wordsToBytes(state);
}

/**
 * HMAC-SHA256 under one key, reusable: the key's inner and outer blocks are compressed once, so
 * each message costs its own blocks plus one outer compression. `words` answers the 8 big-endian
 * words of the digest in a buffer that the next call overwrites (copy what you keep).
 */
export class HmacSha256 {
  private readonly inner = new Int32Array(8);
  private readonly outer = new Int32Array(8);
  private readonly state = new Int32Array(8);
  private readonly outBlock = new Int32Array(16);

  constructor(key: Uint8Array | string) {
    let k = typeof key === 'string' ? utf8(key) : key;
    if (k.length > 64) k = sha256Sync(k);
    const padded = new Uint8Array(64);
    padded.set(k);
    const pad = new Int32Array(16);
    for (const [target, x] of [
      [this.inner, 0x36],
      [this.outer, 0x5c],
    ] as const) {
      for (let i = 0; i < 16; i++) {
        pad[i] =
          ((padded[4 * i] ^ x) << 24) |
          ((padded[4 * i + 1] ^ x) << 16) |
          ((padded[4 * i + 2] ^ x) << 8) |
          (padded[4 * i + 3] ^ x);
      }
      target.set(IV);
      compress(target, pad);
    }
  }

  words(message: Uint8Array | string): Int32Array {
    const state = this.state;
    state.set(this.inner);
    absorb(state, message, 64);
    const ob = this.outBlock;
    ob.fill(0);
    for (let i = 0; i < 8; i++) ob[i] = state[i];
    ob[8] = 0x80000000 | 0;
    ob[15] = (64 + 32) * 8;
    state.set(this.outer);
    compress(state, ob);
    return state;
  }

  digest(message: Uint8Array | string): Uint8Array {
    return wordsToBytes(this.words(message));
  }
}

/** Lower-case hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
  return s;
}
