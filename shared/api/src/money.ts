/**
 * Money on the wire and on screen. Amounts are integer poisha (1 taka = 100 poisha), carried as
 * strings of digits (optionally with a leading minus) in JSON and held as `bigint` in code: never
 * a float. Pure functions, used by the browser and the server alike.
 */

export type MoneyLang = 'BN' | 'EN';

/** A wire amount: poisha as a string of digits, e.g. "50000" for ৳500.00. */
export type MinorString = string;

export const CURRENCY = 'BDT';
export const CURRENCY_SYMBOL = '৳';

const BN_DIGITS = '০১২৩৪৫৬৭৮৯';
const MINOR = /^-?\d{1,18}$/;

/** Bengali digits (০-৯) to ASCII; other characters unchanged. */
export function asciiDigits(text: string): string {
  return text.replace(/[০-৯]/g, (d) => String(BN_DIGITS.indexOf(d)));
}

export class MoneyFormatError extends Error {
  constructor(readonly input: string) {
    super(`not an amount of taka: "${input}"`);
    this.name = 'MoneyFormatError';
  }
}

/**
 * Taka as a person types it ("500", "500.5", "1,250.75", "-20.50", Bengali digits too) to poisha.
 * More than two decimals, letters, or more than 15 digits of taka are refused (MoneyFormatError).
 */
export function parseTaka(input: string): bigint {
  const text = asciiDigits(input.trim()).replace(/[,\s]/g, '');
  const m = /^(-)?(\d{1,15})(?:\.(\d{1,2}))?$/.exec(text) ?? /^(-)?()\.(\d{1,2})$/.exec(text);
  if (!m) throw new MoneyFormatError(input);
  const [, minus, whole, fraction = ''] = m;
  const poisha = BigInt(whole || '0') * BigInt(100) + BigInt((fraction + '00').slice(0, 2));
  return minus ? -poisha : poisha;
}

/** A wire amount to bigint; refuses anything but an optional minus and digits. */
export function fromMinor(value: MinorString | bigint | number): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new MoneyFormatError(String(value));
    return BigInt(value);
  }
  if (!MINOR.test(value)) throw new MoneyFormatError(value);
  return BigInt(value);
}

export const toMinor = (amount: bigint): MinorString => amount.toString();

/** Poisha as taka with two decimals and no grouping ("1250.75"): for inputs and the CLI. */
export function takaString(amount: bigint | MinorString): string {
  const v = fromMinor(amount);
  const neg = v < BigInt(0);
  const abs = neg ? -v : v;
  const whole = abs / BigInt(100);
  const fraction = (abs % BigInt(100)).toString().padStart(2, '0');
  return `${neg ? '-' : ''}${whole}.${fraction}`;
}

/** Lakh grouping of a string of digits: the last three, then twos ("1234567" → "12,34,567"). */
export function groupLakh(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/** ASCII digits in the page's language: Bengali digits (০-৯) in BN, as they are in EN. */
export const localDigits = (text: string, lang: MoneyLang): string =>
  lang === 'BN' ? text.replace(/\d/g, (d) => BN_DIGITS[Number(d)]) : text;

/**
 * Poisha as the player reads it: ৳ with lakh grouping and two decimals, in Bengali digits for BN
 * ("৳১২,৩৪৫.৬৭") and ASCII for EN ("৳12,345.67"): what `Intl.NumberFormat('bn-BD' | 'en-IN')`
 * writes, exact for any amount (bigint, not float). By hand, not through Intl: a page's first
 * NumberFormat for bn-BD loads ICU's number data, 25-40 ms of one task on this machine's Chromium
 * (four times that on a mid-range phone), on the header's first render of the balance.
 */
export function formatTaka(amount: bigint | MinorString, lang: MoneyLang, opts: { symbol?: boolean } = {}): string {
  const v = fromMinor(amount);
  const neg = v < BigInt(0);
  const abs = neg ? -v : v;
  const whole = groupLakh((abs / BigInt(100)).toString());
  const fraction = (abs % BigInt(100)).toString().padStart(2, '0');
  const text = localDigits(`${whole}.${fraction}`, lang);
  return `${neg ? '-' : ''}${opts.symbol === false ? '' : CURRENCY_SYMBOL}${text}`;
}

const intlCounts: Partial<Record<MoneyLang, Intl.NumberFormat>> = {};

/**
 * A number as the page writes it: lakh grouping and Bengali digits in BN ("১২,৩৪,৫৬৭"), thousands in
 * EN ("1,234,567"): what `Intl.NumberFormat('bn-BD' | 'en-GB')` writes. A whole number is written by
 * hand (see formatTaka for why); a fraction goes through one NumberFormat per language, kept.
 */
export function formatCount(n: number | bigint, lang: MoneyLang): string {
  if (typeof n === 'number' && !Number.isSafeInteger(n))
    return (intlCounts[lang] ??= new Intl.NumberFormat(lang === 'BN' ? 'bn-BD' : 'en-GB')).format(n);
  const negative = n < 0 || Object.is(n, -0);
  const digits = (negative ? -BigInt(n) : BigInt(n)).toString();
  const grouped = lang === 'BN' ? groupLakh(digits) : digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return `${negative ? '-' : ''}${localDigits(grouped, lang)}`;
}
