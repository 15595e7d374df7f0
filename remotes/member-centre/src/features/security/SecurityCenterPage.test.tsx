import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { initI18n, i18n } from '@khela/i18n';
import { ApiError, apiRequest } from '@khela/api-client';
import type { DeviceDto, ProfileDto } from '@khela/api/member-centre';
import { modalAtom, sessionStore } from '@khela/session';
import '../../i18n';
import SecurityCenterPage from './SecurityCenterPage';

jest.mock('@khela/api-client', () => ({ ...jest.requireActual('@khela/api-client'), apiRequest: jest.fn() }));
const api = apiRequest as jest.MockedFunction<typeof apiRequest>;

const profile: ProfileDto = {
  settings: { fields: ['nickname', 'fullname', 'birthday', 'whatsapp'], required: ['fullname'], minAge: 21 },
  values: { nickname: 'Rahim', fullname: '', birthday: '', whatsapp: '' },
  mobileNum: '017****5678',
  email: null,
};
const device = (id: string, current: boolean): DeviceDto => ({
  id,
  current,
  createdAt: '2026-06-15T08:00:00.000Z',
  lastSeenAt: '2026-06-15T09:00:00.000Z',
  ip: '10.0.0.1',
  userAgent: 'Mozilla/5.0 (Android)',
});
let devices: DeviceDto[];
let put: jest.Mock;
let totpOn: boolean;

beforeAll(() => initI18n('EN'));
beforeEach(async () => {
  devices = [device('a', true), device('b', false)];
  totpOn = false;
  put = jest.fn(async (body: Record<string, string>) => ({ ...profile, values: { ...profile.values, ...body } }));
  api.mockReset();
  api.mockImplementation(async (path: string, opts?: { method?: string; body?: unknown }) => {
    if (path === '/wps/member/profile') return (opts?.method === 'PUT' ? put(opts.body) : profile) as never;
    if (path === '/wps/member/devices') return devices as never;
    if (path === '/wps/member/authenticator' && !opts?.method) return { enabled: totpOn, recoveryLeft: totpOn ? 8 : 0 } as never;
    if (path === '/wps/member/authenticator/setup')
      return { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Khela:x', qr: 'data:image/svg+xml;base64,PHN2Zy8+' } as never;
    if (path === '/wps/member/security/code') return { expiredMinutes: 2 } as never;
    if (path === '/wps/member/payment-password/reset') {
      if ((opts?.body as { code: string }).code !== '246810') throw new ApiError('VERIFICATION_CODE_INVALID', 'wrong', 400);
      return null as never;
    }
    if (path === '/wps/member/authenticator/confirm') {
      if ((opts?.body as { code: string }).code !== '123456') throw new ApiError('AUTHENTICATOR_CODE_INVALID', 'wrong', 400);
      totpOn = true;
      return { recoveryCodes: ['abcde-fghjk', 'mnpqr-stuvw'] } as never;
    }
    if (path === '/wps/member/devices/others') {
      const ended = devices.filter((d) => !d.current).length;
      devices = devices.filter((d) => d.current);
      return { ended } as never;
    }
    throw new ApiError('NOT_FOUND', path, 404);
  });
  sessionStore.set(modalAtom, null);
  await act(() => i18n.changeLanguage('en'));
});

const renderPage = () =>
  render(
    <Provider store={sessionStore}>
      <MemoryRouter>
        <SecurityCenterPage />
      </MemoryRouter>
    </Provider>,
  );

describe('SecurityCenterPage', () => {
  it('shows only the fields the operator enables, and what is bound', async () => {
    renderPage();
    expect(await screen.findByTestId('profile-nickname')).toHaveValue('Rahim');
    expect(screen.queryByTestId('profile-zalo')).toBeNull();
    expect(screen.getByLabelText('Full name *')).toBeInTheDocument();
    // the parts below the fold follow the first paint, one per idle step
    expect(await screen.findByTestId('bound-mobile')).toHaveTextContent('017****5678');
    expect(screen.getByTestId('bound-email')).toHaveTextContent('Not bound');
    expect(await screen.findByTestId('withdraw-accounts-link')).toHaveAttribute('href', '/member/withdraw');
    await screen.findAllByTestId('device-other');
  });

  it('checks the form with the shared rules before sending (required, full name, the 21 rule)', async () => {
    renderPage();
    await screen.findByTestId('profile-form');
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByTestId('profile-fullname-error')).toHaveTextContent('Input cannot be empty');
    fireEvent.change(screen.getByTestId('profile-fullname'), { target: { value: 'Rahim' } });
    fireEvent.change(screen.getByTestId('profile-birthday'), { target: { value: new Date().toISOString().slice(0, 10) } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByTestId('profile-fullname-error')).toHaveTextContent('First and last name');
    fireEvent.change(screen.getByTestId('profile-fullname'), { target: { value: 'Rahim Uddin' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByTestId('profile-birthday-error')).toHaveTextContent('at least 21');
    expect(put).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('profile-birthday'), { target: { value: '1990-01-31' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByTestId('profile-saved')).toHaveTextContent('saved');
    expect(put).toHaveBeenCalledWith({ nickname: 'Rahim', fullname: 'Rahim Uddin', birthday: '1990-01-31', whatsapp: '' });
  });

  it("shows the server's refusal under its field", async () => {
    put.mockRejectedValueOnce(
      new ApiError('VALIDATION_FAILED', 'bad', 400, { fields: { whatsapp: 'Digits only, 8 to 15 digits' } }),
    );
    renderPage();
    await screen.findByTestId('profile-form');
    fireEvent.change(screen.getByTestId('profile-fullname'), { target: { value: 'Rahim Uddin' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByTestId('profile-whatsapp-error')).toHaveTextContent('Digits only');
  });

  it('keeps a payee name already set read-only', async () => {
    const withPayee: ProfileDto = {
      ...profile,
      settings: { ...profile.settings, fields: ['payeeName', 'nickname'], required: [] },
      values: { payeeName: 'Rahim Uddin', nickname: 'Rahim' },
    };
    api.mockImplementation(async (path: string) => (path === '/wps/member/profile' ? withPayee : []) as never);
    renderPage();
    expect(await screen.findByTestId('profile-payeeName')).toHaveAttribute('readonly');
    expect(screen.getByTestId('profile-nickname')).not.toHaveAttribute('readonly');
  });

  it('opens the change-password dialog', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('change-password'));
    expect(sessionStore.get(modalAtom)).toEqual({ key: 'changePassModal' });
    await screen.findAllByTestId('device-other');
  });

  it('lists the devices and logs out everywhere else after a confirmation', async () => {
    renderPage();
    expect(await screen.findByTestId('device-current')).toHaveTextContent('This device');
    fireEvent.click(screen.getByTestId('logout-others'));
    fireEvent.click(within(await screen.findByTestId('logout-others-confirm')).getByText('Confirm'));
    expect(await screen.findByTestId('logout-others-done')).toHaveTextContent('1 other device logged out.');
    await waitFor(() => expect(screen.queryByTestId('device-other')).toBeNull());
    expect(screen.queryByTestId('logout-others')).toBeNull();
  });

  it('says what went wrong when the profile cannot be read, in Bengali too', async () => {
    api.mockImplementation(async () => {
      throw new ApiError('NETWORK_ERROR', 'x', 0);
    });
    await act(() => i18n.changeLanguage('bn'));
    renderPage();
    expect((await screen.findAllByRole('alert')).length).toBeGreaterThan(0);
    expect(screen.getByText('প্রোফাইল')).toBeInTheDocument();
  });

  it('sets up the authenticator app: QR code and key, a wrong code refused in words, recovery codes shown once', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('totp-setup-start'));
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(screen.getByAltText('QR code for the authenticator app')).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    fireEvent.change(screen.getByTestId('totp-confirm-code'), { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('totp-confirm-submit'));
    expect(await screen.findByText('Enter the 6 digits the app shows.')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('totp-confirm-code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByTestId('totp-confirm-submit'));
    expect(await screen.findByText('The code is not right. Enter the code the app shows now.')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('totp-confirm-code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('totp-confirm-submit'));
    const codes = await screen.findByTestId('recovery-codes');
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['abcde-fghjk', 'mnpqr-stuvw']);
    fireEvent.click(screen.getByTestId('totp-done'));
    expect(await screen.findByTestId('totp-on')).toHaveTextContent('On · 8 recovery codes left.');
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
  });

  it('resets the payment password with a code: checks the 6 digits first, a wrong code refused in words', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('paypwd-tab-reset'));
    fireEvent.click(screen.getByTestId('paypwd-reset-send'));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('/wps/member/security/code', {
        method: 'POST',
        body: { purpose: 'PAYPWD_RESET', channel: 'MOBILE' },
      }),
    );
    const set = (f: string, v: string) => fireEvent.change(screen.getByTestId(`paypwd-reset-${f}`), { target: { value: v } });
    set('code', '111111');
    set('newPassword', '12');
    fireEvent.click(screen.getByTestId('paypwd-reset-submit'));
    expect(await screen.findByText('Exactly 6 digits.')).toBeInTheDocument();
    set('newPassword', '730625');
    set('confirmPassword', '730625');
    fireEvent.click(screen.getByTestId('paypwd-reset-submit'));
    expect(await screen.findByTestId('paypwd-reset-error')).toHaveTextContent('Invalid verification code');
    set('code', '246810');
    set('newPassword', '730625');
    set('confirmPassword', '730625');
    fireEvent.click(screen.getByTestId('paypwd-reset-submit'));
    expect(await screen.findByTestId('paypwd-reset-done')).toHaveTextContent('Your payment password is saved.');
  });
});
