import type { Migration } from './index';

/**
 * The manual rebate (issue 10): one claim per member per period (the Dhaka day). A claim pays the
 * operator's rate per game type on the valid bets placed after the previous claim's `upto` and up
 * to its own; the primary key is what makes a second claim, or two at the same moment, pay nothing.
 */
export const manualRebate: Migration = {
  version: 42,
  name: 'manual rebate',
  sql: `
CREATE TABLE rebate_claims (
  member_id      bigint NOT NULL REFERENCES members (id),
  period         text NOT NULL CHECK (period ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  since          timestamptz,
  upto           timestamptz NOT NULL,
  amount         bigint NOT NULL CHECK (amount > 0),
  transaction_id bigint NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, period)
);
CREATE INDEX rebate_claims_member_upto_idx ON rebate_claims (member_id, upto DESC);
`,
};
