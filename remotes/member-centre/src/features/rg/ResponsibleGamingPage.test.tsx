import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { initI18n, i18n } from '@khela/i18n';
import { ApiError, apiRequest } from '@khela/api-client';
import type { RgProfileDto } from '@khela/api/rg';
import '../../i18n';
import ResponsibleGamingPage from './ResponsibleGamingPage';
import { useErrorText } from '../../common/payments/ui';

jest.mock('@khela/api-client', () => ({ ...jest.requireActual('@khela/api-client'), apiRequest: jest.fn() }));
const api = apiRequest as jest.MockedFunction<typeof apiRequest>;

const profile = (over: Partial<RgProfileDto> = {}): RgProfileDto => ({
  limits: (['DEPOSIT', 'LOSS'] as const).flatMap((kind) =>
    (['DAY', 'WEEK', 'MONTH'] as const).map((period) => ({ kind, period, amount: null, used: '0', pending: null })),
  ),
  realityCheckMinutes: null,
  sessionLimitMinutes: null,
  exclusion: null,
  promptDepositLimit: true,
  ...over,
});

beforeAll(() => initI18n('EN'));
beforeEach(async () => {
  api.mockReset();
  await act(() => i18n.changeLanguage('en'));
});

const page = () =>
  render(
    <MemoryRouter>
      <ResponsibleGamingPage />
    </MemoryRouter>,
  );

describe('ResponsibleGamingPage', () => {
  it('loads, prompts for a deposit limit, sets one and says it applies now', async () => {
    const set = profile({ promptDepositLimit: false });
    set.limits[0] = { ...set.limits[0], amount: '100000' };
    api.mockImplementation(async (path: string, opts?: { method?: string; body?: unknown }) => {
      if (path === '/wps/rg' && !opts?.method) return profile() as never;
      if (path === '/wps/rg/limits/DEPOSIT/DAY' && opts?.method === 'PUT') {
        expect(opts.body).toEqual({ amount: '100000' });
        return { outcome: 'APPLIED', profile: set } as never;
      }
      throw new ApiError('NOT_FOUND', path, 404);
    });
    page();
    expect(await screen.findByTestId('rg-prompt')).toHaveTextContent('no deposit limit');
    expect(screen.getByTestId('rg-help-links').querySelectorAll('a').length).toBeGreaterThan(2);
    fireEvent.change(screen.getByTestId('rg-DEPOSIT-DAY-input'), { target: { value: '1,000' } });
    fireEvent.click(screen.getByTestId('rg-DEPOSIT-DAY-save'));
    expect(await screen.findByTestId('rg-note')).toHaveTextContent('applies now');
    expect(screen.getByTestId('rg-DEPOSIT-DAY-amount')).toHaveTextContent('1,000');
    expect(screen.queryByTestId('rg-prompt')).toBeNull();
  });

  it('shows a waiting increase with its date, and a translated error state with retry', async () => {
    let fail = true;
    const waiting = profile();
    waiting.limits[1] = {
      ...waiting.limits[1],
      amount: '50000',
      pending: { amount: '90000', effectiveAt: '2026-05-02T06:00:00.000Z', confirmable: false },
    };
    api.mockImplementation(async () => {
      if (fail) throw new ApiError('NETWORK_ERROR', 'x', 0);
      return waiting as never;
    });
    page();
    expect(await screen.findByTestId('rg-error')).toHaveTextContent('Network link abnormal');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /retry|try again/i }));
    expect(await screen.findByTestId('rg-DEPOSIT-WEEK-pending')).toHaveTextContent('Raise to');
  });

  it('refuses an amount that is not taka without a call', async () => {
    api.mockResolvedValue(profile() as never);
    page();
    fireEvent.change(await screen.findByTestId('rg-LOSS-MONTH-input'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('rg-LOSS-MONTH-save'));
    expect(await screen.findByTestId('rg-LOSS-MONTH-error')).toHaveTextContent('at most 2 decimals');
    expect(api).toHaveBeenCalledTimes(1);
  });
});

describe('the deposit limit refusal', () => {
  function Show({ err }: { err: unknown }) {
    return <p data-testid="text">{useErrorText()(err)}</p>;
  }
  it('names the limit and when it resets, in EN and BN', async () => {
    const err = new ApiError('DEPOSIT_LIMIT_REACHED', 'x', 409, {
      period: 'DAY',
      limit: '100000',
      remaining: '40000',
      resetsAt: '2026-05-02T06:00:00.000Z',
    });
    const { rerender } = render(<Show err={err} />);
    expect(screen.getByTestId('text')).toHaveTextContent(
      /24-hour deposit limit of ৳1,000.00 \(৳400.00 left\)\. It resets on 2 May/,
    );
    await act(() => i18n.changeLanguage('bn'));
    rerender(<Show err={err} />);
    await waitFor(() => expect(screen.getByTestId('text')).toHaveTextContent(/২৪ ঘণ্টা-এর ডিপোজিট সীমা/));
  });
});
