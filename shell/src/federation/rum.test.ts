import {
  FAILURE_FLUSH_MS,
  failureReason,
  flushRum,
  recordAreaError,
  recordLoadFailed,
  recordLoadStarted,
  recordLoaded,
  recordVital,
  resetRumForTests,
  startRum,
} from './rum';

const vitals = { onLCP: jest.fn(), onINP: jest.fn(), onCLS: jest.fn() };
jest.mock('web-vitals', () => vitals);

const sent: { url: string; body: Blob }[] = [];
const send = (url: string, body: Blob) => (sent.push({ url, body }), true);
// jsdom's Blob has no text(): read it as a browser without it would
const bodyOf = (i: number) =>
  new Promise<unknown>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(JSON.parse(String(reader.result)));
    reader.readAsText(sent[i].body);
  });

beforeEach(() => {
  resetRumForTests();
  sent.length = 0;
  jest.useRealTimers();
});

describe('real-user signals in the shell', () => {
  it('counts per remote version and sends one beacon with the page’s route pattern and versions', async () => {
    expect(startRum({ sampleRate: 1, send, vitals: false })).toBe(true);
    recordLoadStarted('lobby', 'v1');
    recordLoaded('lobby', 'v1');
    recordLoadStarted('auth-modals', 'm1');
    recordLoadFailed('auth-modals', 'm1', 'http404');
    recordVital('LCP', 1834.2);
    recordVital('LCP', 2100); // a later LCP replaces the first
    const b = flushRum();
    expect(b).toMatchObject({
      route: '/',
      versions: { lobby: 'v1' },
      areas: [
        { remote: 'lobby', version: 'v1', loads: 1, loaded: 1, failed: {}, errors: 0 },
        { remote: 'auth-modals', version: 'm1', loads: 1, loaded: 0, failed: { http404: 1 }, errors: 0 },
      ],
      vitals: [{ name: 'LCP', value: 2100 }],
    });
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('/rum/v1/beacon');
    expect(sent[0].body.type).toBe('application/json');
    expect(await bodyOf(0)).toEqual(b);
    // nothing new: nothing sent
    expect(flushRum()).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('an unsampled page records and sends nothing', () => {
    expect(startRum({ sampleRate: 0.1, random: () => 0.5, send, vitals: false })).toBe(false);
    recordLoadStarted('lobby', 'v1');
    recordLoadFailed('lobby', 'v1', 'evaluation');
    expect(flushRum()).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('a failure or an area error is reported within seconds, without waiting for the page to close', () => {
    jest.useFakeTimers();
    startRum({ sampleRate: 1, send, vitals: false });
    recordLoadStarted('lobby', 'v2');
    recordLoaded('lobby', 'v2');
    recordAreaError('lobby', 'v2');
    recordAreaError('lobby', undefined); // no version known: nothing to blame
    expect(sent).toHaveLength(0);
    jest.advanceTimersByTime(FAILURE_FLUSH_MS);
    expect(sent).toHaveLength(1);
  });

  it('the page being left sends what is left', () => {
    startRum({ sampleRate: 1, send, vitals: false });
    recordLoadStarted('lobby', 'v1');
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toHaveLength(1);
  });

  it('tells failures apart', () => {
    expect(failureReason(true, 'anything')).toBe('timeout');
    expect(failureReason(false, 'remote lobby failed: Request failed with status 404')).toBe('http404');
    expect(failureReason(false, 'The user aborted a request.')).toBe('abort');
    expect(failureReason(false, 'remote lobby failed: Failed to fetch')).toBe('other');
    expect(failureReason(false, 'remote lobby failed: Cannot read properties of undefined (reading "x")')).toBe('evaluation');
  });
});

describe('the web-vitals library', () => {
  const settle = () => new Promise((r) => setTimeout(r, 0));
  it('loads at the visitor’s first input, not when the page scrolls a carousel of its own', async () => {
    startRum({ sampleRate: 1, send });
    const track = document.createElement('div');
    document.body.append(track);
    track.dispatchEvent(new Event('scroll')); // the vendor bar bringing its vendor into view
    window.dispatchEvent(new Event('scroll'));
    await settle();
    expect(vitals.onLCP).not.toHaveBeenCalled();
    track.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await settle();
    await settle();
    expect(vitals.onLCP).toHaveBeenCalledTimes(1);
    track.dispatchEvent(new Event('keydown', { bubbles: true }));
    await settle();
    expect(vitals.onLCP).toHaveBeenCalledTimes(1); // once
    track.remove();
  });
});
