import { addNamespace } from '@khela/i18n';
import { bn } from './locales/bn';
import { en } from './locales/en';

export const NS = 'games';
addNamespace(NS, { bn, en });
