import { ApiError, NETWORK_ERROR, apiRequest } from '@khela/api-client';
import {
  PAYMENTS_PATHS,
  type PaymentMethod,
  type WithdrawAccountDto,
  type WithdrawInfoDto,
  type WithdrawalDto,
} from '@khela/api/payments';
import { getToken } from '@khela/session';
import { currentLanguage } from '@khela/i18n';

export const fetchInfo = (signal?: AbortSignal) => apiRequest<WithdrawInfoDto>(PAYMENTS_PATHS.withdrawInfo, { signal });
export const fetchWithdrawals = (signal?: AbortSignal) =>
  apiRequest<WithdrawalDto[]>(PAYMENTS_PATHS.withdrawals, { query: { limit: 10 }, signal });
export const setPaymentPassword = (body: { newPassword: string; confirmPassword: string }) =>
  apiRequest<{ changed: boolean }>(PAYMENTS_PATHS.paymentPassword, { method: 'POST', body });
export const bindAccount = (body: {
  method: PaymentMethod;
  accountNo: string;
  holderName: string;
  bankName?: string;
  branch?: string;
  paymentPassword: string;
}) => apiRequest<WithdrawAccountDto>(PAYMENTS_PATHS.accounts, { method: 'POST', body });
export const removeAccount = (id: number, paymentPassword: string) =>
  apiRequest<{ removed: boolean }>(PAYMENTS_PATHS.removeAccount(id), { method: 'POST', body: { paymentPassword } });
export const requestWithdrawal = (body: { accountId: number; amount: string; paymentPassword: string; requestKey: string }) =>
  apiRequest<WithdrawalDto>(PAYMENTS_PATHS.withdrawals, { method: 'POST', body });
export const confirmReceived = (id: number) => apiRequest<WithdrawalDto>(PAYMENTS_PATHS.received(id), { method: 'POST' });

/**
 * "Not received" with its proof images, in one multipart request whose upload progress is
 * reported (fetch cannot tell how much of a body was sent; XMLHttpRequest through axios can).
 * axios is imported here only, when a member actually uploads: no other page loads it.
 */
export async function reportNotReceived(
  id: number,
  complaint: string,
  files: File[],
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<WithdrawalDto> {
  const { default: axios } = await import(/* webpackChunkName: "axios-upload" */ 'axios');
  const form = new FormData();
  form.append('complaint', complaint);
  for (const f of files) form.append('files', f, f.name);
  const token = getToken();
  try {
    const res = await axios.post(PAYMENTS_PATHS.notReceived(id), form, {
      signal,
      headers: { ...(token ? { Authorization: token } : {}), Language: currentLanguage(), Device: 'web' },
      onUploadProgress: (e) => onProgress(e.total ? Math.min(1, e.loaded / e.total) : 0),
      validateStatus: () => true,
    });
    const env = res.data as { success?: boolean; value?: unknown; errorCode?: string; message?: string } | null;
    if (!env || typeof env !== 'object') throw new ApiError(NETWORK_ERROR, 'invalid answer', res.status);
    if (res.status >= 400 || !env.success) {
      throw new ApiError(env.errorCode ?? 'UNKNOWN_ERROR', env.message ?? '', res.status, env.value ?? undefined);
    }
    onProgress(1);
    return env.value as WithdrawalDto;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (axios.isCancel(err)) throw err;
    throw new ApiError(NETWORK_ERROR, 'network link abnormal', 0);
  }
}
