import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { Provider, createStore } from 'jotai';
import { initI18n, i18n } from '@khela/i18n';
import { type PermissionInfo } from '@khela/api';
import { ApiError, apiRequest } from '@khela/api-client';
import { type LoginValue } from '@khela/api/auth';
import { sealedRequest } from '@khela/api-client/seal';
import { loginStateAtom, modalAtom, permissionAtom } from '@khela/session';
import '../i18n';
import { LoginForm } from './LoginPopup';
import { DepositLimitPrompt, RegisterPopup } from './RegisterPopup';
import { ChangePasswordPopup } from './PasswordPopups';

jest.mock('@khela/api-client', () => ({ ...jest.requireActual('@khela/api-client'), apiRequest: jest.fn() }));
jest.mock('@khela/api-client/seal', () => ({ ...jest.requireActual('@khela/api-client/seal'), sealedRequest: jest.fn() }));
const api = apiRequest as jest.MockedFunction<typeof apiRequest>;
const sealed = sealedRequest as jest.MockedFunction<typeof sealedRequest>;

const flags = (on: string[]) => [
  {
    modId: 'REG3',
    enabled: true,
    childrenNodes: ['USERNAMEREG3', 'MOBILENUMREG3', 'REGMOBVERF3'].map((modId) => ({
      modId,
      enabled: on.includes(modId),
      childrenNodes: [],
    })),
  },
  {
    modId: 'COMM3',
    enabled: true,
    childrenNodes: ['SMSLOGIN3', 'FREEPLAY3'].map((modId) => ({ modId, enabled: on.includes(modId), childrenNodes: [] })),
  },
];
const rules = [
  {
    field: 'username',
    enabled: true,
    required: true,
    patternId: 'LETTERS_DIGITS_FIRST_LETTER',
    acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
    minLength: 4,
    maxLength: 16,
  },
  { field: 'password', enabled: true, required: true, patternId: 'ANY', acceptedPattern: '*', minLength: 8, maxLength: 64 },
  {
    field: 'mobileNum',
    enabled: true,
    required: false,
    patternId: 'MOBILE',
    acceptedPattern: '^01[3-9]\\d{8}$',
    minLength: 11,
    maxLength: 11,
  },
];
const permission = (on: string[] = ['USERNAMEREG3']) =>
  ({ whitelabel: flags(on), registrationFieldRules: rules, customerService: [] }) as unknown as PermissionInfo;

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderWith(ui: React.ReactElement, on?: string[], path = '/') {
  const store = createStore();
  store.set(permissionAtom, permission(on));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <Location />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const login: LoginValue = {
  token: 't'.repeat(43),
  firstTimeLogin: false,
  passwordExpired: false,
  defaultPassword: false,
  member: { id: 7, account: 'rahim01', nickname: 'Rahim', type: 0 },
};
const type = (name: string, value: string) =>
  fireEvent.change(document.querySelector(`input[name="${name}"]`)!, { target: { value } });

beforeAll(async () => {
  await initI18n('EN');
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  api.mockReset();
  sealed.mockReset();
  localStorage.clear();
  sessionStorage.clear();
});

describe('login popup', () => {
  test('empty fields show their errors and nothing is sent', async () => {
    renderWith(<LoginForm />);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('Input cannot be empty')).toHaveLength(2);
    expect(sealed).not.toHaveBeenCalled();
  });

  test('a refusal that demands the captcha shows the image; the captcha is then required and sent with its id', async () => {
    sealed.mockRejectedValueOnce(new ApiError('US_INCORRECT_USERNAME_PASSWORD_ERROR', 'bad', 400, { captcha: true }));
    api.mockImplementation(async (path, opts) => {
      if (path === '/wps/captcha') {
        opts?.onResponse?.({ headers: new Headers({ 'Captcha-Id': 'cap-1' }) } as Response);
        return 'data:image/svg+xml;base64,PHN2Zy8+';
      }
      throw new Error(path);
    });
    renderWith(<LoginForm />);
    type('username', 'rahim01');
    type('password', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('The username or password is incorrect.')).toBeInTheDocument();
    expect(await screen.findByAltText(/Captcha/)).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter the captcha')).toBeInTheDocument();
    expect(sealed).toHaveBeenCalledTimes(1);
    sealed.mockResolvedValueOnce(login);
    type('captcha', 'AB12');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(sealed).toHaveBeenCalledTimes(2));
    expect(sealed.mock.calls[1][1].body).toMatchObject({
      type: 'username',
      username: 'rahim01',
      captcha: 'AB12',
      captchaId: 'cap-1',
    });
  });

  test('success stores the token and the login state; remember-me keeps the username and a device token, never the password', async () => {
    sealed.mockResolvedValueOnce({ ...login, rememberToken: 'remember-1' });
    const store = renderWith(<LoginForm />);
    type('username', 'rahim01');
    type('password', 'correct-horse-1');
    fireEvent.click(screen.getByTestId('remember-me'));
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(store.get(loginStateAtom).isLogin).toBe(true));
    expect(sessionStorage.getItem('token')).toBe(login.token);
    expect(sealed.mock.calls[0][1].body).toMatchObject({ remember: true, deviceId: expect.any(String) });
    const kept = JSON.stringify({ ...localStorage });
    expect(kept).toContain('rahim01');
    expect(kept).toContain('remember-1');
    expect(kept).not.toContain('correct-horse-1');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('correct-horse-1');
  });

  test('a remembered device logs in with its token and no password', async () => {
    localStorage.setItem('khelaDevice', 'device-1');
    localStorage.setItem(
      'khelaRemember',
      JSON.stringify({ username: 'rahim01', rememberToken: 'remember-1', expires: Date.now() + 60_000 }),
    );
    sealed.mockResolvedValueOnce(login);
    renderWith(<LoginForm />);
    expect(document.querySelector<HTMLInputElement>('input[name="username"]')!.value).toBe('rahim01');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(sealed).toHaveBeenCalled());
    expect(sealed.mock.calls[0][1].body).toEqual(
      expect.objectContaining({
        type: 'remember',
        username: 'rahim01',
        password: '',
        rememberToken: 'remember-1',
        deviceId: 'device-1',
      }),
    );
  });

  test('a default password opens the change-password modal with the password already known', async () => {
    sealed.mockResolvedValueOnce({ ...login, defaultPassword: true });
    const store = renderWith(<LoginForm />);
    type('username', 'rahim01');
    type('password', 'initial-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(store.get(modalAtom)).toEqual({ key: 'changePassModal', props: { forced: '1', knownPassword: 'initial-pass-1' } }),
    );
  });

  test('an account without a password (mobile registration) is asked to set its first one', async () => {
    sealed.mockResolvedValueOnce({ ...login, passwordSetup: true });
    const store = renderWith(<LoginForm />);
    type('username', 'rahim01');
    type('password', 'whatever-1');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(store.get(modalAtom)).toEqual({ key: 'changePassModal', props: { forced: '1', passwordSetup: '1' } }),
    );
  });

  test('the agent page: no remember-me, and a player is refused with the agent text', async () => {
    sealed.mockRejectedValueOnce(new ApiError('NOT_AGENT', 'no', 403));
    renderWith(<LoginForm agentPage />);
    expect(screen.queryByTestId('remember-me')).toBeNull();
    type('username', 'rahim01');
    type('password', 'correct-horse-1');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Non-agents cannot log in.')).toBeInTheDocument();
    expect(sealed.mock.calls[0][1].body).toMatchObject({ portal: 'agent' });
  });

  test('SMS: the number is checked first; a sent code counts down from expiredMinutes; too many requests warns', async () => {
    jest.useFakeTimers();
    try {
      api.mockResolvedValueOnce({ expiredMinutes: 2 });
      renderWith(<LoginForm />, ['SMSLOGIN3']);
      fireEvent.click(screen.getByRole('tab', { name: 'Mobile number' }));
      type('mobileNum', '123');
      fireEvent.click(screen.getByTestId('sms-send'));
      expect(await screen.findByText('Enter a valid mobile number (11 digits)')).toBeInTheDocument();
      expect(api).not.toHaveBeenCalled();
      type('mobileNum', '01712345678');
      act(() => jest.advanceTimersByTime(1100));
      await act(async () => fireEvent.click(screen.getByTestId('sms-send')));
      expect(api).toHaveBeenCalledWith(
        '/wps/verification/sms/noLogin',
        expect.objectContaining({ body: { mobileNum: '01712345678', countryDialingCode: '+880' } }),
      );
      expect(screen.getByTestId('sms-send')).toHaveTextContent('120 s');
      expect(screen.getByTestId('sms-send')).toBeDisabled();
      for (let i = 0; i < 3; i++) act(() => jest.advanceTimersByTime(1000));
      expect(screen.getByTestId('sms-send')).toHaveTextContent('117 s');
      for (let i = 0; i < 117; i++) act(() => jest.advanceTimersByTime(1000));
      expect(screen.getByTestId('sms-send')).toHaveTextContent('Send code');
      api.mockRejectedValueOnce(new ApiError('SMS_TOO_MANY_REQUESTS', 'too many requests', 429));
      await act(async () => fireEvent.click(screen.getByTestId('sms-send')));
      expect(screen.getByTestId('sms-warning')).toHaveTextContent('Too many requests: try again after 5 minutes.');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('register popup', () => {
  test('the terms come first (inline error, nothing sent); the referral code comes from the link', async () => {
    renderWith(<RegisterPopup />, ['USERNAMEREG3']);
    window.history.replaceState(null, '', '/?referralCode=FRIEND42');
    // the popup reads the link when it opens
    renderWith(<RegisterPopup />, ['USERNAMEREG3']);
    expect(document.querySelectorAll<HTMLInputElement>('input[name="referralCode"]')[0].value).toBe('FRIEND42');
    fireEvent.click(screen.getAllByRole('button', { name: 'Register' })[1]);
    expect(await screen.findByText('Please agree to the terms')).toBeInTheDocument();
    expect(sealed).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/');
  });

  test('operator rules apply with their messages; the confirmation must match; then register and log in', async () => {
    sealed.mockResolvedValueOnce(login);
    const store = renderWith(<RegisterPopup />, ['USERNAMEREG3']);
    fireEvent.click(screen.getByTestId('register-terms'));
    type('username', '1abc');
    type('password', 'long-enough-1');
    type('confirmPassword', 'long-enough-2');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Letters and digits starting with a letter, 4 to 16 characters')).toBeInTheDocument();
    type('username', 'rahim01');
    expect(await screen.findByText('The two entries are inconsistent')).toBeInTheDocument();
    type('confirmPassword', 'long-enough-1');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(store.get(loginStateAtom).isLogin).toBe(true));
    // the new player is asked to set a deposit limit (responsible gambling)
    expect(store.get(modalAtom)).toEqual({ key: 'registerModal', props: { step: 'limit' } });
    expect(sealed.mock.calls[0][0]).toBe('/wps/member/register');
    expect(sealed.mock.calls[0][1].body).toMatchObject({
      username: 'rahim01',
      password: 'long-enough-1',
      login: true,
      registerMethod: 'WEB',
    });
  });

  test('the deposit-limit prompt after registration leads to the limits page, or closes', async () => {
    const store = renderWith(<DepositLimitPrompt />);
    store.set(modalAtom, { key: 'registerModal', props: { step: 'limit' } });
    expect(screen.getByTestId('deposit-limit-prompt-text')).toHaveTextContent('set a deposit limit');
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(store.get(modalAtom)).toBeNull();
    store.set(modalAtom, { key: 'registerModal', props: { step: 'limit' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set a deposit limit' }));
    expect(store.get(modalAtom)).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/member/responsibleGaming');
  });

  test('an invalid invitation code opens the warning dialog and registers nothing', async () => {
    const store = createStore();
    store.set(permissionAtom, {
      ...permission(['USERNAMEREG3']),
      registrationFieldRules: [
        ...rules,
        {
          field: 'affiliateCode',
          enabled: true,
          required: false,
          patternId: 'LETTERS_DIGITS',
          acceptedPattern: '^[A-Za-z0-9]+$',
          minLength: 4,
          maxLength: 16,
        },
      ],
    } as PermissionInfo);
    api.mockResolvedValueOnce({ valid: false });
    render(
      <Provider store={store}>
        <MemoryRouter>
          <RegisterPopup />
        </MemoryRouter>
      </Provider>,
    );
    fireEvent.click(screen.getByTestId('register-terms'));
    type('username', 'rahim01');
    type('password', 'long-enough-1');
    type('confirmPassword', 'long-enough-1');
    type('affiliateCode', 'NOPE1');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByTestId('affiliate-warning')).toHaveTextContent('Invalid invitation code.');
    expect(api).toHaveBeenCalledWith(
      '/wps/agent/affiliate',
      expect.objectContaining({ query: expect.objectContaining({ code: 'NOPE1' }) }),
    );
    expect(sealed).not.toHaveBeenCalled();
  });
});

describe('change password', () => {
  test('a known old password is not asked again; the confirmation must match', async () => {
    renderWith(<ChangePasswordPopup knownPassword="initial-pass-1" forced />);
    expect(document.querySelector('input[name="oldPassword"]')).toBeNull();
    expect(screen.getByTestId('change-password-forced')).toBeInTheDocument();
    type('newPassword', 'brand-new-pass-1');
    type('confirmNewPassword', 'brand-new-pass-2');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The two entries are inconsistent')).toBeInTheDocument();
    expect(sealed).not.toHaveBeenCalled();
  });

  test('setting the first password sends an empty old password', async () => {
    sealed.mockResolvedValueOnce(null);
    api.mockResolvedValueOnce(login.member);
    renderWith(<ChangePasswordPopup passwordSetup forced />);
    expect(document.querySelector('input[name="oldPassword"]')).toBeNull();
    type('newPassword', 'brand-new-pass-1');
    type('confirmNewPassword', 'brand-new-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sealed).toHaveBeenCalled());
    expect(sealed.mock.calls[0][1].body).toEqual({
      oldPassword: '',
      newPassword: 'brand-new-pass-1',
      confirmNewPassword: 'brand-new-pass-1',
    });
  });

  test('BN texts', async () => {
    await i18n.changeLanguage('bn');
    try {
      renderWith(<ChangePasswordPopup />);
      fireEvent.click(screen.getByRole('button', { name: 'সংরক্ষণ' }));
      expect((await screen.findAllByText('এই ঘর খালি রাখা যাবে না')).length).toBeGreaterThan(0);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
