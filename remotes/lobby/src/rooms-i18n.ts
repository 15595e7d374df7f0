import { addNamespace } from '@khela/i18n';
import { NS } from './i18n';

/**
 * The strings of the PvP rooms: their own namespace, both languages loaded on demand when the PvP
 * page's rooms module loads, so no other page carries them. A component reads both, this one first.
 */
export const ROOMS_NS = 'lobby-rooms';
export const ROOMS_NAMESPACES = [ROOMS_NS, NS];
addNamespace(ROOMS_NS, {
  bn: () => import(/* webpackChunkName: "strings-rooms-bn" */ './locales/rooms-bn').then((m) => m.roomsBn),
  en: () => import(/* webpackChunkName: "strings-rooms-en" */ './locales/rooms-en').then((m) => m.roomsEn),
});
