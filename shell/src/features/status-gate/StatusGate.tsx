import { lazy, Suspense, type ReactNode } from 'react';
import { ErrorState, Loading } from '@khela/ui';
import { useTranslation } from 'react-i18next';
import { useSystemStatus } from './useSystemStatus';

// the maintenance and blocked pages: their own chunk, fetched only when the site is in that state
const MaintenancePage = lazy(() => import('./StatusPages').then((m) => ({ default: m.MaintenancePage })));
const BlockedPage = lazy(() => import('./StatusPages').then((m) => ({ default: m.BlockedPage })));

/** Status 0 shows the application, 1 the maintenance page, 2 the blocked page; maintenance wins. */
export function StatusGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { state, retry } = useSystemStatus();
  if (state.phase === 'loading') return <Loading />;
  if (state.phase === 'error') return <ErrorState message={t('status.checkFailed')} onRetry={retry} testId="status-error" />;
  const { status } = state;
  if (status.status === 1 || status.maintenance)
    return (
      <Suspense fallback={<Loading />}>
        <MaintenancePage />
      </Suspense>
    );
  if (status.status === 2)
    return (
      <Suspense fallback={<Loading />}>
        <BlockedPage ip={status.ip} />
      </Suspense>
    );
  return <>{children}</>;
}
