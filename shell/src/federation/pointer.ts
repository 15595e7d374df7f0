import type { Pointer } from './remotes';

declare global {
  interface Window {
    /** Written by the origin into the page: the pointer and the early status request. */
    __KHELA_BOOT__?: { pointer?: Pointer; status?: Promise<unknown> };
  }
}

/** The pointer inlined by the origin, or /remotes.json (never cached) when it is not. */
export async function readPointer(): Promise<Pointer> {
  const inlined = window.__KHELA_BOOT__?.pointer;
  if (inlined) return inlined;
  const res = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!res.ok) throw new Error(`remotes.json: ${res.status}`);
  return (await res.json()) as Pointer;
}
