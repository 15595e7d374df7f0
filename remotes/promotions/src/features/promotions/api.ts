import { apiRequest, formatTaka } from '@khela/api';
import { PROMOTION_PATHS, type PromotionDetailDto, type PromotionListDto } from '@khela/api/promotions';
import type { Lang } from '../../lib/content';

export const fetchPromotions = (lang: Lang, signal: AbortSignal) =>
  apiRequest<PromotionListDto>(PROMOTION_PATHS.list, { query: { lang }, signal });

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
export const dateText = (iso: string, lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'BN' ? 'bn-BD' : 'en-GB', {
    timeZone: 'Asia/Dhaka',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(iso));
