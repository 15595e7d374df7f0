import { balanceOf, LedgerError } from '../../wallet/ledger';
import type { AdapterContext, TransferVendorAdapter, VendorOutcome, VendorTransfer } from './types';

/** The sandbox's own postings: the vendor's side of a transfer, in the platform's ledger. */
export const SANDBOX_POSTING_KIND = 'VENDOR_TRANSFER';
const sandboxKey = (reference: string) => `sandbox:${reference}`;

/**
 * The sandbox vendor: the platform plays the vendor's side of a transfer wallet until a real vendor
 * is connected. The vendor's books are the member's vendor wallet in the ledger: crediting the
 * player moves the amount from VENDOR_CLEARING (where the platform's side put it) into that wallet,
 * and debiting moves it back, refused when the wallet does not hold it. The platform's own game
 * engines bet from that wallet for this vendor (the wallet API debits it), so what the player moves
 * in is what they play with.
 *
 * It answers exactly as a connected vendor must: once per reference (a repeat moves nothing) and,
 * asked about a reference, what became of it.
 */
export function sandboxVendor(ctx: AdapterContext): TransferVendorAdapter {
  return {
    kind: 'SANDBOX',
    timeoutMs: 0,

    balance: ({ memberId, vendor }) => balanceOf(ctx.db, memberId, 'VENDOR', vendor),

    async transfer(t: VendorTransfer): Promise<VendorOutcome> {
      const into = t.direction === 'IN' ? t.amount : -t.amount;
      try {
        const r = await ctx.ledger.post({
          key: sandboxKey(t.reference),
          kind: SANDBOX_POSTING_KIND,
          memberId: t.memberId,
          reference: t.reference,
          createdBy: `vendor:${t.vendor}`,
          meta: { direction: t.direction, sandbox: true },
          legs: [
            { account: { member: t.memberId, wallet: 'VENDOR', vendor: t.vendor }, amount: into },
            { account: { house: 'VENDOR_CLEARING' }, amount: -into },
          ],
        });
        return { state: 'SUCCESS', vendorBalance: r.balances.find((b) => b.wallet === 'VENDOR')?.balance };
      } catch (err) {
        if (err instanceof LedgerError && err.code === 'INSUFFICIENT_FUNDS') {
          return { state: 'FAILED', code: 'INSUFFICIENT_FUNDS', vendorBalance: err.account?.balance };
        }
        if (err instanceof LedgerError && err.code === 'IDEMPOTENCY_MISMATCH')
          return { state: 'FAILED', code: 'REFERENCE_REUSED' };
        // the database did not confirm: whether it committed is asked later, by reference
        return { state: 'UNKNOWN', detail: (err as Error).message.slice(0, 200) };
      }
    },

    async status(t: VendorTransfer): Promise<VendorOutcome> {
      const row = await ctx.db.one<{ id: number }>(`SELECT id FROM ledger_transactions WHERE idempotency_key = $1`, [
        sandboxKey(t.reference),
      ]);
      if (!row) return { state: 'FAILED', code: 'NOT_FOUND' };
      return { state: 'SUCCESS', vendorBalance: await balanceOf(ctx.db, t.memberId, 'VENDOR', t.vendor) };
    },
  };
}
