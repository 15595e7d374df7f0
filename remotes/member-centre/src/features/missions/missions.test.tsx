import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { initI18n, i18n } from '@khela/i18n';
import { ApiError, apiRequest } from '@khela/api-client';
import { MISSION_PATHS, type MissionDto } from '@khela/api/promotions';
import '../../i18n';
import MissionLeaderboardPage from './MissionLeaderboardPage';

jest.mock('@khela/api-client', () => ({ ...jest.requireActual('@khela/api-client'), apiRequest: jest.fn() }));
const api = apiRequest as jest.MockedFunction<typeof apiRequest>;

beforeAll(() => initI18n('EN'));
beforeEach(async () => {
  api.mockReset();
  await act(() => i18n.changeLanguage('en'));
});

const mission = (over: Partial<MissionDto> = {}): MissionDto => ({
  id: 1,
  code: 'SLOTS',
  title: 'Wager ৳500 on slots today',
  gameType: 'RNG',
  period: 'DAY',
  target: '50000',
  progress: '50000',
  reward: '1000',
  claimed: false,
  claimable: true,
  periodEndsAt: '2026-11-28T18:00:00.000Z',
  ...over,
});
const board = (period: string) => ({
  period,
  periodStart: '2026-11-27T18:00:00.000Z',
  list: [
    { rank: 1, account: 'ra***1', validBet: '160000', me: true },
    { rank: 2, account: 'ka***9', validBet: '90000', me: false },
  ],
});

it('shows progress, claims a done mission once, and the leaderboard by period', async () => {
  let claimed = false;
  let calls = 0;
  api.mockImplementation(async (path, opts) => {
    if (path === MISSION_PATHS.list)
      return [
        mission({ claimed, claimable: !claimed }),
        mission({ id: 2, code: 'LIVE', progress: '1000', claimable: false }),
      ] as never;
    if (path === MISSION_PATHS.leaderboard) return board(String((opts?.query as { period: string }).period)) as never;
    if (path === MISSION_PATHS.claim) {
      calls++;
      claimed = true;
      return { amount: '1000', balance: '5000' } as never;
    }
    throw new Error(`unexpected ${path}`);
  });
  render(<MissionLeaderboardPage />);
  const live = await screen.findByTestId('mission-LIVE');
  expect(within(live).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
  expect(within(live).getByRole('button', { name: 'Claim' })).toBeDisabled();
  const button = screen.getByTestId('claim-mission-SLOTS');
  fireEvent.click(button);
  fireEvent.click(button);
  expect(await screen.findByTestId('mission-notice')).toHaveTextContent('৳10.00 moved to your main wallet.');
  await waitFor(() => expect(screen.getByTestId('mission-SLOTS')).toHaveAttribute('data-status', 'CLAIMED'));
  expect(calls).toBe(1);
  expect(await screen.findByTestId('leaderboard')).toHaveTextContent('ra***1 (you)');
  fireEvent.click(screen.getByRole('tab', { name: 'Today' }));
  await waitFor(() =>
    expect(api).toHaveBeenCalledWith(MISSION_PATHS.leaderboard, expect.objectContaining({ query: { period: 'DAY' } })),
  );
});

it('empty lists, a refusal, and Bengali', async () => {
  api.mockImplementation(async (path) => {
    if (path === MISSION_PATHS.list) return [mission()] as never;
    if (path === MISSION_PATHS.leaderboard) return { period: 'WEEK', periodStart: '2026-11-23T18:00:00.000Z', list: [] } as never;
    throw new ApiError('ALREADY_CLAIMED', 'x', 409);
  });
  render(<MissionLeaderboardPage />);
  expect(await screen.findByText('No valid bets yet in this period.')).toBeInTheDocument();
  fireEvent.click(await screen.findByTestId('claim-mission-SLOTS'));
  expect(await screen.findByTestId('mission-error')).toHaveTextContent('Claimed already this period.');
  await act(() => i18n.changeLanguage('bn'));
  expect(await screen.findByText('লিডারবোর্ড')).toBeInTheDocument();
});

it('a failed load offers a retry', async () => {
  api.mockRejectedValue(new ApiError('SERVER_ERROR', 'x', 500));
  render(<MissionLeaderboardPage />);
  await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
  api.mockImplementation(async (path) => (path === MISSION_PATHS.list ? [] : board('WEEK')) as never);
  fireEvent.click(screen.getAllByRole('button', { name: 'Retry' })[0]);
  expect(await screen.findByText('No missions right now.')).toBeInTheDocument();
});
