import { useCallback, useEffect, useRef, useState } from 'react';

/** Loads when `key` is set and whenever it changes or `reload()` is called; keeps the last value while reloading. */
export function useMallLoad<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>) {
  const [state, setState] = useState<{ value: T | null; error: unknown; loading: boolean }>({
    value: null,
    error: null,
    loading: true,
  });
  const [tick, setTick] = useState(0);
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    if (key === null) return;
    const ac = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    loader.current(ac.signal).then(
      (value) => !ac.signal.aborted && setState({ value, error: null, loading: false }),
      (error: unknown) => !ac.signal.aborted && setState((s) => ({ ...s, error, loading: false })),
    );
    return () => ac.abort();
  }, [key, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { ...state, reload };
}
