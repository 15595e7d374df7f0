import { emitLiveEvent, onLiveEvent } from './live';
import type { WalletBalanceDto } from '@khela/api';

const balance = (sum: string): WalletBalanceDto => ({
  sumBalance: sum,
  currency: 'BDT',
  currencySymbol: '৳',
  isSingle: true,
  wallets: [],
});
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('onLiveEvent', () => {
  it('delivers each event to its handlers until they unsubscribe', async () => {
    const seen: string[] = [];
    const off = onLiveEvent('balance', (b) => seen.push(b.sumBalance));
    const offLogout = onLiveEvent('logout', (l) => seen.push(l.reason));
    emitLiveEvent('balance', balance('100'));
    emitLiveEvent('logout', { reason: 'FORCED' });
    await flush();
    expect(seen).toEqual(['100', 'FORCED']);
    off();
    offLogout();
    emitLiveEvent('balance', balance('200'));
    await flush();
    expect(seen).toEqual(['100', 'FORCED']);
  });

  it('a handler that throws does not keep the others from their event', async () => {
    const errors: unknown[] = [];
    const onError = (e: PromiseRejectionEvent | ErrorEvent) => errors.push(e);
    const seen: string[] = [];
    const offs = [
      onLiveEvent('balance', () => {
        throw new Error('remote bug');
      }),
      onLiveEvent('balance', (b) => seen.push(b.sumBalance)),
    ];
    const original = globalThis.queueMicrotask;
    globalThis.queueMicrotask = (fn) =>
      original(() => {
        try {
          fn();
        } catch (e) {
          onError(e as ErrorEvent);
        }
      });
    try {
      emitLiveEvent('balance', balance('5'));
      await flush();
    } finally {
      globalThis.queueMicrotask = original;
      offs.forEach((off) => off());
    }
    expect(seen).toEqual(['5']);
    expect(errors).toHaveLength(1);
  });
});
