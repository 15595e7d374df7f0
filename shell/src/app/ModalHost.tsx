import { lazy, Suspense } from 'react';
import { useAtomValue } from 'jotai';
import { modalAtom, pageLoaderAtom, type ModalKey } from '@khela/session';
import { Loading } from '@khela/ui';
import { RemoteArea } from '../federation/RemoteArea';

/** Modal keys the auth-modals remote renders; it is fetched only when one of them opens. */
const AUTH_MODALS: ModalKey[] = ['loginPopupModal', 'loginModal', 'registerModal', 'forgetPassModal', 'changePassModal'];

// the help and news centres and the information dialog: fetched when one opens
const ContentModal = lazy(() => import('./ContentModal'));

const backdrop = (
  <div className="k-modal-backdrop">
    <Loading />
  </div>
);

export function ModalHost() {
  const modal = useAtomValue(modalAtom);
  if (!modal) return null;
  if (AUTH_MODALS.includes(modal.key)) {
    return (
      <div className="k-modal-host">
        <RemoteArea remote="auth-modals" module="AuthModals" loading={backdrop} />
      </div>
    );
  }
  return (
    <Suspense fallback={backdrop}>
      <ContentModal />
    </Suspense>
  );
}

export function PageLoader() {
  const visible = useAtomValue(pageLoaderAtom);
  return visible ? (
    <div className="k-page-loader" data-testid="page-loader">
      <Loading />
    </div>
  ) : null;
}
