import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { loginStateAtom } from '@khela/session';
import HeaderBalance from './HeaderBalance';
import { useLogout } from '../../lib/useLogout';
import './HeaderAccount.css';

/**
 * The header's account area of a logged-in member: the balance (not for a trial account, which holds
 * no money), the nickname and logout. It comes in the member's chunk with the live channel, so a
 * guest's first page carries none of it.
 */
export default function HeaderAccount() {
  const { t } = useTranslation();
  const login = useAtomValue(loginStateAtom);
  const { requestLogout, dialog } = useLogout();
  return (
    <>
      {login.isTrial ? null : <HeaderBalance />}
      <span className="k-header__user" data-testid="header-user">
        {login.member?.nickname || login.userInfo?.userName}
      </span>
      <button type="button" className="k-button k-button--ghost" data-testid="logout-button" onClick={requestLogout}>
        {t('header.logout')}
      </button>
      {dialog}
    </>
  );
}
