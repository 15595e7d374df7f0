import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@khela/ui';
import { NS } from '../i18n';
import '../promotions.css';

export const PROMOTION_CATEGORIES = [
  'all',
  'sports',
  'live',
  'slots',
  'cards',
  'fish',
  'lotto',
  'rebate',
  'pointsMall',
  'ranking',
  'deposit',
  'app',
  'newbie',
  'others',
] as const;

export default function PromotionsPage() {
  const { t } = useTranslation(NS);
  const [category, setCategory] = useState<(typeof PROMOTION_CATEGORIES)[number]>('all');
  return (
    <div className="promo" data-testid="promotions-page">
      <h1>{t('title')}</h1>
      <div className="promo-tabs" role="tablist">
        {PROMOTION_CATEGORIES.map((c) => (
          <button key={c} type="button" role="tab" aria-selected={c === category} onClick={() => setCategory(c)}>
            {t(`categories.${c}`)}
          </button>
        ))}
      </div>
      <EmptyState>{t('noPromotions')}</EmptyState>
    </div>
  );
}
