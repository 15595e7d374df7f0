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

export const SECURITY_PATHS = {
  profile: '/wps/member/profile',
  devices: '/wps/member/devices',
  /** DELETE: ends every other sign-in of the member ("log out everywhere else") */
  otherDevices: '/wps/member/devices/others',
} as const;

/** The security centre's profile: the operator's settings, the member's values, what is bound. */
export interface ProfileDto {
  settings: {
    fields: string[];
    required: string[];
    minAge: 18 | 21;
  };
  /** each enabled field's value ('' when not filled in) */
  values: Record<string, string>;
  /** the bound mobile number and e-mail, masked (null when none) */
  mobileNum: string | null;
  email: string | null;
}

/** One signed-in device (a live session of the member). */
export interface DeviceDto {
  /** a short public id of the session (not its token) */
  id: string;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
  ip: string | null;
  userAgent: string | null;
}

export const REFERRAL_PATH = '/wps/member/referral';

/** The referral page (REFERRAL3): the member's code, and who registered with it. */
export interface ReferralDto {
  /** the member's own code (their account in capitals); the link is /register?referralCode=<code> */
  code: string;
  /** how many members registered with the code */
  invited: number;
  /** the latest 50 of them, accounts masked */
  list: { account: string; joinedAt: string }[];
}

/** The member's messages (the messageV2 page); every call is for the signed-in real member. */
export const MESSAGE_PATHS = {
  /** GET ?page=1&size=20: newest first */
  inbox: '/wps/relay/CSP_getInbox',
  /** POST { ids }: marks those of the member's messages read */
  read: '/wps/relay/CSP_readInbox',
  /** POST {}: marks every message of the member read */
  readAll: '/wps/relay/CSP_readAllInbox',
  /** POST { ids }: deletes those of the member's messages (they vanish from the inbox) */
  remove: '/wps/relay/CSP_deleteInbox',
} as const;

export const MESSAGE_CATEGORIES = ['SYSTEM', 'PROMOTION', 'ACCOUNT'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

export interface MessageDto {
  id: number;
  title: string;
  /** rich text the server sanitised (safe to render as HTML) */
  content: string;
  category: MessageCategory;
  createdAt: string;
  read: boolean;
}

export interface InboxDto {
  list: MessageDto[];
  page: number;
  size: number;
  total: number;
  totalPages: number;
  /** the member's unread messages (all pages) */
  unread: number;
}

/** The answer of read, readAll and remove: how many messages changed, and the unread left. */
export interface MessageChangeDto {
  changed: number;
  unread: number;
}

/** The authenticator app (TOTP, RFC 6238) of the security centre. */
export const AUTHENTICATOR_PATHS = {
  /** GET: { enabled, recoveryLeft }; DELETE { code }: turns it off */
  status: '/wps/member/authenticator',
  /** POST {}: a new secret to scan (replaces one not yet confirmed) */
  setup: '/wps/member/authenticator/setup',
  /** POST { code }: the first code turns it on; answers the recovery codes, once */
  confirm: '/wps/member/authenticator/confirm',
} as const;

export interface AuthenticatorStatusDto {
  enabled: boolean;
  /** unused recovery codes */
  recoveryLeft: number;
}

export interface AuthenticatorSetupDto {
  /** base32, for typing into the app by hand */
  secret: string;
  /** otpauth://totp/... */
  uri: string;
  /** the QR code of the URI, as a data: URL (SVG) */
  qr: string;
}

export interface AuthenticatorConfirmDto {
  /** shown once; each works once in place of a code */
  recoveryCodes: string[];
}

/** The security centre's codes: payment password reset, binding a mobile or e-mail, password change (CHNGPASSVERIF3). */
export const ACCOUNT_SECURITY_PATHS = {
  /** POST { purpose, channel, mobileNum?, countryDialingCode?, email? } -> { expiredMinutes } */
  code: '/wps/member/security/code',
  /** POST { channel, code, newPassword, confirmPassword } */
  paymentPasswordReset: '/wps/member/payment-password/reset',
  /** PUT { password, code, mobileNum, countryDialingCode? } */
  mobile: '/wps/member/mobile',
  /** PUT { password, code, email } */
  email: '/wps/member/email',
} as const;

/** PAYPWD_RESET and PASSWORD_CHANGE go to the bound channel; BIND to the new number or address. */
export type SecurityCodePurpose = 'PAYPWD_RESET' | 'PASSWORD_CHANGE' | 'BIND';

/** Feedback (messageV2's feedback tab): PUT multipart { content, files[] }; GET the bounds. */
export const FEEDBACK_PATH = '/wps/feedback';
export const FEEDBACK_MAX_IMAGES = 3;
export const FEEDBACK_MAX_BYTES = 5 * 1024 * 1024;
export const FEEDBACK_WORDS_DEFAULT = { min: 5, max: 500 } as const;

export interface FeedbackConfigDto {
  minWords: number;
  maxWords: number;
  maxImages: number;
  maxBytes: number;
}

/** Words as the bounds count them: runs of characters between spaces (Bengali and English alike). */
export function countWords(text: string): number {
  const t = text.trim();
  return t ? t.split(/\s+/u).length : 0;
}

/** The manual rebate page: GET what is claimable now; POST {} claims it (once per Dhaka day). */
export const REBATE_PATH = '/wps/member/rebate';

export interface RebateLineDto {
  gameType: string;
  /** the valid bet since the last claim (poisha, digits) */
  validBet: string;
  /** basis points of the valid bet */
  rateBp: number;
  amount: string;
}

export interface RebateDto {
  /** the Dhaka day a claim now would count for */
  period: string;
  /** bets after this count (the last claim's end; null: all bets) */
  since: string | null;
  lines: RebateLineDto[];
  /** poisha, digits */
  total: string;
  /** whether this period's claim was made */
  claimedThisPeriod: boolean;
  /** the claims made, newest first (at most 20) */
  history: { period: string; amount: string; claimedAt: string }[];
}
