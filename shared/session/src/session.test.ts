import { clearSession, readSession, writeSession, SESSION_KEYS, loginStateFor, isAgentType, isTrialType } from './index';

describe('session storage', () => {
  it('keeps only the merchant codes on logout', () => {
    writeSession(SESSION_KEYS.token, 't');
    writeSession(SESSION_KEYS.merchant, 'KHELA');
    writeSession(SESSION_KEYS.merchantCode, 'KHELA');
    writeSession(SESSION_KEYS.isAgent, 'true');
    clearSession();
    expect(readSession(SESSION_KEYS.token)).toBeNull();
    expect(readSession(SESSION_KEYS.isAgent)).toBeNull();
    expect(readSession(SESSION_KEYS.merchant)).toBe('KHELA');
    expect(readSession(SESSION_KEYS.merchantCode)).toBe('KHELA');
  });
});

describe('roles', () => {
  it.each([1, 2, 41, 42])('type %i is an agent', (t) => expect(isAgentType(t)).toBe(true));
  it.each([0, 3, 4, 40])('type %i is not an agent', (t) => expect(isAgentType(t)).toBe(false));
  it('type 4 is a trial account', () => {
    expect(isTrialType(4)).toBe(true);
    expect(loginStateFor({ id: 1, account: 'demo', nickname: 'd', type: 4 })).toMatchObject({
      isLogin: true,
      isTrial: true,
      isAgent: false,
    });
  });
});
