import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';

interface ConfirmDialogProps {
  title: ReactNode;
  children?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  testId?: string;
}

export function ConfirmDialog({ title, children, onConfirm, onCancel, busy, testId }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal title={title} onClose={onCancel} testId={testId}>
      {children}
      <div className="k-dialog-actions">
        <button type="button" className="k-button k-button--ghost" onClick={onCancel} disabled={busy}>
          {t('cancel')}
        </button>
        <button type="button" className="k-button" onClick={onConfirm} disabled={busy}>
          {t('confirm')}
        </button>
      </div>
    </Modal>
  );
}
