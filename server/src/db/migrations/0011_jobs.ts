import type { Migration } from './index';

/** Leases of periodic jobs (services/jobs.ts): one instance at a time runs each job. */
export const jobs: Migration = {
  version: 11,
  name: 'jobs',
  sql: `
CREATE TABLE job_leases (
  name             text PRIMARY KEY,
  owner            text,
  lease_until      timestamptz,
  last_started_at  timestamptz,
  last_finished_at timestamptz,
  last_error       text
);
`,
};
