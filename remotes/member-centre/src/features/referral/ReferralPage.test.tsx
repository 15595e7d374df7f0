import { act, render, screen } from '@testing-library/react';
import { initI18n, i18n } from '@khela/i18n';
import { ApiError, apiRequest } from '@khela/api-client';
import '../../i18n';
import ReferralPage from './ReferralPage';

jest.mock('@khela/api-client', () => ({ ...jest.requireActual('@khela/api-client'), apiRequest: jest.fn() }));
const api = apiRequest as jest.MockedFunction<typeof apiRequest>;

beforeAll(() => initI18n('EN'));
beforeEach(async () => {
  api.mockReset();
  await act(() => i18n.changeLanguage('en'));
});

it('shows the code, the invite link and the friends who joined', async () => {
  api.mockResolvedValue({
    code: 'RAHIM01',
    invited: 1,
    list: [{ account: 'ka***1', joinedAt: '2026-06-15T08:00:00.000Z' }],
  } as never);
  render(<ReferralPage />);
  expect(await screen.findByTestId('referral-code')).toHaveTextContent('RAHIM01');
  expect(screen.getByTestId('referral-link')).toHaveTextContent('/register?referralCode=RAHIM01');
  expect(screen.getByTestId('referral-count')).toHaveTextContent('1');
  expect(screen.getByText('ka***1')).toBeInTheDocument();
});

it('says when nobody joined, and when referral is off (in Bengali)', async () => {
  api.mockResolvedValueOnce({ code: 'RAHIM01', invited: 0, list: [] } as never);
  const { unmount } = render(<ReferralPage />);
  expect(await screen.findByText('No friend has joined with your code yet.')).toBeInTheDocument();
  unmount();
  api.mockRejectedValueOnce(new ApiError('FEATURE_DISABLED', 'off', 403));
  await act(() => i18n.changeLanguage('bn'));
  render(<ReferralPage />);
  expect(await screen.findByText('বন্ধুদের আমন্ত্রণ এখন চালু নেই।')).toBeInTheDocument();
});
