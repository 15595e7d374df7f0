import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** data-testid of the dialog element */
  testId?: string;
  wide?: boolean;
}

let openCount = 0;

/** A dialog that blocks body scroll while open (the spec's rule) and closes on Escape. */
export function Modal({ title, onClose, children, testId, wide }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  useEffect(() => {
    openCount += 1;
    document.body.style.overflow = 'hidden';
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => {
      openCount -= 1;
      if (openCount === 0) document.body.style.overflow = '';
      window.removeEventListener('keydown', onKey);
    };
  }, [onClose]);
  return (
    <div className="k-modal-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className={wide ? 'k-modal k-modal--wide' : 'k-modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
      >
        <header className="k-modal__header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="k-icon-button" aria-label={t('close')} onClick={onClose}>
            ×
          </button>
        </header>
        <div className="k-modal__body">{children}</div>
      </div>
    </div>
  );
}
