import type { Migration } from './index';

/**
 * Red envelopes (issue 12): a timed drop operators schedule with a budget; each real member claims
 * once (the unique key), an amount drawn between the operator's bounds and never above what is
 * left of the budget (remaining never below zero).
 */
export const redEnvelopes: Migration = {
  version: 45,
  name: 'red envelopes',
  sql: `
CREATE TABLE red_envelopes (
  id          bigserial PRIMARY KEY,
  title_bn    text NOT NULL CHECK (length(title_bn) BETWEEN 1 AND 200),
  title_en    text NOT NULL CHECK (length(title_en) BETWEEN 1 AND 200),
  starts_at   timestamptz NOT NULL,
  ends_at     timestamptz NOT NULL,
  min_amount  bigint NOT NULL CHECK (min_amount > 0),
  max_amount  bigint NOT NULL,
  budget      bigint NOT NULL CHECK (budget > 0),
  remaining   bigint NOT NULL CHECK (remaining >= 0),
  created_by  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at),
  CHECK (max_amount >= min_amount),
  CHECK (remaining <= budget)
);
CREATE INDEX red_envelopes_window_idx ON red_envelopes (ends_at, starts_at);

CREATE TABLE red_envelope_claims (
  id          bigserial PRIMARY KEY,
  envelope_id bigint NOT NULL REFERENCES red_envelopes (id),
  member_id   bigint NOT NULL REFERENCES members (id),
  amount      bigint NOT NULL CHECK (amount > 0),
  claimed_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (envelope_id, member_id)
);
`,
};
