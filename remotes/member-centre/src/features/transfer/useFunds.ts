import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { ConsolidatedDto, FundsWalletDto, TransferDto, WalletBalanceDto } from '@khela/api';
import { balanceAtom, onLiveEvent } from '@khela/session';
import { fetchFunds, fetchRecords } from './api';

export type Funds = ConsolidatedDto['funds'];

export type Loaded<T> = { phase: 'loading' } | { phase: 'error'; errorCode: string } | { phase: 'ready'; value: T };

const ZERO = BigInt(0);

/** The funds with the balances the live channel pushed (wallets the ledger holds). */
export function withPushed(funds: Funds, pushed: WalletBalanceDto): Funds {
  const byCode = new Map(pushed.wallets.map((w) => [w.walletCode, w.balance]));
  const wallets = funds.wallets.map((w): FundsWalletDto => {
    const balance = w.inLedger ? byCode.get(w.walletCode) : undefined;
    if (balance === undefined || balance === w.balance) return w;
    return { ...w, balance, canTransferOut: w.type === 'TRANSFER' && w.status === 'OK' && BigInt(balance) > ZERO };
  });
  const sum = wallets.filter((w) => w.status === 'OK').reduce((s, w) => s + BigInt(w.balance), ZERO);
  return {
    ...funds,
    wallets,
    sumBalance: sum.toString(),
    mainBalance: wallets.find((w) => w.type === 'MAIN')?.balance ?? funds.mainBalance,
  };
}

const errorCodeOf = (err: unknown) => (err as { errorCode?: string })?.errorCode ?? 'UNKNOWN_ERROR';

/**
 * The page's data: every wallet's balance (the consolidated funds) and the recent transfers. Live:
 * a pushed balance updates the wallets the ledger holds at once, and a transfer settled late (the
 * `transfer` event) reloads both.
 */
export function useFunds() {
  const [funds, setFunds] = useState<Loaded<Funds>>({ phase: 'loading' });
  const [records, setRecords] = useState<Loaded<TransferDto[]>>({ phase: 'loading' });
  const pushed = useAtomValue(balanceAtom);
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    await Promise.all([
      fetchFunds().then(
        (v) => mine === generation.current && setFunds({ phase: 'ready', value: v.funds }),
        (err) =>
          mine === generation.current &&
          setFunds((f) => (f.phase === 'ready' ? f : { phase: 'error', errorCode: errorCodeOf(err) })),
      ),
      fetchRecords().then(
        (v) => mine === generation.current && setRecords({ phase: 'ready', value: v.list }),
        (err) =>
          mine === generation.current &&
          setRecords((r) => (r.phase === 'ready' ? r : { phase: 'error', errorCode: errorCodeOf(err) })),
      ),
    ]);
  }, []);

  const retry = useCallback(() => {
    setFunds({ phase: 'loading' });
    setRecords({ phase: 'loading' });
    void reload();
  }, [reload]);

  useEffect(() => {
    void reload();
    return onLiveEvent('transfer', () => void reload());
  }, [reload]);

  useEffect(() => {
    if (pushed) setFunds((f) => (f.phase === 'ready' ? { phase: 'ready', value: withPushed(f.value, pushed) } : f));
  }, [pushed]);

  return { funds, records, reload, retry };
}
