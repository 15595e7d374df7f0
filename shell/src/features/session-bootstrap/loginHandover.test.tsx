import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { clearSession, getToken, loginStateAtom, modalAtom, sessionPhaseAtom, sessionStore, setToken } from '@khela/session';
import {
  handOverSession,
  startMemberInfo,
  takeLoginCodeFromUrl,
  takeSocialReturn,
  useSessionBootstrap,
} from './useSessionBootstrap';

const CODE = 'c'.repeat(43);
const answer = (status: number, body: object) => ({ ok: status < 400, status, json: async () => body });

describe('takeLoginCodeFromUrl', () => {
  it('takes a one-time login code handed over in the query and removes it from the address bar', () => {
    window.history.replaceState(null, '', `/member/withdraw?login=${CODE}&x=1`);
    expect(takeLoginCodeFromUrl()).toBe(CODE);
    expect(window.location.pathname + window.location.search).toBe('/member/withdraw?x=1');
  });

  it('never takes a session token from the query (login CSRF), and takes it out of the address bar', () => {
    window.history.replaceState(null, '', '/member/withdraw?token=abc&x=1');
    expect(takeLoginCodeFromUrl()).toBeNull();
    expect(window.location.pathname + window.location.search).toBe('/member/withdraw?x=1');
  });

  it("leaves a game page's token alone: it is the launch's wallet token, not the member's session", () => {
    window.history.replaceState(null, '', '/play/KSLOT?token=wallet-token');
    expect(takeLoginCodeFromUrl()).toBeNull();
    expect(window.location.search).toBe('?token=wallet-token');
    window.history.replaceState(null, '', '/play/verify?round=12&token=wallet-token');
    expect(takeLoginCodeFromUrl()).toBeNull();
    expect(window.location.search).toBe('?round=12&token=wallet-token');
  });
});

describe('handOverSession', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    clearSession();
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(answer(200, { success: true, message: '', value: { token: 'the-links-session' } }));
    (globalThis as { fetch: unknown }).fetch = fetchMock;
  });

  it("exchanges the code with the server for the link's session", async () => {
    window.history.replaceState(null, '', `/?login=${CODE}`);
    expect(await handOverSession()).toBe('signed-in');
    expect(getToken()).toBe('the-links-session');
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toMatch(/\/wps\/session\/handover$/);
    expect(JSON.parse(init.body)).toEqual({ code: CODE });
  });

  it('keeps the session a tab already has: a link for another session never replaces it, and the tab says so', async () => {
    sessionStore.set(modalAtom, null);
    setToken('my-own-session');
    window.history.replaceState(null, '', `/?login=${CODE}`);
    expect(await handOverSession()).toBe('kept');
    expect(getToken()).toBe('my-own-session');
    expect(window.location.search).toBe('');
    expect(sessionStore.get(modalAtom)).toEqual({ key: 'publicModal', props: { messageKey: 'dialogs.loginLinkUnused' } });
  });

  it("says nothing when the link is for the very session the tab has, or can't be used any more", async () => {
    sessionStore.set(modalAtom, null);
    setToken('the-links-session');
    window.history.replaceState(null, '', `/?login=${CODE}`);
    expect(await handOverSession()).toBe('kept');
    expect(getToken()).toBe('the-links-session');
    fetchMock.mockResolvedValue(answer(400, { success: false, message: 'used', value: null, errorCode: 'LOGIN_CODE_INVALID' }));
    window.history.replaceState(null, '', `/?login=${CODE}`);
    expect(await handOverSession()).toBe('kept');
    expect(getToken()).toBe('the-links-session');
    expect(sessionStore.get(modalAtom)).toBeNull();
  });

  it('says nothing when a guest signs in with the link, or when there is no link', async () => {
    sessionStore.set(modalAtom, null);
    window.history.replaceState(null, '', `/?login=${CODE}`);
    expect(await handOverSession()).toBe('signed-in');
    window.history.replaceState(null, '', '/');
    expect(await handOverSession()).toBe('none');
    expect(sessionStore.get(modalAtom)).toBeNull();
  });

  it('a refused code leaves a guest', async () => {
    fetchMock.mockResolvedValue(answer(400, { success: false, message: 'used', value: null, errorCode: 'LOGIN_CODE_INVALID' }));
    window.history.replaceState(null, '', `/?login=${CODE}`);
    expect(await handOverSession()).toBe('refused');
    expect(getToken()).toBeNull();
  });

  it('a session token in the query signs nobody in', async () => {
    window.history.replaceState(null, '', '/?token=attackers-session');
    expect(await handOverSession()).toBe('none');
    expect(getToken()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('takeSocialReturn', () => {
  it("takes a social sign-in's code or refusal from the fragment and leaves the address bar clean", () => {
    window.history.replaceState(null, '', '/promotions?tab=2#social=abc-DEF_123');
    expect(takeSocialReturn()).toEqual({ social: 'abc-DEF_123' });
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/promotions?tab=2');
    window.history.replaceState(null, '', '/#socialError=SOCIAL_LOGIN_FAILED<img>');
    expect(takeSocialReturn()).toEqual({ socialError: 'SOCIAL_LOGIN_FAILED' });
    expect(window.location.hash).toBe('');
  });

  it('leaves any other fragment alone (the help anchor)', () => {
    window.history.replaceState(null, '', '/helpmc#term');
    expect(takeSocialReturn()).toBeNull();
    expect(window.location.hash).toBe('#term');
  });
});

describe('member info asked for by the boot', () => {
  const fetchMock = jest.fn();
  const info = { id: 7, account: 'rahim01', nickname: 'Rahim', type: 0 };
  beforeEach(() => {
    clearSession();
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => answer(200, { success: true, message: '', value: info }));
    (globalThis as { fetch: unknown }).fetch = fetchMock;
    sessionStore.set(sessionPhaseAtom, 'pending');
  });
  const memberInfoCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/wps/member/info')).length;
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={sessionStore}>{children}</Provider>;

  it('the bootstrap takes the answer the boot asked for, instead of asking again after the first render', async () => {
    setToken('tok-1');
    startMemberInfo();
    expect(memberInfoCalls()).toBe(1);
    renderHook(() => useSessionBootstrap(), { wrapper });
    await waitFor(() => expect(sessionStore.get(sessionPhaseAtom)).toBe('ready'));
    expect(sessionStore.get(loginStateAtom).isLogin).toBe(true);
    expect(memberInfoCalls()).toBe(1);
  });

  it('asks nothing without a token, and asks again when the token changed since the boot asked', async () => {
    startMemberInfo();
    expect(memberInfoCalls()).toBe(0);
    setToken('tok-1');
    startMemberInfo();
    setToken('tok-2');
    renderHook(() => useSessionBootstrap(), { wrapper });
    await waitFor(() => expect(sessionStore.get(sessionPhaseAtom)).toBe('ready'));
    expect(memberInfoCalls()).toBe(2);
  });

  it("a refused token from the boot's answer is dropped, and the page settles as a guest's", async () => {
    fetchMock.mockImplementation(async () => answer(401, { success: false, message: 'expired', errorCode: 'TOKEN_EXPIRED' }));
    setToken('tok-1');
    startMemberInfo();
    renderHook(() => useSessionBootstrap(), { wrapper });
    await waitFor(() => expect(sessionStore.get(sessionPhaseAtom)).toBe('ready'));
    expect(sessionStore.get(loginStateAtom).isLogin).toBe(false);
    expect(getToken()).toBeNull();
  });
});
