import type { Pointer, RemoteName } from './remotes';

/** What the origin writes into the page: the pointer and the client configuration (JSON, not script). */
export interface BootData {
  pointer?: Pointer;
  config?: { remoteTimeoutMs?: number; rumSampleRate?: number };
  /** a members' route's area (the origin names it): its module loads while the session is read */
  area?: { remote: RemoteName; module: string };
}

let boot: BootData | undefined;

/** The page's boot data (`<script type="application/json" id="khela-boot">`), read once. */
export function bootData(): BootData {
  if (boot) return boot;
  boot = {};
  try {
    const text = document.getElementById('khela-boot')?.textContent;
    if (text) boot = JSON.parse(text) as BootData;
  } catch {
    /* a page without it (or a broken one): the pointer comes from /remotes.json */
  }
  return boot;
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
  const inlined = bootData().pointer;
  if (inlined && typeof inlined.remotes === 'object') return inlined;
  return fetchPointer();
}
