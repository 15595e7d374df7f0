import type { Migration } from './index';

/**
 * The agent centre (issue 11): contracts between an upline and its downline, and their settlements.
 *
 * - agent_contracts: one offer from an upline (NULL: the house, for a top-level agent) to a member
 *   of its direct downline. OFFERED → ACTIVE (accepted) | REJECTED; ACTIVE → TERMINATED. At most
 *   one ACTIVE contract per downline and kind (a unique index): accepting a higher rate terminates
 *   the lower one in the same transaction (domains/agent/contracts.ts).
 * - agent_settlements: one row per contract and window, its primary key the settlement key. The
 *   row and the ledger posting that pays it are written in one transaction; a second scheduler (or
 *   a retry after a crash) finds the row and moves nothing. What the payer could not cover is
 *   recorded in `owed`.
 * - AGENT_SALARIES: the house account that pays top-level agents' contracts.
 */
export const agents: Migration = {
  version: 37,
  name: 'agents',
  sql: `
CREATE TABLE agent_contracts (
  id                 bigserial PRIMARY KEY,
  kind               text NOT NULL CHECK (kind IN ('REALTIME', 'HOURLY', 'DAILY', 'DIVIDEND')),
  upline_id          bigint REFERENCES members (id),
  downline_id        bigint NOT NULL REFERENCES members (id),
  -- basis points (1/100 of a percent) of the window's team valid bet (dividend: of the team's loss)
  rate_bp            integer NOT NULL CHECK (rate_bp BETWEEN 1 AND 10000),
  min_active_members integer NOT NULL DEFAULT 0 CHECK (min_active_members >= 0),
  min_valid_bet      bigint NOT NULL DEFAULT 0 CHECK (min_valid_bet >= 0),
  period             text NOT NULL DEFAULT 'D' CHECK (period IN ('D', 'W', 'H', 'M')),
  status             text NOT NULL CHECK (status IN ('OFFERED', 'ACTIVE', 'REJECTED', 'TERMINATED')),
  offered_at         timestamptz NOT NULL DEFAULT now(),
  accepted_at        timestamptz,
  ended_at           timestamptz,
  end_reason         text CHECK (end_reason IN ('REJECTED', 'TERMINATED_BY_UPLINE', 'TERMINATED_BY_DOWNLINE', 'SUPERSEDED', 'WITHDRAWN')),
  -- every window ending at or before this instant is settled
  settled_through    timestamptz,
  CHECK (upline_id IS NULL OR upline_id <> downline_id),
  CHECK ((status = 'ACTIVE') = (accepted_at IS NOT NULL AND ended_at IS NULL) OR status = 'TERMINATED')
);
CREATE UNIQUE INDEX agent_contracts_one_active ON agent_contracts (downline_id, kind) WHERE status = 'ACTIVE';
CREATE INDEX agent_contracts_upline_idx ON agent_contracts (upline_id, offered_at DESC);
CREATE INDEX agent_contracts_downline_idx ON agent_contracts (downline_id, offered_at DESC);
CREATE INDEX agent_contracts_due_idx ON agent_contracts (kind, settled_through) WHERE accepted_at IS NOT NULL;

CREATE TABLE agent_settlements (
  settlement_key     text PRIMARY KEY,
  contract_id        bigint NOT NULL REFERENCES agent_contracts (id),
  kind               text NOT NULL,
  payee_id           bigint NOT NULL REFERENCES members (id),
  payer_id           bigint REFERENCES members (id),
  window_start       timestamptz NOT NULL,
  window_end         timestamptz NOT NULL,
  active_members     integer NOT NULL,
  valid_bet          bigint NOT NULL,
  profit             bigint NOT NULL,
  amount             bigint NOT NULL CHECK (amount >= 0),
  paid               bigint NOT NULL CHECK (paid >= 0),
  owed               bigint NOT NULL CHECK (owed >= 0 AND paid + owed = amount),
  transaction_id     bigint REFERENCES ledger_transactions (id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (contract_id, window_start)
);
CREATE INDEX agent_settlements_payee_idx ON agent_settlements (payee_id, window_end DESC);
CREATE INDEX agent_settlements_payer_idx ON agent_settlements (payer_id, window_end DESC) WHERE payer_id IS NOT NULL;

INSERT INTO ledger_accounts (kind, house_code) VALUES ('HOUSE', 'AGENT_SALARIES') ON CONFLICT DO NOTHING;

CREATE INDEX members_created_idx ON members (created_at);
`,
};
