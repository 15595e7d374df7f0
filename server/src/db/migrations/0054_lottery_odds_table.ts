import type { Migration } from './index';

/**
 * The odds table a lottery bet was placed under (issue 17), for the bet types whose odds depend on
 * the unit or the count of matches: a dice total's, a colour's, a pick pool's pay table
 * ("picks:matches" → hundredths). A bet keeps the odds it was placed at; `odds` stays the highest
 * of them. Null for the types of one fixed odds (every bet before this migration).
 */
export const lotteryOddsTable: Migration = {
  version: 54,
  name: 'lottery odds table',
  sql: `
ALTER TABLE lottery_bets ADD COLUMN odds_table jsonb;
`,
};
