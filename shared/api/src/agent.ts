/** The agent centre's wire contract (issue 11): the team, its reports and the contracts. */
import type { MinorString } from './money';

/** Member types as the platform defines them: agents 1, 2, 41, 42; trial 4; anything else a player. */
export const AGENT_TYPES = [1, 2, 41, 42] as const;
export type AgentType = (typeof AGENT_TYPES)[number];
export const isAgentType = (type: number | null | undefined): type is AgentType =>
  type != null && (AGENT_TYPES as readonly number[]).includes(type);
/** A trial (free-play) member. */
export const TRIAL_TYPE = 4;
export const isTrialType = (type: number | null | undefined): boolean => type === TRIAL_TYPE;

/** A top-level agent is level 1; unless the operator sets maxAgentLevel, the tree has 5 agent levels. */
export const DEFAULT_MAX_AGENT_LEVEL = 5;

export const AGENT_PATHS = {
  overview: '/wps/agent/overview',
  register: '/wps/agent/register',
  team: '/wps/agent/team',
  bets: '/wps/agent/bets',
  profit: '/wps/agent/profit',
  income: '/wps/agent/income',
  ledger: '/wps/agent/ledger',
  contracts: '/wps/agent/contracts',
  settlements: '/wps/agent/settlements',
} as const;

export const CONTRACT_KINDS = ['REALTIME', 'HOURLY', 'DAILY', 'DIVIDEND'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];
export const CONTRACT_STATUSES = ['OFFERED', 'ACTIVE', 'REJECTED', 'TERMINATED'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const CONTRACT_ACTIONS = ['ACCEPT', 'REJECT', 'TERMINATE'] as const;
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];
/** D daily, W weekly, H semimonthly, M monthly (a dividend's period). */
export const CONTRACT_PERIODS = ['D', 'W', 'H', 'M'] as const;
export type ContractPeriod = (typeof CONTRACT_PERIODS)[number];

/** The original platform's calls, one per kind: body { id, action }. */
export const CONTRACT_CALLS: Record<ContractKind, string> = {
  REALTIME: '/wps/relay/MCSFE_processRealTimeSalaryContract',
  HOURLY: '/wps/relay/MCSFE_processContractHourSalary',
  DAILY: '/wps/relay/MCSFE_processDailySalaryContract',
  DIVIDEND: '/wps/relay/MCSFE_processContractDividend',
};

export const AGENT_ERRORS = [
  'NOT_AGENT',
  'MAX_AGENT_LEVEL_ERROR',
  'RECOMMENDER_NOT_CANNOT_BE_SELF',
  'RECOMMENDER_NOT_CANNOT_BE_SUBORDINATE',
  'US_CUSTOMER_NO_RIGHT_TO_REGISTER_ERROR',
  'US_CUSTOMER_EXIST_ERROR',
  'NOT_IN_TEAM',
  'CONTRACT_NOT_FOUND',
  'CONTRACT_STATE',
  'CONTRACT_RATE_NOT_HIGHER',
  'CONTRACT_RATE_TOO_HIGH',
] as const;

export interface AgentPage {
  from: string;
  to: string;
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

export interface TeamOverviewDto {
  from: string;
  to: string;
  members: number;
  agents: number;
  newMembers: number;
  activeMembers: number;
  deposits: MinorString;
  withdrawals: MinorString;
  validBet: MinorString;
  /** the team's result: payout − stake (negative: the team lost) */
  profit: string;
}

export interface TeamMemberDto {
  id: number;
  account: string;
  nickname: string;
  type: number;
  isAgent: boolean;
  level: number;
  uplineAccount: string | null;
  balance: MinorString;
  lastLoginAt: string | null;
  createdAt: string;
  status: number;
  teamSize: number;
}

export interface TeamDto {
  parent: { id: number; account: string };
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  list: TeamMemberDto[];
}

export interface TeamBetDto {
  id: number;
  account: string;
  gameCode: string;
  gameType: string;
  roundId: string;
  stake: MinorString;
  validBet: MinorString;
  payout: MinorString;
  profit: string;
  status: string;
  placedAt: string;
}
export interface TeamBetsDto extends AgentPage {
  totals: { stake: MinorString; validBet: MinorString; payout: MinorString; profit: string; count: number };
  list: TeamBetDto[];
}

export interface MemberProfitDto {
  account: string;
  bets: number;
  stake: MinorString;
  validBet: MinorString;
  payout: MinorString;
  profit: string;
}
export interface TeamProfitDto extends AgentPage {
  totals: { stake: MinorString; validBet: MinorString; payout: MinorString; profit: string };
  list: MemberProfitDto[];
}

export interface AgentMovementDto {
  transactionId: number;
  kind: string;
  amount: string;
  balanceAfter: MinorString | null;
  reference: string | null;
  createdAt: string;
}
export interface AgentLedgerDto extends AgentPage {
  totals: { in: MinorString; out: MinorString };
  list: AgentMovementDto[];
}

export interface ContractDto {
  id: number;
  kind: ContractKind;
  uplineAccount: string | null;
  downlineAccount: string;
  /** basis points: 100 = 1 % */
  rateBp: number;
  minActiveMembers: number;
  minValidBet: MinorString;
  period: ContractPeriod;
  status: ContractStatus;
  offeredAt: string;
  acceptedAt: string | null;
  endedAt: string | null;
  endReason: string | null;
  /** whether the caller is this contract's downline (it may accept, reject or terminate) */
  mine: boolean;
}

export interface SettlementDto {
  key: string;
  contractId: number;
  kind: ContractKind;
  payeeAccount: string;
  payerAccount: string | null;
  windowStart: string;
  windowEnd: string;
  activeMembers: number;
  validBet: MinorString;
  profit: string;
  amount: MinorString;
  paid: MinorString;
  owed: MinorString;
  /** RECEIVED: paid to the caller; PAID: paid by the caller */
  direction: 'RECEIVED' | 'PAID';
}
export interface SettlementsDto extends AgentPage {
  totals: { amount: MinorString; paid: MinorString; owed: MinorString };
  list: SettlementDto[];
}

/** Transfers in the agent tree: to the upline, or an agent's to its team. */
export const AGENT_TRANSFER_PATH = '/wps/agent/transfer';
export interface AgentTransferDto {
  transactionId: number;
  to: string;
  amount: MinorString;
  /** the sender's main balance after it */
  balance: MinorString;
  replayed: boolean;
}
