import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { NS } from '../i18n';
import '../lobby.css';
import { toastAtom } from '../hooks/toast';
import { useFavouriteIdsLoader } from '../hooks/useFavourites';
import { maintenanceAtom, vendorPopupAtom } from '../hooks/useLaunch';
import { useErrorText } from './States';

const MaintenanceDialog = lazy(() => import('./MaintenanceDialog'));
const VendorPopup = lazy(() => import('./VendorPopup'));

function Toast() {
  const { t } = useTranslation(NS);
  const errorText = useErrorText();
  const [toast, setToast] = useAtom(toastAtom);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), 4000);
    return () => clearTimeout(timer);
  }, [toast, setToast]);
  if (!toast) return null;
  return (
    <div className="lobby-toast" role="alert" data-testid="lobby-toast">
      {toast.key ? t(toast.key) : errorText({ errorCode: toast.errorCode })}
    </div>
  );
}

/**
 * What every lobby page carries: the favourites of the signed-in member, the toast, and the two
 * dialogs (game under maintenance, the vendor popup list), loaded only when they open.
 */
export function LobbyFrame({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  useFavouriteIdsLoader();
  const maintenance = useAtomValue(maintenanceAtom);
  const popup = useAtomValue(vendorPopupAtom);
  return (
    <div className={className ? `lobby-root ${className}` : 'lobby-root'} data-testid={testId}>
      {children}
      <Toast />
      {maintenance || popup ? (
        <Suspense fallback={null}>
          {maintenance ? <MaintenanceDialog game={maintenance} /> : null}
          {popup ? <VendorPopup entry={popup} /> : null}
        </Suspense>
      ) : null}
    </div>
  );
}
