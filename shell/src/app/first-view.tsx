import { Loading } from '@khela/ui';

let banner: string | null | undefined;

/**
 * Reads what the origin drew into the page's first frame (shell/index.html, deploy's page.ts)
 * before the app replaces it: the home's first banner image, if the page came with one.
 */
export function captureFirstView(root: ParentNode = document): void {
  banner = root.querySelector<HTMLImageElement>('[data-first-view="banner"] img')?.getAttribute('src') ?? null;
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
}
