import type { ReactNode } from 'react';
import { ErrorState, Loading } from '@khela/ui';
import { useTranslation } from 'react-i18next';
import { useSystemStatus } from './useSystemStatus';
import { BlockedPage, MaintenancePage } from './StatusPages';

/** Status 0 shows the application, 1 the maintenance page, 2 the blocked page; maintenance wins. */
export function StatusGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { state, retry } = useSystemStatus();
  if (state.phase === 'loading') return <Loading />;
  if (state.phase === 'error') return <ErrorState message={t('status.checkFailed')} onRetry={retry} testId="status-error" />;
  const { status } = state;
  if (status.status === 1 || status.maintenance) return <MaintenancePage />;
  if (status.status === 2) return <BlockedPage ip={status.ip} />;
  return <>{children}</>;
}
