import { sessionPhaseAtom, sessionStore } from '@khela/session';
import { areaLoadStarted } from '../federation/area-activity';
import { afterFirstView } from './afterFirstView';

/** the page's load event and the idle callback (its fallback is a timer) */
const pageIdle = async () => {
  window.dispatchEvent(new Event('load'));
  await jest.runOnlyPendingTimersAsync();
};

beforeEach(() => {
  jest.useFakeTimers();
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
  sessionStore.set(sessionPhaseAtom, 'ready');
});
afterEach(() => jest.useRealTimers());

test('a settled session, no area loading: after the load event, when idle', async () => {
  const fn = jest.fn();
  afterFirstView(fn);
  await jest.advanceTimersByTimeAsync(5000);
  expect(fn).not.toHaveBeenCalled();
  await pageIdle();
  expect(fn).toHaveBeenCalledTimes(1);
});

test('waits for the session to settle, then for the area it mounts', async () => {
  sessionStore.set(sessionPhaseAtom, 'pending');
  const fn = jest.fn();
  afterFirstView(fn);
  await pageIdle();
  expect(fn).not.toHaveBeenCalled();
  // member info arrived: the login render mounts the route's area, which loads its module
  sessionStore.set(sessionPhaseAtom, 'ready');
  const arrived = areaLoadStarted();
  await pageIdle();
  expect(fn).not.toHaveBeenCalled();
  arrived();
  await pageIdle();
  expect(fn).toHaveBeenCalledTimes(1);
});

test('cancelled while waiting: never runs', async () => {
  sessionStore.set(sessionPhaseAtom, 'pending');
  const fn = jest.fn();
  const cancel = afterFirstView(fn);
  cancel();
  sessionStore.set(sessionPhaseAtom, 'ready');
  await pageIdle();
  expect(fn).not.toHaveBeenCalled();
});
