import { apiRequest } from '@khela/api-client';
import {
  AGENT_PATHS,
  type AgentLedgerDto,
  type ContractAction,
  type ContractDto,
  type ContractKind,
  type SettlementsDto,
  type TeamBetsDto,
  type TeamDto,
  type TeamOverviewDto,
  type TeamProfitDto,
} from '@khela/api/agent';

export type Query = Record<string, string | number | undefined>;
const clean = (q: Query) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

export const fetchOverview = (q: Query, signal?: AbortSignal) =>
  apiRequest<TeamOverviewDto>(AGENT_PATHS.overview, { query: clean(q), signal });
export const fetchTeam = (q: Query, signal?: AbortSignal) => apiRequest<TeamDto>(AGENT_PATHS.team, { query: clean(q), signal });
export const fetchBets = (q: Query, signal?: AbortSignal) =>
  apiRequest<TeamBetsDto>(AGENT_PATHS.bets, { query: clean(q), signal });
export const fetchProfit = (q: Query, signal?: AbortSignal) =>
  apiRequest<TeamProfitDto>(AGENT_PATHS.profit, { query: clean(q), signal });
export const fetchLedger = (income: boolean, q: Query, signal?: AbortSignal) =>
  apiRequest<AgentLedgerDto>(income ? AGENT_PATHS.income : AGENT_PATHS.ledger, { query: clean(q), signal });
export const fetchSettlements = (q: Query, signal?: AbortSignal) =>
  apiRequest<SettlementsDto>(AGENT_PATHS.settlements, { query: clean(q), signal });
export const fetchContracts = (kind: ContractKind | undefined, signal?: AbortSignal) =>
  apiRequest<{ list: ContractDto[] }>(AGENT_PATHS.contracts, { query: clean({ kind }), signal });
export const offerContract = (body: { downline: string; kind: ContractKind; rateBp: number; minActiveMembers?: number }) =>
  apiRequest<ContractDto>(AGENT_PATHS.contracts, { method: 'POST', body });
export const actOnContract = (id: number, action: ContractAction) =>
  apiRequest<ContractDto>(`${AGENT_PATHS.contracts}/${id}`, { method: 'POST', body: { action } });
export const registerAccount = (body: { account: string; password: string; nickname?: string; kind: 'PLAYER' | 'AGENT' }) =>
  apiRequest<{ id: number; account: string; type: number; affiliateCode: string | null }>(AGENT_PATHS.register, {
    method: 'POST',
    body,
  });
