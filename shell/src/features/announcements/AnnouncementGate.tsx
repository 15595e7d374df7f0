import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { apiRequest } from '@khela/api-client';
import type { Announcement, AnnouncementsResponse } from '@khela/api/games';
import { loginStateAtom, modalAtom, onLiveEvent, readSession, sessionPhaseAtom, writeSession } from '@khela/session';
import { afterFirstView } from '../../lib/afterFirstView';
import { closeFlag, popupAudience, popupsToShow } from './rules';

// the popup's own chunk: fetched only when there is something to show
const AnnouncementPopup = lazy(() => import('./AnnouncementPopup'));

/** Game pages are for playing: no popup covers a game. */
const QUIET_PATHS = /^\/(play|seamless|lottery|seaLottery|vnLottery)(\/|$)/;

/**
 * The announcement popups (the spec's session popups, and the after-login modal of a member): the
 * set for the visitor's audience, once per session, after the page has loaded and while no other
 * modal is open. A member's set is read again when an operator publishes a popup (live channel).
 */
export function AnnouncementGate() {
  const { i18n } = useTranslation();
  const login = useAtomValue(loginStateAtom);
  const phase = useAtomValue(sessionPhaseAtom);
  const modal = useAtomValue(modalAtom);
  const { pathname } = useLocation();
  const [items, setItems] = useState<Announcement[] | null>(null);
  const [published, setPublished] = useState(0);
  const audience = useMemo(() => popupAudience(login), [login]);
  const lang = i18n.language?.toUpperCase() === 'EN' ? 'EN' : 'BN';

  useEffect(() => {
    setItems(null);
    if (phase !== 'ready') return;
    let live = true;
    const cancel = afterFirstView(() => {
      Promise.all(
        audience.executions.map((execution) =>
          apiRequest<AnnouncementsResponse>('/wps/relay/MCSFE_getListAnnouncements', {
            query: { types: 'PU', platform: 'W', execution, language: lang },
          }).then((v) => v.popup),
        ),
      ).then(
        (lists) => live && setItems(popupsToShow(lists, audience, readSession(audience.flag))),
        () => undefined, // no popups is the right answer to a failed call: nothing to show
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [phase, audience, lang, published]);

  useEffect(() => {
    if (!login.isLogin) return;
    return onLiveEvent('announcement', (e) => e.type === 'PU' && setPublished((n) => n + 1));
  }, [login.isLogin]);

  if (!items?.length || modal || QUIET_PATHS.test(pathname)) return null;
  const close = () => {
    writeSession(
      audience.flag,
      closeFlag(
        readSession(audience.flag),
        items.map((a) => a.id),
      ),
    );
    setItems(null);
  };
  return (
    <Suspense fallback={null}>
      <AnnouncementPopup items={items} onClose={close} />
    </Suspense>
  );
}
