/**
 * The live channel's contract (socket.io at /socket.io): what the server pushes to a logged-in
 * member, by event name. The server's `app.live.toMember(memberId, event, payload)` and the
 * browser's `onLiveEvent(event, handler)` (from @khela/session) are both typed by this map, so a
 * later issue adds its event here (one line) and both sides know it.
 */
import type { MinorString } from './money';
import type { TransferDto } from './transfer';
import type { UnreadCountDto } from './member-centre';
import type { ChatMessageDto } from './chat';

/** One wallet as GET /wps/v2/wallets/balance lists it. */
export interface WalletLineDto {
  /** MAIN, BONUS, or the vendor code of a transfer wallet */
  walletCode: string;
  walletName: string;
  type: 'MAIN' | 'TRANSFER' | 'BONUS';
  /** poisha as a string of digits */
  balance: MinorString;
}

/** The value of GET /wps/v2/wallets/balance, and the payload of the live `balance` event. */
export interface WalletBalanceDto {
  sumBalance: MinorString;
  currency: string;
  currencySymbol: string;
  isSingle: boolean;
  wallets: WalletLineDto[];
}

/** Why the server ended a member's live connection (the `logout` event); EXCLUDED: the member took a
 * time-out or self-excluded (no login popup for them). */
export type LiveLogoutReason = 'SESSION_ENDED' | 'FORCED' | 'EXCLUDED';

/** Every event the server pushes, with its payload. Later issues add theirs here. */
export interface LiveEventMap {
  /** the member's balances after a committed movement (same shape as the balance call's value) */
  balance: WalletBalanceDto;
  /** the session behind the connection ended (logout elsewhere, expiry, an operator): log out here too */
  logout: { reason: LiveLogoutReason };
  /** a transfer-wallet transfer was settled after the request answered (a vendor's late answer) */
  transfer: TransferDto;
  /** an operator added or changed an announcement (reload the notices, popups and banners) */
  announcement: { id: number; type: 'B' | 'PL' | 'PU' | 'PR' };
  /** the member's unread counts changed (a message arrived or was read) */
  badges: UnreadCountDto;
  /** a lottery draw the member bet on was settled or voided (issue 17): its result and what the member's bets on it paid */
  lotteryDraw: LotteryDrawEvent;
  /** a contract the member is a party of was offered, accepted, rejected or terminated (issue 11) */
  contract: {
    id: number;
    kind: 'REALTIME' | 'HOURLY' | 'DAILY' | 'DIVIDEND';
    status: 'OFFERED' | 'ACTIVE' | 'REJECTED' | 'TERMINATED';
  };
  /** a live-chat message in the member's conversation, from an operator or from the member's other tab (issue 13) */
  chat: ChatMessageDto;
}

/** The live `lotteryDraw` event: one per member and draw, once the member's bets on it are settled or refunded. */
export interface LotteryDrawEvent {
  gameCode: string;
  drawIndex: number;
  numero: string;
  /** SETTLED: the draw ran and the bets were paid; VOID: an operator cancelled it and the stakes were refunded */
  status: 'SETTLED' | 'VOID';
  /** the drawn numbers, top prize first (null for a voided draw) */
  numbers: string[] | null;
  /** how many of the member's bets on the draw this event covers */
  bets: number;
  /** what they paid together, poisha (0 for a loss or a void; a void's refund is the stake) */
  payout: MinorString;
}

export type LiveEventName = keyof LiveEventMap;

/** The socket.io path (served by the API on the page's own origin). */
export const LIVE_PATH = '/socket.io';

/**
 * Why the server refused a connection (`connect_error`'s `data.code`). NOT_LOGGED_IN and
 * NEED_REAL_ACCOUNT are final (the client stops trying); UNAVAILABLE is worth a retry.
 */
export type LiveRefusal = 'NOT_LOGGED_IN' | 'NEED_REAL_ACCOUNT' | 'UNAVAILABLE';
