import { useCallback, useEffect, useState } from 'react';
import { apiRequest, type SystemStatus } from '@khela/api';

type State = { phase: 'loading' } | { phase: 'ready'; status: SystemStatus } | { phase: 'error'; errorCode: string };

/** Reads the system status; the first read reuses the request the page started before any script. */
export function useSystemStatus() {
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    const early = attempt === 0 ? (window.__KHELA_BOOT__?.status as Promise<SystemStatus> | undefined) : undefined;
    (early ?? apiRequest<SystemStatus>('/wps/system/status'))
      .then((status) => live && setState({ phase: 'ready', status }))
      .catch((err) => live && setState({ phase: 'error', errorCode: err?.errorCode ?? 'NETWORK_ERROR' }));
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setState({ phase: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
