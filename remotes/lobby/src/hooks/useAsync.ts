import { startTransition, useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import { settleFirstData } from '../lib/api';

export interface AsyncState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** runs the load again (the retry of an error state) */
  reload: () => void;
}

/**
 * Loads data for a component: a new load on every change of `deps` (the previous one is aborted
 * and its answer ignored); `enabled: false` loads nothing. `initial` answers the first render when
 * the data is at hand already (inlined in the page, or cached): no loading state, no first load.
 */
export function useAsync<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
  enabled = true,
  initial?: () => T | undefined,
): AsyncState<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>(() => {
    const data = enabled ? initial?.() : undefined;
    return data === undefined ? { loading: enabled } : { data, loading: false };
  });
  const [attempt, setAttempt] = useState(0);
  const skipFirst = useRef(state.data !== undefined);
  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      // the first data is on screen: a later mount asks the API (see settleFirstData)
      settleFirstData();
      return;
    }
    if (!enabled) {
      setState({ loading: false });
      return;
    }
    const ctrl = new AbortController();
    // already loading (a first mount without data): the same state, no second render
    setState((s) => (s.loading && s.error === undefined ? s : { data: s.data, loading: true }));
    // the answer renders in a transition: React yields to the browser while a long list mounts
    const settle = (next: { data?: T; error?: unknown; loading: boolean }) =>
      !ctrl.signal.aborted && startTransition(() => setState(next));
    load(ctrl.signal).then(
      (data) => settle({ data, loading: false }),
      (error) => settle({ error, loading: false }),
    );
    return () => ctrl.abort();
    // the caller's deps decide when to load again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, enabled, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
