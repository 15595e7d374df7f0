import type { Migration } from './index';

/**
 * Guards of the bonus engine and the points mall (issue 12):
 * - one bonus under wagering per member at a time, kept by the database: at most one participation
 *   per member APPLYING or ISSUED with wagering still required (two applications at once: the
 *   second waits on the first's index entry and fails when it commits);
 * - points from a bet later rolled back are taken back by a REVERSE entry (never an edit of the
 *   EARN entry); each change of a point account counts a revision that names its entry.
 */
export const bonusAndPointsGuards: Migration = {
  version: 48,
  name: 'bonus and points guards',
  sql: `
CREATE UNIQUE INDEX promotion_participations_one_wagering ON promotion_participations (member_id)
  WHERE status IN ('APPLYING', 'ISSUED') AND wagering_required > 0;

ALTER TABLE point_entries DROP CONSTRAINT point_entries_kind_check;
ALTER TABLE point_entries ADD CONSTRAINT point_entries_kind_check
  CHECK (kind IN ('EARN','REDEEM','REFUND','CONVERT','ADJUST','REVERSE'));

ALTER TABLE point_accounts ADD COLUMN revision bigint NOT NULL DEFAULT 0;
`,
};
