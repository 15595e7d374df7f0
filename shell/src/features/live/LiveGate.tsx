import { lazy, Suspense, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { loginStateAtom } from '@khela/session';
import { loadedMemberChunk, memberChunk } from './member-chunk';

// The member's chunk (./member-live: the live channel's starter, the header's account area) loads
// only for a logged-in member: never on a guest's page.
const LazyHeaderAccount = lazy(() => memberChunk().then((m) => ({ default: m.HeaderAccount })));
const LazyMemberOverlays = lazy(() => memberChunk().then((m) => ({ default: m.MemberOverlays })));

/**
 * The header's account area. Rendered at once when the chunk has arrived (the boot fetched it while
 * the member was read): a lazy component would suspend even then, and the login's render, a
 * transition, would wait for it before drawing the page's member area too. Which of the two is
 * chosen once per mount, so the area never remounts when the chunk arrives.
 */
export function HeaderAccount() {
  const [chunk] = useState(loadedMemberChunk);
  return chunk ? <chunk.HeaderAccount /> : <LazyHeaderAccount />;
}

function MemberOverlays() {
  const [chunk] = useState(loadedMemberChunk);
  return chunk ? <chunk.MemberOverlays /> : <LazyMemberOverlays />;
}

/** The reality check and session time limit of a logged-in real member (responsible gambling), and an agent's contract offers. */
export function RealityCheckGate() {
  const login = useAtomValue(loginStateAtom);
  const memberId = login.isTrial ? null : login.member?.id;
  if (memberId == null) return null;
  return (
    <Suspense fallback={null}>
      <MemberOverlays key={memberId} />
    </Suspense>
  );
}

/** Keeps the live channel open while a real member is logged in (one channel per member). */
export function LiveGate() {
  const login = useAtomValue(loginStateAtom);
  const memberId = login.isTrial ? null : login.member?.id;
  useEffect(() => {
    // not (yet) a member (a page opened with a session fetched the chunk at boot: bootstrap.tsx)
    if (memberId == null) return;
    const stop = memberChunk().then((m) => m.startLive());
    return () => void stop.then((close) => close());
  }, [memberId]);
  return null;
}
