import { useTranslation } from 'react-i18next';
import { formatTaka, type MinorString, type MoneyLang } from '@khela/api';

/** The page's language as money and numbers are written (BN or EN); re-renders when it changes. */
export function useLang(): MoneyLang {
  const { i18n } = useTranslation();
  return (i18n.language ?? 'bn').toLowerCase().startsWith('en') ? 'EN' : 'BN';
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number with a fixed count of decimals, in Bengali digits for BN ("৫০.৫০"), ASCII for EN. */
export function formatNumber(value: number, lang: MoneyLang, decimals = 0): string {
  const key = `${lang}:${decimals}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang === 'BN' ? 'bn-BD' : 'en-IN', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: false,
    });
    numberFormats.set(key, f);
  }
  return f.format(value);
}

/** A share of 1 as a percentage ("49.50%"), in the language's digits. */
export const formatPercent = (share: number, lang: MoneyLang, decimals = 2) => `${formatNumber(share * 100, lang, decimals)}%`;

/** A multiplier ("1.98×"). */
export const formatMultiplier = (value: number, lang: MoneyLang, decimals = 2) => `${formatNumber(value, lang, decimals)}×`;

/** Money as the player reads it: formatTaka (Bengali digits in BN). */
export const money = (amount: MinorString | bigint, lang: MoneyLang) => formatTaka(amount, lang);

/** A time of day of a round, in the language's digits. */
export function formatTime(iso: string | undefined, lang: MoneyLang): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleTimeString(lang === 'BN' ? 'bn-BD' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
}
