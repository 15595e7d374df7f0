import { dhakaDate, formatTaka } from '@khela/api';
import { apiRequest, takeInlined } from '@khela/api-client';
import { FIRST_REQUESTS } from '@khela/api/first-data';
import { PROMOTION_PATHS, type PromotionDetailDto, type PromotionListDto } from '@khela/api/promotions';
import type { Lang } from '../../lib/content';

/**
 * The promotions list. A guest's first view came inlined with the page (first-data.ts); a member's
 * cards carry their own states, so a member always asks the API (onResponse skips the inlined answer).
 */
export const fetchPromotions = (lang: Lang, signal: AbortSignal, member: boolean) => {
  const r = FIRST_REQUESTS.promotions(lang);
  return apiRequest<PromotionListDto>(r.path, { query: r.query, signal, ...(member ? { onResponse: () => undefined } : {}) });
};

/** A guest's list as the page came with it (inlined by the origin), taken once; undefined when none. */
export const firstPromotions = (lang: Lang) => takeInlined<PromotionListDto>(FIRST_REQUESTS.promotions(lang), lang);

export const fetchPromotion = (id: number, lang: Lang, signal: AbortSignal) =>
  apiRequest<PromotionDetailDto>(PROMOTION_PATHS.detail, { query: { id, lang }, signal });

/** The browser's device id (the one sign-in keeps), for once-per-device promotions. */
export function deviceId(): string | undefined {
  try {
    return window.localStorage.getItem('khelaDevice') ?? undefined;
  } catch {
    return undefined;
  }
}

export const joinPromotion = (id: number) =>
  apiRequest<{ state: string }>(PROMOTION_PATHS.join, {
    method: 'POST',
    body: { id, ...(deviceId() ? { deviceId: deviceId() } : {}) },
  });

export const claimPromotion = (id: number) =>
  apiRequest<{ status: 'APPLYING' | 'ISSUED' | 'CLAIMED'; bonus: string }>(PROMOTION_PATHS.claim, {
    method: 'POST',
    body: { id },
  });

export const taka = (minor: string, lang: Lang) => formatTaka(minor, lang);
/** A promotion's day in Dhaka ("৩০ নভে, ২০২৬"): by hand, see dhakaDate. */
export const dateText = (iso: string, lang: Lang) => dhakaDate(iso, lang);
