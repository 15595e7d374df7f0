import i18next, { type BackendModule, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { bn } from './locales/bn';

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

/**
 * Strings asked for with no options, remembered. i18next 27's bound `t` (what `useTranslation`
 * returns) copies the instance's whole options object on every call: about 20 µs a string on a fast
 * machine, and the home page asks for several hundred in its first render, most of them the same
 * few (a tile's labels, once per tile). Such a string stays the same until the strings or the
 * language change, and every such change empties the cache (i18next's own events). A call with
 * options (interpolation, plurals, a default value) goes to i18next each time.
 */
const remembered = new Map<string, string>();
const forget = () => remembered.clear();
i18n.on('languageChanged', forget);
i18n.on('loaded', forget);
i18n.on('initialized', () => {
  forget();
  i18n.store.on('added', forget);
  i18n.store.on('removed', forget);
});
const boundT = i18n.getFixedT.bind(i18n);
i18n.getFixedT = ((...args: Parameters<I18n['getFixedT']>) => {
  const t = boundT(...args) as unknown as ((...a: unknown[]) => unknown) & Record<string, unknown>;
  const [lng, ns, keyPrefix] = args;
  if (typeof keyPrefix === 'function') return t as unknown as ReturnType<I18n['getFixedT']>;
  const scope = `${Array.isArray(lng) ? lng.join(',') : (lng ?? '')}|${Array.isArray(ns) ? ns.join(',') : (ns ?? '')}|${keyPrefix ?? ''}|`;
  const fast = (key: unknown, ...rest: unknown[]) => {
    if (rest.length || typeof key !== 'string' || !i18n.isInitialized) return t(key, ...rest);
    // a bound t without a language follows the page's
    const id = (lng ? scope : `${i18n.language}${scope}`) + key;
    let text = remembered.get(id);
    if (text === undefined) {
      const value = t(key);
      if (typeof value !== 'string') return value;
      text = value;
      remembered.set(id, text);
    }
    return text;
  };
  return Object.assign(fast, { lng: t.lng, lngs: t.lngs, ns: t.ns, keyPrefix: t.keyPrefix }) as unknown as ReturnType<
    I18n['getFixedT']
  >;
}) as I18n['getFixedT'];

type Strings = Resource[string];
/** A language's strings in the bundle, or loaded on demand (a chunk of its own). */
export type Strings$ = Strings | (() => Promise<Strings>);

/**
 * The strings loaded on demand, by "lng|ns": a page ships only the strings of its language (BN,
 * the default, is in the bundle; EN is a chunk fetched when the page is, or turns, English).
 * i18next asks for them through this backend: changeLanguage resolves once they are in, and
 * react-i18next suspends a component whose namespace is still on its way (the area's loading
 * state shows meanwhile).
 */
const lazy = new Map<string, () => Promise<Strings>>();
const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lng, ns, callback) {
    const load = lazy.get(`${lng}|${ns}`);
    if (!load) return callback(null, {}); // nothing on demand: the bundle has it, or nobody does
    load().then(
      (strings) => callback(null, strings),
      (err: Error) => callback(err, false), // i18next retries a failed read
    );
  },
};

export function initI18n(lang: Language = storedLanguage()): Promise<unknown> {
  if (i18n.isInitialized) return Promise.resolve();
  lazy.set('en|common', () => import(/* webpackChunkName: "strings-en" */ './locales/en').then((m) => m.en));
  return i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: toI18n(lang),
      // a string missing in English falls back to Bengali, which every page has
      fallbackLng: 'bn',
      supportedLngs: ['bn', 'en'],
      defaultNS: 'common',
      ns: ['common'],
      resources: { bn: { common: bn } },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      // BN is ready at once; an English page waits for its strings (the shell awaits this)
      initAsync: false,
    });
}

export function currentLanguage(): Language {
  // before i18next starts (the boot's first calls), the language it will start with
  if (!i18n.language) return storedLanguage();
  return i18n.language.toUpperCase() === 'EN' ? 'EN' : 'BN';
}

/**
 * A remote adds its own namespace when its exposed module loads, each language's strings in its
 * bundle or loaded on demand. A newer version of the remote loaded into an open tab (after a
 * release) adds it again: its strings replace the older ones.
 */
export function addNamespace(ns: string, resources: { bn: Strings$; en: Strings$ }): void {
  if (!i18n.isInitialized) void initI18n(); // a remote used on its own (tests, dev) before the shell
  for (const lng of ['bn', 'en'] as const) {
    const strings = resources[lng];
    if (typeof strings !== 'function') {
      i18n.addResourceBundle(lng, ns, strings, true, true);
      continue;
    }
    lazy.set(`${lng}|${ns}`, strings);
    // a newer version's strings replace those already loaded
    if (i18n.hasResourceBundle(lng, ns)) void i18n.reloadResources([lng], [ns]);
  }
  // known to i18next from now on: loaded for the page's language, and by every language change
  void i18n.loadNamespaces(ns);
}

export { bn as commonBn };
