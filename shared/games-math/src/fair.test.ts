/** @jest-environment node */
import { createHash, createHmac } from 'node:crypto';
import fc from 'fast-check';
import {
  cursorMessage,
  deriveFloats,
  floatAt,
  FloatStream,
  hashServerSeed,
  isClientSeed,
  isServerSeed,
  readerOf,
  SeedError,
  seedMatchesHash,
  webCryptoHmac,
  webCryptoSha256,
} from './fair';
import { nodeHmac, nodeSha256, newClientSeed, newServerSeed, serverSeedHashSync } from './node';
import { HmacSha256, sha256Sync, toHex } from './sha256';

const hex64 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
const clientSeed = fc.stringMatching(/^[\x21-\x7e]{1,64}$/);

describe('the built-in SHA-256 and HMAC-SHA256', () => {
  it('match node:crypto for any key and message (ASCII, Unicode, empty, longer than a block)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.string({ maxLength: 150 }), (key, message) => {
        expect(toHex(new HmacSha256(key).digest(message))).toBe(createHmac('sha256', key).update(message).digest('hex'));
        expect(toHex(sha256Sync(message))).toBe(createHash('sha256').update(message).digest('hex'));
      }),
      { numRuns: 300 },
    );
  });

  it('match node:crypto on bytes, at every padding boundary', () => {
    for (let n = 0; n < 140; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 255);
      expect(toHex(sha256Sync(bytes))).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(toHex(new HmacSha256('k').digest(bytes))).toBe(createHmac('sha256', 'k').update(bytes).digest('hex'));
    }
  });

  it('a keyed HMAC gives the same digest on every reuse', () => {
    const h = new HmacSha256('a'.repeat(64));
    const first = h.digest('x:0:0');
    h.digest('something else');
    expect(h.digest('x:0:0')).toEqual(first);
  });
});

describe('the round floats', () => {
  const serverSeed = '20e18dd9752c4dd88526af94b8865bc2df5c78b743102279a8ebad9a4fd0327c';

  it('follow the documented derivation (a known answer)', async () => {
    expect(await hashServerSeed(nodeSha256, serverSeed)).toBe('aed7ee5fec52c980cb090412f0f0fe61ac2687a83b447413fcfe3bc35c0c9506');
    expect(cursorMessage('player-seed', 7, 0)).toBe('player-seed:7:0');
    const floats = await deriveFloats(nodeHmac, { serverSeed, clientSeed: 'player-seed', nonce: 7 }, 3);
    expect(floats).toEqual([0.9322662067133933, 0.4906627065502107, 0.9350910626817495]);
  });

  it('are b0/256 + b1/256² + b2/256³ + b3/256⁴ of the HMAC bytes, cursor after cursor', async () => {
    const floats = await deriveFloats(nodeHmac, { serverSeed, clientSeed: 'c', nonce: 0 }, 20);
    for (let i = 0; i < 20; i++) {
      const digest = createHmac('sha256', serverSeed)
        .update(`c:0:${Math.floor(i / 8)}`)
        .digest();
      const o = (i % 8) * 4;
      expect(floats[i]).toBe(floatAt(digest, o));
      expect(floats[i]).toBe(digest.readUInt32BE(o) / 2 ** 32);
    }
    expect(floatAt(Uint8Array.from([255, 255, 255, 255]), 0)).toBeLessThan(1);
    expect(floatAt(Uint8Array.from([0, 0, 0, 0]), 0)).toBe(0);
  });

  it('are the same through node:crypto, WebCrypto and the built-in stream', async () => {
    const web = webCryptoHmac();
    await fc.assert(
      fc.asyncProperty(hex64, clientSeed, fc.nat({ max: 2 ** 31 - 1 }), async (seed, client, nonce) => {
        const seeds = { serverSeed: seed, clientSeed: client, nonce };
        const viaNode = await deriveFloats(nodeHmac, seeds, 19);
        expect(await deriveFloats(web, seeds, 19)).toEqual(viaNode);
        const stream = new FloatStream(seed).round(client, nonce);
        expect(Array.from({ length: 19 }, () => stream.next())).toEqual(viaNode);
        for (const f of viaNode) expect(f >= 0 && f < 1).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('change with each of the server seed, the client seed and the nonce', async () => {
    const base = { serverSeed, clientSeed: 'c', nonce: 1 };
    const f = (s: typeof base) => deriveFloats(nodeHmac, s, 4);
    const a = await f(base);
    expect(await f({ ...base, nonce: 2 })).not.toEqual(a);
    expect(await f({ ...base, clientSeed: 'd' })).not.toEqual(a);
    expect(await f({ ...base, serverSeed: newServerSeed() })).not.toEqual(a);
  });

  it('refuse malformed seeds and nonces', async () => {
    const bad = [
      { serverSeed: 'abc', clientSeed: 'c', nonce: 0 },
      { serverSeed: serverSeed.toUpperCase(), clientSeed: 'c', nonce: 0 },
      { serverSeed, clientSeed: '', nonce: 0 },
      { serverSeed, clientSeed: 'has space', nonce: 0 },
      { serverSeed, clientSeed: 'x'.repeat(65), nonce: 0 },
      { serverSeed, clientSeed: 'c', nonce: -1 },
      { serverSeed, clientSeed: 'c', nonce: 1.5 },
    ];
    for (const seeds of bad) await expect(deriveFloats(nodeHmac, seeds, 1)).rejects.toBeInstanceOf(SeedError);
    expect(() => new FloatStream('nothex')).toThrow(SeedError);
  });

  it('a reader over derived floats refuses to read past them', () => {
    const r = readerOf([0.5]);
    expect(r.next()).toBe(0.5);
    expect(() => r.next()).toThrow(RangeError);
  });
});

describe('seeds', () => {
  it('new server seeds are 64 hex characters, committed by their SHA-256', async () => {
    const seed = newServerSeed();
    expect(isServerSeed(seed)).toBe(true);
    expect(newServerSeed()).not.toBe(seed);
    const hash = serverSeedHashSync(seed);
    expect(await hashServerSeed(webCryptoSha256, seed)).toBe(hash);
    expect(await seedMatchesHash(nodeSha256, seed, hash)).toBe(true);
    expect(await seedMatchesHash(nodeSha256, seed, hash.toUpperCase())).toBe(true);
    expect(await seedMatchesHash(nodeSha256, newServerSeed(), hash)).toBe(false);
    expect(await seedMatchesHash(nodeSha256, 'nothex', hash)).toBe(false);
  });

  it('new client seeds are valid client seeds', () => {
    for (let i = 0; i < 20; i++) expect(isClientSeed(newClientSeed())).toBe(true);
    expect(isClientSeed('আমার')).toBe(false);
    expect(isClientSeed('lucky-7!')).toBe(true);
  });
});
