import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { useLocation } from 'react-router-dom';
import { pageLoaderAtom } from '@khela/session';

/** After every navigation the page scrolls to the top and the loader hides. */
export function NavigationEffects() {
  const { pathname, search } = useLocation();
  const setLoader = useSetAtom(pageLoaderAtom);
  useEffect(() => {
    window.scrollTo(0, 0);
    setLoader(false);
  }, [pathname, search, setLoader]);
  return null;
}
