import { useTranslation } from 'react-i18next';
import { CustomerServiceButton } from '../../components/CustomerService';

export function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <main className="k-status-page" data-testid="maintenance-page">
      <div className="k-status-page__icon" aria-hidden="true">
        🛠
      </div>
      <h1>{t('status.maintenanceTitle')}</h1>
      <p>{t('status.maintenanceBody')}</p>
      <CustomerServiceButton />
    </main>
  );
}

export function BlockedPage({ ip }: { ip: string }) {
  const { t } = useTranslation();
  return (
    <main className="k-status-page" data-testid="blocked-page">
      <div className="k-status-page__icon" aria-hidden="true">
        ⛔
      </div>
      <h1>{t('status.blockedTitle')}</h1>
      <p>{t('status.blockedBody')}</p>
      <p className="k-status-page__ip" data-testid="visitor-ip">
        {t('status.yourIp', { ip })}
      </p>
      <CustomerServiceButton />
    </main>
  );
}
