/** @jest-environment node */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import {
  BadLotteryBet,
  betTargets,
  checkLotteryBet,
  DEFAULT_LOTTERY_ODDS,
  DEFAULT_ODDS_BY_MODE,
  lotteryBetTypesOf,
  lotteryRtp,
  resolveLotteryOdds,
  SEA_LOTTERY_ODDS,
  type LotteryBetType,
  type LotteryOdds,
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
/** Odds the known-draw tests configure (the defaults are checked on their own, below). */
const ODDS: LotteryOdds = {
  ...DEFAULT_LOTTERY_ODDS,
  SPECIAL_2D: 9500,
  SPECIAL_3D: 90000,
  ALL_2D: 300,
  ALL_3D: 3500,
  LOTTO: 1500,
};
const bet = (type: Parameters<typeof settleLotteryBet>[0]['type'], numbers: string[], stake = 1000n) =>
  settleLotteryBet({ type, numbers, stakePerNumber: stake }, KNOWN, ODDS);

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
    const odds = { ...ODDS, SPECIAL_2D: 7050 };
    expect(settleLotteryBet({ type: 'SPECIAL_2D', numbers: ['45'], stakePerNumber: 1001n }, KNOWN, odds).payout).toBe(70570n);
  });

  it('the potential win is every number hitting once', () => {
    expect(potentialWin({ type: 'SPECIAL_2D', numbers: ['01', '02'], stakePerNumber: 100n, odds: ODDS.SPECIAL_2D })).toBe(19000n);
    expect(potentialWin({ type: 'LOTTO', numbers: ['01', '02'], stakePerNumber: 100n, odds: ODDS.LOTTO })).toBe(1500n);
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

describe('bet types per game group', () => {
  it('the northern lottery offers the five types, SEA the four on its three prizes, a game without a group none', () => {
    expect(lotteryBetTypesOf('VN')).toEqual(['SPECIAL_2D', 'SPECIAL_3D', 'ALL_2D', 'ALL_3D', 'LOTTO']);
    expect(lotteryBetTypesOf('SEA')).toEqual(['SPECIAL_2D', 'SPECIAL_3D', 'ALL_2D', 'ALL_3D']);
    expect(lotteryBetTypesOf('KENO')).toEqual(['PICK']);
    expect(lotteryBetTypesOf(null)).toEqual([]);
    expect(() => checkLotteryBet('LOTTO', ['01', '02'], 100, 'SEA')).toThrow(BadLotteryBet);
    expect(checkLotteryBet('ALL_3D', ['123'], 100, 'SEA')).toEqual({ type: 'ALL_3D', units: 1 });
  });

  it('settles SEA bets against a known draw: the first prize, or all three', () => {
    const sea = ['1245', '0045', '7345'];
    const s = (type: LotteryBetType, numbers: string[]) =>
      settleLotteryBet({ type, numbers, stakePerNumber: 100n }, sea, SEA_LOTTERY_ODDS, 'SEA');
    expect(betTargets('SEA', 'SPECIAL_2D', sea)).toEqual(['45']);
    expect(betTargets('SEA', 'ALL_3D', sea)).toEqual(['245', '045', '345']);
    expect(s('SPECIAL_2D', ['45', '12'])).toEqual({ hits: [{ number: '45', hits: 1 }], payout: 9000n });
    expect(s('SPECIAL_3D', ['345']).payout).toBe(0n); // the third prize, not the first
    expect(s('SPECIAL_3D', ['245']).payout).toBe(90000n);
    expect(s('ALL_2D', ['45'])).toEqual({ hits: [{ number: '45', hits: 3 }], payout: 9000n });
    expect(s('ALL_3D', ['345', '045', '999']).payout).toBe(60000n);
    expect(() => settleLotteryBet({ type: 'SPECIAL_2D', numbers: ['45'], stakePerNumber: 1n }, KNOWN, ODDS, 'SEA')).toThrow(
      BadLotteryBet,
    );
  });

  const digitsArb = (n: number) => fc.integer({ min: 0, max: 10 ** n - 1 }).map((x) => String(x).padStart(n, '0'));
  const vnDraw = fc.tuple(
    ...VN_PRIZE_OF.map((_, i) => digitsArb([5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 3, 3, 2, 2, 2, 2][i])),
  );
  const seaDraw = fc.tuple(digitsArb(4), digitsArb(4), digitsArb(4));
  const drawOf = (group: 'VN' | 'SEA') => (group === 'VN' ? vnDraw : seaDraw);

  it('a single number pays odds × its hits, where a hit is a target prize ending in it (property)', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom('VN' as const, 'SEA' as const)
          .chain((g) =>
            fc.tuple(
              fc.constant(g),
              drawOf(g),
              fc.constantFrom(...lotteryBetTypesOf(g).filter((t) => t !== 'LOTTO')),
              fc.bigInt({ min: 1n, max: 1_000_000n }),
            ),
          ),
        fc.integer({ min: 0, max: 999 }),
        ([group, drawn, type, stake], raw) => {
          const digits = type.endsWith('3D') ? 3 : 2;
          const n = String(raw % 10 ** digits).padStart(digits, '0');
          const prizes = type.startsWith('SPECIAL_') ? drawn.slice(0, 1) : drawn;
          const hits = prizes.filter((p) => p.length >= digits && p.endsWith(n)).length;
          const odds = DEFAULT_ODDS_BY_MODE[group === 'SEA' ? 'SEA' : 'LOTT'];
          const r = settleLotteryBet({ type, numbers: [n], stakePerNumber: stake }, drawn, odds, group);
          expect(r.payout).toBe((stake * BigInt(odds[type] as number) * BigInt(hits)) / 100n);
          expect(r.hits).toEqual(hits ? [{ number: n, hits }] : []);
        },
      ),
    );
  });

  it('a bet on many numbers pays the sum of its numbers bet one by one, and never more than hits allow (property)', () => {
    fc.assert(
      fc.property(
        vnDraw,
        fc.constantFrom<LotteryBetType>('SPECIAL_2D', 'ALL_2D'),
        fc.uniqueArray(digitsArb(2), { minLength: 1, maxLength: 100 }),
        (drawn, type, numbers) => {
          const all = settleLotteryBet({ type, numbers, stakePerNumber: 100n }, drawn, DEFAULT_LOTTERY_ODDS);
          const each = numbers.reduce(
            (s, n) => s + settleLotteryBet({ type, numbers: [n], stakePerNumber: 100n }, drawn, DEFAULT_LOTTERY_ODDS).payout,
            0n,
          );
          expect(all.payout).toBe(each);
          const targets = betTargets('VN', type, drawn).length;
          expect(all.hits.reduce((s, h) => s + h.hits, 0)).toBeLessThanOrEqual(targets);
        },
      ),
    );
  });

  it('a lotto pair wins exactly when both numbers end some prize (property)', () => {
    fc.assert(
      fc.property(vnDraw, fc.uniqueArray(digitsArb(2), { minLength: 2, maxLength: 2 }), (drawn, pair) => {
        const r = settleLotteryBet({ type: 'LOTTO', numbers: pair, stakePerNumber: 100n }, drawn, DEFAULT_LOTTERY_ODDS);
        const both = pair.every((n) => drawn.some((p) => p.endsWith(n)));
        expect(r.payout).toBe(both ? 1640n : 0n);
      }),
    );
  });
});

describe('payout odds per prize mode', () => {
  it('every default gives about 90 % return to player', () => {
    for (const [group, mode] of [
      ['VN', 'LOTT'],
      ['VN', 'ELOTT'],
      ['SEA', 'SEA'],
    ] as const)
      for (const type of lotteryBetTypesOf(group)) {
        const rtp = lotteryRtp(group, type, DEFAULT_ODDS_BY_MODE[mode]);
        expect([group, type, rtp > 0.89 && rtp <= 0.9001]).toEqual([group, type, true]);
      }
  });

  it('the RTP of LOTTO matches a count over every pair against a simulated draw set', () => {
    // 2000 draws from seeds: the share of winning pairs is near the formula's
    const pairs = [
      ['00', '01'],
      ['45', '98'],
    ];
    let won = 0;
    let tried = 0;
    for (let i = 0; i < 2000; i++) {
      const drawn = drawNumbersFromSeed(seed, 'VN_NORTH', 'VN', i);
      for (const p of pairs) {
        tried++;
        if (settleLotteryBet({ type: 'LOTTO', numbers: p, stakePerNumber: 100n }, drawn, DEFAULT_LOTTERY_ODDS).payout > 0n) won++;
      }
    }
    expect(Math.abs(won / tried - lotteryRtp('VN', 'LOTTO', { ...DEFAULT_LOTTERY_ODDS, LOTTO: 100 }))).toBeLessThan(0.02);
  });

  it('odds are as configured: the common ones at the top level, a prize mode its own, ZY defaulting to the common', () => {
    expect(resolveLotteryOdds(undefined)).toEqual(DEFAULT_ODDS_BY_MODE);
    const o = resolveLotteryOdds({ SPECIAL_2D: 9500, ZY: { LOTTO: 1500 }, SEA: { ALL_2D: 2800 } });
    expect(o.LOTT).toEqual({ ...DEFAULT_LOTTERY_ODDS, SPECIAL_2D: 9500 });
    expect(o.ELOTT).toEqual(o.LOTT);
    expect(o.ZY).toEqual({ ...DEFAULT_LOTTERY_ODDS, SPECIAL_2D: 9500, LOTTO: 1500 });
    expect(o.SEA).toEqual({ ...SEA_LOTTERY_ODDS, ALL_2D: 2800 });
    expect(resolveLotteryOdds({ ZY: { SPECIAL_2D: 8000 } }).ZY.SPECIAL_2D).toBe(8000);
    for (const bad of [[], 'x', { SPECIAL_2D: 0 }, { SPECIAL_2D: 90.5 }, { NOPE: 1 }, { ZY: 5 }, { ZY: { NOPE: 1 } }])
      expect(() => resolveLotteryOdds(bad)).toThrow(/KHELA_LOTTERY_ODDS/);
  });
});
