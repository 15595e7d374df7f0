import { useTranslation } from 'react-i18next';
import { EmptyState } from '@khela/ui';
import { NS } from '../i18n';
import '../promotions.css';

/** News centre: titles on the left, detail on the right, 9 per page. */
export default function NoticeCentre({ inModal }: { inModal?: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <div className="promo" data-testid="notice-centre">
      {inModal ? null : <h1>{t('news')}</h1>}
      <EmptyState>{t('noNews')}</EmptyState>
    </div>
  );
}
