import { useAtom, useAtomValue } from 'jotai';
import { NavLink } from 'react-router-dom';
import { isFlagEnabled } from '@khela/api';
import { useTranslation } from 'react-i18next';
import { loginStateAtom, permissionAtom, publicStateAtom, sideMenuOpenAtom } from '@khela/session';
import { LanguageSelect } from '../../features/language/LanguageSelect';
import { SIDE_MENU_CATEGORIES } from './categories';
import { openCustomerService } from '../../components/CustomerService';

const SOCIAL = ['facebook', 'instagram', 'telegram'] as const;

export function SideMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useAtom(sideMenuOpenAtom);
  const login = useAtomValue(loginStateAtom);
  const publicState = useAtomValue(publicStateAtom);
  const permission = useAtomValue(permissionAtom);
  const liveChat = permission?.customerService.find((c) => c.csType === 'livechat');
  const social = permission?.resources?.social ?? [];
  // the spec: invite shows when referral is on (REFERRAL3) or to a visitor, who is invited to register
  const showInvite = !login.isLogin || publicState.referralEnabled || isFlagEnabled(permission?.whitelabel, 'REFERRAL3');
  const close = () => setOpen(false);
  return (
    <aside className={open ? 'k-side-menu k-side-menu--open' : 'k-side-menu'} data-testid="side-menu" aria-hidden={!open}>
      <nav aria-label={t('header.menu')}>
        <ul>
          <li>
            <NavLink to="/" end onClick={close}>
              {t('nav.HOME')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/hot" onClick={close}>
              {t('nav.HOT')}
            </NavLink>
          </li>
          {SIDE_MENU_CATEGORIES.map((c) => (
            <li key={c.key + c.to}>
              <NavLink to={c.to} onClick={close}>
                {t(`nav.${c.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
        <ul>
          <li>
            <NavLink to="/notice" onClick={close}>
              {t('nav.news')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/member/rewardCenter" onClick={close}>
              {t('nav.rewardCentre')}
            </NavLink>
          </li>
          {showInvite ? (
            <li>
              <NavLink to="/member/referral" onClick={close}>
                {t('nav.invite')}
              </NavLink>
            </li>
          ) : null}
          <li>
            <NavLink to="/promotions" onClick={close}>
              {t('nav.promotions')}
            </NavLink>
          </li>
          {liveChat ? (
            <li>
              <button type="button" className="k-link" onClick={() => openCustomerService(liveChat)}>
                {t('nav.liveChat')}
              </button>
            </li>
          ) : null}
          {SOCIAL.map((name) => {
            const res = social.find((r) => r.labelNameEn.toLowerCase() === name);
            return res ? (
              <li key={name}>
                <a href={res.url} target="_blank" rel="noreferrer noopener">
                  {t(`nav.${name}`)}
                </a>
              </li>
            ) : null;
          })}
        </ul>
      </nav>
      <LanguageSelect />
    </aside>
  );
}
