import { atom } from 'jotai';
import { type WalletBalanceDto } from '@khela/api';
import { apiRequest } from '@khela/api-client';
import { balanceAtom, getToken, liveActions, sessionStore } from '@khela/session';

/** A balance read in progress (the header's refresh spins meanwhile). */
export const balanceLoadingAtom = atom(false);

/** The channel: 'connecting', 'online', 'offline' (retrying), or 'off' (none: logged out). */
export const liveStatusAtom = atom<'off' | 'connecting' | 'online' | 'offline'>('off');

let inFlight: Promise<void> | null = null;

/**
 * Reads the member's balances into `balanceAtom` (one read at a time: a call while one is running
 * joins it). A failure keeps the last balance and is thrown to the caller (the header shows it).
 */
export function loadBalance(): Promise<void> {
  if (!getToken()) return Promise.resolve();
  inFlight ??= (async () => {
    sessionStore.set(balanceLoadingAtom, true);
    try {
      const value = await apiRequest<WalletBalanceDto>('/wps/v2/wallets/balance');
      if (getToken()) sessionStore.set(balanceAtom, value);
    } finally {
      sessionStore.set(balanceLoadingAtom, false);
      inFlight = null;
    }
  })();
  return inFlight;
}

// remotes refresh through @khela/session's liveActions.refreshBalance()
liveActions.refreshBalance = loadBalance;
