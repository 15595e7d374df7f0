// Sealed request bodies (see @khela/api's auth.ts); import from '@khela/api-client/seal', not the
// shared index, so the guest's home page does not carry them: a fresh AES-256-GCM key per request,
// wrapped with the server's RSA-OAEP-256 public key, the request path as additional authenticated
// data. The sealing itself is the contract's (@khela/api/seal-crypto, which the server's tests use);
// this file adds the page's key fetch.
import type { SealKey } from '@khela/api/auth';
import { importSealKey, sealWith, type ImportedSealKey } from '@khela/api/seal-crypto';
// the page's shared client (its configuration: merchant, language), not a copy of it
import { apiRequest, ApiError, type RequestOptions } from '@khela/api-client';

let current: Promise<ImportedSealKey> | null = null;
/** The server's key, fetched once per page (again after the server says it rotated). */
export function sealKey(refresh = false): Promise<ImportedSealKey> {
  if (!current || refresh) {
    current = apiRequest<SealKey>('/wps/crypto/key').then(importSealKey);
    current.catch(() => (current = null));
  }
  return current;
}

/** apiRequest with the body sealed; a rotated server key is fetched again and the call retried once. */
export async function sealedRequest<T>(path: string, opts: RequestOptions & { body: object }): Promise<T> {
  try {
    return await apiRequest<T>(path, { ...opts, body: await sealWith(await sealKey(), path, opts.body) });
  } catch (err) {
    if (!(err instanceof ApiError) || err.errorCode !== 'SEALED_KEY_UNKNOWN') throw err;
    return apiRequest<T>(path, { ...opts, body: await sealWith(await sealKey(true), path, opts.body) });
  }
}
