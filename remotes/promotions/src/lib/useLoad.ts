import { useCallback, useEffect, useRef, useState } from 'react';

export type Load<T> = { state: 'loading' } | { state: 'ok'; value: T } | { state: 'error'; error: unknown };

/**
 * Loads with `fetcher` whenever `key` changes (a language switch, a page): loading, the value, or
 * the error, and `retry`. A later answer never overwrites a newer request's (the old one is aborted).
 * A retry of the same key keeps the value on screen until the new one arrives (a reload after an
 * action does not blank the page nor the action's message). `initial`, when it has a value (the
 * page's inlined first data), is the first render's answer: no loading state, no first request.
 */
export function useLoad<T>(
  key: string,
  fetcher: (signal: AbortSignal) => Promise<T>,
  initial?: () => T | undefined,
): [Load<T>, () => void] {
  const [load, setLoad] = useState<Load<T>>(() => {
    const value = initial?.();
    return value === undefined ? { state: 'loading' } : { state: 'ok', value };
  });
  // the first data is the answer to the first key: that key is not asked for again
  const answered = useRef<string | null>(load.state === 'ok' ? key : null);
  const [attempt, setAttempt] = useState(0);
  const lastKey = useRef(key);
  useEffect(() => {
    if (answered.current === key && attempt === 0) return;
    answered.current = null;
    const ctrl = new AbortController();
    const sameKey = lastKey.current === key;
    lastKey.current = key;
    setLoad((l) => (sameKey && l.state === 'ok' ? l : { state: 'loading' }));
    fetcher(ctrl.signal).then(
      (value) => !ctrl.signal.aborted && setLoad({ state: 'ok', value }),
      (error: unknown) => !ctrl.signal.aborted && setLoad({ state: 'error', error }),
    );
    return () => ctrl.abort();
    // the fetcher is a fresh closure on every render; `key` says when it asks for something new
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  return [load, useCallback(() => setAttempt((a) => a + 1), [])];
}
