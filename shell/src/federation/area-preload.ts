import type { ComponentType } from 'react';
import { areaLoadStarted } from './area-activity';
import { loadRemoteModule, type LoadedModule } from './remote-loader';
import type { MountedModule, RemoteName } from './remotes';

export type AreaModule = LoadedModule<{ default: ComponentType<Record<string, unknown>> }>;

/** A load of an area's module the boot started; `loaded` once it has arrived. */
export interface PreloadedArea {
  promise: Promise<AreaModule>;
  loaded?: AreaModule;
}

const preloads = new Map<string, PreloadedArea>();
const keyOf = (remote: RemoteName, module: string) => `${remote}/${module}`;

/**
 * The boot loads the module of the page's own area while the session is read (a member's page
 * renders its area only once member info has arrived): the area's first mount then has it, and
 * renders it at once (see @khela/ui's resolvedThenable): on /member a suspension put the page's
 * heading a third of a second later.
 */
export function preloadArea(remote: RemoteName, module: string): void {
  const key = keyOf(remote, module);
  if (preloads.has(key)) return;
  const ended = areaLoadStarted();
  const entry: PreloadedArea = { promise: loadRemoteModule(remote, module as MountedModule<RemoteName>) };
  entry.promise.then(
    (loaded) => {
      entry.loaded = loaded;
      ended();
    },
    () => {
      // no verdict: the area loads it again when it mounts, and shows the failure if it fails again
      if (preloads.get(key) === entry) preloads.delete(key);
      ended();
    },
  );
  preloads.set(key, entry);
}

/**
 * The boot's load of this area's module, taken by the area's first mount only: a later mount (the
 * visitor comes back to the area) loads it afresh, following the pointer to a newer release.
 */
export function takePreloadedArea(remote: RemoteName, module: string): PreloadedArea | undefined {
  const key = keyOf(remote, module);
  const entry = preloads.get(key);
  preloads.delete(key);
  return entry;
}

/** Tests: forget every preload. */
export function resetAreaPreloadsForTests(): void {
  preloads.clear();
}
