import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ErrorStateProps {
  /** errorCode from the server (translated through common:errors) or a ready message */
  errorCode?: string;
  message?: ReactNode;
  hint?: ReactNode;
  onRetry?: () => void;
  testId?: string;
}

/** A translated error with an optional retry. */
export function ErrorState({ errorCode, message, hint, onRetry, testId = 'error-state' }: ErrorStateProps) {
  const { t } = useTranslation();
  const text = message ?? t([`errors.${errorCode ?? 'UNKNOWN_ERROR'}`, 'errors.UNKNOWN_ERROR']);
  return (
    <div className="k-error" role="alert" data-testid={testId}>
      <p className="k-error__message">{text}</p>
      {hint ? <p className="k-error__hint">{hint}</p> : null}
      {onRetry ? (
        <button type="button" className="k-button" onClick={onRetry}>
          {t('retry')}
        </button>
      ) : null}
    </div>
  );
}
