import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { initI18n, i18n } from '@khela/i18n';
import { ApiError, apiRequest } from '@khela/api-client';
import type { DepositChannelDto, WithdrawInfoDto } from '@khela/api/payments';
import '../i18n';
import DepositPage, { readAmount } from './deposit/DepositPage';
import WithdrawPage from './withdraw/WithdrawPage';

jest.mock('@khela/api-client', () => ({ ...jest.requireActual('@khela/api-client'), apiRequest: jest.fn() }));
const api = apiRequest as jest.MockedFunction<typeof apiRequest>;

const ROCKET: DepositChannelDto = {
  code: 'ROCKET',
  method: 'ROCKET',
  name: 'Rocket',
  minAmount: '50000',
  maxAmount: '2500000',
  feeBps: 100,
  feeFixed: '0',
  quickAmounts: ['50000', '100000'],
};

beforeAll(() => initI18n('EN'));
beforeEach(async () => {
  api.mockReset();
  await act(() => i18n.changeLanguage('en'));
});

describe('readAmount', () => {
  it('takes taka as people type it and checks the channel limits', () => {
    expect(readAmount('1,000.50', ROCKET)).toEqual({ amount: BigInt(100050) });
    expect(readAmount('১০০০', ROCKET)).toEqual({ amount: BigInt(100000) });
    expect(readAmount('', ROCKET)).toEqual({ error: 'pay.fields.required' });
    expect(readAmount('12.345', ROCKET)).toEqual({ error: 'pay.fields.amountFormat' });
    expect(readAmount('0', ROCKET)).toEqual({ error: 'pay.fields.amountFormat' });
    expect(readAmount('499.99', ROCKET)).toEqual({ error: 'pay.errors.AMOUNT_BELOW_MIN' });
    expect(readAmount('25000.01', ROCKET)).toEqual({ error: 'pay.errors.AMOUNT_ABOVE_MAX' });
  });
});

function routeApi(routes: Record<string, unknown | (() => unknown)>) {
  api.mockImplementation(async (path: string) => {
    const r = routes[path.split('?')[0]];
    if (r === undefined) throw new ApiError('NOT_FOUND', path, 404);
    const v = typeof r === 'function' ? (r as () => unknown)() : r;
    if (v instanceof ApiError) throw v;
    return v as never;
  });
}

describe('DepositPage', () => {
  it('shows the fee and what the wallet receives, and errors under the field', async () => {
    routeApi({
      '/wps/payments/deposit/channels': [ROCKET],
      '/wps/payments/deposits': [],
      '/wps/v2/wallets/balance': { wallets: [{ walletCode: 'MAIN', balance: '12345' }] },
    });
    render(
      <MemoryRouter initialEntries={['/member/depositv2']}>
        <DepositPage />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('deposit-balance')).toHaveTextContent('৳123.45');
    expect(screen.getByText('Nothing yet.')).toBeInTheDocument();
    expect(screen.getByTestId('channel-ROCKET')).toHaveTextContent('Fee 1%');
    fireEvent.change(screen.getByTestId('deposit-amount-input'), { target: { value: '1000' } });
    expect(screen.getByTestId('deposit-receive')).toHaveTextContent('৳990.00');
    fireEvent.change(screen.getByTestId('deposit-amount-input'), { target: { value: '100' } });
    fireEvent.click(screen.getByTestId('deposit-submit'));
    expect(screen.getByTestId('deposit-amount-error')).toHaveTextContent('The smallest amount is ৳500.00.');
    expect(api).not.toHaveBeenCalledWith('/wps/payments/deposits', expect.objectContaining({ method: 'POST' }));
  });

  it('an empty list of channels and a failed load have their own states', async () => {
    routeApi({ '/wps/payments/deposit/channels': [], '/wps/payments/deposits': [], '/wps/v2/wallets/balance': { wallets: [] } });
    const { unmount } = render(
      <MemoryRouter>
        <DepositPage />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('No deposit method is open right now');
    unmount();
    routeApi({ '/wps/payments/deposit/channels': () => new ApiError('NETWORK_ERROR', 'x', 0) });
    render(
      <MemoryRouter>
        <DepositPage />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('deposit-error')).toHaveTextContent('Network link abnormal');
  });
});

const INFO: WithdrawInfoDto = {
  balance: '300000',
  minAmount: '50000',
  maxAmount: '2500000',
  dailyCount: 3,
  usedToday: 1,
  paymentPasswordSet: true,
  payeeName: 'Rahim Uddin',
  accounts: [
    {
      id: 7,
      method: 'BKASH',
      accountNo: '••••5678',
      holderName: 'Rahim Uddin',
      bankName: null,
      branch: null,
      createdAt: '2025-01-01T00:00:00Z',
    },
  ],
  maxAccounts: 5,
  turnover: { multiplier: 1, deposits: '100000', required: '100000', done: '0', missing: '0', since: null },
  confirmTimeoutMinutes: 1440,
};

describe('WithdrawPage', () => {
  it('says what turnover is missing instead of offering the form', async () => {
    routeApi({
      '/wps/payments/withdraw/info': {
        ...INFO,
        turnover: {
          multiplier: 1.5,
          deposits: '100000',
          required: '150000',
          done: '40000',
          missing: '110000',
          since: '2025-01-01T00:00:00Z',
        },
      },
      '/wps/payments/withdrawals': [],
    });
    render(<WithdrawPage />);
    expect(await screen.findByTestId('turnover-notice')).toHaveTextContent(
      'Since your last withdrawal you deposited ৳1,000.00. Valid bets of 1.5 × that, ৳1,500.00, are needed; you have ৳400.00. Still missing: ৳1,100.00.',
    );
    expect(screen.queryByTestId('withdraw-form')).not.toBeInTheDocument();
  });

  it('asks for a payment password when there is none, and checks the form before sending', async () => {
    routeApi({
      '/wps/payments/withdraw/info': { ...INFO, paymentPasswordSet: false, accounts: [] },
      '/wps/payments/withdrawals': [],
    });
    render(<WithdrawPage />);
    expect(await screen.findByTestId('pin-form')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('pin-new'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('pin-submit'));
    expect(screen.getByTestId('pin-form')).toHaveTextContent('Too easy to guess');
    expect(screen.getByTestId('withdraw-form')).toHaveTextContent('Set a payment password above to withdraw.');
    expect(screen.getByTestId('withdraw-submit')).toBeDisabled();
  });

  it('refuses an amount above the balance under the field, and shows the server refusal otherwise', async () => {
    routeApi({
      '/wps/payments/withdraw/info': INFO,
      '/wps/payments/withdrawals': () => new ApiError('DAILY_WITHDRAWAL_LIMIT', 'x', 409, { dailyCount: 3 }),
    });
    render(<WithdrawPage />);
    fireEvent.change(await screen.findByTestId('withdraw-amount-input'), { target: { value: '5000' } });
    fireEvent.change(screen.getByTestId('withdraw-pin'), { target: { value: '482915' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(screen.getByTestId('withdraw-amount-error')).toHaveTextContent(
      'Your balance (৳3,000.00) is not enough for this amount.',
    );
    fireEvent.change(screen.getByTestId('withdraw-amount-input'), { target: { value: '600' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('withdraw-form-error')).toHaveTextContent(
        'You can withdraw at most 3 times a day. Try again tomorrow.',
      ),
    );
  });
});
