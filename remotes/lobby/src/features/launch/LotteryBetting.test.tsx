import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { initI18n, i18n } from '@khela/i18n';
import { ApiError } from '@khela/api-client';
import { emitLiveEvent } from '@khela/session';
import '../../i18n';
import * as api from '../../lib/api';
import { LotteryBetting } from './LotteryBetting';

jest.mock('../../lib/api', () => ({
  fetchLotteryBetting: jest.fn(),
  fetchLotteryBets: jest.fn(),
  placeLotteryBet: jest.fn(),
}));
const mocked = api as jest.Mocked<typeof api>;

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const GAME: api.LotteryBettingGame = {
  gameCode: 'VN_NORTH',
  groupCode: 'VN',
  draws: [
    { index: 100, numero: '20261123-0100', drawAt: inMinutes(5), closesAt: inMinutes(4), serverSeedHash: 'a'.repeat(64) },
    { index: 101, numero: '20261123-0101', drawAt: inMinutes(10), closesAt: inMinutes(9), serverSeedHash: 'b'.repeat(64) },
  ],
  betTypes: [
    { type: 'SPECIAL_2D', odds: 9500, digits: 2, pair: false },
    { type: 'SPECIAL_3D', odds: 90000, digits: 3, pair: false },
    { type: 'ALL_2D', odds: 300, digits: 2, pair: false },
    { type: 'ALL_3D', odds: 3500, digits: 3, pair: false },
    { type: 'LOTTO', odds: 1500, digits: 2, pair: true },
  ],
  minStake: '100',
  maxStake: '1000000',
  closeBeforeS: 60,
};

const EVENT = { gameCode: 'VN_NORTH', drawIndex: 100, numero: '20261123-0100', status: 'SETTLED' as const };

const renderView = () =>
  render(
    <Provider store={createStore()}>
      <MemoryRouter>
        <LotteryBetting gameCode="VN_NORTH" />
      </MemoryRouter>
    </Provider>,
  );

beforeAll(async () => {
  await initI18n('EN');
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  jest.clearAllMocks();
  mocked.fetchLotteryBetting.mockResolvedValue(GAME);
  mocked.fetchLotteryBets.mockResolvedValue({ list: [] });
});

describe('the lottery betting view', () => {
  it('shows the total and the potential win before confirming, and places the bet on the chosen draw', async () => {
    mocked.placeLotteryBet.mockResolvedValue({ bet: {} as api.LotteryBet, balance: '0' });
    renderView();
    await screen.findByTestId('lottery-betting');
    expect(await screen.findByText('No bets on this game yet.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('pick-07'));
    fireEvent.click(screen.getByTestId('pick-42'));
    fireEvent.change(screen.getByTestId('betting-stake'), { target: { value: '5' } });
    expect(screen.getByTestId('betting-count').textContent).toBe('2');
    expect(screen.getByTestId('betting-total').textContent).toBe('৳10.00');
    expect(screen.getByTestId('betting-potential').textContent).toBe('৳950.00');
    fireEvent.change(screen.getByTestId('betting-draw'), { target: { value: '101' } });
    fireEvent.click(screen.getByTestId('betting-place'));
    expect(screen.getByTestId('betting-confirm').textContent).toContain('20261123-0101');
    await act(async () => fireEvent.click(screen.getByTestId('betting-confirm-yes')));
    expect(mocked.placeLotteryBet).toHaveBeenCalledWith({
      gameCode: 'VN_NORTH',
      drawIndex: 101,
      betType: 'SPECIAL_2D',
      numbers: ['07', '42'],
      stakePerNumber: '500',
      prizeMode: undefined,
    });
    expect((await screen.findByTestId('betting-message')).textContent).toBe('Bet placed on draw 20261123-0101.');
  });

  it('3-digit bets take typed numbers; a lotto bet is one pair; a refusal is translated', async () => {
    mocked.placeLotteryBet.mockRejectedValue(new ApiError('INSUFFICIENT_FUNDS', 'no', 409));
    renderView();
    await screen.findByTestId('lottery-betting');
    fireEvent.click(screen.getByTestId('bet-type-SPECIAL_3D'));
    fireEvent.change(screen.getByTestId('betting-typed'), { target: { value: '123, 456 12' } });
    expect(screen.getByText('Each number has exactly 3 digits.')).toBeTruthy();
    expect((screen.getByTestId('betting-place') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('betting-typed'), { target: { value: '123, 456' } });
    expect(screen.getByTestId('betting-potential').textContent).toBe('৳18,000.00');

    fireEvent.click(screen.getByTestId('bet-type-LOTTO'));
    for (const n of ['01', '02', '03']) fireEvent.click(screen.getByTestId(`pick-${n}`));
    expect(screen.getByTestId('pick-01').getAttribute('aria-pressed')).toBe('false'); // a pair keeps the last two
    expect(screen.getByTestId('betting-total').textContent).toBe('৳10.00');
    expect(screen.getByTestId('betting-potential').textContent).toBe('৳150.00');
    fireEvent.click(screen.getByTestId('betting-place'));
    await act(async () => fireEvent.click(screen.getByTestId('betting-confirm-yes')));
    expect((await screen.findByTestId('betting-message')).textContent).toBe('Your balance is not enough for this bet.');
  });

  it('a settled bet shows its result and payout', async () => {
    mocked.fetchLotteryBets.mockResolvedValue({
      list: [
        {
          id: 1,
          gameCode: 'VN_NORTH',
          drawIndex: 99,
          numero: '20261123-0099',
          drawAt: inMinutes(-1),
          betType: 'SPECIAL_2D',
          numbers: ['45'],
          stakePerNumber: '1000',
          stake: '1000',
          odds: 9500,
          potentialWin: '95000',
          status: 'WON',
          payout: '95000',
          drawnNumbers: ['12345'],
          placedAt: inMinutes(-3),
        },
      ],
    });
    renderView();
    const bet = await screen.findByTestId('my-bet');
    expect(bet.getAttribute('data-status')).toBe('WON');
    expect(screen.getByTestId('my-bet-payout').textContent).toBe('Paid ৳950.00');
    expect(screen.getByTestId('my-bet-result').textContent).toBe('Special prize 12345');
  });

  it('the live lotteryDraw event shows the result panel and refreshes the bets, without asking again otherwise', async () => {
    const open = {
      id: 2,
      gameCode: 'VN_NORTH',
      drawIndex: 100,
      numero: '20261123-0100',
      drawAt: inMinutes(-1),
      betType: 'SPECIAL_2D' as const,
      numbers: ['45'],
      stakePerNumber: '1000',
      stake: '1000',
      odds: 9500,
      potentialWin: '95000',
      status: 'OPEN' as const,
      payout: '0',
      drawnNumbers: null,
      placedAt: inMinutes(-3),
    };
    mocked.fetchLotteryBets.mockResolvedValueOnce({ list: [open] });
    renderView();
    expect((await screen.findByTestId('my-bet')).getAttribute('data-status')).toBe('OPEN');
    expect(mocked.fetchLotteryBets).toHaveBeenCalledTimes(1);
    mocked.fetchLotteryBets.mockResolvedValueOnce({
      list: [{ ...open, status: 'WON', payout: '95000', drawnNumbers: ['12345', '00001'] }],
    });
    const numbers = ['12345', ...Array.from({ length: 26 }, (_, i) => String(i).padStart(2, '0'))];
    // another game's draw is not this view's
    await act(async () => emitLiveEvent('lotteryDraw', { ...EVENT, gameCode: 'VN_SOUTH', numbers, bets: 1, payout: '0' }));
    expect(screen.queryByTestId('lottery-result')).toBeNull();
    await act(async () => emitLiveEvent('lotteryDraw', { ...EVENT, numbers, bets: 1, payout: '95000' }));
    const panel = await screen.findByTestId('lottery-result');
    expect(panel.textContent).toContain('Result of draw 20261123-0100');
    expect(screen.getByTestId('lottery-result-top').textContent).toBe('12345');
    expect(screen.getByTestId('lottery-result-outcome').textContent).toBe('Your bets won ৳950.00.');
    expect((await screen.findByTestId('my-bet-payout')).textContent).toBe('Paid ৳950.00');
    expect(mocked.fetchLotteryBets).toHaveBeenCalledTimes(2);

    await act(async () => emitLiveEvent('lotteryDraw', { ...EVENT, status: 'VOID', numbers: null, bets: 1, payout: '0' }));
    expect(screen.getByTestId('lottery-result').getAttribute('data-status')).toBe('VOID');
    expect(screen.getByTestId('lottery-result-outcome').textContent).toBe('This draw was cancelled: your stakes are refunded.');
  });

  it('SEA names its top prize the first prize and offers its own bet types, in the launch prize mode', async () => {
    mocked.fetchLotteryBetting.mockResolvedValue({
      ...GAME,
      gameCode: 'SEA_4D_MORNING',
      groupCode: 'SEA',
      prizeMode: 'SEA',
      prizeModes: ['SEA'],
      betTypes: GAME.betTypes.filter((b) => b.type !== 'LOTTO'),
    });
    mocked.placeLotteryBet.mockResolvedValue({ bet: {} as api.LotteryBet, balance: '0' });
    render(
      <Provider store={createStore()}>
        <MemoryRouter>
          <LotteryBetting gameCode="SEA_4D_MORNING" prizeMode="SEA" />
        </MemoryRouter>
      </Provider>,
    );
    await screen.findByTestId('lottery-betting');
    expect(mocked.fetchLotteryBetting).toHaveBeenCalledWith('SEA_4D_MORNING', expect.anything(), 'SEA');
    expect(screen.getByTestId('bet-type-SPECIAL_2D').textContent).toBe('2 digits · first prize');
    expect(screen.queryByTestId('bet-type-LOTTO')).toBeNull();
    fireEvent.click(screen.getByTestId('pick-07'));
    fireEvent.click(screen.getByTestId('betting-place'));
    await act(async () => fireEvent.click(screen.getByTestId('betting-confirm-yes')));
    expect(mocked.placeLotteryBet).toHaveBeenCalledWith(
      expect.objectContaining({ gameCode: 'SEA_4D_MORNING', prizeMode: 'SEA' }),
    );
  });

  const renderGame = (game: api.LotteryBettingGame) => {
    mocked.fetchLotteryBetting.mockResolvedValue(game);
    return render(
      <Provider store={createStore()}>
        <MemoryRouter>
          <LotteryBetting gameCode={game.gameCode} />
        </MemoryRouter>
      </Provider>,
    );
  };

  it('FAST: digits on their places and big/small of a place or the sum, with the total and the potential win', async () => {
    mocked.placeLotteryBet.mockResolvedValue({ bet: {} as api.LotteryBet, balance: '0' });
    renderGame({
      ...GAME,
      gameCode: 'KHELA_1M',
      groupCode: 'FAST',
      prizeMode: 'LOTT',
      betTypes: [
        { type: 'POSITION', odds: 900, oddsTable: null, digits: 2, pair: false },
        { type: 'TWO_SIDES', odds: 190, oddsTable: null, digits: 2, pair: false },
        { type: 'SPECIAL_2D', odds: 9000, oddsTable: null, digits: 2, pair: false },
        { type: 'SPECIAL_3D', odds: 90000, oddsTable: null, digits: 3, pair: false },
      ],
    });
    await screen.findByTestId('lottery-betting');
    expect(screen.getByTestId('bet-type-POSITION').textContent).toBe('Digit on a place');
    expect(screen.getByTestId('bet-type-SPECIAL_2D').textContent).toBe('Last 2 digits');
    expect(screen.getByRole('group', { name: 'Digit 5' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('pick-1:7'));
    fireEvent.click(screen.getByTestId('pick-5:0'));
    expect(screen.getByTestId('betting-count').textContent).toBe('2');
    expect(screen.getByTestId('betting-total').textContent).toBe('৳20.00');
    expect(screen.getByTestId('betting-potential').textContent).toBe('৳180.00');
    fireEvent.click(screen.getByTestId('bet-type-TWO_SIDES'));
    expect(screen.getByRole('group', { name: 'Sum' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('pick-SUM:BIG'));
    expect(screen.getByTestId('pick-SUM:BIG').textContent).toBe('Big');
    fireEvent.click(screen.getByTestId('betting-place'));
    await act(async () => fireEvent.click(screen.getByTestId('betting-confirm-yes')));
    expect(mocked.placeLotteryBet).toHaveBeenCalledWith(expect.objectContaining({ betType: 'TWO_SIDES', numbers: ['SUM:BIG'] }));
  });

  it('DAILY 6/45: exactly six distinct numbers, the pay table for the count, a quick pick; a 400 from the server is translated', async () => {
    mocked.placeLotteryBet.mockRejectedValue(new ApiError('BAD_BET', 'no', 400, { reason: 'DUPLICATE' }));
    renderGame({
      ...GAME,
      gameCode: 'DHAKA_DAILY',
      groupCode: 'DAILY',
      prizeMode: 'LOTT',
      betTypes: [
        {
          type: 'PICK',
          odds: 200000000,
          oddsTable: { '6:3': 1000, '6:4': 20000, '6:5': 500000, '6:6': 200000000 },
          digits: 2,
          pair: false,
        },
      ],
    });
    await screen.findByTestId('lottery-betting');
    expect(screen.getByTestId('bet-type-help').textContent).toContain('from 1 to 45: 6 are drawn');
    expect(screen.queryByTestId('pick-00')).toBeNull();
    expect(screen.queryByTestId('pick-46')).toBeNull();
    for (const n of ['01', '02', '03', '04', '05']) fireEvent.click(screen.getByTestId(`pick-${n}`));
    expect(screen.getByTestId('betting-invalid').textContent).toBe('Pick 6 numbers.');
    expect((screen.getByTestId('betting-place') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('pick-45'));
    fireEvent.click(screen.getByTestId('pick-44')); // a seventh is not taken
    expect(screen.getByTestId('pick-44').getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByTestId('betting-invalid')).toBeNull();
    expect(screen.getByTestId('pick-paytable').textContent).toBe(
      '3 match: 10× · 4 match: 200× · 5 match: 5,000× · 6 match: 20,00,000×',
    );
    expect(screen.getByTestId('betting-total').textContent).toBe('৳10.00');
    expect(screen.getByTestId('betting-potential').textContent).toBe('৳2,00,00,000.00');
    expect(screen.queryByTestId('betting-max-payout')).toBeNull();
    fireEvent.click(screen.getByTestId('pick-clear'));
    fireEvent.click(screen.getByTestId('pick-quick'));
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(6);
    fireEvent.click(screen.getByTestId('betting-place'));
    await act(async () => fireEvent.click(screen.getByTestId('betting-confirm-yes')));
    expect((await screen.findByTestId('betting-message')).textContent).toBe('A number is picked twice.');
  });
  it('a potential win above the maximum payout shows the maximum, and says why', async () => {
    renderGame({
      ...GAME,
      gameCode: 'DHAKA_DAILY',
      groupCode: 'DAILY',
      prizeMode: 'LOTT',
      maxPayout: '1000000000',
      betTypes: [{ type: 'PICK', odds: 200000000, oddsTable: { '6:3': 1000, '6:6': 200000000 }, digits: 2, pair: false }],
    });
    await screen.findByTestId('lottery-betting');
    for (const n of ['01', '02', '03', '04', '05', '06']) fireEvent.click(screen.getByTestId(`pick-${n}`));
    expect(screen.getByTestId('betting-potential').textContent).toBe('৳1,00,00,000.00');
    expect(screen.getByTestId('betting-max-payout').textContent).toBe(
      'One bet pays at most ৳1,00,00,000.00: a higher stake would not win more.',
    );
    fireEvent.change(screen.getByTestId('betting-stake'), { target: { value: '1' } });
    expect(screen.getByTestId('betting-potential').textContent).toBe('৳20,00,000.00');
    expect(screen.queryByTestId('betting-max-payout')).toBeNull();
  });
});
