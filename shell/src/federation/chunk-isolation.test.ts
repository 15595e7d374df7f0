import { chunkLoadingGlobals, currentVersionKey, isolateChunkLoading } from './chunk-isolation';

/**
 * A faithful model of what an Rspack remote entry does with its chunk-loading global (see the
 * runtime in any remoteEntry.js): take the array, install what is already in it, chain its push.
 */
type ChunkData = [string[], Record<string, string>];
interface ChunkArray {
  forEach(fn: (d: ChunkData) => void): void;
  push: (d: ChunkData) => unknown;
}
const globals = () => window as unknown as Record<string, ChunkArray | undefined>;

function startRuntime(globalName: string) {
  const installed: Record<string, 0> = {};
  const modules: Record<string, string> = {};
  const callback = (parent: ((d: ChunkData) => unknown) | 0, data: ChunkData) => {
    const [ids, more] = data;
    if (ids.some((id) => installed[id] !== 0)) Object.assign(modules, more);
    if (parent) parent(data);
    for (const id of ids) installed[id] = 0;
  };
  const w = globals();
  const r = (w[globalName] = w[globalName] || ([] as unknown as ChunkArray));
  r.forEach((d) => callback(0, d));
  r.push = callback.bind(null, r.push.bind(r));
  return { installed, modules };
}
function loadChunk(globalName: string, data: ChunkData) {
  const w = globals();
  (w[globalName] = w[globalName] || ([] as unknown as ChunkArray)).push(data);
}
/** Runs `fn` as if a classic <script src> were executing (document.currentScript). */
function asScript<T>(src: string, fn: () => T): T {
  const script = document.createElement('script');
  script.src = src;
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
  try {
    return fn();
  } finally {
    Object.defineProperty(document, 'currentScript', { configurable: true, get: () => null });
  }
}

const v1 = 'http://localhost/remotes/lobby/aaaaaaaaaaaa/';
const v2 = 'http://localhost/remotes/lobby/bbbbbbbbbbbb/';

describe('chunk isolation between versions of one remote', () => {
  it('names the version folder of the running script', () => {
    expect(asScript(`${v1}remoteEntry.js?retry=1`, () => currentVersionKey())).toBe('/remotes/lobby/aaaaaaaaaaaa/');
    expect(asScript('http://localhost/shell/cccccccccccc/main.js', () => currentVersionKey())).toBe('');
    expect(currentVersionKey()).toBe('');
    expect(chunkLoadingGlobals('khela_lobby')).toEqual(['rspackChunkkhela_lobby', 'webpackChunkkhela_lobby']);
  });

  it('without it, a newer version runs the older version’s code for chunks with the same id', () => {
    const name = 'rspackChunkunprotected';
    const old = asScript(`${v1}remoteEntry.js`, () => startRuntime(name));
    asScript(`${v1}home.js`, () => loadChunk(name, [['home'], { '42': 'old home page' }]));
    const next = asScript(`${v2}remoteEntry.js`, () => startRuntime(name));
    expect(next.installed.home).toBe(0); // takes v1's chunk as its own
    expect(next.modules['42']).toBe('old home page');
    expect(old.modules['42']).toBe('old home page');
  });

  it('with it, each version installs only its own chunks, also when an old tab loads more of the old version', () => {
    const [name] = chunkLoadingGlobals('khela_isolated');
    isolateChunkLoading([name]);
    const old = asScript(`${v1}remoteEntry.js`, () => startRuntime(name));
    asScript(`${v1}home.js`, () => loadChunk(name, [['home'], { '42': 'old home page' }]));
    expect(old.modules['42']).toBe('old home page');

    const next = asScript(`${v2}remoteEntry.js`, () => startRuntime(name));
    expect(next.installed.home).toBeUndefined(); // will load its own home chunk
    asScript(`${v2}home.js`, () => loadChunk(name, [['home'], { '42': 'new home page' }]));
    expect(next.modules['42']).toBe('new home page');
    expect(old.modules['42']).toBe('old home page');

    // the old version, still on screen somewhere, loads one more of its chunks
    asScript(`${v1}games.js`, () => loadChunk(name, [['games'], { '7': 'old games' }]));
    expect(old.modules['7']).toBe('old games');
    expect(next.modules['7']).toBeUndefined();

    // the same version started again (a retry, or a flip back) finds its own chunks
    const again = asScript(`${v1}remoteEntry.js`, () => startRuntime(name));
    expect(again.modules['42']).toBe('old home page');
    expect(again.installed.games).toBe(0);
  });
});
