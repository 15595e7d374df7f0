import { Suspense } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Link, NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { getToken, loginStateAtom, openModalAtom, publicStateAtom, sessionPhaseAtom, sideMenuOpenAtom } from '@khela/session';
import { HeaderAccount } from '../../features/live/LiveGate';
import { HeaderGameMenu } from './HeaderGameMenu';

export function Header() {
  const { t } = useTranslation();
  const login = useAtomValue(loginStateAtom);
  // a page opened with a session: the member's row, not the guest's buttons, until it is known
  const pending = useAtomValue(sessionPhaseAtom) === 'pending' && !login.isLogin && !!getToken();
  const openModal = useSetAtom(openModalAtom);
  const [menuOpen, setMenuOpen] = useAtom(sideMenuOpenAtom);
  // the promotions the member can join or claim now (the public state's availablePromoCount)
  const publicState = useAtomValue(publicStateAtom);
  const available = login.isLogin ? publicState.availablePromoCount : 0;
  return (
    <header className="k-header" data-testid="header">
      <button
        type="button"
        className="k-icon-button"
        aria-label={t('header.menu')}
        aria-expanded={menuOpen}
        data-testid="side-menu-toggle"
        onClick={() => setMenuOpen(!menuOpen)}
      >
        ☰
      </button>
      {/* named by its text: an aria-label that repeats it, beside the visible mark, is a label that does not
          match what is seen (axe's label-content-name-mismatch in English) */}
      <Link to="/" className="k-logo">
        <span className="k-logo__mark" aria-hidden="true">
          খ
        </span>
        <span className="k-logo__text">{t('brand')}</span>
      </Link>
      <nav className="k-header__nav" aria-label={t('header.menu')}>
        <NavLink to="/" end>
          {t('header.home')}
        </NavLink>
        <NavLink to="/promotions">
          {t('header.promotions')}
          {available > 0 ? (
            <span
              className="k-count"
              data-testid="header-promo-count"
              aria-label={t('header.promotionsAvailable', { count: available })}
            >
              {available}
            </span>
          ) : null}
        </NavLink>
        <HeaderGameMenu />
      </nav>
      <div className="k-header__shortcuts">
        <Link to="/member/depositv2">{t('header.deposit')}</Link>
        <Link to="/member/withdraw">{t('header.withdraw')}</Link>
        <Link to={login.isAgent ? '/agentHome' : '/agent'}>{t('header.agent')}</Link>
      </div>
      <div className={pending ? 'k-header__account k-header__account--pending' : 'k-header__account'} aria-busy={pending}>
        {pending ? null : login.isLogin ? (
          // balance, nickname and logout: the member's chunk (a guest's page never loads it); its room
          // is kept while it loads
          <Suspense fallback={<span className="k-header__account--pending" aria-hidden="true" />}>
            <HeaderAccount />
          </Suspense>
        ) : (
          <>
            <button
              type="button"
              className="k-button k-button--ghost"
              data-testid="login-button"
              onClick={() => openModal({ key: 'loginPopupModal' })}
            >
              {t('header.login')}
            </button>
            <button
              type="button"
              className="k-button"
              data-testid="register-button"
              onClick={() => openModal({ key: 'registerModal' })}
            >
              {t('header.register')}
            </button>
          </>
        )}
      </div>
    </header>
  );
}
