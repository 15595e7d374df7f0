/** @jest-environment node */
import { webcrypto } from 'node:crypto';
import { importSealKey, sealEncoding, sealWith } from './seal-crypto';

const subtle = webcrypto.subtle;

async function serverKeys() {
  const pair = await subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = sealEncoding.toBase64(await subtle.exportKey('spki', pair.publicKey));
  return { pair, spki };
}

async function open(privateKey: CryptoKey, path: string, sealed: { key: string; iv: string; data: string }) {
  const raw = await subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, sealEncoding.fromBase64(sealed.key));
  const aes = await subtle.importKey('raw', raw, 'AES-GCM', false, ['decrypt']);
  const plain = await subtle.decrypt(
    { name: 'AES-GCM', iv: sealEncoding.fromBase64(sealed.iv), additionalData: new TextEncoder().encode(path) },
    aes,
    sealEncoding.fromBase64(sealed.data),
  );
  return JSON.parse(new TextDecoder().decode(plain));
}

test('a sealed body opens with the private key, for its own path only, with its time stamp', async () => {
  const { pair, spki } = await serverKeys();
  const key = await importSealKey({ kid: 'k1', spki, alg: 'RSA-OAEP-256+A256GCM' });
  const { sealed } = await sealWith(key, '/wps/session/login', { username: 'rahim', password: 'পাসওয়ার্ড-1' }, 1_700_000_000_000);
  expect(sealed.kid).toBe('k1');
  expect(JSON.stringify(sealed)).not.toContain('rahim');
  expect(await open(pair.privateKey, '/wps/session/login', sealed)).toEqual({
    username: 'rahim',
    password: 'পাসওয়ার্ড-1',
    ts: 1_700_000_000_000,
  });
  await expect(open(pair.privateKey, '/wps/member/register', sealed)).rejects.toThrow();
});

test('every body has its own key and nonce', async () => {
  const { spki } = await serverKeys();
  const key = await importSealKey({ kid: 'k1', spki, alg: 'RSA-OAEP-256+A256GCM' });
  const a = (await sealWith(key, '/p', { x: 1 }, 1)).sealed;
  const b = (await sealWith(key, '/p', { x: 1 }, 1)).sealed;
  expect(a.key).not.toBe(b.key);
  expect(a.iv).not.toBe(b.iv);
  expect(a.data).not.toBe(b.data);
});
