import { addNamespace } from '@khela/i18n';
import { bn } from './locales/bn';
import { en } from './locales/en';

export const NS = 'lobby';
addNamespace(NS, { bn, en });

/** Title of a section or list: its own title where it has one, else the category's common name. */
export const titleKeys = (type: string): string[] => [`${NS}:sections.${type}`, `common:nav.${type}`];
