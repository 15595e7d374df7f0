import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { Loading } from '@khela/ui';

let banner: string | null | undefined;
let area: { node: Element; path: string } | null = null;

/**
 * Reads what the origin drew into the page's first frame (shell/index.html, deploy's page.ts)
 * before the app replaces it: the home's first banner image, or the first view an area published
 * for the address (the member centre's frame), if the page came with one.
 */
export function captureFirstView(root: ParentNode = document): void {
  banner = root.querySelector<HTMLImageElement>('[data-first-view="banner"] img')?.getAttribute('src') ?? null;
  const node = root.querySelector('[data-first-view="area"]');
  area = node ? { node, path: window.location.pathname } : null;
}

/**
 * An area while it loads (and a members' area while the session is read): the first view the
 * origin drew (the area's own, from its version: a game list, the promotions, the member centre's
 * frame) stays on screen, the same elements moved into the app's tree, not drawn again, so the
 * page's first paint is also its largest until the area renders in its place. Only on the address
 * it was drawn for, and only until the area has taken its place once (a later load of the area, a
 * new release or another language, shows the loading state, not the page's first data); else the
 * loading state.
 */
export function AreaLoading() {
  const ref = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const view = area && area.path === pathname ? area.node : null;
  useLayoutEffect(() => {
    // before the browser paints the commit that took the first frame away
    if (view && ref.current && view.parentNode !== ref.current) ref.current.appendChild(view);
    return () => {
      // once the commit that unmounted this hold is done: a view no other hold took is spent
      if (!view) return;
      queueMicrotask(() => {
        if (!view.isConnected && area?.node === view) area = null;
      });
    };
  }, [view]);
  if (!view) return <Loading />;
  return <div ref={ref} className="k-area" aria-busy="true" data-testid="first-view-area" />;
}

/**
 * The home's area while the lobby loads: the banner the first frame showed, at the place and size
 * the lobby draws it (so the largest paint stays the first frame's, and nothing moves), else the
 * loading state.
 */
export function HomeLoading() {
  if (!banner) return <Loading />;
  return (
    <div className="k-first-view">
      <div className="k-first-banner" data-testid="first-banner">
        <img src={banner} alt="" width={1200} height={400} fetchPriority="high" decoding="sync" />
      </div>
    </div>
  );
}

/** Tests: forget the captured view. */
export function resetFirstViewForTests(): void {
  banner = undefined;
  area = null;
}
