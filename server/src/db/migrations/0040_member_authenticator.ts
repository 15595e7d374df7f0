import type { Migration } from './index';

/**
 * The security centre (issue 10): an authenticator app (TOTP, RFC 6238) per member, its secret
 * stored sealed (wrapSecret), confirmed by a first code; the last time step used (a code works
 * once); recovery codes stored hashed, each usable once. The codes sent by SMS or e-mail gain the
 * purposes of the security centre: resetting the payment password, binding a mobile or an e-mail,
 * and changing the password when CHNGPASSVERIF3 is on.
 */
export const memberAuthenticator: Migration = {
  version: 40,
  name: 'member authenticator',
  sql: `
CREATE TABLE member_totp (
  member_id     bigint PRIMARY KEY REFERENCES members (id),
  secret_sealed text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  confirmed_at  timestamptz,
  last_step     bigint
);
CREATE TABLE member_totp_recovery (
  id         bigserial PRIMARY KEY,
  member_id  bigint NOT NULL REFERENCES members (id),
  code_hash  text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at    timestamptz,
  UNIQUE (member_id, code_hash)
);
ALTER TABLE verification_codes DROP CONSTRAINT verification_codes_purpose_check;
ALTER TABLE verification_codes ADD CONSTRAINT verification_codes_purpose_check
  CHECK (purpose IN ('login', 'register', 'reset', 'login-verify', 'paypwd-reset', 'bind', 'password-change'));
`,
};
