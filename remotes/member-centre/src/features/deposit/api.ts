import { apiRequest } from '@khela/api-client';
import { PAYMENTS_PATHS, type DepositChannelDto, type DepositOrderDto } from '@khela/api/payments';

export const fetchChannels = (signal?: AbortSignal) => apiRequest<DepositChannelDto[]>(PAYMENTS_PATHS.channels, { signal });
export const fetchDeposits = (signal?: AbortSignal) =>
  apiRequest<DepositOrderDto[]>(PAYMENTS_PATHS.deposits, { query: { limit: 10 }, signal });
export const fetchOrder = (orderNo: string, signal?: AbortSignal) =>
  apiRequest<DepositOrderDto>(PAYMENTS_PATHS.deposit(orderNo), { signal });
export const startDeposit = (body: { channel: string; amount: string; requestKey: string }) =>
  apiRequest<DepositOrderDto>(PAYMENTS_PATHS.deposits, { method: 'POST', body });
export const fetchMainBalance = async (signal?: AbortSignal) => {
  const v = await apiRequest<{ wallets: { walletCode: string; balance: string }[] }>('/wps/v2/wallets/balance', { signal });
  return v.wallets.find((w) => w.walletCode === 'MAIN')?.balance ?? '0';
};
