import type { Migration } from './index';

/**
 * The operators' audit log (issue 15, hardening 13): every call of an /ops route, who made it (the
 * X-Operator header the CLI sends), from where, what (route, parameters with secrets redacted) and
 * how it ended. Written after the answer; read with GET /ops/audit or `npm run ops -- audit`.
 */
export const opsAudit: Migration = {
  version: 31,
  name: 'ops audit; remember tokens follow their sign-in',
  sql: `
CREATE TABLE ops_audit (
  id         bigserial PRIMARY KEY,
  at         timestamptz NOT NULL DEFAULT now(),
  operator   text NOT NULL,
  ip         text NOT NULL,
  method     text NOT NULL,
  route      text NOT NULL,
  params     jsonb NOT NULL DEFAULT '{}',
  status     integer NOT NULL,
  outcome    text NOT NULL CHECK (outcome IN ('ok', 'refused', 'failed')),
  error_code text
);
CREATE INDEX ops_audit_operator_idx ON ops_audit (operator, id DESC);

ALTER TABLE remember_tokens ADD COLUMN session_token_hash text;
CREATE INDEX remember_tokens_session_idx ON remember_tokens (session_token_hash) WHERE session_token_hash IS NOT NULL;
`,
};
