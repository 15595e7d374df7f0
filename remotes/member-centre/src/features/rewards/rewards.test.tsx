import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { initI18n, i18n } from '@khela/i18n';
import { ApiError, apiRequest } from '@khela/api-client';
import { PROMOTION_PATHS, RAFFLE_PATHS, RED_ENVELOPE_PATHS, type BonusDto, type RaffleDto } from '@khela/api/promotions';
import '../../i18n';
import BonusDetailsPage from './BonusDetailsPage';
import RewardCenterPage from './RewardCenterPage';

jest.mock('@khela/api-client', () => ({ ...jest.requireActual('@khela/api-client'), apiRequest: jest.fn() }));
const api = apiRequest as jest.MockedFunction<typeof apiRequest>;

beforeAll(() => initI18n('EN'));
beforeEach(async () => {
  api.mockReset();
  await act(() => i18n.changeLanguage('en'));
});

const bonus = (id: number, over: Partial<BonusDto> = {}): BonusDto => ({
  id,
  promotionId: 1,
  title: `Bonus ${id}`,
  kind: 'DEPOSIT_MATCH',
  status: 'ISSUED',
  bonus: '40000',
  wageringRequired: '80000',
  wageringDone: '20000',
  claimable: false,
  onWithdrawal: 'FORFEIT',
  appliedAt: '2026-11-28T01:00:00.000Z',
  issuedAt: '2026-11-28T01:00:00.000Z',
  claimedAt: null,
  rejectReason: null,
  ...over,
});

describe('bonus details', () => {
  it('shows each bonus with its wagering progress', async () => {
    api.mockResolvedValue([bonus(1), bonus(2, { status: 'CLAIMED', wageringDone: '80000' })] as never);
    render(<BonusDetailsPage />);
    const first = await screen.findByTestId('bonus-1');
    expect(within(first).getByTestId('bonus-wagering')).toHaveTextContent('Wagering ৳200.00 of ৳800.00');
    expect(within(first).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(within(first).getByText(/forfeits it/)).toBeInTheDocument();
    expect(screen.getByTestId('bonus-2')).toHaveAttribute('data-status', 'CLAIMED');
    expect(api).toHaveBeenCalledWith(PROMOTION_PATHS.bonusDetails, expect.objectContaining({ query: { lang: 'EN' } }));
  });

  it('an empty list, an error with a retry, and Bengali', async () => {
    api.mockRejectedValueOnce(new ApiError('SERVER_ERROR', 'x', 500));
    render(<BonusDetailsPage />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    api.mockResolvedValue([] as never);
    fireEvent.click(screen.getByRole('button'));
    expect(await screen.findByText('You have no bonuses yet.')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('bn'));
    expect(await screen.findByText('আপনার এখনও কোনো বোনাস নেই।')).toBeInTheDocument();
  });
});

describe('reward centre', () => {
  it('claims a ready bonus once, even on a double click, then shows it in the history', async () => {
    let claimed = false;
    let calls = 0;
    api.mockImplementation(async (path) => {
      if (path === PROMOTION_PATHS.rewardCentre)
        return (
          claimed
            ? { claimable: [], history: [bonus(7, { status: 'CLAIMED', wageringDone: '80000' })] }
            : { claimable: [bonus(7, { claimable: true, wageringDone: '80000' })], history: [] }
        ) as never;
      if (path === RED_ENVELOPE_PATHS.list || path === RAFFLE_PATHS.list) return [] as never;
      if (path === PROMOTION_PATHS.claimReward) {
        calls++;
        claimed = true;
        return { amount: '40000', balance: '90000' } as never;
      }
      throw new Error(`unexpected ${path}`);
    });
    render(<RewardCenterPage />);
    const button = await screen.findByTestId('claim-reward-7');
    expect(screen.getByText(/No rewards yet/)).toBeInTheDocument(); // the empty history
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByTestId('reward-notice')).toHaveTextContent('৳400.00 moved to your main wallet.');
    await waitFor(() => expect(screen.getByTestId('reward-history')).toBeInTheDocument());
    expect(calls).toBe(1);
  });

  it('says why a claim is refused', async () => {
    api.mockImplementation(async (path) => {
      if (path === PROMOTION_PATHS.rewardCentre) return { claimable: [bonus(3, { claimable: true })], history: [] } as never;
      if (path === RED_ENVELOPE_PATHS.list || path === RAFFLE_PATHS.list) return [] as never;
      throw new ApiError('ALREADY_CLAIMED', 'x', 409);
    });
    render(<RewardCenterPage />);
    fireEvent.click(await screen.findByTestId('claim-reward-3'));
    expect(await screen.findByTestId('reward-error')).toHaveTextContent('This reward was claimed already.');
  });
});

it('opens a red envelope once; a later one says when it opens', async () => {
  let opened: string | null = null;
  api.mockImplementation(async (path) => {
    if (path === PROMOTION_PATHS.rewardCentre) return { claimable: [], history: [] } as never;
    if (path === RAFFLE_PATHS.list) return [] as never;
    if (path === RED_ENVELOPE_PATHS.list)
      return [
        {
          id: 1,
          title: 'Eid drop',
          startsAt: '2026-11-28T00:00:00.000Z',
          endsAt: '2026-11-29T00:00:00.000Z',
          open: !opened,
          claimed: opened,
          empty: false,
        },
        {
          id: 2,
          title: 'Later',
          startsAt: '2026-11-28T12:00:00.000Z',
          endsAt: '2026-11-29T00:00:00.000Z',
          open: false,
          claimed: null,
          empty: false,
        },
      ] as never;
    if (path === RED_ENVELOPE_PATHS.claim) {
      opened = '25700';
      return { amount: '25700', balance: '30000' } as never;
    }
    throw new Error(`unexpected ${path}`);
  });
  render(<RewardCenterPage />);
  expect(await screen.findByTestId('envelope-2')).toHaveTextContent('Opens');
  fireEvent.click(await screen.findByTestId('open-envelope-1'));
  expect(await screen.findByTestId('envelope-notice')).toHaveTextContent(
    'The red envelope held ৳257.00: it is in your main wallet.',
  );
  await waitFor(() => expect(screen.getByTestId('envelope-1')).toHaveTextContent('You got ৳257.00'));
});

const raffle = (over: Partial<RaffleDto> = {}): RaffleDto => ({
  id: 7,
  title: 'Lucky draw',
  startsAt: '2026-11-28T00:00:00.000Z',
  endsAt: '2026-11-29T00:00:00.000Z',
  poishaPerTicket: '100000',
  maxTickets: 5,
  prizes: ['500000', '100000'],
  status: 'OPEN',
  tickets: 3,
  entered: false,
  claimable: true,
  won: null,
  winners: [],
  ...over,
});

it('enters the raffle tickets once (a double click enters once), then shows the draw’s result', async () => {
  let state: RaffleDto = raffle();
  let claims = 0;
  api.mockImplementation(async (path) => {
    if (path === PROMOTION_PATHS.rewardCentre) return { claimable: [], history: [] } as never;
    if (path === RED_ENVELOPE_PATHS.list) return [] as never;
    if (path === RAFFLE_PATHS.list) return [state] as never;
    if (path === RAFFLE_PATHS.claim) {
      claims++;
      state = raffle({ entered: true, claimable: false });
      return { tickets: 3 } as never;
    }
    throw new Error(`unexpected ${path}`);
  });
  const { unmount } = render(<RewardCenterPage />);
  expect(await screen.findByTestId('raffle-7')).toHaveTextContent('Prizes: ৳5,000.00 · ৳1,000.00');
  expect(screen.getByTestId('raffle-tickets-7')).toHaveTextContent('You have 3 tickets');
  const button = screen.getByTestId('claim-raffle-7');
  fireEvent.click(button);
  fireEvent.click(button);
  expect(await screen.findByTestId('raffle-notice')).toHaveTextContent('Your 3 tickets are in the draw.');
  await waitFor(() => expect(screen.getByTestId('raffle-7')).toHaveTextContent('Your tickets are in the draw'));
  expect(claims).toBe(1);
  unmount();

  state = raffle({
    status: 'DRAWN',
    entered: true,
    claimable: false,
    won: { place: 1, prize: '500000' },
    winners: [{ place: 1, account: 'ab***c', prize: '500000' }],
  });
  render(<RewardCenterPage />);
  expect(await screen.findByTestId('raffle-result-7')).toHaveTextContent('You won place 1: ৳5,000.00 is in your main wallet.');
  expect(screen.getByTestId('raffle-winners-7')).toHaveTextContent('ab***c · ৳5,000.00');
});

it('a raffle claim refused says why, translated', async () => {
  api.mockImplementation(async (path) => {
    if (path === PROMOTION_PATHS.rewardCentre) return { claimable: [], history: [] } as never;
    if (path === RED_ENVELOPE_PATHS.list) return [] as never;
    if (path === RAFFLE_PATHS.list) return [raffle()] as never;
    if (path === RAFFLE_PATHS.claim) throw new ApiError('RAFFLE_NOT_OPEN', 'x', 409);
    throw new Error(`unexpected ${path}`);
  });
  render(<RewardCenterPage />);
  fireEvent.click(await screen.findByTestId('claim-raffle-7'));
  expect(await screen.findByTestId('raffle-error')).toHaveTextContent('This raffle is not taking tickets now.');
});
