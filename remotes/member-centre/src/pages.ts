import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { resolvedThenable } from '@khela/ui';
import type { MemberPage } from './menu';

export {
  DEFAULT_PAGE,
  MEMBER_PAGES,
  MENU_GROUPS,
  PAGE_BADGES,
  PAGE_FLAGS,
  isMemberPage,
  openingPage,
  type MemberPage,
} from './menu';

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
