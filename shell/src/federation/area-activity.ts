/**
 * Whether a remote area of the page is still loading its module. What can wait for the page's
 * areas (the member's live channel: socket.io-client) waits for this, so it never shares the
 * link with the code of the page's first view.
 */
let pending = 0;
const waiters = new Set<() => void>();

/** An area starts loading its module; the returned function says it has arrived or failed (once). */
export function areaLoadStarted(): () => void {
  pending++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    pending--;
    if (pending > 0) return;
    const ready = [...waiters];
    waiters.clear();
    for (const fn of ready) fn();
  };
}

/** Whether an area is loading its module now. */
export const areasLoading = (): boolean => pending > 0;

/** Runs `fn` once no area is loading (at once when none is); returns a cancel function. */
export function whenAreasLoaded(fn: () => void): () => void {
  if (pending === 0) {
    fn();
    return () => undefined;
  }
  waiters.add(fn);
  return () => void waiters.delete(fn);
}
