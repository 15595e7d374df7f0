import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { resolvedThenable } from '@khela/ui';

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

/** A page's component, loaded in its own chunk when the page is first opened (or asked for sooner by preload). */
export type PageComponent = LazyExoticComponent<ComponentType> & { preload: () => void };

type PageModule = { default: ComponentType };

/**
 * A page's lazy component. A chunk that has already arrived (preloaded as the centre's module was
 * evaluated) is handed to React synchronously (resolvedThenable): the page renders without
 * suspending, instead of showing its loading state for at least 300 ms.
 */
export const lazyPage = (load: () => Promise<PageModule>): PageComponent => {
  let loaded: PageModule | undefined;
  let loading: Promise<PageModule> | undefined;
  const get = () =>
    (loading ??= load().then(
      (m) => (loaded = m),
      (err: unknown) => {
        loading = undefined; // a failed fetch is asked for again by the page's render (React.lazy keeps a rejection)
        throw err;
      },
    ));
  const ready = (): Promise<PageModule> => (loaded ? resolvedThenable(loaded) : get());
  return Object.assign(lazy(ready), { preload: () => void get().catch(() => undefined) });
};

/**
 * The pages built so far, each its own feature folder and its own chunk (loaded when opened).
 * A page that is not here yet shows "nothing here yet".
 */
export const PAGE_COMPONENTS: Partial<Record<MemberPage, PageComponent>> = {
  securityCenter: lazyPage(() => import('./features/security/SecurityCenterPage')),
  transferFund: lazyPage(() => import('./features/transfer/TransferPage')),
  depositv2: lazyPage(() => import('./features/deposit/DepositPage')),
  withdraw: lazyPage(() => import('./features/withdraw/WithdrawPage')),
  transferUpline: lazyPage(() => import('./features/upline/TransferUplinePage')),
  personalHistoryCopy: lazyPage(() => import('./features/records/BetsPage')),
  transactionHistory: lazyPage(() => import('./features/records/TransactionsPage')),
  personalProfit: lazyPage(() => import('./features/records/ProfitPage')),
  bonusDetails: lazyPage(() => import('./features/rewards/BonusDetailsPage')),
  rewardCenter: lazyPage(() => import('./features/rewards/RewardCenterPage')),
  missionLeaderboard: lazyPage(() => import('./features/missions/MissionLeaderboardPage')),
  referral: lazyPage(() => import('./features/referral/ReferralPage')),
  messageV2: lazyPage(() => import('./features/messages/MessagesPage')),
  responsibleGaming: lazyPage(() => import('./features/rg/ResponsibleGamingPage')),
  manualRebate: lazyPage(() => import('./features/rebate/RebatePage')),
};

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
