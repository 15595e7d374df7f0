import { useTranslation } from 'react-i18next';
import { ApiError } from '@khela/api-client';
import { ErrorState } from '@khela/ui';
import { NS } from '../i18n';

/** The translated message of a failure: the lobby's own codes first, then the common ones. */
export function useErrorText() {
  const { t } = useTranslation(NS);
  return (error: unknown) => {
    const code =
      error instanceof ApiError ? error.errorCode : ((error as { errorCode?: string } | null)?.errorCode ?? 'UNKNOWN_ERROR');
    return t([`errors.${code}`, `common:errors.${code}`, 'common:errors.UNKNOWN_ERROR']);
  };
}

export function LoadError({ error, onRetry, testId }: { error: unknown; onRetry?: () => void; testId?: string }) {
  const text = useErrorText();
  return <ErrorState message={text(error)} onRetry={onRetry} testId={testId} />;
}

/** Placeholder tiles while a grid loads. */
export function SkeletonGrid({ count = 6, className = 'lobby-grid' }: { count?: number; className?: string }) {
  const { t } = useTranslation(NS);
  return (
    <div className={className} role="status" aria-label={t('loading')} data-testid="grid-loading">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="lobby-skeleton" />
      ))}
    </div>
  );
}
