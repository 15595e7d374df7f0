import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import { releaseBucket } from './bucket';
import { chunkLoadingGlobals, isolateChunkLoading } from './chunk-isolation';
import { afterFirstView } from '../lib/afterFirstView';
import { fetchPointer } from './pointer';
import { isFallbackModule } from './runtime-plugins/fallback';
import { failureReason, recordLoadFailed, recordLoadStarted, recordLoaded } from './rum';
import {
  federationName,
  REMOTE_LOAD_TIMEOUT_MS,
  REMOTES,
  resolveEntry,
  type MountedModule,
  type Pointer,
  type PointerEntry,
  type RemoteName,
} from './remotes';

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly reason: 'failed' | 'timeout' | 'unregistered',
    detail?: string,
  ) {
    super(`remote ${remote} ${reason}${detail ? `: ${detail}` : ''}`);
    this.name = reason === 'timeout' ? 'ChunkLoadError' : 'RemoteUnavailableError';
  }
}

/**
 * Which version of each remote this page uses, and how it follows releases:
 * - at start, every remote of the pointer (inlined in the page) is registered at the version this
 *   browser resolves: the canary when its bucket is inside the canary's share, else the version
 *   in use;
 * - when an area is entered (an area component mounts: a navigation, a modal, a retry), the
 *   pointer is read again (at most once a second, never waiting long for it) and, if the remote's
 *   resolved version changed, the new version is registered in place of the old one. Areas already
 *   on screen keep the modules they loaded; old versions stay published, so their later chunks
 *   still load, from their own folder (see chunk-isolation.ts).
 */

/** A pointer younger than this is used as is. */
export const POINTER_TTL_MS = 1_000;
/** How long entering an area waits for a fresh pointer before it goes on with the one it has. */
export const POINTER_WAIT_MS = 1_500;

export interface Registered {
  version: string;
  url: string;
  canary: boolean;
}

const registered = new Map<RemoteName, Registered>();
const loading = new Map<RemoteName, number>();
let pointer: Pointer | undefined;
let pointerAt = -Infinity;
let refreshing: Promise<Pointer | undefined> | null = null;
let timeoutMs = REMOTE_LOAD_TIMEOUT_MS;
let started = false;

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

function start(): void {
  if (started) return;
  started = true;
  // First layer: the network. Manifests are fetched again twice, entry scripts twice.
  registerPlugins([RetryPlugin({ fetch: { retryTimes: 2 }, script: { retryTimes: 2, retryDelay: 500 } })]);
  // before any remote entry runs: one chunk array per version folder
  isolateChunkLoading(REMOTES.flatMap((r) => chunkLoadingGlobals(federationName(r))));
}

/** Registers the version this browser resolves for `entry`; true when that changed the registration. */
function apply(remote: RemoteName, entry: PointerEntry): boolean {
  const target = resolveEntry(entry, releaseBucket());
  const current = registered.get(remote);
  if (current && current.url === target.url) return false;
  // force: the runtime forgets the previous version's container and cached modules
  registerRemotes([{ name: federationName(remote), entry: target.url }], { force: !!current });
  registered.set(remote, target);
  return true;
}

/**
 * A lobby page's manifest is preloaded by the origin, except while a canary of the lobby runs:
 * which manifest a browser needs then depends on its bucket, known here. A page that mounts no lobby
 * area (the origin hinted none of its files: /member, /promotions) asks for it later, once its first
 * view is there: most visits go on to a lobby page, but it is no part of this one's first view.
 */
function preloadManifest(url: string): void {
  if (typeof document === 'undefined') return;
  const href = new URL(url, document.baseURI).href;
  const hints = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]'));
  if (hints.some((l) => l.href === href)) return;
  // (a prefetch: fetched when the link is idle, into the cache, and no warning when it is not used soon)
  if (!hints.some((l) => l.href.includes('/remotes/lobby/'))) afterFirstView(() => addManifestHint(url, 'prefetch'));
  else addManifestHint(url, 'preload');
}

function addManifestHint(url: string, rel: 'preload' | 'prefetch'): void {
  const link = document.createElement('link');
  link.rel = rel;
  if (rel === 'preload') link.as = 'fetch';
  link.crossOrigin = 'anonymous';
  link.href = url;
  document.head.appendChild(link);
}

/** Registers every remote of the pointer with the page's federation instance. */
export function registerFromPointer(next: Pointer, opts: { timeoutMs?: number } = {}): void {
  if (opts.timeoutMs) timeoutMs = opts.timeoutMs;
  const first = !started;
  start();
  pointer = next;
  pointerAt = now();
  for (const [name, entry] of Object.entries(next.remotes) as [RemoteName, PointerEntry][]) {
    if (entry && !loading.get(name)) apply(name, entry);
  }
  const lobby = registered.get('lobby');
  if (first && lobby) preloadManifest(lobby.url);
}

/** The pointer, read again when older than the TTL; concurrent callers share one request. */
function freshPointer(): Promise<Pointer | undefined> {
  if (refreshing) return refreshing;
  if (pointer && now() - pointerAt < POINTER_TTL_MS) return Promise.resolve(pointer);
  refreshing = fetchPointer()
    .then((p) => {
      pointer = p;
      return p;
    })
    .catch((err) => {
      console.warn('[khela] could not read /remotes.json; keeping the versions in use', err);
      return pointer;
    })
    .finally(() => {
      pointerAt = now(); // after a failure too: try again after the TTL, not on every mount
      refreshing = null;
    });
  return refreshing;
}

/** On entering an area of `remote`: follow the pointer, unless a load of this remote is under way. */
async function follow(remote: RemoteName): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), POINTER_WAIT_MS);
  });
  const latest = (await Promise.race([freshPointer(), waited])) ?? pointer;
  clearTimeout(timer);
  const entry = latest?.remotes[remote];
  // a load of this remote in flight keeps its version; the switch happens at the next entry
  if (entry && !loading.get(remote)) apply(remote, entry);
}

/** The version of `remote` this page registered (undefined before the pointer arrived). */
export const registeredVersion = (remote: RemoteName): Registered | undefined => registered.get(remote);

/**
 * Before a retry: forget what the runtime cached of the remote so the next load fetches it
 * again, or, when the pointer never arrived, read it again.
 */
export async function prepareRetry(remote: RemoteName): Promise<void> {
  const current = registered.get(remote);
  if (current) {
    registerRemotes([{ name: federationName(remote), entry: current.url }], { force: true });
    pointerAt = -Infinity; // and look for a newer version (an operator may have rolled back)
    return;
  }
  try {
    registerFromPointer(await fetchPointer());
  } catch {
    /* still unreachable: the load fails again and the area keeps its retry button */
  }
}

export interface LoadedModule<T> {
  module: T;
  /** the version it came from */
  version: string;
}

/** Loads one exposed module, failing with RemoteUnavailableError after the spec's time-out. */
export async function loadRemoteModule<T, R extends RemoteName = RemoteName>(
  remote: R,
  exposed: MountedModule<R>,
): Promise<LoadedModule<T>> {
  if (started) await follow(remote);
  const target = registered.get(remote);
  if (!target) throw new RemoteUnavailableError(remote, 'unregistered');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteUnavailableError(remote, 'timeout')), timeoutMs);
  });
  loading.set(remote, (loading.get(remote) ?? 0) + 1);
  recordLoadStarted(remote, target.version);
  try {
    const loaded: unknown = await Promise.race([loadRemote<T>(`${federationName(remote)}/${exposed}`), timeout]);
    // the fallback plugin answers with a module factory; real exposed modules are namespace objects
    const mod = typeof loaded === 'function' ? (loaded as () => unknown)() : loaded;
    if (mod == null || isFallbackModule(mod)) {
      throw new RemoteUnavailableError(remote, 'failed', isFallbackModule(mod) ? mod.error : 'empty module');
    }
    recordLoaded(remote, target.version);
    return { module: mod as T, version: target.version };
  } catch (err) {
    const failure =
      err instanceof RemoteUnavailableError ? err : new RemoteUnavailableError(remote, 'failed', (err as Error)?.message);
    recordLoadFailed(remote, target.version, failureReason(failure.reason === 'timeout', failure.message));
    throw failure;
  } finally {
    clearTimeout(timer);
    loading.set(remote, (loading.get(remote) ?? 1) - 1);
  }
}

/** Tests: back to a page that registered nothing. */
export function resetRemoteLoaderForTests(): void {
  registered.clear();
  loading.clear();
  pointer = undefined;
  pointerAt = -Infinity;
  refreshing = null;
  timeoutMs = REMOTE_LOAD_TIMEOUT_MS;
  started = false;
}
