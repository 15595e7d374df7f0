import { useCallback, useEffect, useState } from 'react';
import { type SystemStatus } from '@khela/api';
import { apiRequest, takeInlined } from '@khela/api-client';
import { currentLanguage } from '@khela/i18n';

type State = { phase: 'loading' } | { phase: 'ready'; status: SystemStatus } | { phase: 'error'; errorCode: string };

/** Reads the system status; the first comes with the page when the origin inlined it (no wait at all). */
export function useSystemStatus() {
  const [state, setState] = useState<State>(() => {
    const inlined = takeInlined<SystemStatus>({ path: '/wps/system/status' }, currentLanguage());
    return inlined ? { phase: 'ready', status: inlined } : { phase: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  const [inlined] = useState(state.phase === 'ready');
  useEffect(() => {
    if (attempt === 0 && inlined) return;
    let live = true;
    apiRequest<SystemStatus>('/wps/system/status')
      .then((status) => live && setState({ phase: 'ready', status }))
      .catch((err) => live && setState({ phase: 'error', errorCode: err?.errorCode ?? 'NETWORK_ERROR' }));
    return () => {
      live = false;
    };
  }, [attempt, inlined]);
  const retry = useCallback(() => {
    setState({ phase: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
