import { addNamespace } from '@khela/i18n';
import { bn } from './locales/bn';
import { en } from './locales/en';

/** The transfer page's strings: loaded with the page's chunk. */
export const TNS = 'member-transfer';
addNamespace(TNS, { bn, en });
