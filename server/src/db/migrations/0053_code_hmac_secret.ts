import type { Migration } from './index';

/**
 * Verification codes as an HMAC (issue 15, hardening 10): SMS and e-mail codes are stored as an
 * HMAC-SHA-256 under a server secret, not a bare SHA-256 of six digits (which a database reader
 * reverses in a million tries). The secret is made at first use, one row every instance reads,
 * stored under KHELA_SEAL_KEK when that is set. Codes in flight were hashed the old way: they live
 * minutes, so they are simply ended here (a member asks for a new one).
 */
export const codeHmacSecret: Migration = {
  version: 53,
  name: 'verification code HMAC secret',
  sql: `
CREATE TABLE server_secrets (
  name       text PRIMARY KEY,
  secret     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
UPDATE verification_codes SET expires_at = now() WHERE expires_at > now();
`,
};
