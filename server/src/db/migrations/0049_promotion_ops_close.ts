import type { Migration } from './index';

/**
 * Operators close a red envelope before its end (issue 12): closed_at and who closed it. A closed
 * envelope is no longer listed to members nor claimable; what was paid from it stays as it was.
 * (Missions close by their existing status, HIDDEN.)
 */
export const promotionOpsClose: Migration = {
  version: 49,
  name: 'promotion ops close',
  sql: `
ALTER TABLE red_envelopes ADD COLUMN closed_at timestamptz, ADD COLUMN closed_by text;
`,
};
