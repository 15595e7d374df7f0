import { randomBytes } from 'node:crypto';
import { importSealKey, sealWith, sealEncoding, type ImportedSealKey } from '@khela/api/seal-crypto';
import { migrate } from '../db/migrate';
import { createTestDb, type TestDb } from '../test-support/test-db';
import { createSealKeyStore, openSealed, readKek, SEAL_MAX_AGE_MS, type SealKeyStore } from './sealed';

jest.setTimeout(60_000);

let t: TestDb;
let store: SealKeyStore;
let key: ImportedSealKey;
const PATH = '/wps/session/login';
beforeAll(async () => {
  t = await createTestDb();
  await migrate(t.db);
  store = createSealKeyStore(t.db, { bits: 2048, kek: null });
  key = await importSealKey(await store.active());
});
afterAll(() => t.dispose());

const expectRefused = (p: Promise<unknown>, errorCode: string) => expect(p).rejects.toMatchObject({ statusCode: 400, errorCode });

describe('opening sealed bodies', () => {
  test('a body sealed by the browser code opens to its payload, without ts', async () => {
    const body = await sealWith(key, PATH, { username: 'rahim', password: 'পাসওয়ার্ড pass 1' });
    const { payload, digest } = await openSealed(store, PATH, body);
    expect(payload).toEqual({ username: 'rahim', password: 'পাসওয়ার্ড pass 1' });
    expect(digest).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test('one spelling per body: unpadded or stray-bit base64 is refused, so a re-spelled body cannot open twice', async () => {
    // a payload whose sealed data needs padding ("…x=" or "…x==")
    let body: { sealed: Record<string, string> } | undefined;
    for (let n = 0; !body?.sealed.data.endsWith('='); n++)
      body = (await sealWith(key, PATH, { username: 'r'.repeat(n + 1) })) as unknown as { sealed: Record<string, string> };
    const { digest } = await openSealed(store, PATH, body);
    const { data } = body.sealed;
    const bare = data.replace(/=+$/, '');
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    // the last character before the padding with its unused low bit flipped: the same bytes
    const last = ALPHABET.indexOf(bare[bare.length - 1]);
    const strayBit = bare.slice(0, -1) + ALPHABET[last ^ 1] + data.slice(bare.length);
    for (const respelled of [bare, strayBit]) {
      expect(Buffer.from(respelled, 'base64')).toEqual(Buffer.from(data, 'base64'));
      await expectRefused(openSealed(store, PATH, { sealed: { ...body.sealed, data: respelled } }), 'SEALED_BODY_INVALID');
    }
    // the used-body check reads the bytes: the same digest for the same body
    expect((await openSealed(store, PATH, body)).digest).toBe(digest);
  });

  test('the path is authenticated: a body sealed for another endpoint does not open', async () => {
    const body = await sealWith(key, '/wps/member/password', { oldPassword: 'a' });
    await expectRefused(openSealed(store, PATH, body), 'SEALED_BODY_INVALID');
  });

  test('older than 5 minutes, or from the future: SEALED_BODY_STALE', async () => {
    const now = Date.now();
    await expectRefused(
      openSealed(store, PATH, await sealWith(key, PATH, { a: 1 }, now - SEAL_MAX_AGE_MS - 1000), now),
      'SEALED_BODY_STALE',
    );
    await expectRefused(
      openSealed(store, PATH, await sealWith(key, PATH, { a: 1 }, now + SEAL_MAX_AGE_MS + 1000), now),
      'SEALED_BODY_STALE',
    );
    expect((await openSealed(store, PATH, await sealWith(key, PATH, { a: 1 }, now - 60_000), now)).payload).toEqual({ a: 1 });
  });

  test('an unknown or malformed kid: SEALED_KEY_UNKNOWN', async () => {
    const body = await sealWith(key, PATH, { a: 1 });
    await expectRefused(openSealed(store, PATH, { sealed: { ...body.sealed, kid: 'AAAAAAAAAAAAAAAA' } }), 'SEALED_KEY_UNKNOWN');
    await expectRefused(openSealed(store, PATH, { sealed: { ...body.sealed, kid: "x' OR 1=1" } }), 'SEALED_KEY_UNKNOWN');
  });

  test("a foreign key (another server's public key, same kid) or tampered data does not open", async () => {
    const other = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const foreign = await sealWith({ kid: key.kid, key: other.publicKey }, PATH, { a: 1 });
    await expectRefused(openSealed(store, PATH, foreign), 'SEALED_BODY_INVALID');
    const body = await sealWith(key, PATH, { a: 1 });
    const data = sealEncoding.fromBase64(body.sealed.data);
    data[0] ^= 1;
    await expectRefused(
      openSealed(store, PATH, { sealed: { ...body.sealed, data: sealEncoding.toBase64(data) } }),
      'SEALED_BODY_INVALID',
    );
  });

  test.each([
    ['a plain JSON body', { username: 'a', password: 'b' }],
    ['null', null],
    ['an array', [1]],
    ['sealed plus another field', { sealed: {}, extra: 1 }],
    ['a sealed field missing', { sealed: { kid: 'k', key: 'a', iv: 'b' } }],
    ['a non-string field', { sealed: { kid: 'k', key: 1, iv: 'b', data: 'c' } }],
    ['bad base64', { sealed: { kid: 'kkkkkkkk', key: '***', iv: 'AAAAAAAAAAAAAAAA', data: 'AAAA' } }],
    ['an iv of the wrong size', { sealed: { kid: 'kkkkkkkk', key: 'AAAA', iv: 'AAAA', data: 'AAAA' } }],
  ])('%s: SEALED_BODY_INVALID', async (_name, body) => {
    await expectRefused(openSealed(store, PATH, body), 'SEALED_BODY_INVALID');
  });

  test('a plaintext that is not an object with a numeric ts is refused', async () => {
    // seal raw JSON by hand, as a broken client would
    const seal = async (plain: string) => {
      const aes = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const data = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(PATH) },
        aes,
        new TextEncoder().encode(plain),
      );
      const wrapped = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key.key, await crypto.subtle.exportKey('raw', aes));
      return {
        sealed: {
          kid: key.kid,
          key: sealEncoding.toBase64(wrapped),
          iv: sealEncoding.toBase64(iv),
          data: sealEncoding.toBase64(data),
        },
      };
    };
    for (const plain of ['not json', '[1,2]', '"text"', '{"a":1}', '{"ts":"now"}']) {
      await expectRefused(openSealed(store, PATH, await seal(plain)), 'SEALED_BODY_INVALID');
    }
  });
});

describe('the key pair', () => {
  test('one per database: another server (store) gets the same key', async () => {
    const second = createSealKeyStore(t.db, { bits: 2048, kek: null });
    expect((await second.active()).kid).toBe(key.kid);
    const body = await sealWith(key, PATH, { a: 1 });
    expect((await openSealed(second, PATH, body)).payload).toEqual({ a: 1 });
  });

  test('rotation: a new key; bodies sealed with the retired one still open for a day', async () => {
    const oldBody = await sealWith(key, PATH, { a: 'old' });
    const fresh = await store.rotate();
    expect(fresh.kid).not.toBe(key.kid);
    expect((await openSealed(store, PATH, oldBody)).payload).toEqual({ a: 'old' });
    await t.db.query(`UPDATE crypto_keys SET retired_at = now() - interval '2 days' WHERE kid = $1`, [key.kid]);
    const later = createSealKeyStore(t.db, { bits: 2048, kek: null });
    await expectRefused(openSealed(later, PATH, await sealWith(key, PATH, { a: 1 })), 'SEALED_KEY_UNKNOWN');
    key = await importSealKey(fresh);
  });

  test('with KHELA_SEAL_KEK the private key is stored encrypted, and opens only with it', async () => {
    const kek = randomBytes(32);
    const t2 = await createTestDb();
    try {
      await migrate(t2.db);
      const encrypted = createSealKeyStore(t2.db, { bits: 2048, kek });
      const k = await importSealKey(await encrypted.active());
      const row = await t2.db.one<{ private_key: string }>('SELECT private_key FROM crypto_keys');
      expect(row!.private_key).toMatch(/^kek:/);
      expect((await openSealed(encrypted, PATH, await sealWith(k, PATH, { a: 1 }))).payload).toEqual({ a: 1 });
      await expect(createSealKeyStore(t2.db, { bits: 2048, kek: null }).privateKey(k.kid)).rejects.toThrow(/KHELA_SEAL_KEK/);
    } finally {
      await t2.dispose();
    }
    expect(readKek(kek.toString('hex'))).toEqual(kek);
    expect(readKek(kek.toString('base64'))).toEqual(kek);
    expect(readKek(undefined)).toBeNull();
    expect(() => readKek('c2hvcnQ=')).toThrow(/32 bytes/);
  });
});
