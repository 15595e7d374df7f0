import type { Migration } from './index';

/**
 * Real-user signals per remote and version, by the minute (issue 18): loads, failures by reason
 * and boundary errors; and web vitals as histograms (log buckets, 10 % wide), attributed to every
 * remote version that was on the page. Rows older than the operator's retention are deleted by a job.
 */
export const rum: Migration = {
  version: 18,
  name: 'real-user signals',
  sql: `
CREATE TABLE rum_minutes (
  remote          text NOT NULL,
  version         text NOT NULL,
  minute          timestamptz NOT NULL,
  loads           integer NOT NULL DEFAULT 0,
  loaded          integer NOT NULL DEFAULT 0,
  failed_http404  integer NOT NULL DEFAULT 0,
  failed_abort    integer NOT NULL DEFAULT 0,
  failed_timeout  integer NOT NULL DEFAULT 0,
  failed_evaluation integer NOT NULL DEFAULT 0,
  failed_other    integer NOT NULL DEFAULT 0,
  errors          integer NOT NULL DEFAULT 0,
  PRIMARY KEY (remote, version, minute)
);
CREATE INDEX rum_minutes_minute_idx ON rum_minutes (minute);

CREATE TABLE rum_vitals (
  remote  text NOT NULL,
  version text NOT NULL,
  metric  text NOT NULL CHECK (metric IN ('LCP', 'INP', 'CLS')),
  route   text NOT NULL,
  minute  timestamptz NOT NULL,
  bucket  smallint NOT NULL,
  n       integer NOT NULL,
  PRIMARY KEY (remote, version, metric, route, minute, bucket)
);
CREATE INDEX rum_vitals_minute_idx ON rum_vitals (minute);
`,
};
