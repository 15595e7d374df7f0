import { Outlet } from 'react-router-dom';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { LeftBar, RightBar } from './Bars';
import { Footer } from './Footer';

/** Most pages: header, side menu, left and right bars, footer (the seamless page has no footer). */
export function Layout({ footer = true }: { footer?: boolean }) {
  return (
    <div className="k-app">
      <Header />
      <SideMenu />
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
