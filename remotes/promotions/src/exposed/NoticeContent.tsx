import { useTranslation } from 'react-i18next';
import { EmptyState } from '@khela/ui';
import { NS } from '../i18n';
import '../promotions.css';

export default function NoticeContent() {
  const { t } = useTranslation(NS);
  return (
    <div className="promo" data-testid="notice-content">
      <h1>{t('newsContent')}</h1>
      <EmptyState>{t('noNewsItem')}</EmptyState>
    </div>
  );
}
