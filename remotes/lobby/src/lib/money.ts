import type { Lang } from './api';

const formats: Partial<Record<Lang, Intl.NumberFormat>> = {};

/** An amount in minor units (poisha) as taka: Bengali digits in BN, lakh grouping in both. */
export function formatMoney(minor: number, lang: Lang): string {
  const f = (formats[lang] ??= new Intl.NumberFormat(lang === 'BN' ? 'bn-BD' : 'en-IN', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }));
  return `৳${f.format(minor / 100)}`;
}
