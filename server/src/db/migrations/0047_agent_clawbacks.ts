import type { Migration } from './index';

/**
 * A bet rolled back after its window was settled (issue 11): what the window paid on it is clawed
 * back. The settlement job looks at each rolled-back bet once (agent_rollback_checks), recomputes
 * every settled window of its uplines' contracts that it may have counted, and for a window now due
 * less than it was settled for, records an agent_clawbacks row under its own key
 * (`agent-claw:<settlement key>:<clawed back before>`): first the part still owed by the payer is
 * forgiven (agent_settlements.forgiven, which collection respects), then the rest is posted back
 * from the payee to the payer (taken); what the payee's wallet lacks is recorded as owed by it.
 */
export const agentClawbacks: Migration = {
  version: 47,
  name: 'agent_clawbacks',
  sql: `
ALTER TABLE agent_settlements ADD COLUMN clawed_back bigint NOT NULL DEFAULT 0;
ALTER TABLE agent_settlements ADD COLUMN forgiven bigint NOT NULL DEFAULT 0;
ALTER TABLE agent_settlements DROP CONSTRAINT agent_settlements_collected_check;
ALTER TABLE agent_settlements ADD CONSTRAINT agent_settlements_collected_check
  CHECK (collected >= 0 AND forgiven >= 0 AND collected + forgiven <= owed AND clawed_back >= 0 AND clawed_back <= amount);

CREATE TABLE agent_clawbacks (
  clawback_key       text PRIMARY KEY,
  settlement_key     text NOT NULL REFERENCES agent_settlements (settlement_key),
  bet_id             bigint NOT NULL REFERENCES bet_records (id),
  amount             bigint NOT NULL CHECK (amount > 0),
  forgiven           bigint NOT NULL CHECK (forgiven >= 0),
  taken              bigint NOT NULL CHECK (taken >= 0),
  owed               bigint NOT NULL CHECK (owed >= 0),
  -- what the payee paid of its debt later (each payment its own ledger posting, keyed by this sum before it)
  collected          bigint NOT NULL DEFAULT 0 CHECK (collected >= 0 AND collected <= owed),
  transaction_id     bigint REFERENCES ledger_transactions (id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  CHECK (forgiven + taken + owed = amount),
  CHECK ((transaction_id IS NOT NULL) = (taken > 0))
);
CREATE INDEX agent_clawbacks_settlement_idx ON agent_clawbacks (settlement_key);
CREATE INDEX agent_clawbacks_owed_idx ON agent_clawbacks (created_at) WHERE owed > collected;

CREATE TABLE agent_rollback_checks (
  bet_id             bigint PRIMARY KEY REFERENCES bet_records (id),
  checked_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bet_records_rolled_back_idx ON bet_records (updated_at) WHERE status = 'ROLLED_BACK';
`,
};
