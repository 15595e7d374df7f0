import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function EmptyState({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="k-empty" data-testid="empty-state">
      {children ?? t('noData')}
    </div>
  );
}
