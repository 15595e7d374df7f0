// The member centre's pages and menu as data: no React, no styles. The frame (MemberCentre) and
// the first view the origin draws before any script runs (frame/first-view.ts, built into the
// version's first-view.js) are both made from it.

/** The spec's member-centre pages, in its order. */
export const MEMBER_PAGES = [
  'securityCenter',
  'transferFund',
  'depositv2',
  'withdraw',
  'transferUpline',
  'personalHistoryCopy',
  'transactionHistory',
  'personalProfit',
  'bonusDetails',
  'rewardCenter',
  'referral',
  'missionLeaderboard',
  'messageV2',
  'manualRebate',
  'responsibleGaming',
] as const;

export type MemberPage = (typeof MEMBER_PAGES)[number];

/** The menu, in the spec's three groups (my account, wallet, red envelope); every page is in one. */
export const MENU_GROUPS: readonly { key: 'myAccount' | 'wallet' | 'redEnvelope'; pages: readonly MemberPage[] }[] = [
  { key: 'myAccount', pages: ['securityCenter', 'messageV2', 'referral', 'responsibleGaming'] },
  {
    key: 'wallet',
    pages: [
      'depositv2',
      'withdraw',
      'transferFund',
      'transferUpline',
      'personalHistoryCopy',
      'transactionHistory',
      'personalProfit',
    ],
  },
  { key: 'redEnvelope', pages: ['bonusDetails', 'rewardCenter', 'missionLeaderboard', 'manualRebate'] },
];

/** The menu items that carry an unread badge, and which count they show. */
export const PAGE_BADGES: Partial<Record<MemberPage, 'mission' | 'message' | 'reward'>> = {
  missionLeaderboard: 'mission',
  messageV2: 'message',
  rewardCenter: 'reward',
};

/** Menu items the operator switches on and off with a whitelabel flag (the referral page follows REFERRAL3). */
export const PAGE_FLAGS: Partial<Record<MemberPage, string>> = { referral: 'REFERRAL3' };

export const isMemberPage = (page: string): page is MemberPage => (MEMBER_PAGES as readonly string[]).includes(page);

/** The page /member itself opens. */
export const DEFAULT_PAGE: MemberPage = 'securityCenter';

/** The member page an address of the member centre opens (/member opens the default page), if it is one. */
export function openingPage(pathname: string): MemberPage | undefined {
  const m = /^\/member(?:\/([^/]*))?(?:\/|$)/.exec(pathname);
  if (!m) return undefined;
  const page = m[1] || DEFAULT_PAGE;
  return isMemberPage(page) ? page : undefined;
}
