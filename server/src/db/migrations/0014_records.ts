import type { Migration } from './index';

/**
 * The member's records (issue 10): the betting record, the account record and the profit and loss
 * read bet_records and the ledger directly (never separate counters), so they only need indexes:
 * - the account record lists a member's ledger entries by account and time, newest first;
 * - the betting record and the profit and loss filter a member's bets by time and game type or vendor
 *   (the member's time index of 0004 serves the rest).
 */
export const records: Migration = {
  version: 14,
  name: 'records',
  sql: `
CREATE INDEX ledger_entries_account_time_idx ON ledger_entries (account_id, created_at DESC, id DESC);
`,
};
