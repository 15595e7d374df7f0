import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { bn } from './locales/bn';
import { en } from './locales/en';

export const LANGUAGES = ['BN', 'EN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'BN';
/** The spec's local storage key for the language choice. */
export const LANGUAGE_STORAGE_KEY = 'hisLang';

const toI18n = (lang: Language) => lang.toLowerCase();

export function storedLanguage(): Language {
  try {
    const v = window.localStorage.getItem(LANGUAGE_STORAGE_KEY)?.toUpperCase();
    return (LANGUAGES as readonly string[]).includes(v ?? '') ? (v as Language) : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(lang: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    /* storage disabled: the choice lasts for this page only */
  }
  // and in a cookie of the same name, so the origin renders the next page in it (title, first data)
  if (typeof document !== 'undefined' && !document.cookie.includes(`${LANGUAGE_STORAGE_KEY}=${lang}`))
    document.cookie = `${LANGUAGE_STORAGE_KEY}=${lang}; path=/; max-age=31536000; samesite=lax`;
}

/** The page's one i18next instance (shared as a singleton through this package). */
export const i18n: I18n = i18next.createInstance();

export function initI18n(lang: Language = storedLanguage()): Promise<unknown> {
  if (i18n.isInitialized) return Promise.resolve();
  return i18n.use(initReactI18next).init({
    lng: toI18n(lang),
    fallbackLng: 'en',
    supportedLngs: ['bn', 'en'],
    defaultNS: 'common',
    ns: ['common'],
    resources: { bn: { common: bn }, en: { common: en } },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false, // resources are inline: be ready synchronously
  });
}

export function currentLanguage(): Language {
  return (i18n.language ?? 'bn').toUpperCase() === 'EN' ? 'EN' : 'BN';
}

/**
 * A remote adds its own namespace when its exposed module loads. A newer version of the remote
 * loaded into an open tab (after a release) adds it again: its strings replace the older ones.
 */
export function addNamespace(ns: string, resources: { bn: Resource[string]; en: Resource[string] }): void {
  if (!i18n.isInitialized) void initI18n(); // a remote used on its own (tests, dev) before the shell
  for (const lng of ['bn', 'en'] as const) i18n.addResourceBundle(lng, ns, resources[lng], true, true);
}

export { bn as commonBn, en as commonEn };
