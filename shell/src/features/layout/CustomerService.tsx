import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { permissionAtom } from '@khela/session';
import { decryptCsPath, type CustomerServiceEntry } from '@khela/api';

/** The spec's customer-service window size. */
const CS_WINDOW = 'width=440,height=750,noopener';

export async function openCustomerService(entry: CustomerServiceEntry): Promise<void> {
  // Open synchronously (popup blockers), then point it at the decrypted address.
  const win = window.open('about:blank', 'khela-cs', CS_WINDOW);
  try {
    const url = await decryptCsPath(entry.path);
    if (!/^https?:\/\//.test(url)) throw new Error('invalid URL');
    if (win) win.location.href = url;
    else window.open(url, 'khela-cs', CS_WINDOW);
  } catch {
    win?.close();
  }
}

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
