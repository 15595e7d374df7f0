import { takeTokenFromUrl } from './useSessionBootstrap';

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
