import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { modalAtom } from '@khela/session';
import { Modal } from '@khela/ui';
import { RemoteArea } from '../federation/RemoteArea';
import { PublicDialog } from '../features/dialogs/PublicDialog';

/**
 * The shell's own modals: the help and news centres (the promotions remote in a modal) and the
 * information dialog. Its own chunk, fetched the first time one of them opens: a guest's home page
 * never pays for it.
 */
export default function ContentModal() {
  const { t } = useTranslation();
  const [modal, setModal] = useAtom(modalAtom);
  if (modal?.key === 'helpModal' || modal?.key === 'noticeModal') {
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
