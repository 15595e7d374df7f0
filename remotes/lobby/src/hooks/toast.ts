import { atom } from 'jotai';

/** A short message at the bottom of the page: a lobby message key, or a server errorCode. */
export interface Toast {
  key?: string;
  errorCode?: string;
}
export const toastAtom = atom<Toast | null>(null);
