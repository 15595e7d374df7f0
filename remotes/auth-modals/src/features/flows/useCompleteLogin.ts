import { useCallback } from 'react';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import type { LoginType, LoginValue } from '@khela/api/auth';
import { loginStateAtom, loginStateFor, modalAtom, pageLoaderAtom, setToken, writeSession, SESSION_KEYS } from '@khela/session';

export interface CompleteLoginOptions {
  type: LoginType | 'social' | 'register' | 'freeplay' | 'reset';
  /** the /agent page: go to /agentHome */
  agentPage?: boolean;
  /** the password just typed, so the forced change does not ask for it again */
  knownPassword?: string;
}

/**
 * The spec's login flow after a successful call: store the token, mark first login, close the
 * popup; a default initial or expired password (not after SMS or social logins) opens the change
 * password modal; otherwise the login state is set and the agent page goes to /agentHome.
 */
export function useCompleteLogin() {
  const setLogin = useSetAtom(loginStateAtom);
  const setModal = useSetAtom(modalAtom);
  const setLoader = useSetAtom(pageLoaderAtom);
  const navigate = useNavigate();
  return useCallback(
    (value: LoginValue, opts: CompleteLoginOptions) => {
      setToken(value.token);
      writeSession(SESSION_KEYS.account, value.member.account);
      writeSession(SESSION_KEYS.username, value.member.account);
      writeSession(SESSION_KEYS.nickname, value.member.nickname);
      writeSession(SESSION_KEYS.customerId, String(value.member.id));
      const state = loginStateFor(value.member, value.firstTimeLogin);
      writeSession(SESSION_KEYS.isAgent, String(state.isAgent));
      setLogin(state);
      setLoader(false);
      // a mobile registration without a password: the server set one nobody knows, and this
      // session may set the first password (old password '')
      if (value.passwordSetup) {
        setModal({ key: 'changePassModal', props: { forced: '1', passwordSetup: '1' } });
        return;
      }
      const mustChange = (value.defaultPassword || value.passwordExpired) && opts.type !== 'sms' && opts.type !== 'social';
      if (mustChange) {
        setModal({ key: 'changePassModal', props: { forced: '1', knownPassword: opts.knownPassword } });
        return;
      }
      // a new player is asked to set a deposit limit before the first deposit (responsible gambling)
      setModal(opts.type === 'register' ? { key: 'registerModal', props: { step: 'limit' } } : null);
      if (opts.agentPage) navigate('/agentHome');
      else if (opts.type === 'register' || opts.type === 'freeplay' || opts.type === 'reset') navigate('/');
    },
    [navigate, setLoader, setLogin, setModal],
  );
}
