import type { Migration } from './index';

/**
 * The prize mode a lottery bet was placed under (issue 17): LOTT, ZY, ELOTT or SEA, whose odds it
 * carries. Bets placed before this migration were all on the northern lottery in its first mode, LOTT.
 */
export const lotteryPrizeMode: Migration = {
  version: 29,
  name: 'lottery prize mode',
  sql: `
ALTER TABLE lottery_bets ADD COLUMN prize_mode text NOT NULL DEFAULT 'LOTT'
  CHECK (prize_mode IN ('LOTT', 'ZY', 'ELOTT', 'SEA'));
`,
};
