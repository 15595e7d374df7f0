import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="k-footer" data-testid="footer">
      <nav className="k-footer__links" aria-label={t('footer.help')}>
        <Link to="/help">{t('footer.help')}</Link>
        <Link to="/help#term">{t('footer.terms')}</Link>
        <Link to="/helpmc">{t('footer.helpCentre')}</Link>
        <Link to="/notice">{t('nav.news')}</Link>
      </nav>
      <p className="k-footer__intro">{t('footer.intro')}</p>
      <p className="k-footer__copy">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
