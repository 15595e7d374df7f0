import { addNamespace, i18n } from '@khela/i18n';
import { bindI18n } from '@khela/validation';
import { bn } from './locales/bn';
import { en } from './locales/en';

export const NS = 'auth-modals';
addNamespace(NS, { bn, en });
// validation messages through the page's i18next, and the validator locale follows the language
bindI18n(i18n);
