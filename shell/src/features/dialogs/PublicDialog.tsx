import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { modalAtom } from '@khela/session';
import { Modal } from '@khela/ui';

/** The shell's information dialog (publicModal): a translated message with a confirm button. */
export function PublicDialog() {
  const { t } = useTranslation();
  const [modal, setModal] = useAtom(modalAtom);
  if (modal?.key !== 'publicModal') return null;
  const close = () => setModal(null);
  return (
    <Modal title={t('brand')} onClose={close} testId="public-dialog">
      <p>{t(modal.props?.messageKey ?? 'errors.UNKNOWN_ERROR')}</p>
      <div className="k-dialog-actions">
        <button type="button" className="k-button" onClick={close}>
          {t('confirm')}
        </button>
      </div>
    </Modal>
  );
}
