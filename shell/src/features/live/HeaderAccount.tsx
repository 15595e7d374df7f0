import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { loginStateAtom, publicStateAtom } from '@khela/session';
import { MEMBER_NS } from './locales';
import { usePublicState } from './usePublicState';
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
  const { t: tm } = useTranslation(MEMBER_NS);
  const { requestLogout, dialog } = useLogout();
  usePublicState();
  const pub = useAtomValue(publicStateAtom);
  const real = !login.isTrial;
  return (
    <>
      {real ? <HeaderBalance /> : null}
      {real && pub.hasVip && pub.vipLabelName ? (
        <span
          className="k-header__vip"
          data-testid="header-vip"
          data-rank={pub.vipRankLevel ?? undefined}
          title={tm('vip', { rank: pub.vipRankLevel, label: pub.vipLabelName })}
        >
          {pub.vipLabelName}
        </span>
      ) : null}
      {real ? (
        <Link
          to="/member/messageV2"
          className="k-header__messages"
          data-testid="header-messages"
          aria-label={pub.unreadMessage > 0 ? tm('unread', { count: pub.unreadMessage }) : tm('messages')}
        >
          ✉
          {pub.unreadMessage > 0 ? (
            <span className="k-count" data-testid="header-unread">
              {pub.unreadMessage}
            </span>
          ) : null}
        </Link>
      ) : null}
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
