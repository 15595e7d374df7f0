import type { Migration } from './index';

/**
 * What an upline owes its downline (issue 11): a settlement the payer could not cover records the
 * rest in agent_settlements.owed; the settlement job collects it later, when the payer has money
 * again. Each collection is one ledger posting under its own key (the settlement's key and how much
 * of it had been collected before: `agent-owed:<settlement key>:<collected before>`), recorded here
 * in the same transaction; `collected` sums them and never passes `owed`. Two servers collecting
 * at once lock the settlement row: the second sees the first's collection and its key moves on.
 */
export const agentOwedCollections: Migration = {
  version: 46,
  name: 'agent_owed_collections',
  sql: `
ALTER TABLE agent_settlements ADD COLUMN collected bigint NOT NULL DEFAULT 0;
ALTER TABLE agent_settlements ADD CONSTRAINT agent_settlements_collected_check CHECK (collected >= 0 AND collected <= owed);
CREATE INDEX agent_settlements_owed_idx ON agent_settlements (payer_id, window_start) WHERE owed > collected;

CREATE TABLE agent_owed_collections (
  collection_key     text PRIMARY KEY,
  settlement_key     text NOT NULL REFERENCES agent_settlements (settlement_key),
  amount             bigint NOT NULL CHECK (amount > 0),
  transaction_id     bigint NOT NULL REFERENCES ledger_transactions (id),
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX agent_owed_collections_settlement_idx ON agent_owed_collections (settlement_key);
`,
};
