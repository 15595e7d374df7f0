/**
 * Two versions of one remote in one page, without mixing their chunks.
 *
 * Every chunk of a remote build registers itself through one global array named after the
 * build's uniqueName (`self.rspackChunkkhela_lobby.push(...)`), and each remote entry's runtime
 * takes over that array when it starts: it installs every chunk already pushed and chains its own
 * push in front of the previous runtime's. Chunk ids are deterministic, so a newer version of the
 * lobby has chunks with the same ids (and names) as the older one, and its runtime would take the
 * older version's chunks as already installed and run the old code; the old runtime in turn would
 * receive the new version's chunks.
 *
 * So the shell gives each version folder its own array: the global becomes an accessor that
 * answers the array of the version whose script is running (document.currentScript, set while a
 * classic script executes: the remote entry and every chunk script). A remote entry of version B
 * then starts with B's array only, and a chunk of version A, loaded later by a tab that still runs
 * A, reaches A's runtime only. Code outside a version folder gets one shared array, as before.
 */

const VERSION_FOLDER = /^(.*\/remotes\/[^/]+\/[^/]+\/)/;

/** The chunk-loading globals of a build with this uniqueName (Rspack, and webpack for safety). */
export const chunkLoadingGlobals = (uniqueName: string) => [`rspackChunk${uniqueName}`, `webpackChunk${uniqueName}`];

/** The version folder of the script running now, or '' outside one. */
export function currentVersionKey(doc: Document = document): string {
  const script = doc.currentScript as HTMLScriptElement | null;
  const src = script?.src;
  if (!src) return '';
  try {
    const m = VERSION_FOLDER.exec(new URL(src, doc.baseURI).pathname);
    return m ? m[1] : '';
  } catch {
    return '';
  }
}

const isolated = new WeakMap<object, Set<string>>();

export function isolateChunkLoading(globalNames: string[], win: Window = window): void {
  let done = isolated.get(win);
  if (!done) isolated.set(win, (done = new Set()));
  for (const name of globalNames) {
    if (done.has(name)) continue;
    done.add(name);
    const arrays = new Map<string, unknown>();
    const existing = (win as unknown as Record<string, unknown>)[name];
    if (existing !== undefined) arrays.set('', existing);
    Object.defineProperty(win, name, {
      configurable: true,
      enumerable: true,
      get() {
        const key = currentVersionKey(win.document);
        if (!arrays.has(key)) arrays.set(key, []);
        return arrays.get(key);
      },
      set(value: unknown) {
        arrays.set(currentVersionKey(win.document), value);
      },
    });
  }
}
