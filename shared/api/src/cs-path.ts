/**
 * Customer-service paths arrive encrypted; the last 8 characters of the value are the key.
 * Format: base64url(iv[12] | ciphertext | tag[16]) followed by the 8-character key;
 * AES-256-GCM with the SHA-256 of the key. WebCrypto only, so browser and server share it.
 */
const KEY_LENGTH = 8;

// the browser's CryptoKey, named without the DOM library (the server compiles this file too)
type WebCryptoKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

function fromBase64Url(s: string): Uint8Array {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4);
  const bin = atob(b64);
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function aesKey(key: string): Promise<WebCryptoKey> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return crypto.subtle.importKey('raw', digest, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 8 random letters and digits (rejection sampling, so every character is equally likely). */
function randomKey(): string {
  let key = '';
  while (key.length < KEY_LENGTH) {
    for (const b of crypto.getRandomValues(new Uint8Array(16))) {
      if (b < 248 && key.length < KEY_LENGTH) key += KEY_ALPHABET[b % 62];
    }
  }
  return key;
}

export async function encryptCsPath(path: string, key?: string): Promise<string> {
  const k = key ?? randomKey();
  if (k.length !== KEY_LENGTH) throw new Error('key must be 8 characters');
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await aesKey(k), new TextEncoder().encode(path)),
  );
  const out = new Uint8Array(iv.length + ct.length);
  out.set(iv);
  out.set(ct, iv.length);
  return toBase64Url(out) + k;
}

export async function decryptCsPath(value: string): Promise<string> {
  if (value.length <= KEY_LENGTH) throw new Error('invalid customer-service path');
  const key = value.slice(-KEY_LENGTH);
  const data = fromBase64Url(value.slice(0, -KEY_LENGTH));
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: data.slice(0, 12) }, await aesKey(key), data.slice(12));
  return new TextDecoder().decode(plain);
}
