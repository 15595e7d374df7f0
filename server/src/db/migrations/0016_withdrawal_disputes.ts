import type { Migration } from './index';

/**
 * A withdrawal the member reported "not received" is a dispute, and an operator closes it: the payout
 * did arrive (PAID, with the note the member sees), or it did not and the amount returns to the main
 * wallet (REFUNDED: PAYMENT_CLEARING → the member, one posting under the withdrawal's own key, so it
 * happens once). A closed dispute can't be reopened, nor the confirmation changed afterwards.
 */
export const withdrawalDisputes: Migration = {
  version: 16,
  name: 'withdrawal disputes',
  sql: `
ALTER TABLE withdrawals
  ADD COLUMN dispute_outcome        text CHECK (dispute_outcome IN ('PAID', 'REFUNDED')),
  ADD COLUMN dispute_note           text CHECK (length(dispute_note) BETWEEN 3 AND 500),
  ADD COLUMN dispute_resolved_at    timestamptz,
  ADD COLUMN dispute_resolved_by    text,
  ADD COLUMN dispute_transaction_id bigint REFERENCES ledger_transactions (id),
  ADD CONSTRAINT withdrawals_dispute CHECK (
    (dispute_outcome IS NULL AND dispute_resolved_at IS NULL AND dispute_transaction_id IS NULL)
    OR (confirmation = 'NOT_RECEIVED' AND dispute_note IS NOT NULL AND dispute_resolved_at IS NOT NULL
        AND (dispute_outcome = 'REFUNDED') = (dispute_transaction_id IS NOT NULL)));
CREATE INDEX withdrawals_disputed_idx ON withdrawals (confirmed_at) WHERE confirmation = 'NOT_RECEIVED' AND dispute_outcome IS NULL;
`,
};
