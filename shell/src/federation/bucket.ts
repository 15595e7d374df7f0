/**
 * The browser's release bucket, 0–99: drawn once at random and kept, so a browser stays on the same
 * side of every canary (all remotes use the same bucket) across page loads and tabs. A canary for
 * 10 % of browsers reaches the browsers whose bucket is below 10.
 * Kept in local storage; where that is unavailable, in a cookie; else for this page only.
 */

export const BUCKET_STORAGE_KEY = 'khela.releaseBucket';
export const BUCKET_COOKIE = 'khela_release_bucket';

let memo: number | undefined;

const valid = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 99;
const parse = (s: string | null | undefined) => (s != null && /^\d{1,2}$/.test(s) ? Number(s) : undefined);

function fromStorage(): number | undefined {
  try {
    return parse(window.localStorage.getItem(BUCKET_STORAGE_KEY));
  } catch {
    return undefined;
  }
}

function toStorage(bucket: number): boolean {
  try {
    window.localStorage.setItem(BUCKET_STORAGE_KEY, String(bucket));
    return window.localStorage.getItem(BUCKET_STORAGE_KEY) === String(bucket);
  } catch {
    return false;
  }
}

function fromCookie(): number | undefined {
  try {
    const m = new RegExp(`(?:^|;\\s*)${BUCKET_COOKIE}=(\\d{1,2})(?:;|$)`).exec(document.cookie);
    return parse(m?.[1]);
  } catch {
    return undefined;
  }
}

function toCookie(bucket: number): void {
  try {
    document.cookie = `${BUCKET_COOKIE}=${bucket}; Max-Age=31536000; Path=/; SameSite=Lax`;
  } catch {
    /* cookies disabled: the bucket lasts for this page */
  }
}

function draw(): number {
  const c = globalThis.crypto;
  if (c?.getRandomValues) return c.getRandomValues(new Uint32Array(1))[0] % 100;
  return Math.floor(Math.random() * 100);
}

export function releaseBucket(): number {
  if (valid(memo)) return memo;
  let bucket = fromStorage();
  if (bucket === undefined) {
    bucket = fromCookie() ?? draw();
    if (!toStorage(bucket)) toCookie(bucket);
  }
  memo = bucket;
  return bucket;
}

/** Tests: forget the remembered bucket. */
export function resetReleaseBucketForTests(): void {
  memo = undefined;
}
