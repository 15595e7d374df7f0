import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { RetryPlugin } from '@module-federation/retry-plugin';
import { readPointer } from './pointer';
import { isFallbackModule } from './runtime-plugins/fallback';
import { federationName, REMOTE_LOAD_TIMEOUT_MS, type Pointer, type PointerEntry, type RemoteName } from './remotes';

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

const entries = new Map<RemoteName, PointerEntry>();
let timeoutMs = REMOTE_LOAD_TIMEOUT_MS;
let pluginsRegistered = false;

/** Registers every remote of the pointer with the page's federation instance. */
export function registerFromPointer(pointer: Pointer, opts: { timeoutMs?: number } = {}): void {
  if (opts.timeoutMs) timeoutMs = opts.timeoutMs;
  if (!pluginsRegistered) {
    pluginsRegistered = true;
    // First layer: the network. Manifests are fetched again twice, entry scripts twice.
    registerPlugins([RetryPlugin({ fetch: { retryTimes: 2 }, script: { retryTimes: 2, retryDelay: 500 } })]);
  }
  const list = Object.entries(pointer.remotes) as [RemoteName, PointerEntry][];
  for (const [name, entry] of list) entries.set(name, entry);
  registerRemotes(list.map(([name, entry]) => ({ name: federationName(name), entry: entry.url })));
}

/**
 * Before a retry: forget what the runtime cached of the remote so the next load fetches it
 * again, or, when the pointer never arrived, read it again.
 */
export async function prepareRetry(remote: RemoteName): Promise<void> {
  const entry = entries.get(remote);
  if (entry) {
    registerRemotes([{ name: federationName(remote), entry: entry.url }], { force: true });
    return;
  }
  try {
    registerFromPointer(await readPointer());
  } catch {
    /* still unreachable: the load fails again and the area keeps its retry button */
  }
}

/** Loads one exposed module, failing with RemoteUnavailableError after the spec's time-out. */
export async function loadRemoteModule<T>(remote: RemoteName, exposed: string): Promise<T> {
  if (!entries.has(remote)) throw new RemoteUnavailableError(remote, 'unregistered');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteUnavailableError(remote, 'timeout')), timeoutMs);
  });
  try {
    const loaded: unknown = await Promise.race([loadRemote<T>(`${federationName(remote)}/${exposed}`), timeout]);
    // the fallback plugin answers with a module factory; real exposed modules are namespace objects
    const mod = typeof loaded === 'function' ? (loaded as () => unknown)() : loaded;
    if (mod == null || isFallbackModule(mod)) {
      throw new RemoteUnavailableError(remote, 'failed', isFallbackModule(mod) ? mod.error : 'empty module');
    }
    return mod as T;
  } catch (err) {
    if (err instanceof RemoteUnavailableError) throw err;
    throw new RemoteUnavailableError(remote, 'failed', (err as Error)?.message);
  } finally {
    clearTimeout(timer);
  }
}
