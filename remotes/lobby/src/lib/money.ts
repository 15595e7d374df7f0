import type { Lang } from './api';

const BN_DIGITS = '০১২৩৪৫৬৭৮৯';

/** Lakh grouping of a string of digits: the last three, then twos ("1234567" → "12,34,567"). */
function groupLakh(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** Digits in the page's language: Bengali digits in BN (a countdown, a count), as they are in EN. */
export const localDigits = (text: string, lang: Lang): string =>
  lang === 'BN' ? text.replace(/\d/g, (d) => BN_DIGITS[Number(d)]) : text;

/**
 * An amount in minor units (poisha) as taka: Bengali digits in BN, lakh grouping in both, two
 * decimals (what `Intl.NumberFormat('bn-BD' | 'en-IN')` writes). By hand, not through Intl: the
 * page's first NumberFormat loads ICU's number formatting, some 50 ms of one task on a phone before
 * the winners board can draw.
 */
export function formatMoney(minor: number, lang: Lang): string {
  const poisha = Math.round(Math.abs(minor));
  const text = `${groupLakh(String(Math.floor(poisha / 100)))}.${String(poisha % 100).padStart(2, '0')}`;
  return `৳${minor < 0 ? '-' : ''}${localDigits(text, lang)}`;
}
