import { PAGINATION_MARGIN, PAGINATION_RANGE } from './constants';

export type PageItem = number | 'break';

/**
 * The page buttons to show (1-based): `margin` pages at each end, `range` pages around the current
 * one, and a break where pages are left out (the classic paginator layout).
 */
export function pageItems(current: number, total: number, margin = PAGINATION_MARGIN, range = PAGINATION_RANGE): PageItem[] {
  if (total <= range + 2 * margin) return Array.from({ length: total }, (_, i) => i + 1);
  let left = current - Math.floor(range / 2);
  let right = current + Math.ceil(range / 2) - 1;
  if (left < 1) {
    right += 1 - left;
    left = 1;
  }
  if (right > total) {
    left -= right - total;
    right = total;
  }
  const items: PageItem[] = [];
  for (let p = 1; p <= total; p++) {
    const shown = p <= margin || p > total - margin || (p >= left && p <= right);
    if (shown) items.push(p);
    else if (items[items.length - 1] !== 'break') items.push('break');
  }
  return items;
}
