import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { useLocation } from 'react-router-dom';
import { pageLoaderAtom, sideMenuOpenAtom } from '@khela/session';

/**
 * After every navigation the page scrolls to the top, the loader hides and the side menu closes
 * (the spec: it closes on a game page and when a game list loads, whichever way the page was reached).
 */
export function NavigationEffects() {
  const { pathname, search } = useLocation();
  const setLoader = useSetAtom(pageLoaderAtom);
  const setSideMenu = useSetAtom(sideMenuOpenAtom);
  useEffect(() => {
    window.scrollTo(0, 0);
    setLoader(false);
    setSideMenu(false);
  }, [pathname, search, setLoader, setSideMenu]);
  return null;
}
