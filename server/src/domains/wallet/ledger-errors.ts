import { takaString } from '@khela/api/money';
import { ApiError } from '../../http/envelope';
import { LedgerError } from './ledger';

/**
 * A ledger refusal as the client sees it. INSUFFICIENT_FUNDS and the idempotency refusals are the
 * caller's to fix (409); a malformed posting is a bug and stays a 500.
 */
export function ledgerRefusal(err: unknown): unknown {
  if (!(err instanceof LedgerError)) return err;
  switch (err.code) {
    case 'INSUFFICIENT_FUNDS':
      return new ApiError(409, 'INSUFFICIENT_FUNDS', 'The balance is not enough for this amount', {
        balance: err.account ? err.account.balance.toString() : undefined,
        balanceTaka: err.account ? takaString(err.account.balance) : undefined,
      });
    case 'IDEMPOTENCY_MISMATCH':
      return new ApiError(409, 'IDEMPOTENCY_KEY_REUSED', 'This request id was already used for another movement');
    case 'ALREADY_REVERSED':
      return new ApiError(409, 'ALREADY_REVERSED', 'This movement was reversed already');
    case 'TRANSACTION_NOT_FOUND':
      return new ApiError(404, 'TRANSACTION_NOT_FOUND', 'No such movement');
    default:
      return err;
  }
}

/** Runs `fn`, turning a LedgerError into its ApiError. */
export async function withLedgerRefusals<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw ledgerRefusal(err);
  }
}
