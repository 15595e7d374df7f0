import type { Migration } from './index';

export const init: Migration = {
  version: 1,
  name: 'init',
  sql: `
CREATE TABLE merchants (
  code             text PRIMARY KEY,
  name             text NOT NULL,
  default_language text NOT NULL DEFAULT 'BN' CHECK (default_language IN ('BN', 'EN')),
  created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE system_settings (
  key        text PRIMARY KEY,
  value      jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE whitelabel_flags (
  mod_id        text PRIMARY KEY,
  parent_mod_id text REFERENCES whitelabel_flags (mod_id),
  enabled       boolean NOT NULL DEFAULT false,
  sort          integer NOT NULL DEFAULT 0
);
CREATE INDEX whitelabel_flags_parent_idx ON whitelabel_flags (parent_mod_id);

CREATE TABLE registration_field_rules (
  field            text PRIMARY KEY,
  enabled          boolean NOT NULL,
  required         boolean NOT NULL,
  pattern_id       text NOT NULL,
  accepted_pattern text NOT NULL,
  min_length       integer NOT NULL CHECK (min_length >= 0),
  max_length       integer NOT NULL CHECK (max_length >= min_length),
  sort             integer NOT NULL DEFAULT 0
);

CREATE TABLE members (
  id            bigserial PRIMARY KEY,
  account       text NOT NULL UNIQUE CHECK (account = lower(account)),
  nickname      text NOT NULL,
  type          smallint NOT NULL DEFAULT 0 CHECK (type IN (0, 1, 2, 4, 41, 42)),
  password_hash text,
  mobile_num    text,
  email         text,
  language      text NOT NULL DEFAULT 'BN' CHECK (language IN ('BN', 'EN')),
  status        smallint NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX members_mobile_num_key ON members (mobile_num) WHERE mobile_num IS NOT NULL;

CREATE TABLE sessions (
  token_hash     text PRIMARY KEY,
  member_id      bigint NOT NULL REFERENCES members (id),
  created_at     timestamptz NOT NULL DEFAULT now(),
  last_seen_at   timestamptz NOT NULL DEFAULT now(),
  expires_at     timestamptz NOT NULL,
  idle_timeout_s integer NOT NULL CHECK (idle_timeout_s > 0),
  revoked_at     timestamptz,
  ip             text,
  user_agent     text
);
CREATE INDEX sessions_member_idx ON sessions (member_id);
`,
};
