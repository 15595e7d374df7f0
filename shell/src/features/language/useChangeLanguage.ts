import { useCallback } from 'react';
import { apiRequest } from '@khela/api-client';
import { i18n, storeLanguage, type Language } from '@khela/i18n';

/**
 * The spec's language change: store the choice under hisLang, set the validator locale, tell the
 * server, update the state. The validator locale (valibot's global lang in @khela/validation)
 * follows i18next's languageChanged event, so the shell does not load the validators on a guest's
 * home page just to set it; a form loaded later starts in the current language. The server call
 * is best effort: a failure must not undo a choice the player can already see.
 */
export async function changeLanguage(lang: Language): Promise<void> {
  storeLanguage(lang);
  await i18n.changeLanguage(lang.toLowerCase());
  document.documentElement.lang = lang.toLowerCase();
  apiRequest('/wps/member/language', { method: 'PUT', body: { language: lang } }).catch(() => undefined);
}

export function useChangeLanguage() {
  return useCallback((lang: Language) => changeLanguage(lang), []);
}
