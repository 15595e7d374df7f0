// Sealing itself (see seal.ts): WebCrypto only, no fetch, so the same code runs in the browser and
// in Node 20 (the server's tests seal with it). Part of the contract: it imports nothing of the client.
import type { SealedBody, SealKey } from './auth';

const toBase64 = (bytes: ArrayBuffer | Uint8Array) => {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let s = '';
  for (let i = 0; i < view.length; i += 0x8000) s += String.fromCharCode(...view.subarray(i, i + 0x8000));
  return btoa(s);
};
const fromBase64 = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));

export interface ImportedSealKey {
  kid: string;
  key: Awaited<ReturnType<typeof crypto.subtle.importKey>>;
}

export async function importSealKey(k: SealKey): Promise<ImportedSealKey> {
  const key = await crypto.subtle.importKey('spki', fromBase64(k.spki), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'encrypt',
  ]);
  return { kid: k.kid, key };
}

/** Seals a payload for one path. `now` is for tests. */
export async function sealWith(
  k: ImportedSealKey,
  path: string,
  payload: object,
  now = Date.now(),
): Promise<{ sealed: SealedBody }> {
  const aes = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify({ ...payload, ts: now }));
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(path) }, aes, plain);
  const raw = await crypto.subtle.exportKey('raw', aes);
  const wrapped = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, k.key, raw);
  return { sealed: { kid: k.kid, key: toBase64(wrapped), iv: toBase64(iv), data: toBase64(data) } };
}

export const sealEncoding = { toBase64, fromBase64 };
