import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Marker of the module this plugin returns instead of a remote module that failed to load. */
export const FALLBACK_MARKER = '__khelaRemoteUnavailable';

export interface FallbackModule {
  [FALLBACK_MARKER]: true;
  id: string;
  error: string;
}

export const isFallbackModule = (mod: unknown): mod is FallbackModule =>
  typeof mod === 'object' && mod !== null && FALLBACK_MARKER in mod;

/**
 * Second layer against a failed remote: when loading an exposed module fails after the retry
 * plugin gave up, answer with a marked module so callers render the area's "unavailable" view
 * instead of an unhandled rejection. Only the 'onLoad' lifecycle gets a module: for a failed
 * manifest ('afterResolve') the runtime would take the answer as a manifest.
 */
export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'khela-fallback',
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== 'onLoad') return undefined;
      const mod: FallbackModule = { [FALLBACK_MARKER]: true, id, error: String((error as Error)?.message ?? error) };
      return () => mod;
    },
  };
}
