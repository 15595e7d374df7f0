import { localDigits, type MoneyLang } from './money';

/** Asia/Dhaka: UTC+6 all year (Bangladesh has kept no daylight saving since 2009). */
const DHAKA_OFFSET_MS = 6 * 3_600_000;

/** The short month names of `Intl.DateTimeFormat('bn-BD' | 'en-GB', { day, month: 'short', year })`. */
const MONTHS: Record<MoneyLang, readonly string[]> = {
  BN: ['জানু', 'ফেব', 'মার্চ', 'এপ্রি', 'মে', 'জুন', 'জুল', 'আগ', 'সেপ', 'অক্টো', 'নভে', 'ডিসে'],
  EN: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
};

/**
 * A day in Dhaka as a player reads it: "৩০ নভে, ২০২৬" in BN, "30 Nov 2026" in EN (what
 * `Intl.DateTimeFormat('bn-BD' | 'en-GB', { timeZone: 'Asia/Dhaka', day: 'numeric', month: 'short',
 * year: 'numeric' })` writes). By hand, not through Intl: a page's first bn-BD DateTimeFormat loads
 * ICU's calendar data, 25-55 ms of one task on this machine's Chromium (four times that on a phone),
 * in the first render of a list that shows dates (the promotions). The same text in every browser.
 */
export function dhakaDate(when: string | number | Date, lang: MoneyLang): string {
  const time = new Date(when).getTime();
  if (Number.isNaN(time)) throw new RangeError(`not a time: ${String(when)}`);
  const d = new Date(time + DHAKA_OFFSET_MS);
  const day = String(d.getUTCDate());
  const month = MONTHS[lang][d.getUTCMonth()];
  const year = String(d.getUTCFullYear());
  return lang === 'BN' ? `${localDigits(day, lang)} ${month}, ${localDigits(year, lang)}` : `${day} ${month} ${year}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A moment in Dhaka as a record line shows it: "২৯ নভে, ০৬:০৫ AM" in BN (a 12-hour clock), "29 Nov,
 * 06:05" in EN, with the seconds when asked ("…০৬:০৫:০৭ AM"): what `Intl.DateTimeFormat('bn-BD' |
 * 'en-GB', { timeZone: 'Asia/Dhaka', day: 'numeric', month: 'short', hour: '2-digit', minute:
 * '2-digit'[, second: '2-digit'] })` writes. By hand for the reason dhakaDate is: the member
 * centre's lists wrote every line's time through a new DateTimeFormat, 100 ms of one task on the
 * security centre's first render on a phone.
 */
export function dhakaDateTime(when: string | number | Date, lang: MoneyLang, opts: { seconds?: boolean } = {}): string {
  const time = new Date(when).getTime();
  if (Number.isNaN(time)) throw new RangeError(`not a time: ${String(when)}`);
  const d = new Date(time + DHAKA_OFFSET_MS);
  const hours = d.getUTCHours();
  const rest = `${pad2(d.getUTCMinutes())}${opts.seconds ? `:${pad2(d.getUTCSeconds())}` : ''}`;
  const day = `${d.getUTCDate()} ${MONTHS[lang][d.getUTCMonth()]}`;
  if (lang === 'EN') return `${day}, ${pad2(hours)}:${rest}`;
  return `${localDigits(day, lang)}, ${localDigits(`${pad2(hours % 12 || 12)}:${rest}`, lang)} ${hours < 12 ? 'AM' : 'PM'}`;
}
