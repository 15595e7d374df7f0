import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { useOnScreen } from './useOnScreen';

type Callback = (entries: { isIntersecting: boolean }[]) => void;
let observers: { callback: Callback; disconnected: boolean }[];

beforeEach(() => {
  observers = [];
  (globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
    entry: { callback: Callback; disconnected: boolean };
    constructor(callback: Callback) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe() {}
    disconnect() {
      this.entry.disconnected = true;
    }
  };
});

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  const onScreen = useOnScreen(ref);
  return <div ref={ref} data-testid="probe" data-on-screen={String(onScreen)} />;
}

test('on screen until the observer says otherwise; follows its latest entry; stops observing on unmount', () => {
  const { unmount } = render(<Probe />);
  const probe = screen.getByTestId('probe');
  expect(probe.dataset.onScreen).toBe('true');
  act(() => observers[0].callback([{ isIntersecting: false }]));
  expect(probe.dataset.onScreen).toBe('false');
  act(() => observers[0].callback([{ isIntersecting: false }, { isIntersecting: true }]));
  expect(probe.dataset.onScreen).toBe('true');
  unmount();
  expect(observers[0].disconnected).toBe(true);
});
