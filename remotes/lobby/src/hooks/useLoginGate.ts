import { useCallback } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { getToken, loginStateAtom, openModalAtom, sessionPhaseAtom } from '@khela/session';

/**
 * The spec's "login needed": a guest gets the login popup; a trial account, where a real account
 * is needed, gets the dialog saying so. Returns whether the action may go on. While a token in the
 * session is still being checked, nothing happens (the visitor is not a guest yet, nor a member).
 */
export function useLoginGate() {
  const login = useAtomValue(loginStateAtom);
  const phase = useAtomValue(sessionPhaseAtom);
  const openModal = useSetAtom(openModalAtom);
  return useCallback(
    (needRealAccount = true): boolean => {
      if (!login.isLogin) {
        if (phase === 'pending' && getToken()) return false;
        openModal({ key: 'loginPopupModal' });
        return false;
      }
      if (needRealAccount && login.isTrial) {
        openModal({ key: 'publicModal', props: { messageKey: 'dialogs.needRealAccount' } });
        return false;
      }
      return true;
    },
    [login.isLogin, login.isTrial, phase, openModal],
  );
}
