import { useTranslation } from 'react-i18next';
import { EmptyState } from '@khela/ui';
import { NS } from '../i18n';
import '../lobby.css';

/** The seamless game page (no footer). */
export default function SeamlessPage() {
  const { t } = useTranslation(NS);
  return (
    <div className="lobby-list" data-testid="seamless-page">
      <h1>{t('seamless.title')}</h1>
      <EmptyState>{t('noGames')}</EmptyState>
    </div>
  );
}
