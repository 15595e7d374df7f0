/**
 * The member's records (issue 10): the betting record, the account record and the profit and loss.
 * The wire contract the server and the member centre share. Amounts are poisha as strings of
 * digits; a signed figure (a profit) may start with '-'. Dates are days in the platform's time zone
 * (Asia/Dhaka, UTC+6, no daylight saving) as yyyy-MM-dd; times are ISO instants.
 */
import type { MinorString } from './money';

export const RECORDS_PATHS = {
  filters: '/wps/records/filters',
  bets: '/wps/records/bets',
  transactions: '/wps/records/transactions',
  profit: '/wps/records/profit',
} as const;

/** The platform's time zone: day, week and month boundaries of every report. */
export const RECORDS_TIME_ZONE = 'Asia/Dhaka';
export const DHAKA_OFFSET_MINUTES = 6 * 60;

/** The date ranges a member picks; CUSTOM needs from and to. */
export const RECORD_RANGES = ['TODAY', 'YESTERDAY', 'LAST_7_DAYS', 'LAST_30_DAYS', 'CUSTOM'] as const;
export type RecordRange = (typeof RECORD_RANGES)[number];
/** The longest custom range, in days (both ends counted), and how far back it may start. */
export const MAX_RANGE_DAYS = 93;
export const MAX_HISTORY_DAYS = 400;
export const PAGE_SIZES = [10, 20, 50] as const;

export const GAME_TYPES = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT'] as const;
export type GameType = (typeof GAME_TYPES)[number];

export type BetStatus = 'OPEN' | 'SETTLED' | 'ROLLED_BACK';

/** The account record's types of movement; each ledger kind maps to one. */
export const MOVEMENT_TYPES = [
  'DEPOSIT',
  'WITHDRAWAL',
  'TRANSFER',
  'BET',
  'WIN',
  'ROLLBACK',
  'BONUS',
  'REBATE',
  'ADJUSTMENT',
  'OTHER',
] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];

/** The ledger kinds (domains/wallet/ledger.ts postings) behind each movement type. */
export const MOVEMENT_KINDS: Record<Exclude<MovementType, 'OTHER'>, readonly string[]> = {
  DEPOSIT: ['DEPOSIT'],
  WITHDRAWAL: ['WITHDRAWAL', 'WITHDRAWAL_REJECTED', 'WITHDRAWAL_PAID'],
  TRANSFER: ['TRANSFER_OUT', 'TRANSFER_IN', 'TRANSFER_REVERSAL', 'TRANSFER', 'AGENT_TRANSFER', 'VENDOR_TRANSFER'],
  BET: ['BET'],
  WIN: ['WIN'],
  ROLLBACK: ['ROLLBACK'],
  BONUS: [
    'BONUS',
    'BONUS_GRANT',
    'BONUS_RELEASE',
    'BONUS_FORFEIT',
    'REWARD',
    'RED_ENVELOPE',
    'MISSION_REWARD',
    'MISSION',
    'RAFFLE_PRIZE',
  ],
  REBATE: ['REBATE', 'MANUAL_REBATE'],
  ADJUSTMENT: ['ADJUSTMENT', 'REVERSAL'],
};

export function movementTypeOf(kind: string): MovementType {
  for (const [type, kinds] of Object.entries(MOVEMENT_KINDS)) if (kinds.includes(kind)) return type as MovementType;
  return 'OTHER';
}

export const PROFIT_GROUPS = ['DAY', 'WEEK', 'MONTH', 'GAME_TYPE'] as const;
export type ProfitGroup = (typeof PROFIT_GROUPS)[number];

export const RECORDS_ERRORS = ['NEED_REAL_ACCOUNT', 'RANGE_INVALID', 'RANGE_TOO_LONG', 'VALIDATION_ERROR'] as const;

export interface RangeQuery {
  range?: RecordRange;
  /** CUSTOM: first day, yyyy-MM-dd (Dhaka) */
  from?: string;
  /** CUSTOM: last day, included */
  to?: string;
}

export interface RecordFiltersDto {
  gameTypes: GameType[];
  vendors: { code: string; name: string }[];
  wallets: { code: string; name: string }[];
  movementTypes: MovementType[];
}

export interface BetTotalsDto {
  count: number;
  stake: MinorString;
  validBet: MinorString;
  payout: MinorString;
  /** payout − stake of the settled bets (signed) */
  profit: string;
  /** the stakes of bets not settled yet */
  openStake: MinorString;
}

export interface BetRecordDto {
  id: number;
  placedAt: string;
  settledAt: string | null;
  gameCode: string;
  gameName: string;
  gameType: string;
  vendorCode: string;
  vendorName: string;
  roundId: string;
  stake: MinorString;
  payout: MinorString;
  validBet: MinorString;
  /** payout − stake once settled; 0 when rolled back or open */
  profit: string;
  status: BetStatus;
  /** a bet on the platform's own lottery draws (issue 17): what it was on and how it ended; null for every other game */
  lottery?: LotteryRecordDto | null;
}

/** The lottery side of a bet record: the draw, bet type, numbers, stake per number, result and payout. */
export interface LotteryRecordDto {
  drawIndex: number;
  numero: string;
  drawAt: string;
  /** the game's group (VN, SEA, FAST, DAILY, NUMBERS, QUICK, KENO, BINGO): how its draw reads */
  group?: string | null;
  /** SPECIAL_2D, SPECIAL_3D, ALL_2D, ALL_3D, LOTTO, BOX_3D, POSITION, TWO_SIDES, DICE_SUM, DICE_BIG_SMALL, DICE_TRIPLE, COLOUR or PICK */
  betType: string;
  /** LOTT, ZY, ELOTT or SEA */
  prizeMode: string;
  numbers: string[];
  stakePerNumber: MinorString;
  /** payout per hit, hundredths of the stake per number */
  odds: number;
  /** the lottery's status of the bet: OPEN (waiting for the draw), WON, LOST, VOID (refunded) … */
  status: string;
  /** the draw's numbers, top prize first, once it ran (null before, and for a voided draw) */
  drawnNumbers: string[] | null;
  /** the winning numbers and their hits */
  hits: { number: string; hits: number }[] | null;
  payout: MinorString;
}

export interface PageInfo {
  /** the range asked for, as Dhaka days */
  from: string;
  to: string;
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

export interface BetRecordsDto extends PageInfo {
  list: BetRecordDto[];
  totals: BetTotalsDto;
}

export interface MovementDto {
  /** the ledger entry */
  id: number;
  transactionId: number;
  createdAt: string;
  type: MovementType;
  /** the ledger kind (DEPOSIT, TRANSFER_OUT, …) */
  kind: string;
  /** MAIN, BONUS or the vendor code of a transfer wallet */
  wallet: string;
  walletName: string;
  direction: 'IN' | 'OUT';
  amount: MinorString;
  /** the wallet's balance after this movement */
  balanceAfter: MinorString;
  /** the outside reference: a deposit order, a vendor transaction id, a transfer reference */
  reference: string | null;
}

export interface MovementsDto extends PageInfo {
  list: MovementDto[];
  totals: { count: number; in: MinorString; out: MinorString; net: string };
}

export interface ProfitRowDto {
  /** DAY/WEEK/MONTH: the period's first day (Dhaka, a week starts on Monday); GAME_TYPE: the type */
  key: string;
  bets: number;
  stake: MinorString;
  validBet: MinorString;
  payout: MinorString;
  profit: string;
  openStake: MinorString;
}

export interface ProfitDto {
  from: string;
  to: string;
  groupBy: ProfitGroup;
  rows: ProfitRowDto[];
  totals: Omit<ProfitRowDto, 'key'>;
}

/** Dhaka's day (yyyy-MM-dd) of an instant. */
export function dhakaDay(at: Date): string {
  return new Date(at.getTime() + DHAKA_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** The first instant of a Dhaka day. */
export function dhakaDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DHAKA_OFFSET_MINUTES * 60_000);
}

/** The day `n` days after `day` (n may be negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The days of a picked range, as of `now`. */
export function rangeDays(range: Exclude<RecordRange, 'CUSTOM'>, now: Date): { from: string; to: string } {
  const today = dhakaDay(now);
  switch (range) {
    case 'TODAY':
      return { from: today, to: today };
    case 'YESTERDAY':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'LAST_7_DAYS':
      return { from: addDays(today, -6), to: today };
    case 'LAST_30_DAYS':
      return { from: addDays(today, -29), to: today };
  }
}
