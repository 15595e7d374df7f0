import type { Migration } from './index';

/**
 * Real-user signals buffered in Redis (issue 18): each batch an instance moves from Redis into
 * rum_minutes/rum_vitals is recorded here in the same transaction, so a batch retried after a crash
 * (or taken over by another instance) is added once and only once. Pruned with the signals.
 */
export const rumFlushes: Migration = {
  version: 30,
  name: 'rum flushes',
  sql: `
CREATE TABLE rum_flushes (
  batch      text PRIMARY KEY,
  flushed_at timestamptz NOT NULL DEFAULT now()
);
`,
};
