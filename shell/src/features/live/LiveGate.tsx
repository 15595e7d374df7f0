import { lazy, Suspense, useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { getToken, loginStateAtom } from '@khela/session';

// The member's chunk (./member-live: the channel with socket.io-client, the header's account area)
// loads only for a logged-in member: never on a guest's page.
const memberChunk = () => import('./member-live');
export const HeaderAccount = lazy(() => memberChunk().then((m) => ({ default: m.HeaderAccount })));
const MemberOverlays = lazy(() => memberChunk().then((m) => ({ default: m.MemberOverlays })));

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
    // not (yet) a member: a page opened with a session fetches the chunk while the member is read
    if (memberId == null) return void (getToken() && memberChunk());
    const stop = memberChunk().then((m) => m.startLive());
    return () => void stop.then((close) => close());
  }, [memberId]);
  return null;
}
