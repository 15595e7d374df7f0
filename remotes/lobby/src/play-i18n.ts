import { addNamespace } from '@khela/i18n';
import { NS } from './i18n';

/**
 * The strings of the lottery, betting and launch pages: their own namespace, both languages loaded
 * on demand, registered when one of those pages' modules loads. The guest home never fetches them
 * (the lobby's own namespace is in its first chunk). A component reads both, this one first.
 */
export const PLAY_NS = 'lobby-play';
export const PLAY_NAMESPACES = [PLAY_NS, NS];
addNamespace(PLAY_NS, {
  bn: () => import(/* webpackChunkName: "strings-play-bn" */ './locales/play-bn').then((m) => m.playBn),
  en: () => import(/* webpackChunkName: "strings-play-en" */ './locales/play-en').then((m) => m.playEn),
});
