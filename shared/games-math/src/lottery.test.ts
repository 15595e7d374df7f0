/** @jest-environment node */
import { createHash } from 'node:crypto';
import {
  BadLotteryBet,
  checkLotteryBet,
  DEFAULT_LOTTERY_ODDS,
  drawNumbersFromSeed,
  potentialWin,
  settleLotteryBet,
  tails,
  verifyDraw,
  VN_PRIZE_OF,
} from './lottery';
import { nodeSha256 } from './node';

const seed = '20e18dd9752c4dd88526af94b8865bc2df5c78b743102279a8ebad9a4fd0327c';
const KNOWN_ANSWER = ['94804', '93057', '25506'];
const hash = createHash('sha256').update(seed).digest('hex');

/** A known VN draw: special 12345, and tails chosen so 45 hits twice in all prizes, 345 twice in 3 digits. */
const KNOWN = [
  '12345', // special
  '00045', // first
  '11111',
  '22222', // second
  '33333',
  '44444',
  '55555',
  '66666',
  '77777',
  '88888', // third
  '0345',
  '1234',
  '2345',
  '3456', // fourth
  '4567',
  '5678',
  '6789',
  '7890',
  '8901',
  '9012', // fifth
  '123',
  '234',
  '999', // sixth
  '01',
  '02',
  '03',
  '98', // seventh
];
const bet = (type: Parameters<typeof settleLotteryBet>[0]['type'], numbers: string[], stake = 1000n) =>
  settleLotteryBet({ type, numbers, stakePerNumber: stake }, KNOWN, DEFAULT_LOTTERY_ODDS);

describe('lottery draws', () => {
  it('a VN draw has the 27 numbers of the northern lottery, special prize first, shaped by prize', () => {
    const n = drawNumbersFromSeed(seed, 'VN_NORTH', 'VN', 20000);
    expect(n).toHaveLength(27);
    expect(VN_PRIZE_OF[0]).toBe('special');
    expect(n.map((x) => x.length)).toEqual([5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 3, 3, 2, 2, 2, 2]);
    expect(n.every((x) => /^\d+$/.test(x))).toBe(true);
  });

  it('is a function of the seed, the game and the index (a known answer)', () => {
    const a = drawNumbersFromSeed(seed, 'KHELA_1M', 'FAST', 7);
    expect(a).toEqual(drawNumbersFromSeed(seed, 'KHELA_1M', 'FAST', 7));
    expect(a).not.toEqual(drawNumbersFromSeed(seed, 'KHELA_1M', 'FAST', 8));
    // the first float of (seed, "KHELA_1M", 7) decides the first digit: floor(f × 10)
    expect(a).toHaveLength(5);
    expect(drawNumbersFromSeed(seed, 'VN_NORTH', 'VN', 1).slice(0, 3)).toEqual(KNOWN_ANSWER);
  });

  it('distinct picks stay distinct and in range', () => {
    for (let i = 0; i < 50; i++) {
      const keno = drawNumbersFromSeed(seed, 'KH_KENO80', 'KENO', i).map(Number);
      expect(new Set(keno).size).toBe(20);
      expect(keno.every((k) => k >= 1 && k <= 80)).toBe(true);
      expect([...drawNumbersFromSeed(seed, 'QD_RACE10', 'QUICK', i)].sort()).toHaveLength(10);
      expect(new Set(drawNumbersFromSeed(seed, 'QD_RACE10', 'QUICK', i)).size).toBe(10);
    }
  });

  it('anyone can check a published draw against its commitment', async () => {
    const numbers = drawNumbersFromSeed(seed, 'VN_NORTH', 'VN', 42);
    const draw = { serverSeed: seed, serverSeedHash: hash, gameCode: 'VN_NORTH', group: 'VN', index: 42, numbers };
    expect(await verifyDraw(nodeSha256, draw)).toBe(true);
    expect(await verifyDraw(nodeSha256, { ...draw, index: 43 })).toBe(false);
    expect(await verifyDraw(nodeSha256, { ...draw, numbers: [...numbers.slice(1), numbers[0]] })).toBe(false);
    expect(await verifyDraw(nodeSha256, { ...draw, serverSeedHash: 'f'.repeat(64) })).toBe(false);
  });
});

describe('settlement of VN bets against a known draw', () => {
  it('tails of all prizes: 27 two-digit, 23 three-digit', () => {
    expect(tails(KNOWN, 2)).toHaveLength(27);
    expect(tails(KNOWN, 3)).toHaveLength(23);
  });

  it('SPECIAL_2D pays 95× on the last two digits of the special prize only', () => {
    expect(bet('SPECIAL_2D', ['45'])).toEqual({ hits: [{ number: '45', hits: 1 }], payout: 95000n });
    expect(bet('SPECIAL_2D', ['44', '45', '12'])).toEqual({ hits: [{ number: '45', hits: 1 }], payout: 95000n });
    expect(bet('SPECIAL_2D', ['01']).payout).toBe(0n); // a seventh-prize number is not the special
  });

  it('SPECIAL_3D pays 900× on the last three digits of the special prize', () => {
    expect(bet('SPECIAL_3D', ['345']).payout).toBe(900000n);
    expect(bet('SPECIAL_3D', ['045']).payout).toBe(0n);
  });

  it('ALL_2D pays 3× per hit over the 27 prizes', () => {
    // 45 ends the special, the first, 2345 and 0345 (fourth): 4 hits
    expect(bet('ALL_2D', ['45'])).toEqual({ hits: [{ number: '45', hits: 4 }], payout: 12000n });
    expect(bet('ALL_2D', ['01', '77', '50'])).toEqual({
      hits: [
        { number: '01', hits: 2 },
        { number: '77', hits: 1 },
      ],
      payout: 9000n,
    });
  });

  it('ALL_3D pays 35× per hit over the prizes of 3 digits or more', () => {
    // 345: special, 0345, 2345: 3 hits; the first prize 00045 ends 045
    expect(bet('ALL_3D', ['345']).payout).toBe(105000n);
    expect(bet('ALL_3D', ['045', '999']).payout).toBe(70000n);
    expect(bet('ALL_3D', ['001']).payout).toBe(0n);
  });

  it('LOTTO pays 15× a pair when both numbers are among the 2-digit tails', () => {
    expect(bet('LOTTO', ['45', '98'])).toEqual({ hits: [{ number: '45-98', hits: 1 }], payout: 15000n });
    expect(bet('LOTTO', ['45', '50']).payout).toBe(0n);
  });

  it('odds are as configured, in hundredths', () => {
    const odds = { ...DEFAULT_LOTTERY_ODDS, SPECIAL_2D: 7050 };
    expect(settleLotteryBet({ type: 'SPECIAL_2D', numbers: ['45'], stakePerNumber: 1001n }, KNOWN, odds).payout).toBe(70570n);
  });

  it('the potential win is every number hitting once', () => {
    expect(potentialWin({ type: 'SPECIAL_2D', numbers: ['01', '02'], stakePerNumber: 100n }, DEFAULT_LOTTERY_ODDS)).toBe(19000n);
    expect(potentialWin({ type: 'LOTTO', numbers: ['01', '02'], stakePerNumber: 100n }, DEFAULT_LOTTERY_ODDS)).toBe(1500n);
  });

  it('checks a bet before it is taken', () => {
    expect(checkLotteryBet('SPECIAL_2D', ['01', '99'])).toEqual({ type: 'SPECIAL_2D', units: 2 });
    expect(checkLotteryBet('LOTTO', ['01', '99'])).toEqual({ type: 'LOTTO', units: 1 });
    for (const [t, n] of [
      ['NOPE', ['01']],
      ['SPECIAL_2D', []],
      ['SPECIAL_2D', ['1']],
      ['SPECIAL_3D', ['12']],
      ['ALL_2D', ['01', '01']],
      ['LOTTO', ['01']],
      ['LOTTO', ['01', '02', '03']],
    ] as const)
      expect(() => checkLotteryBet(t, n)).toThrow(BadLotteryBet);
  });
});
