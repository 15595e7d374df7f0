import { takeSocialReturn, takeTokenFromUrl } from './useSessionBootstrap';

describe('takeTokenFromUrl', () => {
  it('takes a session token handed over in the query and removes it from the address bar', () => {
    window.history.replaceState(null, '', '/member/withdraw?token=abc&x=1');
    expect(takeTokenFromUrl()).toBe('abc');
    expect(window.location.pathname + window.location.search).toBe('/member/withdraw?x=1');
  });

  it("leaves a game page's token alone: it is the launch's wallet token, not the member's session", () => {
    window.history.replaceState(null, '', '/play/KSLOT?token=wallet-token');
    expect(takeTokenFromUrl()).toBeNull();
    expect(window.location.search).toBe('?token=wallet-token');
    window.history.replaceState(null, '', '/play/verify?round=12&token=wallet-token');
    expect(takeTokenFromUrl()).toBeNull();
    expect(window.location.search).toBe('?round=12&token=wallet-token');
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
