import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { permissionAtom } from '@khela/session';
import { type CustomerServiceEntry } from '@khela/api';
import { openCustomerService } from '@khela/api-client';

export { openCustomerService };

export function useCustomerService(): CustomerServiceEntry[] {
  return useAtomValue(permissionAtom)?.customerService ?? [];
}

/** One button that opens the first customer-service channel (maintenance and blocked pages). */
export function CustomerServiceButton() {
  const { t } = useTranslation();
  const entries = useCustomerService();
  const entry = entries.find((e) => e.csType === 'link') ?? entries[0];
  return (
    <button
      type="button"
      className="k-button"
      data-testid="customer-service-button"
      disabled={!entry}
      onClick={() => entry && openCustomerService(entry)}
    >
      {t('status.customerService')}
    </button>
  );
}
