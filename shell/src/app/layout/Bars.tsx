import { useAtomValue } from 'jotai';
import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { permissionAtom } from '@khela/session';
import { openCustomerService, useCustomerService } from '../../components/CustomerService';

export function LeftBar() {
  const { t } = useTranslation();
  return (
    <nav className="k-left-bar" data-testid="left-bar" aria-label={t('header.menu')}>
      <NavLink to="/" end>
        {t('nav.HOME')}
      </NavLink>
      <NavLink to="/sports">{t('nav.SPORTS')}</NavLink>
      <NavLink to="/member/securityCenter">{t('nav.securityCentre')}</NavLink>
      <NavLink to="/promotions">{t('nav.promotions')}</NavLink>
    </nav>
  );
}

const CS_TYPES = ['whatsapp', 'livechat', 'telegram'] as const;
const DOWNLOADS = ['android', 'ios', 'mobileConfig'] as const;

export function RightBar() {
  const { t } = useTranslation();
  const cs = useCustomerService();
  // the server groups its resource entries by resourceType: the app downloads are 'app'
  const downloads = useAtomValue(permissionAtom)?.resources?.app ?? [];
  return (
    <aside className="k-right-bar" data-testid="right-bar">
      {downloads.length ? (
        <section>
          <h3>{t('rightBar.download')}</h3>
          <ul>
            {DOWNLOADS.map((key) => {
              const index = downloads.findIndex((r) => r.labelNameEn.replace(/\s/g, '').toLowerCase() === key.toLowerCase());
              const res = downloads[index];
              return res ? (
                <li key={key} className="k-download">
                  {/* drawn by the server (the qrcode library): scanned with a phone, it opens the link */}
                  <img src={`/wps/static/qr/app/${index}`} width={88} height={88} loading="lazy" decoding="async" alt="" />
                  <a href={res.url}>{t(`rightBar.${key}`)}</a>
                </li>
              ) : null;
            })}
          </ul>
        </section>
      ) : null}
      <section>
        <h3>{t('rightBar.customerService')}</h3>
        <ul>
          {CS_TYPES.map((type) => {
            const entry = cs.find((c) => c.csType === type);
            return entry ? (
              <li key={type}>
                <button type="button" className="k-link" onClick={() => openCustomerService(entry)}>
                  {t(`rightBar.${type}`)}
                </button>
              </li>
            ) : null;
          })}
        </ul>
      </section>
    </aside>
  );
}
