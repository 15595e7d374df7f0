import { atom } from 'jotai';

/** The spec's internal modal keys. */
export const MODAL_KEYS = [
  'loginPopupModal',
  'registerModal',
  'forgetPassModal',
  'changePassModal',
  'helpModal',
  'noticeModal',
  'publicModal',
  'loginModal',
] as const;
export type ModalKey = (typeof MODAL_KEYS)[number];

export interface OpenModal {
  key: ModalKey;
  /** Free-form options for the modal, e.g. the help centre's anchor or a public dialog's message key. */
  props?: Record<string, string | undefined>;
}

export const modalAtom = atom<OpenModal | null>(null);
export const openModalAtom = atom(null, (_get, set, next: OpenModal) => set(modalAtom, next));
export const closeModalAtom = atom(null, (_get, set) => set(modalAtom, null));
