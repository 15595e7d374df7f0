import type { Migration } from './index';

/**
 * The most a lottery bet may pay (issue 17), fixed when it is placed: the operator's maximum payout
 * per bet (KHELA_LOTTERY_MAX_PAYOUT, default ৳1 crore). A fixed-odds pick ticket pays up to
 * 2,000,000 × its stake; without a cap one ৳10,000 ticket could owe ৳200 crore. Null: uncapped (the
 * bets placed before this migration, which keep the terms they were placed under).
 */
export const lotteryMaxPayout: Migration = {
  version: 55,
  name: 'lottery max payout',
  sql: `
ALTER TABLE lottery_bets ADD COLUMN max_payout bigint CHECK (max_payout IS NULL OR max_payout > 0);
`,
};
