import { useTranslation } from 'react-i18next';
import type { ApiError } from '@khela/api';
import { NS } from '../../i18n';

/** A refusal, translated by its errorCode (the auth texts first, then the common ones). */
export function ServerError({ failure, testId = 'auth-error' }: { failure: ApiError | null; testId?: string }) {
  const { t } = useTranslation([NS, 'common']);
  if (!failure) return null;
  const retry = (failure.value as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds;
  return (
    <p className="auth-form__error" role="alert" data-testid={testId}>
      {t([`errors.${failure.errorCode}`, `common:errors.${failure.errorCode}`, 'common:errors.UNKNOWN_ERROR'], {
        minutes: retry ? Math.ceil(retry / 60) : 5,
      })}
    </p>
  );
}
