import type { Migration } from './index';

/**
 * The member's records (issue 10): the betting record, the account record and the profit and loss
 * read bet_records and the ledger directly (never separate counters), so they only need indexes:
 * - the account record lists and sums a member's ledger entries by account and time range, newest
 *   first: with (account_id, id) alone every entry of the account is read for any range (a busy
 *   member's "today" summed in 13 ms over 6,500 entries, 0.3 ms with this index, on bench:reports'
 *   data); it costs one more index insert per ledger entry;
 * - the betting record and the profit and loss use the member's time index of 0004
 *   (bet_records_member_idx), which bench:reports found enough (p95 25 ms and 17 ms over a million bets).
 */
export const records: Migration = {
  version: 14,
  name: 'records',
  sql: `
CREATE INDEX ledger_entries_account_time_idx ON ledger_entries (account_id, created_at DESC, id DESC);
`,
};
