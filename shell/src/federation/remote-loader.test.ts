import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { sessionPhaseAtom, sessionStore } from '@khela/session';
import { BUCKET_STORAGE_KEY, resetReleaseBucketForTests } from './bucket';
import {
  loadRemoteModule,
  POINTER_TTL_MS,
  POINTER_WAIT_MS,
  prepareRetry,
  registerFromPointer,
  registeredVersion,
  resetRemoteLoaderForTests,
} from './remote-loader';
import type { Pointer } from './remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));
jest.mock('@module-federation/retry-plugin', () => ({ RetryPlugin: jest.fn(() => ({ name: 'retry' })) }));

const register = registerRemotes as jest.Mock;
const load = loadRemote as jest.Mock;
const url = (v: string) => `/remotes/lobby/${v}/mf-manifest.json`;
const pointerWith = (lobby: string, canary?: { version: string; percent: number }): Pointer => ({
  shell: 'shell1',
  remotes: {
    lobby: { version: lobby, url: url(lobby), ...(canary ? { canary: { ...canary, url: url(canary.version) } } : {}) },
    promotions: { version: 'p1', url: '/remotes/promotions/p1/mf-manifest.json' },
  },
});

let clock = 0;
let served: Pointer;
let fetches = 0;
let fetchGate: Promise<void> | null = null;

beforeEach(() => {
  resetRemoteLoaderForTests();
  resetReleaseBucketForTests();
  localStorage.clear();
  register.mockReset();
  load.mockReset().mockImplementation(async (id: string) => ({ default: () => id }));
  clock = 1_000;
  jest.spyOn(performance, 'now').mockImplementation(() => clock);
  fetches = 0;
  fetchGate = null;
  global.fetch = jest.fn(async () => {
    fetches += 1;
    if (fetchGate) await fetchGate;
    return { ok: true, status: 200, json: async () => served } as Response;
  }) as unknown as typeof fetch;
});

afterEach(() => jest.restoreAllMocks());

/** The entries registered for the lobby, in order. */
const lobbyRegistrations = () =>
  register.mock.calls.flatMap(([list, opts]) =>
    list.filter((r: { name: string }) => r.name === 'khela_lobby').map((r: { entry: string }) => [r.entry, !!opts?.force]),
  );

describe('remote loader', () => {
  it('registers each remote at the version the browser’s bucket resolves', () => {
    localStorage.setItem(BUCKET_STORAGE_KEY, '5');
    registerFromPointer(pointerWith('a', { version: 'b', percent: 10 }));
    expect(registeredVersion('lobby')).toEqual({ version: 'b', url: url('b'), canary: true });
    expect(registeredVersion('promotions')?.version).toBe('p1');

    resetRemoteLoaderForTests();
    resetReleaseBucketForTests();
    localStorage.setItem(BUCKET_STORAGE_KEY, '10');
    registerFromPointer(pointerWith('a', { version: 'b', percent: 10 }));
    expect(registeredVersion('lobby')).toEqual({ version: 'a', url: url('a'), canary: false });
  });

  it('entering an area follows a newer pointer (re-registering the remote with force), without refetching within a second', async () => {
    registerFromPointer(pointerWith('a'));
    served = pointerWith('b');
    // right after start the inlined pointer is fresh: no request
    expect((await loadRemoteModule('lobby', 'HomePage')).version).toBe('a');
    expect(fetches).toBe(0);

    clock += POINTER_TTL_MS + 1;
    const loaded = await loadRemoteModule<{ default: () => string }>('lobby', 'GameList');
    expect(fetches).toBe(1);
    expect(loaded.version).toBe('b');
    expect(lobbyRegistrations()).toEqual([
      [url('a'), false],
      [url('b'), true],
    ]);
    // the module was loaded after the new version was registered
    expect(register.mock.invocationCallOrder.at(-1)!).toBeLessThan(load.mock.invocationCallOrder.at(-1)!);

    // an unchanged pointer registers nothing; other remotes are not touched by the lobby's switch
    const registrations = register.mock.calls.length;
    clock += POINTER_TTL_MS + 1;
    await loadRemoteModule('promotions', 'PromotionsPage');
    expect(fetches).toBe(2);
    expect(register).toHaveBeenCalledTimes(registrations);
  });

  it('areas entered at the same time share one pointer request', async () => {
    registerFromPointer(pointerWith('a'));
    served = pointerWith('a');
    clock += POINTER_TTL_MS + 1;
    await Promise.all([
      loadRemoteModule('lobby', 'HomePage'),
      loadRemoteModule('promotions', 'NoticeCentre'),
      loadRemoteModule('promotions', 'HelpCentre'),
    ]);
    expect(fetches).toBe(1);
  });

  it('does not switch a remote while one of its modules is loading; the next entry switches', async () => {
    registerFromPointer(pointerWith('a'));
    let finish!: () => void;
    load.mockImplementationOnce(() => new Promise((resolve) => (finish = () => resolve({ default: () => null }))));
    const first = loadRemoteModule('promotions', 'PromotionsPage'); // in flight
    await Promise.resolve();
    served = {
      ...pointerWith('a'),
      remotes: { ...pointerWith('a').remotes, promotions: { version: 'p2', url: '/remotes/promotions/p2/mf-manifest.json' } },
    };
    clock += POINTER_TTL_MS + 1;
    expect((await loadRemoteModule('promotions', 'NoticeCentre')).version).toBe('p1');
    finish();
    expect((await first).version).toBe('p1');
    clock += POINTER_TTL_MS + 1;
    expect((await loadRemoteModule('promotions', 'NoticeCentre')).version).toBe('p2');
  });

  it('keeps the version in use when the pointer cannot be read, and does not retry it on every entry', async () => {
    registerFromPointer(pointerWith('a'));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    (global.fetch as jest.Mock).mockImplementation(async () => {
      fetches += 1;
      throw new TypeError('Failed to fetch');
    });
    clock += POINTER_TTL_MS + 1;
    expect((await loadRemoteModule('lobby', 'HomePage')).version).toBe('a');
    expect((await loadRemoteModule('lobby', 'GameList')).version).toBe('a');
    expect(fetches).toBe(1);
  });

  it('does not wait long for a slow pointer: the area loads the version it has', async () => {
    registerFromPointer(pointerWith('a'));
    served = pointerWith('b');
    let open!: () => void;
    fetchGate = new Promise((r) => (open = r));
    clock += POINTER_TTL_MS + 1;
    const started = Date.now();
    expect((await loadRemoteModule('lobby', 'HomePage')).version).toBe('a');
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(POINTER_WAIT_MS - 50);
    expect(waited).toBeLessThan(POINTER_WAIT_MS + 1_000);
    open();
    await new Promise((r) => setTimeout(r, 0));
    // the answer arrived meanwhile: the next entry uses it
    expect((await loadRemoteModule('lobby', 'HomePage')).version).toBe('b');
  });

  it('a retry forgets the failed load and looks at the pointer again at once', async () => {
    registerFromPointer(pointerWith('a'));
    served = pointerWith('c'); // an operator rolled the broken version away
    await prepareRetry('lobby');
    expect(lobbyRegistrations().at(-1)).toEqual([url('a'), true]);
    expect((await loadRemoteModule('lobby', 'HomePage')).version).toBe('c');
    expect(fetches).toBe(1);
  });

  it('fails as unregistered before the pointer arrived, and a retry reads it', async () => {
    await expect(loadRemoteModule('lobby', 'HomePage')).rejects.toMatchObject({ reason: 'unregistered' });
    served = pointerWith('a');
    await prepareRetry('lobby');
    expect((await loadRemoteModule('lobby', 'HomePage')).version).toBe('a');
  });
});

describe("the lobby's manifest", () => {
  const hint = (href: string) => {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.href = href;
    document.head.appendChild(link);
  };
  const links = (rel: string) =>
    Array.from(document.head.querySelectorAll<HTMLLinkElement>(`link[rel="${rel}"]`)).map((l) => new URL(l.href).pathname);
  beforeEach(() => {
    document.head.innerHTML = '';
    sessionStore.set(sessionPhaseAtom, 'ready');
  });

  it("is preloaded at once on a lobby page whose hints name another version's (a canary bucket)", () => {
    hint(url('b'));
    hint('/remotes/lobby/b/remoteEntry.js');
    registerFromPointer(pointerWith('a'));
    expect(links('preload')).toContain(url('a'));
  });

  it('is not asked for again when the origin preloaded it', () => {
    hint(url('a'));
    registerFromPointer(pointerWith('a'));
    expect(links('preload').filter((p) => p === url('a'))).toHaveLength(1);
  });

  it('waits for the first view on a page that mounts no lobby area, then is prefetched', async () => {
    jest.useFakeTimers();
    try {
      hint('/remotes/member-centre/m1/mf-manifest.json');
      registerFromPointer(pointerWith('a'));
      expect(links('preload')).not.toContain(url('a'));
      expect(links('prefetch')).toEqual([]);
      jest.advanceTimersByTime(1); // the loaded page's idle moment (a timer in jsdom)
      expect(links('prefetch')).toEqual([url('a')]);
    } finally {
      jest.useRealTimers();
    }
  });
});
