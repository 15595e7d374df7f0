import type { Migration } from './index';

/**
 * Transfer wallets (issue 9): money moved between a member's main wallet and a vendor's wallet.
 *
 * - transfer_vendor_connections: a transfer-wallet vendor connected to its real transfer API (base
 *   URL, signing secret, time-out). A vendor without a row is played by the platform's sandbox:
 *   the member's vendor wallet in the ledger is the vendor's side.
 * - transfer_orders: one row per transfer, with the client's reference (unique per member: a retry
 *   finds the first order) and the platform's reference (globally unique: what the vendor sees and
 *   what the platform asks about after a time-out). Statuses: PENDING (being carried out), SUCCESS,
 *   FAILED (any reserved money is back), UNKNOWN (the vendor did not answer in time: checked by
 *   reference from next_check_at on, never assumed). The ledger postings are keyed by the
 *   platform's reference (transfer:<reference>), so an outcome is applied at most once.
 */
export const transfers: Migration = {
  version: 6,
  name: 'transfers',
  sql: `
CREATE TABLE transfer_vendor_connections (
  vendor_code text PRIMARY KEY REFERENCES game_vendors (code),
  api_url     text NOT NULL CHECK (api_url ~ '^https?://[^\\s]+$' AND length(api_url) <= 2048),
  secret      text NOT NULL CHECK (length(secret) >= 32),
  timeout_ms  integer NOT NULL DEFAULT 5000 CHECK (timeout_ms BETWEEN 100 AND 60000),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE transfer_orders (
  id                      bigserial PRIMARY KEY,
  reference               text NOT NULL UNIQUE CHECK (reference ~ '^T[0-9A-Z]{15,39}$'),
  member_id               bigint NOT NULL REFERENCES members (id),
  client_reference        text NOT NULL CHECK (client_reference ~ '^[A-Za-z0-9_:/-]{8,100}$'),
  -- a recall's orders: the recall's client reference (their own is '<recall reference>/<vendor>')
  recall_reference        text,
  vendor_code             text NOT NULL REFERENCES game_vendors (code),
  direction               text NOT NULL CHECK (direction IN ('IN', 'OUT')),
  amount                  bigint NOT NULL CHECK (amount > 0),
  adapter                 text NOT NULL CHECK (adapter IN ('SANDBOX', 'HTTP')),
  status                  text NOT NULL CHECK (status IN ('PENDING', 'SUCCESS', 'FAILED', 'UNKNOWN')),
  error_code              text,
  -- the vendor's balance for the member after the transfer, when it said
  vendor_balance          bigint,
  ledger_transaction_id   bigint REFERENCES ledger_transactions (id),
  reversal_transaction_id bigint REFERENCES ledger_transactions (id),
  checks                  integer NOT NULL DEFAULT 0,
  next_check_at           timestamptz,
  last_error              text CHECK (length(last_error) <= 500),
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now(),
  completed_at            timestamptz,
  UNIQUE (member_id, client_reference),
  CHECK ((status IN ('SUCCESS', 'FAILED')) = (completed_at IS NOT NULL))
);
CREATE INDEX transfer_orders_member_idx ON transfer_orders (member_id, created_at DESC, id DESC);
CREATE INDEX transfer_orders_check_idx ON transfer_orders (next_check_at) WHERE status IN ('PENDING', 'UNKNOWN');
CREATE INDEX transfer_orders_recall_idx ON transfer_orders (member_id, recall_reference) WHERE recall_reference IS NOT NULL;
`,
};
