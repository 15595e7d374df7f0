/**
 * Responsible gambling (issue 16): the wire contract the member centre, the shell's reality check
 * and the server share. Amounts are poisha as strings of digits; times ISO strings.
 */
import type { MinorString } from './money';

export const RG_LIMIT_KINDS = ['DEPOSIT', 'LOSS'] as const;
export type RgLimitKind = (typeof RG_LIMIT_KINDS)[number];
export const RG_LIMIT_PERIODS = ['DAY', 'WEEK', 'MONTH'] as const;
export type RgLimitPeriod = (typeof RG_LIMIT_PERIODS)[number];
export const RG_TIMEOUT_PERIODS = ['24h', '7d', '30d'] as const;
export const RG_SELF_EXCLUSION_PERIODS = ['6m', '1y', '5y', 'permanent'] as const;
export type RgExclusionPeriod = (typeof RG_TIMEOUT_PERIODS)[number] | (typeof RG_SELF_EXCLUSION_PERIODS)[number];
/** reality-check intervals the page offers (minutes; the server takes 1 to 240) */
export const RG_REALITY_CHECK_CHOICES = [1, 15, 30, 60, 120] as const;
/** session time limits the page offers (minutes; the server takes 5 to 1440) */
export const RG_SESSION_LIMIT_CHOICES = [30, 60, 120, 240] as const;

export const RG_PATHS = {
  profile: '/wps/rg',
  session: '/wps/rg/session',
  limit: (kind: RgLimitKind, period: RgLimitPeriod) => `/wps/rg/limits/${kind}/${period}`,
  confirm: (kind: RgLimitKind, period: RgLimitPeriod) => `/wps/rg/limits/${kind}/${period}/confirm`,
  cancel: (kind: RgLimitKind, period: RgLimitPeriod) => `/wps/rg/limits/${kind}/${period}/cancel`,
  realityCheck: '/wps/rg/reality-check',
  sessionLimit: '/wps/rg/session-limit',
  exclusion: '/wps/rg/exclusion',
} as const;

export interface RgLimitDto {
  kind: RgLimitKind;
  period: RgLimitPeriod;
  /** the limit in force (null: none) */
  amount: MinorString | null;
  /** counted in the window now (deposits started and paid; net loss of bets) */
  used: MinorString;
  /** a requested increase or removal: confirmable from effectiveAt */
  pending: { amount: MinorString | null; effectiveAt: string; confirmable: boolean } | null;
}

export interface RgExclusionDto {
  kind: 'TIMEOUT' | 'SELF_EXCLUSION';
  from: string;
  /** null: permanent */
  until: string | null;
}

export interface RgProfileDto {
  limits: RgLimitDto[];
  realityCheckMinutes: number | null;
  sessionLimitMinutes: number | null;
  exclusion: RgExclusionDto | null;
  /** the member never set a deposit limit: the deposit page and registration prompt for one */
  promptDepositLimit: boolean;
}

/** What the reality check shows: since this session began. */
export interface RgSessionDto {
  startedAt: string;
  /** the server's time now, so the browser's clock offset does not matter */
  now: string;
  /** won minus staked since the session began (negative: a loss), poisha */
  netResult: string;
  realityCheckMinutes: number | null;
  /** when the session ends by the member's session time limit (null: no limit) */
  endsAt: string | null;
}

/** The refusal of a deposit over a limit (errorCode DEPOSIT_LIMIT_REACHED): value. */
export interface RgLimitRefusal {
  period: RgLimitPeriod;
  limit: MinorString;
  remaining: MinorString;
  /** when this amount would fit again (null: it is above the limit itself) */
  resetsAt: string | null;
}

/** The refusal of login, deposits and play while excluded (errorCode SELF_EXCLUDED): value. */
export type RgExcludedRefusal = RgExclusionDto;

export const RG_ERRORS = [
  'DEPOSIT_LIMIT_REACHED',
  'SELF_EXCLUDED',
  'LIMIT_CHANGE_TOO_EARLY',
  'NOTHING_PENDING',
  'EXCLUSION_CANNOT_SHORTEN',
] as const;

/** Help organisations the page links to. */
export const RG_HELP_LINKS = [
  { name: 'BeGambleAware', url: 'https://www.begambleaware.org/' },
  { name: 'GamCare', url: 'https://www.gamcare.org.uk/' },
  { name: 'Gamblers Anonymous', url: 'https://www.gamblersanonymous.org/' },
  { name: 'Gambling Therapy', url: 'https://www.gamblingtherapy.org/' },
] as const;

/** A window event the member centre fires after a change the reality check must re-read. */
export const RG_CHANGED_EVENT = 'khela:rg-changed';
