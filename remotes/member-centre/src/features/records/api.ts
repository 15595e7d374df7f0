import { apiRequest } from '@khela/api-client';
import { RECORDS_PATHS, type BetRecordsDto, type MovementsDto, type ProfitDto, type RecordFiltersDto } from '@khela/api/records';

type Query = Record<string, string | number | undefined>;

/** Only the fields that are set (an empty filter is not sent). */
const clean = (q: Query) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number>;

export const fetchFilters = (signal?: AbortSignal) => apiRequest<RecordFiltersDto>(RECORDS_PATHS.filters, { signal });
export const fetchBets = (q: Query, signal?: AbortSignal) =>
  apiRequest<BetRecordsDto>(RECORDS_PATHS.bets, { query: clean(q), signal });
export const fetchMovements = (q: Query, signal?: AbortSignal) =>
  apiRequest<MovementsDto>(RECORDS_PATHS.transactions, { query: clean(q), signal });
export const fetchProfit = (q: Query, signal?: AbortSignal) =>
  apiRequest<ProfitDto>(RECORDS_PATHS.profit, { query: clean(q), signal });
