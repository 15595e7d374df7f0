import { apiRequest } from '@khela/api-client';
import { sealedRequest } from '@khela/api-client/seal';
import {
  PROMOTION_PATHS as P,
  type ConvertResultDto,
  type PointConfigDto,
  type PointEntryDto,
  type PointRewardDto,
  type RedemptionDto,
} from '@khela/api/promotions';

export type Lang = 'BN' | 'EN';

export interface MallData {
  points: string;
  rewards: PointRewardDto[];
  history: RedemptionDto[];
  details: PointEntryDto[];
  config: PointConfigDto;
}

/** Everything the mall shows, in one go (the balance first: it counts new valid bets into points). */
export async function fetchMall(lang: Lang, signal: AbortSignal): Promise<MallData> {
  const { points } = await apiRequest<{ points: string }>(P.pointBalance, { signal });
  const [rewards, history, details, config] = await Promise.all([
    apiRequest<PointRewardDto[]>(P.pointRewards, { query: { lang }, signal }),
    apiRequest<RedemptionDto[]>(P.redeemList, { query: { lang }, signal }),
    apiRequest<PointEntryDto[]>(P.pointDetails, { signal }),
    apiRequest<PointConfigDto>(P.pointConfig, { signal }),
  ]);
  return { points, rewards, history, details, config };
}

export const redeem = (body: { rewardId: number; quantity: number; requestKey: string; paymentPassword: string }) =>
  sealedRequest<RedemptionDto>(P.redeem, { method: 'POST', body });

export const convertPoints = (body: { points: string; requestKey: string; paymentPassword: string }) =>
  sealedRequest<ConvertResultDto>(P.convert, { method: 'POST', body });

/** A random id of one attempt: a retry of the same attempt sends it again and moves nothing twice. */
export function newRequestKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
