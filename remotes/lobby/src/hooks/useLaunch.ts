import { useCallback } from 'react';
import { atom, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { type Game } from '@khela/api';
import { ApiError } from '@khela/api-client';
import { launchGame, type LaunchTarget } from '../lib/api';
import { lotteryPath } from '../lib/categories';
import { toastAtom } from './toast';
import { useLang } from './useLang';
import { useLoginGate } from './useLoginGate';

/** A game under maintenance: the dialog offers other popular games. */
export const maintenanceAtom = atom<Game | null>(null);
/** A VASSALAGE entry opens its vendor's popup list. */
export const vendorPopupAtom = atom<Game | null>(null);

/** A connected vendor's game lives on its own site (an absolute address); ours on our origin. */
export const isExternalGameUrl = (url: string) => /^https?:\/\//i.test(url);

/** Leaves the storefront for a connected vendor's game (a seam for tests). */
export const leaveFor = { go: (url: string) => window.location.assign(url) };

/**
 * Launching: login needed (real play needs a real account; a free trial any account), then the
 * launch call, then the game: the platform's own game page (/play/<code>?token=…), a connected
 * vendor's site, or the platform's launch page. A lottery game opens its lottery page instead, and a
 * VASSALAGE entry the vendor popup list.
 */
export function useLaunch() {
  const gate = useLoginGate();
  const navigate = useNavigate();
  const lang = useLang();
  const setMaintenance = useSetAtom(maintenanceAtom);
  const setPopup = useSetAtom(vendorPopupAtom);
  const setToast = useSetAtom(toastAtom);
  const launch = useCallback(
    async (target: LaunchTarget, mode: 'real' | 'trial' = 'real'): Promise<void> => {
      const game = target.game;
      if (game?.isGame === 'VASSALAGE') {
        setPopup(game);
        return;
      }
      if (game && !target.lotto && game.gameGroupCode && (game.gameType === 'LOTT' || game.gameType === 'ELOTT')) {
        void navigate(lotteryPath(game.gameCode, game.gameGroupCode));
        return;
      }
      // clicked while the session is still being checked: the launch goes on when it is
      if (!gate(mode === 'real', () => void launch(target, mode))) return;
      if (game?.maintenance) {
        setMaintenance(game);
        return;
      }
      try {
        const { content } = await launchGame(target, mode === 'real' ? 1 : 0, lang);
        setPopup(null);
        if (isExternalGameUrl(content.game_url)) leaveFor.go(content.game_url);
        else navigate(content.game_url);
      } catch (err) {
        const code = err instanceof ApiError ? err.errorCode : 'UNKNOWN_ERROR';
        if (code === 'GAME_MAINTENANCE' && game) setMaintenance(game);
        else setToast({ errorCode: code });
      }
    },
    [gate, navigate, lang, setMaintenance, setPopup, setToast],
  );
  return launch;
}
