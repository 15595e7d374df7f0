import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { initI18n, i18n } from '@khela/i18n';
import { ApiError } from '@khela/api-client';
import type { BetRecordsDto, MovementsDto, ProfitDto } from '@khela/api/records';
import * as api from './api';
import BetsPage from './BetsPage';
import TransactionsPage from './TransactionsPage';
import ProfitPage from './ProfitPage';

jest.mock('./api', () => ({
  fetchFilters: jest.fn(),
  fetchBets: jest.fn(),
  fetchMovements: jest.fn(),
  fetchProfit: jest.fn(),
}));
const mocked = api as jest.Mocked<typeof api>;

const page = { from: '2026-03-01', to: '2026-03-01', page: 1, pageSize: 20 };
const zeroBets: BetRecordsDto = {
  ...page,
  total: 0,
  totalPages: 0,
  list: [],
  totals: { count: 0, stake: '0', validBet: '0', payout: '0', profit: '0', openStake: '0' },
};
const bets: BetRecordsDto = {
  ...page,
  total: 21,
  totalPages: 2,
  list: [
    {
      id: 1,
      placedAt: '2026-03-01T10:00:00.000Z',
      settledAt: '2026-03-01T10:00:01.000Z',
      gameCode: 'KHELA_TIGER_REELS',
      gameName: 'Bengal Tiger Reels',
      gameType: 'RNG',
      vendorCode: 'KHELA',
      vendorName: 'Khela Studio',
      roundId: 'KS-1',
      stake: '2000',
      payout: '5000',
      validBet: '2000',
      profit: '3000',
      status: 'SETTLED',
    },
  ],
  totals: { count: 21, stake: '42000', validBet: '42000', payout: '30000', profit: '-12000', openStake: '0' },
};

beforeAll(() => initI18n('EN'));
beforeEach(async () => {
  await i18n.changeLanguage('en');
  jest.resetAllMocks();
  mocked.fetchFilters.mockResolvedValue({
    gameTypes: ['RNG', 'LIVE'],
    vendors: [{ code: 'KHELA', name: 'Khela Studio' }],
    wallets: [{ code: 'MAIN', name: 'Main wallet' }],
    movementTypes: ['DEPOSIT', 'BET'],
  });
});

describe('the betting record', () => {
  it("a lottery bet shows its draw, bet type, numbers, stake per number and result; other games' bets none of it", async () => {
    const lottery = {
      drawIndex: 7,
      numero: '20260301-0007',
      drawAt: '2026-03-01T10:05:00.000Z',
      betType: 'ALL_2D',
      prizeMode: 'ELOTT',
      numbers: ['07', '42'],
      stakePerNumber: '200',
      odds: 333,
      status: 'WON',
      drawnNumbers: ['12307', '00042'],
      hits: [
        { number: '07', hits: 2 },
        { number: '42', hits: 1 },
      ],
      payout: '1998',
    };
    mocked.fetchBets.mockResolvedValue({
      ...bets,
      list: [
        { ...bets.list[0], id: 2, gameCode: 'VN_NORTH', gameName: 'Vietnam North', gameType: 'LOTT', roundId: 'LT-1', lottery },
        { ...bets.list[0], lottery: null },
      ],
    });
    const first = render(<BetsPage />);
    const [lotto, slot] = await screen.findAllByTestId('bet-row');
    expect(lotto).toHaveTextContent('Draw 20260301-0007 · 2 digits · all prizes · ELOTT');
    expect(screen.getByTestId('bet-lottery-numbers')).toHaveTextContent('07 42');
    expect(lotto).toHaveTextContent('Stake per number৳2.00');
    expect(screen.getByTestId('bet-lottery-result')).toHaveTextContent('Top prize 12307 · Winning numbers: 07×2, 42');
    expect(slot.querySelector('[data-testid="bet-lottery"]')).toBeNull();

    mocked.fetchBets.mockResolvedValue({
      ...bets,
      list: [{ ...bets.list[0], lottery: { ...lottery, status: 'OPEN', drawnNumbers: null, hits: null } }],
    });
    first.unmount();
    await act(async () => i18n.changeLanguage('bn'));
    const second = render(<BetsPage />);
    expect(await screen.findByTestId('bet-lottery-result')).toHaveTextContent('ড্র-র অপেক্ষায়');

    // the other lotteries: their units and their whole draw, translated
    const fast = {
      ...lottery,
      group: 'FAST',
      betType: 'TWO_SIDES',
      numbers: ['1:BIG', 'SUM:ODD'],
      drawnNumbers: ['3', '0', '4', '1', '7'],
      hits: [{ number: 'SUM:ODD', hits: 1 }],
    };
    const daily = {
      ...lottery,
      group: 'DAILY',
      betType: 'PICK',
      numbers: ['03', '11', '19', '20', '21', '22'],
      drawnNumbers: ['03', '11', '19', '24', '38', '45'],
      hits: ['03', '11', '19'].map((number) => ({ number, hits: 1 })),
    };
    mocked.fetchBets.mockResolvedValue({
      ...bets,
      list: [
        { ...bets.list[0], id: 3, lottery: fast },
        { ...bets.list[0], id: 4, lottery: daily },
      ],
    });
    second.unmount();
    render(<BetsPage />);
    const [f, d] = await screen.findAllByTestId('bet-lottery');
    expect(f).toHaveTextContent('বড়/ছোট · বিজোড়/জোড়');
    expect(f.querySelector('[data-testid="bet-lottery-numbers"]')).toHaveTextContent('1 নম্বর স্থান: বড়, যোগফল: বিজোড়');
    expect(f.querySelector('[data-testid="bet-lottery-result"]')).toHaveTextContent('ড্র 3 0 4 1 7 · জেতা নম্বর: যোগফল: বিজোড়');
    expect(d).toHaveTextContent('বাছাই করা নম্বর');
    expect(d.querySelector('[data-testid="bet-lottery-result"]')).toHaveTextContent('ড্র 03 11 19 24 38 45 · ৩টি মিল: 03, 11, 19');
  });

  it('loads, then shows the bets with the totals of the filter, and pages', async () => {
    mocked.fetchBets.mockResolvedValue(bets);
    render(<BetsPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading records…');
    const row = await screen.findByTestId('bet-row');
    expect(row).toHaveTextContent('Bengal Tiger Reels');
    expect(row).toHaveTextContent('Round KS-1');
    expect(screen.getByTestId('bet-stake')).toHaveTextContent('৳20.00');
    expect(screen.getByTestId('total-profit')).toHaveTextContent('-৳120.00');
    expect(mocked.fetchBets).toHaveBeenLastCalledWith(
      expect.objectContaining({ range: 'TODAY', page: 1, pageSize: 20, gameType: '', vendor: '' }),
      expect.anything(),
    );
    fireEvent.click(screen.getByTestId('pager-next'));
    await waitFor(() =>
      expect(mocked.fetchBets).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }), expect.anything()),
    );
    // a filter starts from page 1 again
    await act(async () => {
      fireEvent.change(screen.getByTestId('filter-gameType'), { target: { value: 'LIVE' } });
    });
    await waitFor(() =>
      expect(mocked.fetchBets).toHaveBeenLastCalledWith(
        expect.objectContaining({ gameType: 'LIVE', page: 1 }),
        expect.anything(),
      ),
    );
  });

  it('says so when there is nothing, in Bengali too', async () => {
    mocked.fetchBets.mockResolvedValue(zeroBets);
    await i18n.changeLanguage('bn');
    render(<BetsPage />);
    expect(await screen.findByTestId('empty-state')).toHaveTextContent('এই সময়ে কোনো বাজি নেই');
    expect(screen.getByTestId('range-YESTERDAY')).toHaveTextContent('গতকাল');
  });

  it('translates a refusal and retries', async () => {
    mocked.fetchBets.mockRejectedValueOnce(new ApiError('RANGE_TOO_LONG', 'no', 400, { maxDays: 93 }));
    mocked.fetchBets.mockResolvedValue(zeroBets);
    render(<BetsPage />);
    expect(await screen.findByTestId('records-error')).toHaveTextContent('Choose at most 93 days');
    fireEvent.click(screen.getByRole('button', { name: /retry|try again/i }));
    expect(await screen.findByTestId('empty-state')).toBeInTheDocument();
  });
});

describe('the account record', () => {
  it('shows each movement signed, with the balance after it', async () => {
    const moves: MovementsDto = {
      ...page,
      total: 2,
      totalPages: 1,
      list: [
        {
          id: 2,
          transactionId: 2,
          createdAt: '2026-03-01T10:00:00.000Z',
          type: 'BET',
          kind: 'BET',
          wallet: 'MAIN',
          walletName: 'Main wallet',
          direction: 'OUT',
          amount: '2000',
          balanceAfter: '98000',
          reference: 'KS-1:bet',
        },
        {
          id: 1,
          transactionId: 1,
          createdAt: '2026-03-01T09:00:00.000Z',
          type: 'DEPOSIT',
          kind: 'DEPOSIT',
          wallet: 'MAIN',
          walletName: 'Main wallet',
          direction: 'IN',
          amount: '100000',
          balanceAfter: '100000',
          reference: null,
        },
      ],
      totals: { count: 2, in: '100000', out: '2000', net: '98000' },
    };
    mocked.fetchMovements.mockResolvedValue(moves);
    render(<TransactionsPage />);
    const rows = await screen.findAllByTestId('movement-row');
    expect(rows[0]).toHaveTextContent('Bet');
    expect(screen.getAllByTestId('movement-amount').map((e) => e.textContent)).toEqual(['-৳20.00', '+৳1,000.00']);
    expect(screen.getAllByTestId('movement-balance').map((e) => e.textContent)).toEqual(['৳980.00', '৳1,000.00']);
    expect(screen.getByTestId('total-net')).toHaveTextContent('+৳980.00');
  });
});

describe('the profit and loss', () => {
  it('groups by day, and by game type when asked', async () => {
    const sums = { bets: 1, stake: '2000', validBet: '2000', payout: '5000', profit: '3000', openStake: '0' };
    const profit: ProfitDto = {
      from: '2026-02-23',
      to: '2026-03-01',
      groupBy: 'DAY',
      rows: [{ key: '2026-03-01', ...sums }],
      totals: sums,
    };
    mocked.fetchProfit.mockResolvedValue(profit);
    render(<ProfitPage />);
    expect(await screen.findByTestId('profit-row')).toHaveTextContent('1 Mar 2026');
    expect(screen.getByTestId('total-profit')).toHaveTextContent('+৳30.00');
    mocked.fetchProfit.mockResolvedValue({ ...profit, groupBy: 'GAME_TYPE', rows: [{ key: 'RNG', ...sums }] });
    fireEvent.click(screen.getByTestId('group-GAME_TYPE'));
    await waitFor(() => expect(screen.getByTestId('profit-row')).toHaveTextContent('Slots'));
    expect(mocked.fetchProfit).toHaveBeenLastCalledWith(expect.objectContaining({ groupBy: 'GAME_TYPE' }), expect.anything());
  });
});
