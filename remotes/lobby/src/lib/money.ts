import { groupLakh, localDigits } from '@khela/api';
import type { Lang } from './api';

/** Lakh grouping and the page's digits: the shared money rules (see formatTaka). */
export { localDigits };

/**
 * An amount in minor units (poisha) as taka: Bengali digits in BN, lakh grouping in both, two
 * decimals (what `Intl.NumberFormat('bn-BD' | 'en-IN')` writes), by hand like @khela/api's formatTaka
 * (a page's first NumberFormat loads ICU's number data, a long task on a phone before the winners
 * board can draw). The lobby's amounts arrive as numbers, not wire strings.
 */
export function formatMoney(minor: number, lang: Lang): string {
  const poisha = Math.round(Math.abs(minor));
  const text = `${groupLakh(String(Math.floor(poisha / 100)))}.${String(poisha % 100).padStart(2, '0')}`;
  // the sign before the symbol, as formatTaka and the member centre write it ("-৳12.50")
  return `${minor < 0 && poisha > 0 ? '-' : ''}৳${localDigits(text, lang)}`;
}
