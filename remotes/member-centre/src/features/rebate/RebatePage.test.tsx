import { act, fireEvent, render, screen } from '@testing-library/react';
import { initI18n, i18n } from '@khela/i18n';
import { ApiError, apiRequest } from '@khela/api-client';
import type { RebateDto } from '@khela/api/member-centre';
import '../../i18n';
import RebatePage from './RebatePage';

jest.mock('@khela/api-client', () => ({ ...jest.requireActual('@khela/api-client'), apiRequest: jest.fn() }));
const api = apiRequest as jest.MockedFunction<typeof apiRequest>;

const open: RebateDto = {
  period: '2026-06-15',
  since: null,
  lines: [{ gameType: 'SLOT', validBet: '12555', rateBp: 80, amount: '100' }],
  total: '100',
  claimedThisPeriod: false,
  history: [],
};

beforeAll(() => initI18n('EN'));
beforeEach(async () => {
  api.mockReset();
  await act(() => i18n.changeLanguage('en'));
});

describe('RebatePage', () => {
  it('shows the claimable rebate by game type, claims it once, then says it was claimed today', async () => {
    api.mockImplementation(
      async (_path, opts?: { method?: string }) =>
        (opts?.method === 'POST'
          ? {
              ...open,
              lines: [],
              total: '0',
              claimedThisPeriod: true,
              history: [{ period: '2026-06-15', amount: '100', claimedAt: '2026-06-15T08:00:00.000Z' }],
            }
          : open) as never,
    );
    render(<RebatePage />);
    expect(await screen.findByTestId('rebate-lines')).toHaveTextContent('SLOT');
    fireEvent.click(screen.getByTestId('rebate-claim'));
    expect(await screen.findByTestId('rebate-claimed')).toHaveTextContent('was added to your wallet');
    expect(screen.getByTestId('rebate-claimed-today')).toBeInTheDocument();
    expect(screen.getByTestId('rebate-claim')).toBeDisabled();
    expect(screen.getByTestId('rebate-history')).toBeInTheDocument();
  });

  it('shows the empty state, and an error in words with a retry', async () => {
    api.mockResolvedValueOnce({ ...open, lines: [], total: '0' } as never);
    const { unmount } = render(<RebatePage />);
    expect(await screen.findByText('Nothing to claim yet: play a round first.')).toBeInTheDocument();
    expect(screen.getByTestId('rebate-claim')).toBeDisabled();
    unmount();
    api.mockRejectedValueOnce(new ApiError('NETWORK_ERROR', 'x', 0));
    render(<RebatePage />);
    expect(await screen.findByRole('button', { name: /retry|again/i })).toBeInTheDocument();
  });
});
