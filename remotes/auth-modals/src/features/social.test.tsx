import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Provider, createStore } from 'jotai';
import { initI18n, i18n } from '@khela/i18n';
import { type PermissionInfo } from '@khela/api';
import { ApiError, apiRequest } from '@khela/api-client';
import type { LoginValue } from '@khela/api/auth';
import { loginStateAtom, modalAtom, permissionAtom } from '@khela/session';
import '../i18n';
import { leavePage, returnPath, SocialButtons, SocialReturn } from './SocialLogin';

jest.mock('@khela/api-client', () => ({ ...jest.requireActual('@khela/api-client'), apiRequest: jest.fn() }));
const api = apiRequest as jest.MockedFunction<typeof apiRequest>;

const permission = (social: boolean) =>
  ({
    whitelabel: [
      { modId: 'COMM3', enabled: true, childrenNodes: [{ modId: 'SOCIALLOGIN3', enabled: social, childrenNodes: [] }] },
    ],
    registrationFieldRules: [],
    customerService: [],
  }) as unknown as PermissionInfo;

function renderWith(ui: React.ReactElement, social = true) {
  const store = createStore();
  store.set(permissionAtom, permission(social));
  render(
    <Provider store={store}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Provider>,
  );
  return store;
}

beforeAll(async () => {
  await initI18n('EN');
});
beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.mockReset();
  window.history.replaceState(null, '', '/promotions?tab=2&token=x&referralCode=FRIEND1');
});

describe('social sign-in in the login and register popups', () => {
  it("offers the operator's providers while SOCIALLOGIN3 is on, and leaves for the provider's address", async () => {
    const leave = jest.spyOn(leavePage, 'to').mockImplementation(() => undefined);
    api.mockImplementation(async (path) => {
      if (path === '/wps/session/social/providers') return [{ id: 'google', label: 'Google' }];
      return { url: 'https://accounts.example/auth?x=1' };
    });
    renderWith(<SocialButtons />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://accounts.example/auth?x=1'));
    expect(api).toHaveBeenLastCalledWith('/wps/session/social/google/start', {
      method: 'POST',
      body: { returnTo: '/promotions?tab=2&referralCode=FRIEND1', referralCode: 'FRIEND1' },
    });
  });

  it('shows nothing while the flag is off, and asks for nothing', async () => {
    renderWith(<SocialButtons />, false);
    expect(screen.queryByTestId('social-login')).toBeNull();
    expect(api).not.toHaveBeenCalled();
  });

  it('a refused start is shown, translated', async () => {
    api.mockImplementation(async (path) => {
      if (path === '/wps/session/social/providers') return [{ id: 'google', label: 'Google' }];
      throw new ApiError('SOCIAL_LOGIN_FAILED', 'unreachable', 503);
    });
    renderWith(<SocialButtons />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByTestId('social-error')).toHaveTextContent('The sign-in with that account did not work');
  });

  it('back from the provider, the code becomes the session and the login flow goes on', async () => {
    const value: LoginValue = {
      token: 't'.repeat(43),
      firstTimeLogin: true,
      passwordExpired: false,
      defaultPassword: false,
      member: { id: 9, account: 'sabc', nickname: 'Player A', type: 0 },
    };
    api.mockResolvedValue(value);
    const store = renderWith(<SocialReturn code={'c'.repeat(43)} />);
    expect(screen.getByTestId('social-completing')).toHaveTextContent('Signing you in');
    await waitFor(() => expect(store.get(loginStateAtom).isLogin).toBe(true));
    expect(store.get(loginStateAtom).firstTimeLogin).toBe(true);
    expect(api).toHaveBeenCalledWith('/wps/session/social/complete', { method: 'POST', body: { code: 'c'.repeat(43) } });
    expect(store.get(modalAtom)).toBeNull();
  });

  it('a refusal brought back from the provider is shown in Bengali too', async () => {
    await i18n.changeLanguage('bn');
    renderWith(<SocialReturn error="SOCIAL_ACCOUNT_LINKED" />);
    expect(screen.getByTestId('social-error')).toHaveTextContent('ওই অ্যাকাউন্ট অন্য একজন সদস্যের সাথে যুক্ত।');
  });

  it('comes back to this page, without a session token, and never to another site', () => {
    expect(returnPath({ pathname: '/hot', search: '?token=abc&page=2' })).toBe('/hot?page=2');
    expect(returnPath({ pathname: '//evil.example/x', search: '' })).toBe('/');
  });
});
