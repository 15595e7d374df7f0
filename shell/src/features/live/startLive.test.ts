import { initI18n } from '@khela/i18n';
import { balanceAtom, sessionPhaseAtom, sessionStore, setToken } from '@khela/session';
import { liveStatusAtom } from './balance';
import type { ChannelOptions } from './channel';
import { areaLoadStarted } from '../../federation/area-activity';
import { startLive } from './startLive';

// the channel's socket is the server's part (live.spec.ts, the live server tests): here, when it opens
const opened: ChannelOptions[] = [];
const closed: number[] = [];
const channelModule = {
  openChannel: (opts: ChannelOptions) => (opened.push(opts), { setLanguage: () => undefined, close: () => void closed.push(1) }),
};

const fetchMock = jest.fn(() =>
  Promise.resolve({
    ok: true,
    status: 200,
    json: async () => ({
      success: true,
      message: 'OK',
      value: { sumBalance: '5', currency: 'BDT', isSingle: true, wallets: [] },
    }),
  }),
);

/** the page has loaded and is idle (afterLoad): the idle callback's fallback is a timer */
const pageIdle = async () => {
  window.dispatchEvent(new Event('load'));
  await jest.runOnlyPendingTimersAsync();
};

beforeAll(async () => {
  await initI18n('EN');
});
beforeEach(() => {
  jest.useFakeTimers();
  opened.length = 0;
  closed.length = 0;
  setToken('t'.repeat(43));
  sessionStore.set(sessionPhaseAtom, 'ready');
  sessionStore.set(balanceAtom, null);
  global.fetch = fetchMock as unknown as typeof fetch;
  fetchMock.mockClear();
  // jsdom's document has loaded already: afterLoad then waits only for the idle callback
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
});
afterEach(() => {
  jest.useRealTimers();
});

test('the balance is read at once; the channel (socket.io-client) opens only once the page has loaded and is idle', async () => {
  const load = jest.fn(() => Promise.resolve(channelModule));
  const stop = startLive(load);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('/wps/v2/wallets/balance');
  expect(sessionStore.get(liveStatusAtom)).toBe('connecting');
  await jest.advanceTimersByTimeAsync(10_000);
  expect(load).not.toHaveBeenCalled();
  expect(opened).toHaveLength(0);

  await pageIdle();
  expect(load).toHaveBeenCalledTimes(1);
  expect(opened).toHaveLength(1);
  opened[0].onStatus('online');
  expect(sessionStore.get(liveStatusAtom)).toBe('online');
  opened[0].onEvent('balance', { sumBalance: '7' });
  expect(sessionStore.get(balanceAtom)).toEqual({ sumBalance: '7' });

  stop();
  expect(closed).toHaveLength(1);
  expect(sessionStore.get(liveStatusAtom)).toBe('off');
  expect(sessionStore.get(balanceAtom)).toBeNull();
});

test('logged out before the page was idle: the channel never opens', async () => {
  const load = jest.fn(() => Promise.resolve(channelModule));
  const stop = startLive(load);
  stop();
  await pageIdle();
  expect(load).not.toHaveBeenCalled();
  expect(opened).toHaveLength(0);
  expect(sessionStore.get(liveStatusAtom)).toBe('off');
});

test('a channel chunk that fails to load is asked for again, offline meanwhile; none after logout', async () => {
  const load = jest
    .fn<Promise<typeof channelModule>, []>()
    .mockRejectedValueOnce(new Error('ChunkLoadError'))
    .mockRejectedValueOnce(new Error('ChunkLoadError'))
    .mockResolvedValue(channelModule);
  const stop = startLive(load);
  await pageIdle();
  expect(load).toHaveBeenCalledTimes(1);
  expect(sessionStore.get(liveStatusAtom)).toBe('offline');
  await jest.advanceTimersByTimeAsync(2000);
  expect(load).toHaveBeenCalledTimes(2);
  await jest.advanceTimersByTimeAsync(4000);
  expect(load).toHaveBeenCalledTimes(3);
  expect(opened).toHaveLength(1);
  stop();

  const failing = jest.fn(() => Promise.reject(new Error('ChunkLoadError')));
  const stop2 = startLive(failing);
  await pageIdle();
  stop2();
  await jest.advanceTimersByTimeAsync(60_000);
  expect(failing).toHaveBeenCalledTimes(1);
});

test('an area of the page still loading its module: the channel waits for it too', async () => {
  const load = jest.fn(() => Promise.resolve(channelModule));
  const areaArrived = areaLoadStarted();
  const stop = startLive(load);
  await pageIdle();
  expect(load).not.toHaveBeenCalled();
  areaArrived();
  await pageIdle();
  expect(load).toHaveBeenCalledTimes(1);
  expect(opened).toHaveLength(1);
  stop();
});
