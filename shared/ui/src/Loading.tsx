import { useTranslation } from 'react-i18next';

/** The loading state every screen shows while it waits. */
export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="k-loading" role="status" aria-live="polite">
      <span className="k-spinner" aria-hidden="true" />
      <span>{label ?? t('loading')}</span>
    </div>
  );
}
