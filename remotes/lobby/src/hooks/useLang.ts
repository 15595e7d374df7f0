import { useTranslation } from 'react-i18next';
import type { Lang } from '../lib/api';

/** The page's language as the API spells it (BN or EN); components re-render when it changes. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return (i18n.language ?? 'bn').toLowerCase().startsWith('en') ? 'EN' : 'BN';
}
