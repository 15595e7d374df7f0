// Promotions, the bonus engine, the reward centre and the points mall (issue 12): the paths and the
// shapes the server answers and the remotes read. Amounts are poisha as decimal strings.

/** The spec's promotion categories; 'all' is the tab that shows every one. */
export const PROMOTION_CATEGORIES = [
  'all',
  'sports',
  'live',
  'slots',
  'cards',
  'fish',
  'lotto',
  'rebate',
  'pointsMall',
  'ranking',
  'deposit',
  'app',
  'newbie',
  'others',
] as const;
export type PromotionCategory = Exclude<(typeof PROMOTION_CATEGORIES)[number], 'all'>;

export const PROMOTION_KINDS = ['DEPOSIT_MATCH', 'REBATE', 'CASHBACK', 'FIXED', 'INFO'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** The spec's activity states, from the member's real progress. */
export const ACTIVITY_STATES = [
  'join',
  'claim',
  'applying',
  'close',
  'rejected',
  'issued',
  'claimed',
  'process',
  'joined',
  'comingSoon',
] as const;
export type ActivityState = (typeof ACTIVITY_STATES)[number];

export interface PromotionCardDto {
  id: number;
  code: string;
  category: PromotionCategory;
  kind: PromotionKind;
  title: string;
  startsAt: string;
  endsAt: string | null;
  /** null for an information-only promotion */
  state: ActivityState | null;
  /** why a closed promotion is closed for this member (ENDED, NOT_NEW_MEMBER, ...), else null */
  reason: string | null;
  /** the member's latest participation's status (JOINED, APPLYING, ISSUED, ...), null when none */
  stage: BonusStatus | 'JOINED' | null;
}

export interface PromotionDetailDto extends PromotionCardDto {
  /** sanitised HTML */
  content: string;
  percentBp: number;
  fixedAmount: string;
  maxBonus: string | null;
  minAmount: string;
  wageringMultiplier: number;
  contribution: Record<string, number>;
  onWithdrawal: 'FORFEIT' | 'BLOCK';
  needsApproval: boolean;
  /** the member's current participation */
  progress: {
    basis: string;
    bonus: string;
    wageringRequired: string;
    wageringDone: string;
  } | null;
}

export interface PromotionListDto {
  list: PromotionCardDto[];
  /** promotions the member can join or claim now */
  available: number;
}

export type BonusStatus = 'APPLYING' | 'REJECTED' | 'ISSUED' | 'CLAIMED' | 'FORFEITED';

export interface BonusDto {
  id: number;
  promotionId: number;
  title: string;
  kind: PromotionKind;
  status: BonusStatus;
  bonus: string;
  wageringRequired: string;
  wageringDone: string;
  /** the wagering is met and the bonus waits to be claimed into cash */
  claimable: boolean;
  onWithdrawal: 'FORFEIT' | 'BLOCK';
  appliedAt: string | null;
  issuedAt: string | null;
  claimedAt: string | null;
  rejectReason: string | null;
}

export interface RewardCentreDto {
  claimable: BonusDto[];
  history: BonusDto[];
}

export interface PointBalanceDto {
  points: string;
}

export interface PointRewardDto {
  id: number;
  title: string;
  detail: string;
  points: string;
  stock: number;
  maxPerRedeem: number;
}

export type RedeemStatus = 'IN_PROCESS' | 'REJECTED' | 'APPROVED';

export interface RedemptionDto {
  id: number;
  rewardId: number;
  title: string;
  quantity: number;
  points: string;
  status: RedeemStatus;
  createdAt: string;
  decidedAt: string | null;
}

export interface PointEntryDto {
  id: number;
  kind: 'EARN' | 'REDEEM' | 'REFUND' | 'CONVERT' | 'ADJUST' | 'REVERSE';
  delta: string;
  balanceAfter: string;
  createdAt: string;
}

export interface PointConfigDto {
  /** valid bets (poisha) for one point */
  poishaPerPoint: string;
  minConvert: string;
  /** the member's VIP level and what a point is worth (poisha) at it */
  vipLevel: number;
  memberRate: string;
  rates: { vipLevel: number; poishaPerPoint: string }[];
}

export interface ConvertResultDto {
  points: string;
  amount: string;
  balance: string;
  pointsLeft: string;
}

export const PROMOTION_PATHS = {
  /** GET ?lang=BN|EN&category=: public; with a session each card's state is the member's */
  list: '/wps/relay/MCSFE_getPromotionList',
  /** GET ?id=&lang= */
  detail: '/wps/relay/MCSFE_getPromotionDetail',
  /** POST { id, deviceId? } */
  join: '/wps/relay/MCSFE_joinPromotion',
  /** POST { id }: claims (or applies for) the bonus the member qualifies for */
  claim: '/wps/relay/MCSFE_claimPromotion',
  /** GET ?lang= */
  rewardCentre: '/wps/relay/MCSFE_getRewardCenter',
  /** POST { id }: moves a bonus whose wagering is met into cash, once */
  claimReward: '/wps/relay/MCSFE_claimReward',
  /** GET ?lang= */
  bonusDetails: '/wps/relay/MCSFE_getBonusDetails',
  pointBalance: '/wps/relay/MCSFE_getPointBalance',
  /** GET ?lang= */
  pointRewards: '/wps/relay/MCS2_getPointRewards',
  /** GET ?lang= */
  redeemList: '/wps/relay/MCS2_getRedeemList',
  pointDetails: '/wps/relay/MCS2_getPointDetails',
  pointConfig: '/wps/relay/MCS2_getPointConfig',
  /** POST sealed { rewardId, quantity, requestKey, paymentPassword } */
  redeem: '/wps/relay/passwordCheck/MCS2_redeemPointReward',
  /** POST sealed { points, requestKey, paymentPassword } */
  convert: '/wps/relay/passwordCheck/MCS2_convertPoint',
} as const;

export interface MissionDto {
  id: number;
  code: string;
  title: string;
  gameType: string | null;
  period: 'DAY' | 'WEEK';
  target: string;
  /** valid bets counted this period, never above target */
  progress: string;
  reward: string;
  claimed: boolean;
  claimable: boolean;
  periodEndsAt: string;
}

export interface LeaderboardDto {
  period: 'DAY' | 'WEEK';
  periodStart: string;
  /** the top members by valid bets this period, accounts masked */
  list: { rank: number; account: string; validBet: string; me: boolean }[];
}

export const MISSION_PATHS = {
  /** GET ?lang= */
  list: '/wps/relay/MCSFE_getMissionList',
  /** POST { id } */
  claim: '/wps/relay/MCSFE_claimMission',
  /** GET ?period=DAY|WEEK */
  leaderboard: '/wps/relay/MCSFE_getLeaderboard',
} as const;

export interface RedEnvelopeDto {
  id: number;
  title: string;
  startsAt: string;
  endsAt: string;
  /** open now, not claimed by the member, and something left */
  open: boolean;
  /** the member's amount once claimed */
  claimed: string | null;
  /** nothing left of the budget */
  empty: boolean;
}

export const RED_ENVELOPE_PATHS = {
  /** GET ?lang=: the envelopes open now or starting within a day */
  list: '/wps/relay/MCSFE_getRedEnvelopes',
  /** POST { id } */
  claim: '/wps/relay/MCSFE_claimRedEnvelope',
} as const;

export interface RaffleDto {
  id: number;
  title: string;
  /** tickets are earned from valid bets placed from startsAt until endsAt */
  startsAt: string;
  endsAt: string;
  /** valid bets (poisha) that earn one ticket */
  poishaPerTicket: string;
  /** most tickets one member holds */
  maxTickets: number;
  /** the prize of each place, first place first (poisha) */
  prizes: string[];
  status: 'OPEN' | 'DRAWN';
  /** the member's tickets earned so far (fixed at the draw) */
  tickets: number;
  /** the member claimed their tickets into the draw */
  entered: boolean;
  /** the member may claim now: open, not ended, not entered, at least one ticket */
  claimable: boolean;
  /** once drawn: the member's place and prize, or null */
  won: { place: number; prize: string } | null;
  /** once drawn: every winner, accounts masked */
  winners: { place: number; account: string; prize: string }[];
}

export const RAFFLE_PATHS = {
  /** GET ?lang=: raffles open now or drawn within the last week */
  list: '/wps/relay/MCSFE_getRaffles',
  /** POST { id }: the raffle promotion claim, entering the member's tickets into the draw */
  claim: '/wps/relay/MCSFE_claimRaffle',
} as const;
