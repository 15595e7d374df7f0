import { initI18n, i18n, storedLanguage, storeLanguage, addNamespace, LANGUAGE_STORAGE_KEY, commonBn } from './index';
import { en as commonEn } from './locales/en';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe('i18n', () => {
  it('defaults to BN and reads the stored choice under hisLang', () => {
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    expect(storedLanguage()).toBe('BN');
    storeLanguage('EN');
    expect(localStorage.getItem('hisLang')).toBe('EN');
    expect(storedLanguage()).toBe('EN');
    localStorage.setItem('hisLang', 'xx');
    expect(storedLanguage()).toBe('BN');
  });

  it('has the same keys in BN and EN', () => {
    expect(keys(commonBn).sort()).toEqual(keys(commonEn).sort());
  });

  it('translates in both languages and accepts remote namespaces', async () => {
    await initI18n('BN');
    expect(i18n.t('header.login')).toBe('লগইন');
    addNamespace('demo', { bn: { hi: 'হাই' }, en: { hi: 'Hi' } });
    await i18n.changeLanguage('en');
    expect(i18n.t('header.login')).toBe('Log in');
    expect(i18n.t('demo:hi')).toBe('Hi');
    addNamespace('demo', { bn: { hi: 'হাই ২' }, en: { hi: 'Hi 2' } }); // a newer version of the remote
    expect(i18n.t('demo:hi')).toBe('Hi 2');
  });

  it('loads a language’s strings on demand: a Bengali page never fetches the English ones', async () => {
    await initI18n('BN');
    await i18n.changeLanguage('bn');
    const english = jest.fn(async () => ({ hi: 'Hi' }));
    addNamespace('lazy', { bn: { hi: 'হাই' }, en: english });
    await i18n.loadNamespaces('lazy');
    expect(i18n.t('lazy:hi')).toBe('হাই');
    expect(english).not.toHaveBeenCalled();
    // turning English waits for them
    await i18n.changeLanguage('en');
    expect(english).toHaveBeenCalledTimes(1);
    expect(i18n.t('lazy:hi')).toBe('Hi');
    // a newer version of the remote, added while the page is English: its strings replace the older ones
    addNamespace('lazy', { bn: { hi: 'হাই ২' }, en: async () => ({ hi: 'Hi 2' }) });
    await i18n.reloadResources(['en'], ['lazy']);
    expect(i18n.t('lazy:hi')).toBe('Hi 2');
    await i18n.changeLanguage('bn');
  });
});

describe('the bound t of useTranslation (strings without options are remembered)', () => {
  it('answers as i18next does, and follows new strings, a newer remote and the language', async () => {
    await initI18n('BN');
    await i18n.changeLanguage('bn');
    addNamespace('memo', { bn: { a: 'ক', nested: { b: 'খ {{n}}' } }, en: { a: 'A', nested: { b: 'B {{n}}' } } });
    const t = i18n.getFixedT(null, 'memo');
    expect(t('a')).toBe('ক');
    expect(t('a')).toBe('ক'); // remembered
    expect(t('nested.b', { n: 5 })).toBe('খ 5'); // options: i18next each time
    expect(t('nested.b', { n: 6 })).toBe('খ 6');
    expect(t('missing.key')).toBe('missing.key');
    // a newer version of the remote replaces its strings: the remembered ones go
    addNamespace('memo', { bn: { a: 'ক ২', 'missing.key': 'এখন আছে' }, en: { a: 'A 2' } });
    expect(t('a')).toBe('ক ২');
    // a bound t without a language follows the page's
    await i18n.changeLanguage('en');
    expect(t('a')).toBe('A 2');
    expect(i18n.getFixedT('bn', 'memo')('a')).toBe('ক ২');
    await i18n.changeLanguage('bn');
    // a key prefix is part of what is remembered
    expect(i18n.getFixedT(null, 'memo', 'nested')('b')).toBe('খ {{n}}');
  });

  it('gives what i18next gives for any key of the common strings, in either language, asked for twice', async () => {
    await initI18n('BN');
    const all = keys(commonBn);
    for (const lng of ['bn', 'en'] as const) {
      await i18n.changeLanguage(lng);
      const t = i18n.getFixedT(null, 'common');
      for (const key of [...all, ...all.map((k) => `${k}.nope`), 'nope']) {
        const expected = i18n.t(key, { ns: 'common' }); // with options: never remembered
        expect([key, t(key)]).toEqual([key, expected]);
        expect([key, t(key)]).toEqual([key, expected]);
      }
    }
    await i18n.changeLanguage('bn');
  });
});
