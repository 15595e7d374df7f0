import type { Migration } from './index';

/**
 * Money (issue 9): the double-entry ledger, and the seamless-wallet tables it serves.
 *
 * - ledger_accounts: every member's main wallet, one wallet per transfer-wallet vendor, a bonus
 *   wallet (promotions), and the house accounts. A member account keeps its running balance on the
 *   row, guarded by a CHECK that it never goes below zero (the database refuses what the code
 *   might get wrong, also under concurrency: the UPDATE takes the row lock). House accounts keep no
 *   running balance (their balance is the sum of their entries), so every bet does not queue on one
 *   hot row.
 * - ledger_transactions: one per movement, with a unique idempotency key (a replay finds it and
 *   moves nothing) and a fingerprint of what it moved (a replay with other amounts is refused).
 * - ledger_entries: signed amounts (positive: into the account). Every INSERT statement must balance
 *   per transaction (a statement-level trigger), and neither entries nor transactions can ever be
 *   updated or deleted (triggers): a correction is a new, reversing transaction.
 */
export const money: Migration = {
  version: 4,
  name: 'money',
  sql: `
CREATE TABLE ledger_accounts (
  id          bigserial PRIMARY KEY,
  kind        text NOT NULL CHECK (kind IN ('MEMBER_MAIN', 'MEMBER_VENDOR', 'MEMBER_BONUS', 'HOUSE')),
  member_id   bigint REFERENCES members (id),
  vendor_code text,
  house_code  text CHECK (house_code ~ '^[A-Z_]{2,40}$'),
  currency    text NOT NULL DEFAULT 'BDT' CHECK (currency = 'BDT'),
  balance     bigint NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_member_nonnegative CHECK (kind = 'HOUSE' OR balance >= 0),
  CONSTRAINT ledger_accounts_house_untracked CHECK (kind <> 'HOUSE' OR balance = 0),
  CONSTRAINT ledger_accounts_owner CHECK ((kind = 'HOUSE') = (member_id IS NULL) AND (kind = 'HOUSE') = (house_code IS NOT NULL)),
  CONSTRAINT ledger_accounts_vendor CHECK ((kind = 'MEMBER_VENDOR') = (vendor_code IS NOT NULL))
);
CREATE UNIQUE INDEX ledger_accounts_member_key ON ledger_accounts (member_id, kind, coalesce(vendor_code, '')) WHERE member_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_accounts_house_key ON ledger_accounts (house_code) WHERE house_code IS NOT NULL;

INSERT INTO ledger_accounts (kind, house_code) VALUES
  ('HOUSE', 'PAYMENT_CLEARING'),
  ('HOUSE', 'PAYMENT_FEES'),
  ('HOUSE', 'GAME_REVENUE'),
  ('HOUSE', 'MANUAL_ADJUSTMENTS'),
  ('HOUSE', 'WITHDRAWALS_PAYABLE'),
  ('HOUSE', 'VENDOR_CLEARING');

CREATE TABLE ledger_transactions (
  id              bigserial PRIMARY KEY,
  idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  kind            text NOT NULL CHECK (kind ~ '^[A-Z_]{2,40}$'),
  member_id       bigint REFERENCES members (id),
  reference       text,
  reverses_id     bigint REFERENCES ledger_transactions (id),
  memo            text CHECK (length(memo) <= 500),
  created_by      text NOT NULL,
  fingerprint     text NOT NULL,
  meta            jsonb,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX ledger_transactions_key ON ledger_transactions (idempotency_key);
-- a transaction is reversed at most once
CREATE UNIQUE INDEX ledger_transactions_reverses ON ledger_transactions (reverses_id) WHERE reverses_id IS NOT NULL;
CREATE INDEX ledger_transactions_member_idx ON ledger_transactions (member_id, created_at DESC, id DESC) WHERE member_id IS NOT NULL;

CREATE TABLE ledger_entries (
  id             bigserial PRIMARY KEY,
  transaction_id bigint NOT NULL REFERENCES ledger_transactions (id),
  account_id     bigint NOT NULL REFERENCES ledger_accounts (id),
  amount         bigint NOT NULL CHECK (amount <> 0),
  -- the account's balance after this entry (member accounts; null for house accounts)
  balance_after  bigint,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id);
CREATE INDEX ledger_entries_transaction_idx ON ledger_entries (transaction_id);

CREATE FUNCTION ledger_entries_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_entries GROUP BY transaction_id HAVING sum(amount) <> 0) THEN
    RAISE EXCEPTION 'ledger entries do not balance' USING ERRCODE = '23514', CONSTRAINT = 'ledger_entries_balanced';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_balanced();

CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: post a reversing transaction instead', TG_TABLE_NAME
    USING ERRCODE = '55000', CONSTRAINT = 'ledger_append_only';
END $$;
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();

-- Each vendor is seamless (bets debit the member's main wallet through the wallet API) or
-- transfer-wallet (the member moves money into the vendor's wallet and back).
ALTER TABLE game_vendors
  ADD COLUMN wallet_mode text NOT NULL DEFAULT 'SEAMLESS' CHECK (wallet_mode IN ('SEAMLESS', 'TRANSFER'));
-- a database seeded before this migration: the seed's transfer-wallet vendors (see catalogue.seed.ts)
UPDATE game_vendors SET wallet_mode = 'TRANSFER'
 WHERE code IN ('DEEPNET', 'CORALHUNT', 'BAYFISH', 'CARDHOUSE', 'ADDACARDS', 'KINGSCOURT', 'ACETABLE', 'BAZAARCARDS');

-- A vendor's secret for signing wallet-API calls (HMAC-SHA256). A rotation keeps the previous
-- secret valid until retire_at, so a connected vendor can switch without a failed call.
CREATE TABLE vendor_wallet_secrets (
  id          bigserial PRIMARY KEY,
  vendor_code text NOT NULL REFERENCES game_vendors (code),
  secret      text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  retire_at   timestamptz
);
CREATE INDEX vendor_wallet_secrets_vendor_idx ON vendor_wallet_secrets (vendor_code, id DESC);

-- The wallet token of a launch: the game's address carries it, the vendor sends it back with
-- every wallet call. Only its hash is stored.
CREATE TABLE wallet_sessions (
  token_hash   text PRIMARY KEY,
  member_id    bigint NOT NULL REFERENCES members (id),
  vendor_code  text NOT NULL REFERENCES game_vendors (code),
  node_id      bigint REFERENCES games (node_id),
  account_type smallint NOT NULL CHECK (account_type IN (0, 1)),
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz
);
CREATE INDEX wallet_sessions_member_idx ON wallet_sessions (member_id, created_at DESC);
CREATE INDEX wallet_sessions_expires_idx ON wallet_sessions (expires_at);

-- Every wallet-API call that was answered, keyed by the vendor's transaction id: a repeat gets the
-- first answer and moves nothing. A rollback of a bet never seen is kept too (kind ROLLBACK,
-- reference_transaction_id naming the bet), so that bet is refused if it arrives later.
CREATE TABLE wallet_transactions (
  vendor_code              text NOT NULL,
  transaction_id           text NOT NULL,
  kind                     text NOT NULL CHECK (kind IN ('BET', 'WIN', 'ROLLBACK')),
  member_id                bigint NOT NULL REFERENCES members (id),
  round_id                 text,
  game_code                text,
  reference_transaction_id text,
  amount                   bigint NOT NULL CHECK (amount >= 0),
  status                   text NOT NULL,
  balance_after            bigint NOT NULL,
  ledger_transaction_id    bigint REFERENCES ledger_transactions (id),
  created_at               timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (vendor_code, transaction_id)
);
CREATE INDEX wallet_transactions_reference_idx ON wallet_transactions (vendor_code, reference_transaction_id)
  WHERE reference_transaction_id IS NOT NULL;

-- One record per bet: what the member, the vendor and the reports see.
CREATE TABLE bet_records (
  id                 bigserial PRIMARY KEY,
  member_id          bigint NOT NULL REFERENCES members (id),
  vendor_code        text NOT NULL,
  node_id            bigint REFERENCES games (node_id),
  game_code          text NOT NULL,
  game_type          text NOT NULL,
  round_id           text NOT NULL,
  bet_transaction_id text NOT NULL,
  wallet             text NOT NULL CHECK (wallet IN ('MAIN', 'VENDOR')),
  stake              bigint NOT NULL CHECK (stake >= 0),
  payout             bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
  valid_bet          bigint NOT NULL DEFAULT 0 CHECK (valid_bet >= 0),
  status             text NOT NULL CHECK (status IN ('OPEN', 'SETTLED', 'ROLLED_BACK')),
  placed_at          timestamptz NOT NULL DEFAULT now(),
  settled_at         timestamptz,
  updated_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (vendor_code, bet_transaction_id)
);
CREATE INDEX bet_records_member_idx ON bet_records (member_id, placed_at DESC, id DESC);
CREATE INDEX bet_records_placed_idx ON bet_records (placed_at);
CREATE INDEX bet_records_round_idx ON bet_records (vendor_code, round_id);
`,
};
