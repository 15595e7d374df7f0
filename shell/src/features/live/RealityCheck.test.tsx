import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { initI18n, i18n } from '@khela/i18n';
import { loginStateAtom, loginStateFor, playPausedAtom, sessionPhaseAtom, sessionStore, setToken } from '@khela/session';
import RealityCheck, { nextCheckAt } from './RealityCheck';

const T0 = Date.parse('2026-05-01T10:00:00.000Z');
const envelope = (v: unknown) => ({ ok: true, status: 200, json: async () => ({ success: true, message: 'OK', value: v }) });
let net = '0';
let fetched: string[] = [];
let minutes: number | null = 1;
let endsAt: string | null = null;

beforeAll(async () => {
  await initI18n('EN');
});
beforeEach(async () => {
  jest.useFakeTimers({ now: T0 + 30_000 });
  await i18n.changeLanguage('en');
  setToken('t'.repeat(43));
  sessionStore.set(loginStateAtom, loginStateFor({ id: 7, account: 'ana', nickname: 'Ana', type: 0 } as never));
  sessionStore.set(playPausedAtom, false);
  sessionStore.set(sessionPhaseAtom, 'ready');
  net = '0';
  fetched = [];
  minutes = 1;
  endsAt = null;
  global.fetch = jest.fn(async (url: URL | string) => {
    fetched.push(String(url));
    return envelope({
      startedAt: new Date(T0).toISOString(),
      now: new Date(Date.now()).toISOString(),
      netResult: net,
      realityCheckMinutes: minutes,
      endsAt,
    });
  }) as jest.Mock;
});
afterEach(() => jest.useRealTimers());

const mount = () =>
  render(
    <Provider store={sessionStore}>
      <MemoryRouter>
        <RealityCheck />
      </MemoryRouter>
    </Provider>,
  );

/** The page's first view is there (afterFirstView: the loaded page's idle callback, a timer in jsdom). */
const firstViewDone = () =>
  act(async () => {
    jest.advanceTimersByTime(1);
  });

describe('nextCheckAt', () => {
  it('counts every N minutes from the session start', () => {
    expect(nextCheckAt(0, 1, 0)).toBe(60_000);
    expect(nextCheckAt(0, 1, 59_999)).toBe(60_000);
    expect(nextCheckAt(0, 1, 60_000)).toBe(120_000);
    expect(nextCheckAt(1000, 15, 1000 + 16 * 60_000)).toBe(1000 + 30 * 60_000);
  });
});

describe('RealityCheck', () => {
  it("reads the member's session only once the page's first view is there", async () => {
    sessionStore.set(sessionPhaseAtom, 'pending');
    mount();
    await act(async () => undefined);
    expect(fetched).toEqual([]);
    await act(async () => sessionStore.set(sessionPhaseAtom, 'ready'));
    expect(fetched).toEqual([]);
    await firstViewDone();
    expect(fetched).toEqual([expect.stringMatching(/\/wps\/rg\/session$/)]);
  });

  it('interrupts after each minute of the session with the time played and the result, and pauses play until answered', async () => {
    mount();
    await firstViewDone();
    expect(screen.queryByTestId('reality-check')).toBeNull();
    net = '-25050';
    await act(async () => {
      jest.advanceTimersByTime(30_000);
    });
    expect(await screen.findByTestId('reality-check')).toBeTruthy();
    expect(screen.getByTestId('reality-check-time')).toHaveTextContent('You have played for 1 min');
    expect(screen.getByTestId('reality-check-result')).toHaveTextContent('You are down ৳250.50');
    expect(sessionStore.get(playPausedAtom)).toBe(true);
    fireEvent.click(screen.getByTestId('reality-check-continue'));
    expect(screen.queryByTestId('reality-check')).toBeNull();
    expect(sessionStore.get(playPausedAtom)).toBe(false);
    // the next one a minute later
    await act(async () => {
      jest.advanceTimersByTime(59_000);
    });
    expect(screen.queryByTestId('reality-check')).toBeNull();
    await act(async () => {
      jest.advanceTimersByTime(1_000);
    });
    expect(await screen.findByTestId('reality-check')).toBeTruthy();
    expect(screen.getByTestId('reality-check-time')).toHaveTextContent('2 min');
    expect(fetched.every((u) => u.endsWith('/wps/rg/session'))).toBe(true);
  });

  it('ends the page session when the session time limit is reached', async () => {
    minutes = null;
    endsAt = new Date(T0 + 30 * 60_000).toISOString();
    mount();
    await firstViewDone();
    await act(async () => {
      jest.advanceTimersByTime(29 * 60_000);
    });
    expect(screen.queryByTestId('session-limit-dialog')).toBeNull();
    expect(sessionStore.get(loginStateAtom).member?.id).toBe(7);
    await act(async () => {
      jest.advanceTimersByTime(31_000);
    });
    expect(await screen.findByTestId('session-limit-dialog')).toHaveTextContent('Your session reached the time limit you set');
    expect(sessionStore.get(playPausedAtom)).toBe(true);
    fireEvent.click(screen.getByTestId('session-limit-ok'));
    expect(sessionStore.get(loginStateAtom).member).toBeFalsy();
    expect(sessionStore.get(playPausedAtom)).toBe(false);
    expect(screen.queryByTestId('session-limit-dialog')).toBeNull();
  });
});
