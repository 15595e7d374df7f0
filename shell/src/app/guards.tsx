import { useEffect, type ReactNode } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Navigate } from 'react-router-dom';
import { Loading } from '@khela/ui';
import { getToken, loginStateAtom, openModalAtom, sessionPhaseAtom, type OpenModal } from '@khela/session';

/** Opens a modal once when the route is entered (/login, /register, /help). */
export function OpenModalOnEnter({ modal }: { modal: OpenModal }) {
  const open = useSetAtom(openModalAtom);
  const key = modal.key;
  const anchor = modal.props?.anchor;
  useEffect(() => {
    open({ key, props: anchor ? { anchor } : undefined });
  }, [open, key, anchor]);
  return null;
}

/** Lottery pages need a session token, otherwise the visitor goes to /login. */
export function RequireToken({ children }: { children: ReactNode }) {
  return getToken() ? <>{children}</> : <Navigate to="/login" replace />;
}

interface RequireMemberProps {
  children: ReactNode;
  /** shown behind the login popup (or the trial dialog) */
  fallback: ReactNode;
  /** trial accounts get the real-account dialog instead */
  refuseTrial?: boolean;
  /** shown while the session is read (default: the loading state) */
  pending?: ReactNode;
}

/** Member pages: a guest gets the login popup; a trial account the real-account dialog. */
export function RequireMember({ children, fallback, refuseTrial, pending }: RequireMemberProps) {
  const phase = useAtomValue(sessionPhaseAtom);
  const login = useAtomValue(loginStateAtom);
  if (phase === 'pending') return <>{pending ?? <Loading />}</>;
  if (!login.isLogin)
    return (
      <>
        {fallback}
        <OpenModalOnEnter modal={{ key: 'loginPopupModal' }} />
      </>
    );
  if (refuseTrial && login.isTrial) {
    return (
      <>
        {fallback}
        <OpenModalOnEnter modal={{ key: 'publicModal', props: { messageKey: 'dialogs.needRealAccount' } }} />
      </>
    );
  }
  return <>{children}</>;
}

/** /agentHome: anyone who is not an agent goes to /agent. */
export function RequireAgent({ children }: { children: ReactNode }) {
  const phase = useAtomValue(sessionPhaseAtom);
  const login = useAtomValue(loginStateAtom);
  if (phase === 'pending') return <Loading />;
  return login.isAgent ? <>{children}</> : <Navigate to="/agent" replace />;
}
