import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { getToken, loginStateAtom, openModalAtom, sessionPhaseAtom } from '@khela/session';

/**
 * The spec's "login needed": a guest gets the login popup; a trial account, where a real account
 * is needed, gets the dialog saying so. Returns whether the action may go on.
 *
 * While a token in the session is still being checked (a slow phone's first seconds), the visitor
 * is not a guest yet, nor a member: the gate answers false and keeps the action it was given
 * (`retry`), which runs once the check ends, as the click would have then (the game opens for a
 * member, the login popup for a visitor whose token was refused). A later click replaces it. The
 * gate reads the session as it is when called, so an action kept from an earlier render that calls
 * it again sees the answer of the check, not the state it was created in.
 */
export function useLoginGate() {
  const login = useAtomValue(loginStateAtom);
  const phase = useAtomValue(sessionPhaseAtom);
  const openModal = useSetAtom(openModalAtom);
  const now = useRef({ login, phase });
  const waiting = useRef<(() => void) | null>(null);
  useLayoutEffect(() => {
    now.current = { login, phase };
  }, [login, phase]);
  useEffect(() => {
    if (phase === 'pending' || !waiting.current) return;
    const run = waiting.current;
    waiting.current = null;
    run();
  }, [phase]);
  useEffect(() => () => void (waiting.current = null), []);
  return useCallback(
    (needRealAccount = true, retry?: () => void): boolean => {
      const { login, phase } = now.current;
      if (!login.isLogin) {
        if (phase === 'pending' && getToken()) {
          if (retry) waiting.current = retry;
          return false;
        }
        openModal({ key: 'loginPopupModal' });
        return false;
      }
      if (needRealAccount && login.isTrial) {
        openModal({ key: 'publicModal', props: { messageKey: 'dialogs.needRealAccount' } });
        return false;
      }
      return true;
    },
    [openModal],
  );
}
