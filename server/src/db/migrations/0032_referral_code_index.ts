import type { Migration } from './index';

/**
 * The referral page (issue 10) counts the members who registered with a member's code
 * (members.referral_code, as the registration link gave it, in any case): indexed by its upper case.
 */
export const referralCodeIndex: Migration = {
  version: 32,
  name: 'referral code index',
  sql: `
CREATE INDEX members_referral_code_idx ON members (upper(referral_code)) WHERE referral_code IS NOT NULL;
`,
};
