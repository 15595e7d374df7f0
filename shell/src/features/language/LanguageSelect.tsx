import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES, type Language } from '@khela/i18n';
import { useChangeLanguage } from './useChangeLanguage';

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const change = useChangeLanguage();
  void i18n.language; // re-render on change
  return (
    <div className="k-language-select">
      <label htmlFor={id}>{t('language.label')}</label>
      <select
        id={id}
        data-testid="language-select"
        value={currentLanguage()}
        onChange={(e) => change(e.target.value as Language)}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang}>
            {t(`language.${lang}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
