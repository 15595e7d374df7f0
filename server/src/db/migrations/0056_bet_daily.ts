import type { Migration } from './index';

/**
 * A member's bets per Asia/Dhaka day, pre-aggregated for the agent centre's team reports (team
 * overview, team betting totals, profit and loss per member): a top agent's team can hold every
 * member, and summing a million bet records per request took seconds. The agent reports' ranges
 * are whole Dhaka days (see resolveRange), so a day's row answers them exactly.
 *
 * Kept by statement triggers on bet_records with transition tables, in the same transaction as
 * the bet it counts: every insert, status change (settled, rolled back) or delete of any code path
 * moves its day's row by the difference, so no code can forget it and it is never behind. A
 * statement that changes nothing counted (updated_at alone) writes nothing. Rows are written in
 * (member, day) order, so two statements touching the same members cannot deadlock on them.
 *
 * Also an index of the payment transactions (deposits, withdrawals), which the team overview sums.
 *
 * Counted as the reports count: bets (every status), live_bets, stake and valid_bet (not rolled
 * back), payout and profit (settled: payout − stake). Asia/Dhaka is UTC+6 all year.
 */
/** A bet's Dhaka day, and what it counts (sign -1: as it was before an update or delete). */
const counted = (table: string, sign: 1 | -1) => {
  const v = (expr: string) => (sign === 1 ? expr : `-(${expr})`);
  return `SELECT member_id, ((placed_at AT TIME ZONE 'UTC') + interval '6 hours')::date AS day, ${sign} AS bets,
           ${v(`(status <> 'ROLLED_BACK')::int`)} AS live_bets,
           ${v(`CASE WHEN status <> 'ROLLED_BACK' THEN stake ELSE 0 END`)} AS stake,
           ${v(`CASE WHEN status <> 'ROLLED_BACK' THEN valid_bet ELSE 0 END`)} AS valid_bet,
           ${v(`CASE WHEN status = 'SETTLED' THEN payout ELSE 0 END`)} AS payout,
           ${v(`CASE WHEN status = 'SETTLED' THEN payout - stake ELSE 0 END`)} AS profit
      FROM ${table}`;
};

/**
 * Moves each (member, day) row by the sum of what the changed bets count, in (member, day) order
 * (`merge`: added to the row already there; without, the table is empty).
 */
const apply = (source: string, merge = true) => `
    INSERT INTO bet_daily AS d (member_id, day, bets, live_bets, stake, valid_bet, payout, profit)
    SELECT member_id, day, sum(bets), sum(live_bets), sum(stake), sum(valid_bet), sum(payout), sum(profit)
      FROM (${source}) c
     GROUP BY member_id, day
    HAVING sum(bets) <> 0 OR sum(live_bets) <> 0 OR sum(stake) <> 0 OR sum(valid_bet) <> 0 OR sum(payout) <> 0 OR sum(profit) <> 0
     ORDER BY member_id, day${
       merge
         ? `
    ON CONFLICT (member_id, day) DO UPDATE SET
      bets = d.bets + EXCLUDED.bets, live_bets = d.live_bets + EXCLUDED.live_bets, stake = d.stake + EXCLUDED.stake,
      valid_bet = d.valid_bet + EXCLUDED.valid_bet, payout = d.payout + EXCLUDED.payout, profit = d.profit + EXCLUDED.profit`
         : ''
     };`;

export const betDaily: Migration = {
  version: 56,
  name: 'bet daily',
  sql: `
CREATE TABLE bet_daily (
  member_id  bigint NOT NULL REFERENCES members (id),
  day        date NOT NULL,
  bets       integer NOT NULL DEFAULT 0,
  live_bets  integer NOT NULL DEFAULT 0,
  stake      bigint NOT NULL DEFAULT 0,
  valid_bet  bigint NOT NULL DEFAULT 0,
  payout     bigint NOT NULL DEFAULT 0,
  profit     bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (member_id, day)
);

-- each changed bet counts as it is now, less what it counted as it was (transition tables)
CREATE FUNCTION bet_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN${apply(counted('bet_daily_new', 1))}
  ELSIF TG_OP = 'UPDATE' THEN${apply(`${counted('bet_daily_new', 1)} UNION ALL ${counted('bet_daily_old', -1)}`)}
  ELSE${apply(counted('bet_daily_old', -1))}
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER bet_daily_insert AFTER INSERT ON bet_records
  REFERENCING NEW TABLE AS bet_daily_new FOR EACH STATEMENT EXECUTE FUNCTION bet_daily_apply();
CREATE TRIGGER bet_daily_update AFTER UPDATE ON bet_records
  REFERENCING OLD TABLE AS bet_daily_old NEW TABLE AS bet_daily_new FOR EACH STATEMENT EXECUTE FUNCTION bet_daily_apply();
CREATE TRIGGER bet_daily_delete AFTER DELETE ON bet_records
  REFERENCING OLD TABLE AS bet_daily_old FOR EACH STATEMENT EXECUTE FUNCTION bet_daily_apply();

-- the team overview's deposits and withdrawals: the few payment transactions among the millions of
-- bet postings (found by kind, they were a sequential scan of every transaction)
CREATE INDEX ledger_transactions_payments_idx ON ledger_transactions (created_at)
  WHERE kind IN ('DEPOSIT', 'WITHDRAWAL', 'WITHDRAWAL_REJECTED');

-- the bets already recorded
${apply(counted('bet_records', 1), false)}
`,
};
