import { useCallback, useState } from 'react';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@khela/api-client';
import { clearSession, GUEST, loginStateAtom, pageLoaderAtom } from '@khela/session';
import { ConfirmDialog } from '@khela/ui';

/**
 * Logout: confirm dialog, loader, logout call, then home. The session storage is cleared except
 * the merchant codes, and the login and agent flags are unset even when the call fails (the
 * player asked to leave; the server's token expires on its own).
 */
export function useLogout(afterLogout = '/') {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const setLogin = useSetAtom(loginStateAtom);
  const setLoader = useSetAtom(pageLoaderAtom);
  const navigate = useNavigate();
  const logout = useCallback(async () => {
    setAsking(false);
    setLoader(true);
    try {
      await apiRequest('/wps/session/logout', { method: 'DELETE' });
    } catch {
      /* see above */
    } finally {
      clearSession();
      setLogin(GUEST);
      setLoader(false);
      navigate(afterLogout);
    }
  }, [afterLogout, navigate, setLoader, setLogin]);
  const dialog = asking ? (
    <ConfirmDialog title={t('header.logout')} onConfirm={logout} onCancel={() => setAsking(false)} testId="logout-confirm">
      <p>{t('logout.confirm')}</p>
    </ConfirmDialog>
  ) : null;
  return { requestLogout: () => setAsking(true), dialog };
}
