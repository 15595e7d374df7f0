import { addNamespace } from '@khela/i18n';
import { bn } from './locales/bn';

export const NS = 'lobby';
// the English strings are a chunk of their own, fetched only by an English page (or a switch to English)
addNamespace(NS, { bn, en: () => import(/* webpackChunkName: "strings-en" */ './locales/en').then((m) => m.en) });

/** Title of a section or list: its own title where it has one, else the category's common name. */
export const titleKeys = (type: string): string[] => [`${NS}:sections.${type}`, `common:nav.${type}`];
