import type { Migration } from './index';

/**
 * Deposits and withdrawals (issue 9).
 *
 * - payment_gateways: the payment service providers the platform talks to, each with the secret
 *   that signs its callbacks. SANDBOX ships with the platform (its payment page is served by the
 *   server itself); a real PSP is one more row and one more adapter in code.
 * - payment_channels: what the member picks on the deposit page (bKash, Nagad, Rocket, bank
 *   transfer), each with the operator's minimum, maximum, fee, quick amounts, switch and order.
 * - deposit_orders: one per deposit attempt, PENDING until the gateway says PAID or FAILED, or the
 *   scheduled check finds it EXPIRED. A PAID order names the one ledger posting that credited it.
 * - payment_callbacks: every callback whose signature was good, as received (the audit trail).
 * - sandbox_gateway_payments: the sandbox PSP's own book (what an outside PSP would keep on its
 *   side): the platform never reads it except through the gateway adapter's status query.
 * - withdraw_accounts: the member's bound bank and mobile-wallet accounts (removed ones are kept).
 * - withdrawals: one per request, with a snapshot of the account it pays to; the request's ledger
 *   posting moved the amount to WITHDRAWALS_PAYABLE; an operator approves (paid out) or rejects
 *   (the posting is reversed). The member then confirms received or not received (with proof),
 *   or it counts as received after the operator's time-out.
 * - withdrawal_proofs: the proof images, in the database so every API server can serve them.
 */
export const payments: Migration = {
  version: 5,
  name: 'payments',
  sql: `
CREATE TABLE payment_gateways (
  code       text PRIMARY KEY CHECK (code ~ '^[A-Z][A-Z0-9_]{1,30}$'),
  name       text NOT NULL,
  secret     text NOT NULL CHECK (length(secret) >= 32),
  enabled    boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO payment_gateways (code, name, secret)
VALUES ('SANDBOX', 'Sandbox gateway', replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));

CREATE TABLE payment_channels (
  code          text PRIMARY KEY CHECK (code ~ '^[A-Z][A-Z0-9_]{1,30}$'),
  method        text NOT NULL CHECK (method IN ('BKASH', 'NAGAD', 'ROCKET', 'BANK')),
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  name_bn       text NOT NULL CHECK (length(name_bn) BETWEEN 1 AND 60),
  gateway       text NOT NULL REFERENCES payment_gateways (code),
  min_amount    bigint NOT NULL CHECK (min_amount > 0),
  max_amount    bigint NOT NULL,
  fee_bps       integer NOT NULL DEFAULT 0 CHECK (fee_bps BETWEEN 0 AND 2000),
  fee_fixed     bigint NOT NULL DEFAULT 0 CHECK (fee_fixed >= 0),
  quick_amounts bigint[] NOT NULL DEFAULT '{}',
  enabled       boolean NOT NULL DEFAULT true,
  sort          integer NOT NULL DEFAULT 0,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  updated_by    text,
  CONSTRAINT payment_channels_range CHECK (max_amount >= min_amount),
  -- the fee can never eat the whole minimum deposit
  CONSTRAINT payment_channels_fee_below_min CHECK (
    (min_amount * fee_bps + 5000) / 10000 + fee_fixed < min_amount
  )
);

-- Bangladesh: personal bKash, Nagad and Rocket accounts send at most ৳25,000 a transaction
-- (Rocket ৳25,000, Nagad ৳25,000), so larger deposits go by bank transfer. bKash and Nagad carry
-- most deposits and are free to the member; Rocket's merchant cost is passed on; a bank transfer
-- has a higher minimum (its cost to process is the same for ৳500 as for ৳5 lakh).
INSERT INTO payment_channels (code, method, name, name_bn, gateway, min_amount, max_amount, fee_bps, fee_fixed, quick_amounts, sort) VALUES
  ('BKASH',  'BKASH',  'bKash',         'বিকাশ',          'SANDBOX', 20000,  2500000, 0,   0, '{50000,100000,200000,500000,1000000,2500000}', 10),
  ('NAGAD',  'NAGAD',  'Nagad',         'নগদ',            'SANDBOX', 20000,  2500000, 0,   0, '{50000,100000,200000,500000,1000000,2500000}', 20),
  ('ROCKET', 'ROCKET', 'Rocket',        'রকেট',           'SANDBOX', 50000,  2500000, 100, 0, '{50000,100000,200000,500000,1000000,2500000}', 30),
  ('BANK',   'BANK',   'Bank transfer', 'ব্যাংক ট্রান্সফার', 'SANDBOX', 100000, 50000000, 0, 0, '{100000,500000,1000000,2500000,5000000,10000000}', 40);

CREATE TABLE deposit_orders (
  id                    bigserial PRIMARY KEY,
  order_no              text NOT NULL UNIQUE,
  request_key           text,
  member_id             bigint NOT NULL REFERENCES members (id),
  channel_code          text NOT NULL REFERENCES payment_channels (code),
  method                text NOT NULL,
  gateway               text NOT NULL REFERENCES payment_gateways (code),
  amount                bigint NOT NULL CHECK (amount > 0),
  fee                   bigint NOT NULL CHECK (fee >= 0),
  credit                bigint NOT NULL CHECK (credit > 0),
  status                text NOT NULL CHECK (status IN ('PENDING', 'PAID', 'FAILED', 'EXPIRED')),
  pay_url               text,
  gateway_reference     text,
  failure_reason        text,
  late                  boolean NOT NULL DEFAULT false,
  ledger_transaction_id bigint REFERENCES ledger_transactions (id),
  created_by            text NOT NULL,
  ip                    text,
  language              text NOT NULL DEFAULT 'BN',
  created_at            timestamptz NOT NULL DEFAULT now(),
  expires_at            timestamptz NOT NULL,
  paid_at               timestamptz,
  closed_at             timestamptz,
  updated_at            timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT deposit_orders_credit CHECK (credit = amount - fee),
  CONSTRAINT deposit_orders_paid CHECK ((status = 'PAID') = (ledger_transaction_id IS NOT NULL AND paid_at IS NOT NULL))
);
CREATE UNIQUE INDEX deposit_orders_request_key ON deposit_orders (member_id, request_key) WHERE request_key IS NOT NULL;
CREATE INDEX deposit_orders_member_idx ON deposit_orders (member_id, created_at DESC, id DESC);
CREATE INDEX deposit_orders_pending_idx ON deposit_orders (expires_at) WHERE status = 'PENDING';
CREATE INDEX deposit_orders_paid_idx ON deposit_orders (member_id, paid_at) WHERE status = 'PAID';

CREATE TABLE payment_callbacks (
  id          bigserial PRIMARY KEY,
  gateway     text NOT NULL,
  order_no    text,
  event       text NOT NULL,
  outcome     text NOT NULL,
  body        text NOT NULL,
  ip          text,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_callbacks_order_idx ON payment_callbacks (order_no, id);

CREATE TABLE sandbox_gateway_payments (
  order_no     text PRIMARY KEY,
  psp_txn_id   text NOT NULL UNIQUE,
  method       text NOT NULL,
  amount       bigint NOT NULL CHECK (amount > 0),
  status       text NOT NULL CHECK (status IN ('OPEN', 'PAID', 'DECLINED')),
  notify_path  text NOT NULL,
  return_path  text,
  payer        text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  decided_at   timestamptz,
  notified_at  timestamptz,
  notify_status integer
);

CREATE TABLE withdraw_accounts (
  id          bigserial PRIMARY KEY,
  member_id   bigint NOT NULL REFERENCES members (id),
  method      text NOT NULL CHECK (method IN ('BKASH', 'NAGAD', 'ROCKET', 'BANK')),
  account_no  text NOT NULL CHECK (account_no ~ '^[0-9]{8,20}$'),
  holder_name text NOT NULL CHECK (length(holder_name) BETWEEN 2 AND 50),
  bank_name   text CHECK (length(bank_name) <= 80),
  branch      text CHECK (length(branch) <= 80),
  created_at  timestamptz NOT NULL DEFAULT now(),
  removed_at  timestamptz,
  CONSTRAINT withdraw_accounts_bank CHECK ((method = 'BANK') = (bank_name IS NOT NULL AND branch IS NOT NULL))
);
CREATE UNIQUE INDEX withdraw_accounts_live_key ON withdraw_accounts (member_id, method, account_no) WHERE removed_at IS NULL;
CREATE INDEX withdraw_accounts_member_idx ON withdraw_accounts (member_id) WHERE removed_at IS NULL;

CREATE TABLE withdrawals (
  id                      bigserial PRIMARY KEY,
  request_key             text,
  member_id               bigint NOT NULL REFERENCES members (id),
  account_id              bigint NOT NULL REFERENCES withdraw_accounts (id),
  method                  text NOT NULL,
  account_no              text NOT NULL,
  holder_name             text NOT NULL,
  bank_name               text,
  branch                  text,
  amount                  bigint NOT NULL CHECK (amount > 0),
  status                  text NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
  ledger_transaction_id   bigint NOT NULL REFERENCES ledger_transactions (id),
  decision_transaction_id bigint REFERENCES ledger_transactions (id),
  requested_at            timestamptz NOT NULL DEFAULT now(),
  decided_at              timestamptz,
  decided_by              text,
  reject_reason           text CHECK (length(reject_reason) <= 500),
  payout_reference        text CHECK (length(payout_reference) <= 100),
  confirmation            text CHECK (confirmation IN ('RECEIVED', 'NOT_RECEIVED', 'AUTO_RECEIVED')),
  confirmed_at            timestamptz,
  auto_receive_at         timestamptz,
  complaint               text CHECK (length(complaint) <= 140),
  ip                      text,
  CONSTRAINT withdrawals_decided CHECK ((status = 'PENDING') = (decided_at IS NULL)),
  CONSTRAINT withdrawals_reason CHECK ((status = 'REJECTED') = (reject_reason IS NOT NULL)),
  CONSTRAINT withdrawals_confirmed CHECK (confirmation IS NULL OR status = 'APPROVED')
);
CREATE UNIQUE INDEX withdrawals_request_key ON withdrawals (member_id, request_key) WHERE request_key IS NOT NULL;
CREATE INDEX withdrawals_member_idx ON withdrawals (member_id, requested_at DESC, id DESC);
CREATE INDEX withdrawals_pending_idx ON withdrawals (requested_at) WHERE status = 'PENDING';
CREATE INDEX withdrawals_auto_receive_idx ON withdrawals (auto_receive_at) WHERE status = 'APPROVED' AND confirmation IS NULL;

CREATE TABLE withdrawal_proofs (
  id            bigserial PRIMARY KEY,
  withdrawal_id bigint NOT NULL REFERENCES withdrawals (id),
  file_name     text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 120),
  content_type  text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  size          integer NOT NULL CHECK (size > 0 AND size <= 5242880),
  sha256        text NOT NULL,
  data          bytea NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX withdrawal_proofs_withdrawal_idx ON withdrawal_proofs (withdrawal_id, id);
`,
};
