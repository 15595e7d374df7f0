import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { apiRequest, type MemberInfoDto } from '@khela/api';
import {
  clearSession,
  getToken,
  GUEST,
  loginStateAtom,
  loginStateFor,
  sessionPhaseAtom,
  writeSession,
  SESSION_KEYS,
} from '@khela/session';

/**
 * Pages whose `token` query parameter is not the member's session: a game page's is the launch's
 * wallet token (/play/<GAMECODE>?token=…, /play/verify?round=…&token=…), which the game reads.
 */
const FOREIGN_TOKEN_PATHS = /^\/play\//;

/** Takes a token handed over in the URL query (and removes it from the address bar). */
export function takeTokenFromUrl(): string | null {
  const url = new URL(window.location.href);
  if (FOREIGN_TOKEN_PATHS.test(url.pathname)) return null;
  const token = url.searchParams.get('token');
  if (!token) return null;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  return token;
}

/**
 * Back from a social sign-in: the fragment's code (or refusal) for the login modal, taken out of the
 * address bar so a reload or a shared link does not carry it.
 */
export function takeSocialReturn(): { social?: string; socialError?: string } | null {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const social = hash.get('social') ?? undefined;
  const socialError = hash.get('socialError') ?? undefined;
  if (!social && !socialError) return null;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return social ? { social: social.slice(0, 100) } : { socialError: socialError!.replace(/[^A-Z_]/g, '').slice(0, 40) };
}

export function rememberMember(member: MemberInfoDto): void {
  writeSession(SESSION_KEYS.account, member.account);
  writeSession(SESSION_KEYS.nickname, member.nickname);
  writeSession(SESSION_KEYS.customerId, String(member.id));
}

/**
 * Start: a token in the session (bootstrap moved one from the URL query there) loads member info; once fetched the login
 * state becomes true. A token the server refuses is dropped. The phase turns 'ready' either way.
 */
export function useSessionBootstrap(): void {
  const setLogin = useSetAtom(loginStateAtom);
  const setPhase = useSetAtom(sessionPhaseAtom);
  useEffect(() => {
    if (!getToken()) {
      setPhase('ready');
      return;
    }
    let live = true;
    apiRequest<MemberInfoDto>('/wps/member/info')
      .then((member) => {
        if (!live) return;
        rememberMember(member);
        const state = loginStateFor(member);
        writeSession(SESSION_KEYS.isAgent, String(state.isAgent));
        setLogin(state);
      })
      .catch((err) => {
        if (!live) return;
        if (err?.status === 401) clearSession();
        setLogin(GUEST);
      })
      .finally(() => live && setPhase('ready'));
    return () => {
      live = false;
    };
  }, [setLogin, setPhase]);
}
