/**
 * The member centre's frame (issue 10): the summary at its top (account, VIP label) and the unread
 * badges of its menu (mission, message, reward), loaded once and kept live by the `badges` event.
 */

export const MEMBER_CENTRE_PATHS = {
  summary: '/wps/member/summary',
  unreadCount: '/wps/relay/CSP_unreadCount',
} as const;

/** The menu items that carry an unread badge. */
export const BADGE_KINDS = ['mission', 'message', 'reward'] as const;
export type BadgeKind = (typeof BADGE_KINDS)[number];

/** How many unread items each badged menu item has (a badge shows only above 0). */
export type UnreadCountDto = Record<BadgeKind, number>;

/** One VIP level as the operator sets it (setting `vipLevels`): reached at a lifetime valid bet. */
export interface VipLevel {
  level: number;
  labelName: string;
  /** the lifetime valid bet (poisha, digits) from which a member has this level */
  minValidBet: string;
}

export interface MemberSummaryDto {
  account: string;
  nickname: string;
  /** false when the operator has no VIP levels */
  hasVip: boolean;
  vipRankLevel: number | null;
  vipLabelName: string | null;
}
