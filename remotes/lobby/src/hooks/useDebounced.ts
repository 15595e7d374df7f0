import { useEffect, useRef } from 'react';

/** Calls `fn(value)` once `value` has stayed unchanged for `ms` (not on the first render). */
export function useDebouncedEffect<T>(value: T, ms: number, fn: (value: T) => void): void {
  const first = useRef(true);
  const latest = useRef(fn);
  latest.current = fn;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => latest.current(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
}
