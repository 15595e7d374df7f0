import type { Migration } from './index';

/**
 * Sign-in, registration and passwords (issue 4).
 *
 * Secrets are never stored in the clear: passwords (and payment passwords) as argon2id PHC
 * strings, session and remember tokens, captcha answers, one-time codes and verification ids as
 * SHA-256 digests. The sealed-body private key (crypto_keys) is stored encrypted with
 * KHELA_SEAL_KEK when that is set, otherwise as plain PKCS#8 protected only by database access
 * (see server/src/http/sealed.ts): every API server must read it, so it lives here.
 */
export const auth: Migration = {
  version: 3,
  name: 'auth',
  sql: `
ALTER TABLE members
  ADD COLUMN password_changed_at      timestamptz,
  ADD COLUMN must_change_password     boolean NOT NULL DEFAULT false,
  ADD COLUMN temp_password_hash       text,
  ADD COLUMN temp_password_expires_at timestamptz,
  ADD COLUMN payment_password_hash    text,
  ADD COLUMN country_dialing_code     text,
  ADD COLUMN registration_ip          text,
  ADD COLUMN register_method          text,
  ADD COLUMN referral_code            text,
  ADD COLUMN affiliate_code           text,
  ADD COLUMN parent_agent_id          bigint REFERENCES members (id),
  ADD COLUMN profile                  jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN last_login_at            timestamptz;
CREATE INDEX members_email_idx ON members (lower(email)) WHERE email IS NOT NULL;
CREATE INDEX members_parent_agent_idx ON members (parent_agent_id) WHERE parent_agent_id IS NOT NULL;

-- A session opened by a registration whose password the server generated may set the first
-- password without the old one (nobody knows it).
ALTER TABLE sessions ADD COLUMN password_setup boolean NOT NULL DEFAULT false;

-- IPs a member registered or logged in from: a login from any other IP is verified first.
CREATE TABLE member_known_ips (
  member_id     bigint NOT NULL REFERENCES members (id),
  ip            text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, ip)
);

-- Server-drawn captcha images: single use, short-lived, bound to the IP they were drawn for.
CREATE TABLE captchas (
  id          text PRIMARY KEY,
  answer_hash text NOT NULL,
  ip          text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX captchas_expires_idx ON captchas (expires_at);

-- One-time codes sent by SMS or e-mail. Only the newest unused code of a (purpose, target) counts.
CREATE TABLE verification_codes (
  id         bigserial PRIMARY KEY,
  purpose    text NOT NULL CHECK (purpose IN ('login', 'register', 'reset', 'login-verify')),
  target     text NOT NULL,
  code_hash  text NOT NULL,
  ip         text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX verification_codes_target_idx ON verification_codes (purpose, target, id DESC);
CREATE INDEX verification_codes_expires_idx ON verification_codes (expires_at);

-- Remember-me: device-bound, single-use tokens (a new one replaces it at every use).
CREATE TABLE remember_tokens (
  token_hash  text PRIMARY KEY,
  member_id   bigint NOT NULL REFERENCES members (id),
  device_hash text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  revoked_at  timestamptz
);
CREATE INDEX remember_tokens_member_idx ON remember_tokens (member_id);

-- Extra verification of a login from an unregistered IP: the password was right; a code sent to
-- the bound mobile or e-mail completes the login.
CREATE TABLE login_verifications (
  id_hash           text PRIMARY KEY,
  member_id         bigint NOT NULL REFERENCES members (id),
  ip                text NOT NULL,
  methods           text[] NOT NULL,
  remember          boolean NOT NULL DEFAULT false,
  device_hash       text,
  revoke_token_hash text,
  temp_password     boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL DEFAULT now(),
  expires_at        timestamptz NOT NULL,
  completed_at      timestamptz
);
CREATE INDEX login_verifications_member_idx ON login_verifications (member_id);

-- Messages of the development provider (and a record of what was sent through it).
CREATE TABLE outbox (
  id         bigserial PRIMARY KEY,
  channel    text NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient  text NOT NULL,
  subject    text,
  body       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_recipient_idx ON outbox (recipient, id DESC);

-- Key pairs shared by every API server: one active key per purpose; retired keys still open
-- bodies sealed before the rotation for a while.
CREATE TABLE crypto_keys (
  kid         text PRIMARY KEY,
  purpose     text NOT NULL,
  spki        text NOT NULL,
  private_key text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  retired_at  timestamptz
);
CREATE UNIQUE INDEX crypto_keys_active_idx ON crypto_keys (purpose) WHERE retired_at IS NULL;

-- Agents' invitation (affiliate) codes: a registration naming one joins that agent's downline.
CREATE TABLE affiliate_codes (
  code        text PRIMARY KEY CHECK (code = upper(code)),
  member_id   bigint NOT NULL REFERENCES members (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  disabled_at timestamptz
);
CREATE INDEX affiliate_codes_member_idx ON affiliate_codes (member_id);

-- The password rule the platform shipped with (letters and digits, 6 to 20) refuses symbols,
-- spaces and long passphrases: replace it when an operator has not changed it.
UPDATE registration_field_rules
   SET pattern_id = 'ANY', accepted_pattern = '*', min_length = 8, max_length = 64
 WHERE field = 'password' AND pattern_id = 'LETTERS_DIGITS' AND accepted_pattern = '^[A-Za-z0-9]+$'
   AND min_length = 6 AND max_length = 20;
`,
};
