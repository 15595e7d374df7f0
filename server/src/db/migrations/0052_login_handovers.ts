import type { Migration } from './index';

/**
 * One-time login codes (issue 15, hardening 5): a link for the browser carries a code, never the
 * session token. The code is stored as its SHA-256, with the session token sealed under a key drawn
 * from the code itself (so the table alone opens nothing); it is good once, for a minute.
 */
export const loginHandovers: Migration = {
  version: 52,
  name: 'login handovers',
  sql: `
CREATE TABLE login_handovers (
  code_hash    text PRIMARY KEY,
  session_hash text NOT NULL,
  sealed_token text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz
);
CREATE INDEX login_handovers_expires ON login_handovers (expires_at);
`,
};
