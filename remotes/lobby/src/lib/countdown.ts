import type { Lang } from './api';
import { localDigits } from './money';

/** The time left as h:mm:ss (m:ss under an hour), in the page's digits. */
export function countdownText(msLeft: number, lang: Lang): string {
  const s = Math.max(0, Math.round(msLeft / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return localDigits(`${h ? `${h}:` : ''}${pad(m)}:${pad(s % 60)}`, lang);
}
