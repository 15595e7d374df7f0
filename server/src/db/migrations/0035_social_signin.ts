import type { Migration } from './index';

/**
 * Social sign-in with OpenID Connect (issue 13): the providers operators configure, the sign-ins in
 * flight (state, nonce and PKCE verifier kept on the server, each used once), and the identities
 * linked to members (one member per provider subject).
 */
export const socialSignin: Migration = {
  version: 35,
  name: 'social sign-in',
  sql: `
CREATE TABLE social_providers (
  id            text PRIMARY KEY CHECK (id ~ '^[a-z][a-z0-9-]{1,31}$'),
  label         text NOT NULL CHECK (length(label) BETWEEN 1 AND 40),
  issuer        text NOT NULL,
  client_id     text NOT NULL,
  client_secret text NOT NULL,
  redirect_uri  text,
  enabled       boolean NOT NULL DEFAULT true,
  sort          integer NOT NULL DEFAULT 0,
  updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE social_logins (
  state_hash         text PRIMARY KEY,
  provider           text NOT NULL REFERENCES social_providers (id),
  code_verifier      text NOT NULL,
  nonce              text NOT NULL,
  redirect_uri       text NOT NULL,
  return_to          text NOT NULL,
  link_member_id     bigint,
  referral_code      text,
  language           text NOT NULL,
  ip                 text NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  expires_at         timestamptz NOT NULL,
  called_back_at     timestamptz,
  member_id          bigint,
  handoff_hash       text UNIQUE,
  handoff_expires_at timestamptz,
  completed_at       timestamptz
);
CREATE INDEX social_logins_expires ON social_logins (expires_at);

CREATE TABLE member_identities (
  provider      text NOT NULL REFERENCES social_providers (id),
  subject       text NOT NULL,
  member_id     bigint NOT NULL REFERENCES members (id),
  email         text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz,
  PRIMARY KEY (provider, subject)
);
CREATE INDEX member_identities_member ON member_identities (member_id);
`,
};
