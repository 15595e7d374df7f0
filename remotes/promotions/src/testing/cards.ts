import type { PromotionCardDto } from '@khela/api/promotions';

/** Tests: a promotion card as the list answers it (a deposit match that can be joined), with changes. */
export const promotionCard = (id: number, over: Partial<PromotionCardDto> = {}): PromotionCardDto => ({
  id,
  code: `P${id}`,
  category: 'deposit',
  kind: 'DEPOSIT_MATCH',
  title: `Promotion ${id}`,
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: null,
  state: 'join',
  reason: null,
  stage: null,
  ...over,
});
