import { sessionPhaseAtom, sessionStore } from '@khela/session';
import { areasLoading, whenAreasLoaded } from '../federation/area-activity';
import { afterLoad } from './afterLoad';

/**
 * Runs `fn` once the page's first view is there: the session is settled (a member's page mounts its
 * area only then), no remote area is loading its module, the page has loaded, and the main thread
 * is idle. What is not part of the first view (the footer's vendor icons, the live channel) waits
 * for this, so it never shares a slow link or a busy phone with what the route shows first; on a
 * fast one the wait is a frame. Returns a cancel function.
 */
export function afterFirstView(fn: () => void): () => void {
  let cancelled = false;
  let cancelStep: () => void = () => undefined;
  // at an idle moment with no area loading (one may have started meanwhile: then wait for it, and
  // for the next idle moment)
  const attempt = () => {
    cancelStep = afterLoad(() => {
      if (cancelled) return;
      if (areasLoading()) cancelStep = whenAreasLoaded(attempt);
      else fn();
    });
  };
  const settled = () => sessionStore.get(sessionPhaseAtom) !== 'pending';
  if (settled()) attempt();
  else {
    const unsubscribe = sessionStore.sub(sessionPhaseAtom, () => {
      if (!settled() || cancelled) return;
      unsubscribe();
      attempt();
    });
    cancelStep = unsubscribe;
  }
  return () => {
    cancelled = true;
    cancelStep();
  };
}
