// What the platform's builds get when they import 'react-i18next' (see react-router-dom.mjs for
// why a shared module is provided from a subset): the hook and the plugin, without <Trans> and
// its HTML parser, which nothing here uses (about 5 KB gzip on every guest's home page).
// A name missing here fails the check in subsets.test.ts.
export { useTranslation, initReactI18next, I18nextProvider } from 'khela-react-i18next-impl';
