import { apiRequest } from '@khela/api-client';
import {
  RG_PATHS,
  type RgExclusionDto,
  type RgExclusionPeriod,
  type RgLimitKind,
  type RgLimitPeriod,
  type RgProfileDto,
} from '@khela/api/rg';

export const fetchProfile = (signal?: AbortSignal) => apiRequest<RgProfileDto>(RG_PATHS.profile, { signal });

type Outcome = { outcome: 'APPLIED' | 'PENDING' | 'UNCHANGED' | 'CANCELLED'; profile: RgProfileDto };

export const setLimit = (kind: RgLimitKind, period: RgLimitPeriod, amount: string | null) =>
  apiRequest<Outcome>(RG_PATHS.limit(kind, period), { method: 'PUT', body: { amount } });
export const confirmLimit = (kind: RgLimitKind, period: RgLimitPeriod) =>
  apiRequest<Outcome>(RG_PATHS.confirm(kind, period), { method: 'POST' });
export const cancelLimit = (kind: RgLimitKind, period: RgLimitPeriod) =>
  apiRequest<Outcome>(RG_PATHS.cancel(kind, period), { method: 'POST' });
export const setRealityCheck = (minutes: number | null) =>
  apiRequest<RgProfileDto>(RG_PATHS.realityCheck, { method: 'PUT', body: { minutes } });
export const setSessionLimit = (minutes: number | null) =>
  apiRequest<RgProfileDto>(RG_PATHS.sessionLimit, { method: 'PUT', body: { minutes } });
export const exclude = (period: RgExclusionPeriod) =>
  apiRequest<RgExclusionDto>(RG_PATHS.exclusion, { method: 'POST', body: { period } });
