import { useTranslation } from 'react-i18next';
import type { ApiError } from '@khela/api-client';
import { NS } from '../../i18n';

/** A refusal, translated by its errorCode (the auth texts first, then the common ones). */
export function ServerError({ failure, testId = 'auth-error' }: { failure: ApiError | null; testId?: string }) {
  const { t, i18n } = useTranslation([NS, 'common']);
  if (!failure) return null;
  const value = failure.value as { retryAfterSeconds?: number; until?: string | null } | undefined;
  const retry = value?.retryAfterSeconds;
  // a time-out or self-exclusion names its end (none: permanent)
  const permanent = failure.errorCode === 'SELF_EXCLUDED' && !value?.until;
  const until = value?.until
    ? new Intl.DateTimeFormat(i18n.language?.toLowerCase().startsWith('en') ? 'en-GB' : 'bn-BD', {
        timeZone: 'Asia/Dhaka',
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(value.until))
    : '';
  const code = permanent ? 'SELF_EXCLUDED_PERMANENT' : failure.errorCode;
  return (
    <p className="auth-form__error" role="alert" data-testid={testId}>
      {t([`errors.${code}`, `common:errors.${failure.errorCode}`, 'common:errors.UNKNOWN_ERROR'], {
        minutes: retry ? Math.ceil(retry / 60) : 5,
        until,
      })}
    </p>
  );
}
