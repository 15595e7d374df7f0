import type { Pointer } from './remotes';

declare global {
  interface Window {
    /** Written by the origin into the page: the pointer and the early status request. */
    __KHELA_BOOT__?: { pointer?: Pointer; status?: Promise<unknown> };
  }
}

const POINTER_FETCH_TIMEOUT_MS = 10_000;

/** /remotes.json, revalidated with the origin (it is served no-cache, with an ETag). */
export async function fetchPointer(): Promise<Pointer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), POINTER_FETCH_TIMEOUT_MS);
  try {
    const res = await fetch('/remotes.json', { cache: 'no-cache', signal: controller.signal });
    if (!res.ok) throw new Error(`remotes.json: ${res.status}`);
    const pointer = (await res.json()) as Pointer;
    if (!pointer || typeof pointer !== 'object' || typeof pointer.remotes !== 'object')
      throw new Error('remotes.json: not a pointer');
    return pointer;
  } finally {
    clearTimeout(timer);
  }
}

/** The pointer inlined by the origin, or /remotes.json when it is not. */
export async function readPointer(): Promise<Pointer> {
  const inlined = window.__KHELA_BOOT__?.pointer;
  if (inlined) return inlined;
  return fetchPointer();
}
