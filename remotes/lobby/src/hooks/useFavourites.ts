import { useCallback, useEffect, useState } from 'react';
import { atom, useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import type { Game } from '@khela/api';
import { loginStateAtom } from '@khela/session';
import { addFavourite, fetchFavouriteIds, fetchFavouriteList, removeFavourite } from '../lib/api';
import { FAVOURITE_THROTTLE_MS } from '../lib/constants';
import { toastAtom } from './toast';
import { useLoginGate } from './useLoginGate';

/** The member's favourite node ids (the "id list"). */
export const favouriteIdsAtom = atom<number[]>([]);
/** Whose ids `favouriteIdsAtom` holds (a member id), so they load once per login. */
const idsOwnerAtom = atom<string | null>(null);
/** The favourite list as last loaded (FAV lists and the home section show it). */
export const favouriteListAtom = atom<Game[] | null>(null);

/** Keeps the id list in step with the session: loaded at login, emptied at logout. */
export function useFavouriteIdsLoader(): void {
  const login = useAtomValue(loginStateAtom);
  const [owner, setOwner] = useAtom(idsOwnerAtom);
  const setIds = useSetAtom(favouriteIdsAtom);
  const setList = useSetAtom(favouriteListAtom);
  const memberId = login.isLogin && !login.isTrial && login.member ? String(login.member.id) : null;
  useEffect(() => {
    if (memberId === owner) return;
    setOwner(memberId);
    setIds([]);
    setList(null);
    if (memberId) fetchFavouriteIds().then(setIds, () => undefined);
  }, [memberId, owner, setOwner, setIds, setList]);
}

const lastToggle = new Map<number, number>();

/**
 * The favourite toggle: login needed (a trial account gets the real-account dialog); throttled to
 * one toggle of a game per second. Adding updates the id list at once and is skipped when the id is
 * already there; removing takes the game out of both lists at once. A refused call puts them back.
 */
export function useFavouriteToggle() {
  const gate = useLoginGate();
  const store = useStore();
  const toggle: (game: Game) => void = useCallback(
    (game: Game) => {
      // clicked while the session is still being checked: toggled when it is (a member's list)
      if (!gate(true, () => toggle(game))) return;
      const now = Date.now();
      if (now - (lastToggle.get(game.nodeId) ?? -Infinity) < FAVOURITE_THROTTLE_MS) return;
      lastToggle.set(game.nodeId, now);
      const ids = store.get(favouriteIdsAtom);
      const list = store.get(favouriteListAtom);
      const undo = () => {
        store.set(favouriteIdsAtom, ids);
        store.set(favouriteListAtom, list);
        store.set(toastAtom, { key: 'favouriteFailed' });
      };
      if (ids.includes(game.nodeId)) {
        store.set(
          favouriteIdsAtom,
          ids.filter((id) => id !== game.nodeId),
        );
        if (list)
          store.set(
            favouriteListAtom,
            list.filter((g) => g.nodeId !== game.nodeId),
          );
        removeFavourite(game).catch(undo);
      } else {
        store.set(favouriteIdsAtom, [game.nodeId, ...ids]);
        if (list) store.set(favouriteListAtom, [game, ...list]);
        addFavourite(game).catch(undo);
      }
    },
    [gate, store],
  );
  return toggle;
}

export function useIsFavourite(nodeId: number): boolean {
  return useAtomValue(favouriteIdsAtom).includes(nodeId);
}

/** For tests: forget the throttle. */
export const resetFavouriteThrottle = () => lastToggle.clear();

const listKeyAtom = atom<string | null>(null);

/**
 * The favourite list (fetched in one page of 999, in the page's language), shared by every view
 * that shows it; `reload` fetches it again. A guest's list is empty.
 */
export function useFavouriteList(lang: string) {
  const login = useAtomValue(loginStateAtom);
  const [list, setList] = useAtom(favouriteListAtom);
  const [key, setKey] = useAtom(listKeyAtom);
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const memberId = login.isLogin && !login.isTrial && login.member ? String(login.member.id) : null;
  const want = memberId ? `${memberId}|${lang}|${attempt}` : null;
  useEffect(() => {
    if (!want || want === key) return;
    setKey(want);
    setError(null);
    fetchFavouriteList(lang as 'BN' | 'EN').then(
      (page) => setList(page.content),
      (err) => {
        setError(err);
        setKey(null);
      },
    );
  }, [want, key, lang, setKey, setList]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { list: memberId ? list : [], loading: !!memberId && list === null && !error, error, reload };
}
