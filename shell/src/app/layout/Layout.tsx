import { lazy, Suspense, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Outlet } from 'react-router-dom';
import { sideMenuOpenAtom } from '@khela/session';
import { Header } from './Header';
import { LeftBar, RightBar } from './Bars';
import { Footer } from './Footer';

const SideMenuChunk = lazy(() => import(/* webpackChunkName: "side-menu" */ './SideMenu').then((m) => ({ default: m.SideMenu })));

/**
 * The side menu is off screen until opened: its code (and the language select's) is fetched the
 * first time it opens, not by every first page; once there it stays mounted (it slides).
 */
function LazySideMenu() {
  const open = useAtomValue(sideMenuOpenAtom);
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <SideMenuChunk />
    </Suspense>
  ) : null;
}

/** Most pages: header, side menu, left and right bars, footer (the seamless page has no footer). */
export function Layout({ footer = true }: { footer?: boolean }) {
  return (
    <div className="k-app">
      <Header />
      <LazySideMenu />
      <div className="k-body">
        <LeftBar />
        <main className="k-main" id="main">
          <Outlet />
        </main>
        <RightBar />
      </div>
      {footer ? <Footer /> : null}
    </div>
  );
}

/** The agent pages: no header, no footer. */
export function BareLayout() {
  return (
    <main className="k-bare" id="main">
      <Outlet />
    </main>
  );
}
