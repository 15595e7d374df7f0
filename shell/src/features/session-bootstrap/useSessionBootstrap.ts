import { startTransition, useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { type MemberInfoDto } from '@khela/api';
import { apiRequest } from '@khela/api-client';
import {
  clearSession,
  getToken,
  GUEST,
  loginStateAtom,
  loginStateFor,
  modalAtom,
  sessionPhaseAtom,
  sessionStore,
  setToken,
  writeSession,
  SESSION_KEYS,
} from '@khela/session';

/**
 * Pages whose `token` query parameter is not the member's session: a game page's is the launch's
 * wallet token (/play/<GAMECODE>?token=…, /play/verify?round=…&token=…), which the game reads.
 */
const FOREIGN_TOKEN_PATHS = /^\/play\//;
const LOGIN_CODE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Takes a one-time login code handed over in the URL (`?login=<code>`, issued by operators) out of the
 * address bar. A session token in the query (`?token=`, the old handover) is removed too and never
 * used: a link that carries a token would sign in whoever opens it as the link's member (login CSRF).
 */
export function takeLoginCodeFromUrl(): string | null {
  const url = new URL(window.location.href);
  const code = url.searchParams.get('login');
  const stale = !FOREIGN_TOKEN_PATHS.test(url.pathname) && url.searchParams.has('token');
  if (code === null && !stale) return null;
  url.searchParams.delete('login');
  if (stale) url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  return code && LOGIN_CODE.test(code) ? code : null;
}

/**
 * A link's one-time login code, exchanged by the server for the session it was issued for: once, within
 * a minute. A tab that already has a session keeps it: a link never replaces who is signed in here (the
 * visitor can log out and open the link again). When the link is for another session, the shell's notice
 * says it was not used; a link for the very session the tab has (opened again, or from another tab)
 * changes nothing and says nothing. A refused code leaves a guest, or the tab as it was.
 */
export async function handOverSession(): Promise<'none' | 'kept' | 'signed-in' | 'refused'> {
  const code = takeLoginCodeFromUrl();
  if (!code) return 'none';
  const current = getToken();
  let token: string;
  try {
    ({ token } = await apiRequest<{ token: string }>('/wps/session/handover', { method: 'POST', body: { code } }));
  } catch {
    return current ? 'kept' : 'refused';
  }
  if (!current) {
    setToken(token);
    return 'signed-in';
  }
  if (token !== current) sessionStore.set(modalAtom, { key: 'publicModal', props: { messageKey: 'dialogs.loginLinkUnused' } });
  return 'kept';
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

/** Member info asked for by the boot, with the token it was asked with (see startMemberInfo). */
let early: { token: string; answer: Promise<MemberInfoDto> } | undefined;

/**
 * The boot asks for member info as soon as it knows the page's token (stored, or just exchanged for
 * a link's login code), before i18n and the first render: the session bootstrap below takes that
 * answer instead of asking once the app has rendered and run its effects (on a slow phone the
 * member's page then waits a render less for its data).
 */
export function startMemberInfo(): void {
  const token = getToken();
  if (!token) return;
  const answer = apiRequest<MemberInfoDto>('/wps/member/info');
  answer.catch(() => undefined); // read by the bootstrap's effect, which handles the failure
  early = { token, answer };
}

/** The boot's member info, once, if it was asked for with the session's current token. */
function takeEarlyMemberInfo(): Promise<MemberInfoDto> | undefined {
  const taken = early;
  early = undefined;
  return taken && taken.token === getToken() ? taken.answer : undefined;
}

/**
 * Start: a token in the session (bootstrap exchanged a link's login code for one) loads member info; once fetched the login
 * state becomes true. A token the server refuses is dropped. The phase turns 'ready' either way.
 */
export function useSessionBootstrap(): void {
  const setLogin = useSetAtom(loginStateAtom);
  const setPhase = useSetAtom(sessionPhaseAtom);
  useEffect(() => {
    // a guest's page starts 'ready' (bootstrap sets it before the first render): this changes nothing then
    if (!getToken()) {
      setPhase('ready');
      return;
    }
    let live = true;
    (takeEarlyMemberInfo() ?? apiRequest<MemberInfoDto>('/wps/member/info'))
      .then((member) => {
        if (!live) return;
        rememberMember(member);
        const state = loginStateFor(member);
        writeSession(SESSION_KEYS.isAgent, String(state.isAgent));
        // the login state and the phase change together, in one interruptible render of the page
        startTransition(() => {
          setLogin(state);
          setPhase('ready');
        });
      })
      .catch((err) => {
        if (!live) return;
        if (err?.status === 401) clearSession();
        startTransition(() => {
          setLogin(GUEST);
          setPhase('ready');
        });
      });
    return () => {
      live = false;
    };
  }, [setLogin, setPhase]);
}
