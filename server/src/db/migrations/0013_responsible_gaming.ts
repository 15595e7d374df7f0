import type { Migration } from './index';

/**
 * Responsible gambling (issue 16).
 *
 * - rg_profiles: one row per member who set anything (members without one pay nothing on the hot
 *   paths): the reality-check interval, the session time limit, the exclusion in force (a time-out
 *   or a self-exclusion; excluded_until null with a kind: permanent), and whether a loss limit is
 *   set (wallet_bet reads that flag with one primary-key lookup). Deposits and bets of a member
 *   with limits lock this row in their transaction, so parallel ones cannot pass a limit together.
 * - rg_limits: deposit and loss limits per rolling 24 hours, 7 days and 30 days, with a requested
 *   increase or removal waiting its 24 hours (pending_*), applied only when the member confirms.
 * - rg_audit: every change, by whom (member:<id>, ops:<name>), append-only.
 */
export const responsibleGaming: Migration = {
  version: 13,
  name: 'responsible gaming',
  sql: `
CREATE TABLE rg_profiles (
  member_id             bigint PRIMARY KEY REFERENCES members (id),
  reality_check_minutes integer CHECK (reality_check_minutes BETWEEN 1 AND 240),
  session_limit_minutes integer CHECK (session_limit_minutes BETWEEN 5 AND 1440),
  loss_limited          boolean NOT NULL DEFAULT false,
  deposit_limited       boolean NOT NULL DEFAULT false,
  excluded_kind         text CHECK (excluded_kind IN ('TIMEOUT', 'SELF_EXCLUSION')),
  excluded_from         timestamptz,
  excluded_until        timestamptz,
  excluded_by           text,
  updated_at            timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT rg_profiles_exclusion CHECK ((excluded_kind IS NULL) = (excluded_from IS NULL))
);
CREATE INDEX rg_profiles_excluded_idx ON rg_profiles (excluded_until) WHERE excluded_kind IS NOT NULL;

CREATE TABLE rg_limits (
  member_id            bigint NOT NULL REFERENCES members (id),
  kind                 text NOT NULL CHECK (kind IN ('DEPOSIT', 'LOSS')),
  period               text NOT NULL CHECK (period IN ('DAY', 'WEEK', 'MONTH')),
  amount               bigint CHECK (amount > 0),
  pending              boolean NOT NULL DEFAULT false,
  pending_amount       bigint CHECK (pending_amount > 0),
  pending_effective_at timestamptz,
  updated_at           timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, kind, period),
  CONSTRAINT rg_limits_pending CHECK (pending = (pending_effective_at IS NOT NULL) AND (pending OR pending_amount IS NULL))
);

CREATE TABLE rg_audit (
  id         bigserial PRIMARY KEY,
  member_id  bigint NOT NULL REFERENCES members (id),
  action     text NOT NULL CHECK (action ~ '^[A-Z_]{2,40}$'),
  detail     jsonb NOT NULL DEFAULT '{}'::jsonb,
  actor      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rg_audit_member_idx ON rg_audit (member_id, id DESC);
CREATE TRIGGER rg_audit_append_only BEFORE UPDATE OR DELETE ON rg_audit
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
`,
};
