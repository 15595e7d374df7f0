import { useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { modalAtom, pageLoaderAtom, type ModalKey } from '@khela/session';
import { Loading, Modal } from '@khela/ui';
import { RemoteArea } from '../federation/RemoteArea';
import { PublicDialog } from '../features/dialogs/PublicDialog';

/** Modal keys the auth-modals remote renders; it is fetched only when one of them opens. */
const AUTH_MODALS: ModalKey[] = ['loginPopupModal', 'loginModal', 'registerModal', 'forgetPassModal', 'changePassModal'];

export function ModalHost() {
  const { t } = useTranslation();
  const [modal, setModal] = useAtom(modalAtom);
  if (!modal) return null;
  if (AUTH_MODALS.includes(modal.key)) {
    return (
      <div className="k-modal-host">
        <RemoteArea
          remote="auth-modals"
          module="AuthModals"
          loading={
            <div className="k-modal-backdrop">
              <Loading />
            </div>
          }
        />
      </div>
    );
  }
  if (modal.key === 'helpModal' || modal.key === 'noticeModal') {
    const help = modal.key === 'helpModal';
    return (
      <Modal title={t(help ? 'footer.helpCentre' : 'nav.news')} onClose={() => setModal(null)} testId={modal.key} wide>
        <RemoteArea
          remote="promotions"
          module={help ? 'HelpCentre' : 'NoticeCentre'}
          props={{ anchor: modal.props?.anchor, inModal: true }}
        />
      </Modal>
    );
  }
  return <PublicDialog />;
}

export function PageLoader() {
  const visible = useAtomValue(pageLoaderAtom);
  return visible ? (
    <div className="k-page-loader" data-testid="page-loader">
      <Loading />
    </div>
  ) : null;
}
