/** @jest-environment node */
import fc from 'fast-check';
import {
  BadLotteryBet,
  betOddsOf,
  checkLotteryBet,
  DEFAULT_LOTTERY_ODDS,
  drawKindOf,
  drawLength,
  drawNumbersFromSeed,
  DRAW_KINDS,
  lotteryBetInput,
  lotteryBetTypesOf,
  lotteryBetTypesOfKind,
  lotteryRtpOf,
  PICK_COUNTS,
  potentialWin,
  resolveLotteryOdds,
  SEA_LOTTERY_ODDS,
  settleBet,
  settleLotteryBet,
  takesLotteryBets,
  type DrawKind,
  type LotteryBetType,
} from './lottery';

/**
 * Bets on every lottery game the platform draws itself besides VN and SEA (issue 17): FAST's five
 * digits, NUMBERS' three (and Lucky Pick's two), three dice, a race, a colour and distinct picks
 * (DAILY 6/45, KENO 20/80, BINGO 5/75 and 5/49).
 */

const seed = '20e18dd9752c4dd88526af94b8865bc2df5c78b743102279a8ebad9a4fd0327c';
const O = DEFAULT_LOTTERY_ODDS;
const settle = (gameCode: string, group: string, type: LotteryBetType, numbers: string[], drawn: string[], stake = 100n) =>
  settleLotteryBet({ type, numbers, stakePerNumber: stake }, drawn, O, group, gameCode);

describe('the shape of every game the catalogue lists', () => {
  it('each group and special code draws what its bets read', () => {
    const cases: [string, string, DrawKind, RegExp][] = [
      ['KHELA_1M', 'FAST', { kind: 'DIGITS', n: 5 }, /^\d$/],
      ['QD_FAST5', 'QUICK', { kind: 'DIGITS', n: 5 }, /^\d$/],
      ['DHAKA_3D', 'NUMBERS', { kind: 'DIGITS', n: 3 }, /^\d$/],
      ['LUCKY_PICK2', 'NUMBERS', { kind: 'DIGITS', n: 2 }, /^\d$/],
      ['QD_FAST3', 'QUICK', { kind: 'DICE' }, /^[1-6]$/],
      ['QD_TRIPLE_DICE', 'QUICK', { kind: 'DICE' }, /^[1-6]$/],
      ['QD_RACE10', 'QUICK', { kind: 'RACE' }, /^(0[1-9]|10)$/],
      ['FF_COLOUR', 'QUICK', { kind: 'COLOUR' }, /^\d$/],
      ['DHAKA_DAILY', 'DAILY', { kind: 'PICK', drawn: 6, pool: 45 }, /^\d\d$/],
      ['KH_KENO80', 'KENO', { kind: 'PICK', drawn: 20, pool: 80 }, /^\d\d$/],
      ['KH_BINGO75', 'BINGO', { kind: 'PICK', drawn: 5, pool: 75 }, /^\d\d$/],
      ['FF_LUCKY_BALL', 'BINGO', { kind: 'PICK', drawn: 5, pool: 49 }, /^\d\d$/],
    ];
    for (const [code, group, kind, re] of cases) {
      expect([code, drawKindOf(code, group)]).toEqual([code, kind]);
      const n = drawNumbersFromSeed(seed, code, group, 3);
      expect([code, n.length, n.every((x) => re.test(x))]).toEqual([code, drawLength(kind), true]);
      expect(takesLotteryBets(group, code)).toBe(true);
    }
    expect(lotteryBetTypesOf('FAST', 'KHELA_1M')).toEqual(['POSITION', 'TWO_SIDES', 'SPECIAL_2D', 'SPECIAL_3D']);
    expect(lotteryBetTypesOf('NUMBERS', 'DHAKA_3D')).toEqual(['SPECIAL_3D', 'BOX_3D', 'SPECIAL_2D']);
    expect(lotteryBetTypesOf('NUMBERS', 'LUCKY_PICK2')).toEqual(['SPECIAL_2D', 'POSITION', 'TWO_SIDES']);
    expect(lotteryBetTypesOf('QUICK', 'QD_TRIPLE_DICE')).toEqual(['DICE_SUM', 'DICE_BIG_SMALL', 'DICE_TRIPLE']);
    expect(lotteryBetTypesOf('DAILY', 'DHAKA_DAILY')).toEqual(['PICK']);
    expect(takesLotteryBets(null, 'KHELA_1M')).toBe(false);
  });
});

describe('FAST (five digits) against a known draw 3 0 4 1 7', () => {
  const drawn = ['3', '0', '4', '1', '7']; // the number 30417, sum 15 (small, odd)
  const s = (type: LotteryBetType, numbers: string[]) => settle('KHELA_1M', 'FAST', type, numbers, drawn);
  it('a digit on its place pays 9×, on another place nothing', () => {
    expect(s('POSITION', ['1:3', '2:3', '5:7'])).toEqual({
      hits: [
        { number: '1:3', hits: 1 },
        { number: '5:7', hits: 1 },
      ],
      payout: 1800n,
    });
    expect(s('POSITION', ['3:0']).payout).toBe(0n);
  });
  it('big/small and odd/even of a place or the sum pay 1.9×', () => {
    // 1st 3: small, odd; 5th 7: big, odd; sum 15 ≤ 22: small, odd
    expect(s('TWO_SIDES', ['1:SMALL', '1:ODD', '1:BIG', '5:BIG', '2:EVEN', 'SUM:SMALL', 'SUM:ODD', 'SUM:BIG']).payout).toBe(
      6n * 190n,
    );
    expect(s('TWO_SIDES', ['SUM:EVEN']).payout).toBe(0n);
    expect(settle('KHELA_1M', 'FAST', 'TWO_SIDES', ['SUM:BIG'], ['9', '9', '5', '0', '0']).payout).toBe(190n); // 23
    expect(settle('KHELA_1M', 'FAST', 'TWO_SIDES', ['SUM:BIG'], ['9', '9', '4', '0', '0']).payout).toBe(0n); // 22
  });
  it('the last 2 and last 3 digits straight pay 90× and 900×', () => {
    expect(s('SPECIAL_2D', ['17', '71'])).toEqual({ hits: [{ number: '17', hits: 1 }], payout: 9000n });
    expect(s('SPECIAL_3D', ['417']).payout).toBe(90000n);
    expect(s('SPECIAL_3D', ['304']).payout).toBe(0n);
  });
});

describe('NUMBERS (three digits) against a known draw 1 1 2', () => {
  const s = (type: LotteryBetType, numbers: string[], drawn = ['1', '1', '2']) =>
    settle('DHAKA_3D', 'NUMBERS', type, numbers, drawn);
  it('straight pays 900× on the exact order only', () => {
    expect(s('SPECIAL_3D', ['112', '121']).payout).toBe(90000n);
  });
  it('box pays any order: twice the 6-way odds for a number with a pair', () => {
    expect(s('BOX_3D', ['121'])).toEqual({ hits: [{ number: '121', hits: 1 }], payout: 30000n });
    expect(s('BOX_3D', ['123'], ['3', '1', '2']).payout).toBe(15000n);
    expect(s('BOX_3D', ['124'], ['3', '1', '2']).payout).toBe(0n);
  });
  it('the last two digits pay 90×', () => expect(s('SPECIAL_2D', ['12']).payout).toBe(9000n));
  it('Lucky Pick 2 reads its two digits as one number', () => {
    expect(settle('LUCKY_PICK2', 'NUMBERS', 'SPECIAL_2D', ['58'], ['5', '8']).payout).toBe(9000n);
    expect(settle('LUCKY_PICK2', 'NUMBERS', 'POSITION', ['2:8'], ['5', '8']).payout).toBe(900n);
  });
});

describe('dice against known throws', () => {
  const s = (type: LotteryBetType, numbers: string[], drawn: string[]) => settle('QD_FAST3', 'QUICK', type, numbers, drawn);
  it('a total pays its own odds', () => {
    expect(s('DICE_SUM', ['10', '11'], ['3', '3', '4'])).toEqual({ hits: [{ number: '10', hits: 1 }], payout: 700n });
    expect(s('DICE_SUM', ['4'], ['1', '1', '2']).payout).toBe(6100n);
  });
  it('big/small/odd/even pay 2×, and lose on any triple', () => {
    expect(s('DICE_BIG_SMALL', ['BIG', 'SMALL', 'ODD', 'EVEN'], ['6', '5', '1']).payout).toBe(400n); // 12: big, even
    expect(s('DICE_BIG_SMALL', ['BIG', 'SMALL', 'ODD', 'EVEN'], ['4', '4', '4']).payout).toBe(0n);
  });
  it('a given triple pays 190×', () => {
    expect(s('DICE_TRIPLE', ['4', '5'], ['4', '4', '4']).payout).toBe(19000n);
    expect(s('DICE_TRIPLE', ['4'], ['4', '4', '3']).payout).toBe(0n);
  });
});

describe('the race and the colour draw', () => {
  const race = ['07', '02', '10', '01', '03', '04', '05', '06', '08', '09'];
  it('a car on a place pays 9×; car 06–10 is big', () => {
    expect(settle('QD_RACE10', 'QUICK', 'POSITION', ['1:07', '1:02', '3:10'], race).payout).toBe(1800n);
    expect(settle('QD_RACE10', 'QUICK', 'TWO_SIDES', ['1:BIG', '1:ODD', '2:SMALL', '2:ODD'], race).payout).toBe(3n * 190n);
  });
  it('a colour: green odd, red even, violet 0 and 5', () => {
    const c = (d: string, units: string[]) => settle('FF_COLOUR', 'QUICK', 'COLOUR', units, [d]).payout;
    expect(c('5', ['GREEN', 'RED', 'VIOLET'])).toBe(180n + 450n);
    expect(c('0', ['GREEN', 'RED', 'VIOLET'])).toBe(180n + 450n);
    expect(c('8', ['GREEN', 'RED', 'VIOLET'])).toBe(180n);
    expect(settle('FF_COLOUR', 'QUICK', 'POSITION', ['1:8'], ['8']).payout).toBe(900n);
  });
});

describe('distinct picks, paid by how many match', () => {
  const daily = ['03', '11', '19', '24', '38', '45'];
  const s = (numbers: string[], drawn = daily, code = 'DHAKA_DAILY', group = 'DAILY') =>
    settle(code, group, 'PICK', numbers, drawn, 100n);
  it('6/45: 3 to 6 matches pay 10×, 200×, 5,000×, 2,000,000×; fewer nothing', () => {
    expect(s(['03', '11', '19', '24', '38', '45']).payout).toBe(200_000_000n);
    expect(s(['03', '11', '19', '24', '38', '01']).payout).toBe(500_000n);
    expect(s(['03', '11', '19', '24', '02', '01'])).toMatchObject({ payout: 20_000n });
    expect(s(['03', '11', '19', '04', '02', '01'])).toEqual({
      hits: ['03', '11', '19'].map((number) => ({ number, hits: 1 })),
      payout: 1_000n,
    });
    expect(s(['03', '11', '20', '04', '02', '01']).payout).toBe(0n);
  });
  it('keno pays each count its own table (pick 10, none drawn, still pays)', () => {
    const keno = Array.from({ length: 20 }, (_, i) => String(i + 1).padStart(2, '0'));
    const k = (numbers: string[]) => s(numbers, keno, 'KH_KENO80', 'KENO').payout;
    expect(k(['01'])).toBe(350n);
    expect(k(['01', '02', '03', '04', '79'])).toBe(2_100n);
    expect(k(['71', '72', '73', '74', '75', '76', '77', '78', '79', '80'])).toBe(190n);
  });
  it('bingo 5 of 49 and of 75 have their own tables', () => {
    const drawn = ['01', '02', '03', '04', '05'];
    expect(s(['01', '02'], drawn, 'FF_LUCKY_BALL', 'BINGO').payout).toBe(10_000n);
    expect(s(['01', '02'], drawn, 'KH_BINGO75', 'BINGO').payout).toBe(24_000n);
  });
  it('a bet placed under a maximum payout pays at most that, and shows it as its potential win', () => {
    const ticket = { type: 'PICK' as const, numbers: daily, stakePerNumber: 100n, odds: O.PICK['6/45'] };
    const kind = drawKindOf('DHAKA_DAILY', 'DAILY');
    expect(settleBet({ ...ticket, maxPayout: 5_000_000n }, daily, kind)).toMatchObject({ payout: 5_000_000n });
    expect(potentialWin({ ...ticket, maxPayout: 5_000_000n })).toBe(5_000_000n);
    // below the maximum, nothing changes; no maximum (a bet placed before there was one): uncapped
    expect(settleBet({ ...ticket, maxPayout: 5_000_000n }, ['03', '11', '19', '04', '02', '01'], kind).payout).toBe(1_000n);
    expect(settleBet({ ...ticket, maxPayout: null }, daily, kind).payout).toBe(200_000_000n);
    const fast = drawKindOf('KHELA_1M', 'FAST');
    const digits = Array.from({ length: 10 }, (_, i) => `1:${i}`);
    const pos = { type: 'POSITION' as const, numbers: digits, stakePerNumber: 100n, odds: 900, maxPayout: 500n };
    expect(settleBet(pos, ['3', '0', '4', '1', '7'], fast).payout).toBe(500n);
    expect(potentialWin(pos)).toBe(500n);
  });
  it('a maximum payout never raises a payout (property)', () => {
    const kind = drawKindOf('DHAKA_DAILY', 'DAILY');
    const pool = Array.from({ length: 45 }, (_, i) => String(i + 1).padStart(2, '0'));
    fc.assert(
      fc.property(
        fc.shuffledSubarray(pool, { minLength: 6, maxLength: 6 }),
        fc.shuffledSubarray(pool, { minLength: 6, maxLength: 6 }),
        fc.bigInt({ min: 100n, max: 1_000_000n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        (numbers, drawn, stake, max) => {
          const bet = { type: 'PICK' as const, numbers, stakePerNumber: stake, odds: O.PICK['6/45'] };
          const free = settleBet(bet, drawn, kind).payout;
          const capped = settleBet({ ...bet, maxPayout: max }, drawn, kind).payout;
          return capped === (free > max ? max : free) && potentialWin({ ...bet, maxPayout: max }) <= max;
        },
      ),
    );
  });
  it('the potential win is the top of the count’s table', () => {
    expect(potentialWin({ type: 'PICK', numbers: daily, stakePerNumber: 100n, odds: O.PICK['6/45'] })).toBe(200_000_000n);
    expect(potentialWin({ type: 'COLOUR', numbers: ['RED', 'VIOLET'], stakePerNumber: 100n, odds: O.COLOUR })).toBe(630n);
    expect(potentialWin({ type: 'BOX_3D', numbers: ['123', '112'], stakePerNumber: 100n, odds: O.BOX_3D })).toBe(45_000n);
  });
});

describe('checking a bet: wrong count, repeats and values out of range are refused', () => {
  const bad = (type: string, numbers: string[], group: string, code: string, reason: string) => {
    let err: unknown;
    try {
      checkLotteryBet(type, numbers, 100, group, code);
    } catch (e) {
      err = e;
    }
    expect([type, numbers, err instanceof BadLotteryBet && err.reason]).toEqual([type, numbers, reason]);
  };
  it('refuses, naming why', () => {
    bad('PICK', ['01', '02', '03', '04', '05'], 'DAILY', 'DHAKA_DAILY', 'COUNT');
    bad('PICK', ['01', '02', '03', '04', '05', '46'], 'DAILY', 'DHAKA_DAILY', 'RANGE');
    bad('PICK', ['01', '02', '03', '04', '05', '00'], 'DAILY', 'DHAKA_DAILY', 'RANGE');
    bad('PICK', ['01', '02', '03', '04', '05', '05'], 'DAILY', 'DHAKA_DAILY', 'DUPLICATE');
    bad(
      'PICK',
      Array.from({ length: 11 }, (_, i) => String(i + 1).padStart(2, '0')),
      'KENO',
      'KH_KENO80',
      'COUNT',
    );
    bad('POSITION', ['6:1'], 'FAST', 'KHELA_1M', 'RANGE');
    bad('POSITION', ['1:10'], 'FAST', 'KHELA_1M', 'RANGE');
    bad('TWO_SIDES', ['SUM:BIG'], 'NUMBERS', 'LUCKY_PICK2', 'RANGE'); // an even count of digits has no even sum split
    bad('DICE_SUM', ['3'], 'QUICK', 'QD_FAST3', 'RANGE');
    bad('BOX_3D', ['111'], 'NUMBERS', 'DHAKA_3D', 'BOX_TRIPLE');
    bad('BOX_3D', ['123', '321'], 'NUMBERS', 'DHAKA_3D', 'DUPLICATE');
    bad('LOTTO', ['01', '02'], 'FAST', 'KHELA_1M', 'TYPE');
    bad('COLOUR', [], 'QUICK', 'FF_COLOUR', 'EMPTY');
    expect(checkLotteryBet('PICK', ['01', '02', '03', '04', '05', '45'], 100, 'DAILY', 'DHAKA_DAILY')).toEqual({
      type: 'PICK',
      units: 1,
    });
    expect(checkLotteryBet('POSITION', ['1:0', '5:9'], 100, 'FAST', 'KHELA_1M')).toEqual({ type: 'POSITION', units: 2 });
    expect(checkLotteryBet('POSITION', ['10:10'], 100, 'QUICK', 'QD_RACE10').units).toBe(1);
  });
});

// ---- properties -----------------------------------------------------------------------------------

const GAMES: [string, string][] = [
  ['KHELA_1M', 'FAST'],
  ['DHAKA_3D', 'NUMBERS'],
  ['LUCKY_PICK2', 'NUMBERS'],
  ['QD_FAST3', 'QUICK'],
  ['QD_RACE10', 'QUICK'],
  ['FF_COLOUR', 'QUICK'],
  ['DHAKA_DAILY', 'DAILY'],
  ['KH_KENO80', 'KENO'],
  ['KH_BINGO75', 'BINGO'],
];

/** A valid bet of a game: a type it offers and units its input takes. */
const betArb = fc.constantFrom(...GAMES).chain(([code, group]) => {
  const kind = drawKindOf(code, group);
  return fc.constantFrom(...lotteryBetTypesOfKind(kind)).chain((type) => {
    const input = lotteryBetInput(kind, type);
    const units: fc.Arbitrary<string[]> =
      input.kind === 'rows'
        ? fc.uniqueArray(fc.constantFrom(...input.rows.flatMap((r) => r.options.map((o) => `${r.key}:${o}`))), {
            minLength: 1,
            maxLength: 12,
          })
        : input.kind === 'choice'
          ? fc.uniqueArray(fc.constantFrom(...input.options), { minLength: 1, maxLength: input.options.length })
          : input.kind === 'pick'
            ? fc
                .constantFrom(...input.counts)
                .chain((n) => fc.uniqueArray(fc.integer({ min: 1, max: input.pool }), { minLength: n, maxLength: n }))
                .map((xs) => xs.map((x) => String(x).padStart(2, '0')))
            : input.kind === 'grid'
              ? fc.uniqueArray(fc.constantFrom(...input.options), { minLength: 1, maxLength: 10 })
              : fc
                  .uniqueArray(fc.integer({ min: 0, max: 999 }), {
                    minLength: 1,
                    maxLength: 5,
                    selector: (x) => [...String(x).padStart(3, '0')].sort().join(''),
                  })
                  .map((xs) => xs.map((x) => String(x).padStart(3, '0')))
                  .filter((xs) => type !== 'BOX_3D' || xs.every((x) => new Set(x).size > 1));
    return fc.record({
      code: fc.constant(code),
      group: fc.constant(group),
      kind: fc.constant(kind),
      type: fc.constant(type),
      numbers: units,
      stake: fc.bigInt({ min: 1n, max: 1_000_000n }),
      index: fc.integer({ min: 0, max: 1_000_000 }),
    });
  });
});

describe('settlement properties (every game, every bet type)', () => {
  it('a valid bet passes the check; its payout is never negative, never above its potential win, and depends only on its numbers and the draw', () => {
    fc.assert(
      fc.property(betArb, (b) => {
        expect(checkLotteryBet(b.type, b.numbers, 100, b.group, b.code).type).toBe(b.type);
        const drawn = drawNumbersFromSeed(seed, b.code, b.group, b.index);
        const placed = { type: b.type, numbers: b.numbers, stakePerNumber: b.stake, odds: betOddsOf(b.kind, b.type, O) };
        const r = settleBet(placed, drawn, b.kind);
        expect(r.payout >= 0n).toBe(true);
        expect(r.payout <= potentialWin(placed) || b.type === 'ALL_2D').toBe(true);
        // the same again, and with the units in another order: the same payout
        expect(settleBet({ ...placed, numbers: [...b.numbers].reverse() }, [...drawn], b.kind)).toEqual({
          ...r,
          hits: b.type === 'PICK' ? expect.any(Array) : [...r.hits].reverse(),
        });
        // a unit-by-unit bet pays the sum of its units bet one by one (within the flooring of each)
        if (b.type !== 'PICK' && b.type !== 'LOTTO') {
          const each = b.numbers.map((n) => settleBet({ ...placed, numbers: [n] }, drawn, b.kind).payout);
          const sum = each.reduce((s, x) => s + x, 0n);
          expect(r.payout >= sum && r.payout - sum < BigInt(b.numbers.length)).toBe(true);
        }
      }),
    );
  });

  it('every default returns at most 100 % of the stake on average, and the resolved odds refuse more', () => {
    for (const kind of DRAW_KINDS)
      for (const type of lotteryBetTypesOfKind(kind)) {
        const rtp = lotteryRtpOf(kind, type, kind.kind === 'SEA' ? SEA_LOTTERY_ODDS : O);
        expect([kind, type, rtp > 0.8 && rtp <= 0.98]).toEqual([kind, type, true]);
      }
    expect(() => resolveLotteryOdds({ POSITION: 1100 })).toThrow(/POSITION would return 110\.0 %/);
    expect(() => resolveLotteryOdds({ ELOTT: { PICK: { '6/45': { '6:3': 5000 } } } })).toThrow(/ELOTT\.PICK/);
    expect(() => resolveLotteryOdds({ PICK: { '7/45': {} } })).toThrow(/not a pool/);
    expect(() => resolveLotteryOdds({ COLOUR: { BLUE: 100 } })).toThrow(/not a key/);
    expect(() => resolveLotteryOdds({ COLOUR: 180 })).toThrow(/must be an object/);
    const o = resolveLotteryOdds({ TWO_SIDES: 195, COLOUR: { VIOLET: 400 }, ZY: { PICK: { '20/80': { '1:1': 300 } } } });
    expect(o.LOTT.TWO_SIDES).toBe(195);
    expect(o.LOTT.COLOUR).toEqual({ GREEN: 180, RED: 180, VIOLET: 400 });
    expect(o.ZY.PICK['20/80']['1:1']).toBe(300);
    expect(o.ZY.PICK['20/80']['2:2']).toBe(1400);
    expect(o.LOTT.PICK['20/80']['1:1']).toBe(350);
  });

  it('the return computed from the odds is what the draws pay: every throw of the dice, every colour, every 3-digit number', () => {
    const exhaustive: [string, string, string[][]][] = [
      [
        'QD_FAST3',
        'QUICK',
        Array.from({ length: 216 }, (_, i) => [i % 6, Math.floor(i / 6) % 6, Math.floor(i / 36)].map((d) => String(d + 1))),
      ],
      ['FF_COLOUR', 'QUICK', Array.from({ length: 10 }, (_, i) => [String(i)])],
      ['DHAKA_3D', 'NUMBERS', Array.from({ length: 1000 }, (_, i) => [...String(i).padStart(3, '0')])],
    ];
    for (const [code, group, draws] of exhaustive) {
      const kind = drawKindOf(code, group);
      for (const type of lotteryBetTypesOfKind(kind)) {
        const input = lotteryBetInput(kind, type);
        const units =
          input.kind === 'choice'
            ? input.options
            : input.kind === 'rows'
              ? input.rows.flatMap((r) => r.options.map((o) => `${r.key}:${o}`))
              : input.kind === 'grid'
                ? input.options.slice(0, 5)
                : ['123', '112', '907'];
        let best = 0;
        for (const u of units) {
          const paid = draws.reduce(
            (s, d) =>
              s + settleBet({ type, numbers: [u], stakePerNumber: 10_000n, odds: betOddsOf(kind, type, O) }, d, kind).payout,
            0n,
          );
          best = Math.max(best, Number(paid) / draws.length / 10_000);
        }
        expect([code, type, best]).toEqual([code, type, expect.closeTo(lotteryRtpOf(kind, type, O), 6)]);
        expect(best).toBeLessThanOrEqual(1);
      }
    }
  });

  it('distinct picks: the return over many seeded draws is near the hypergeometric one, and below the stake', () => {
    for (const [code, group] of [
      ['DHAKA_DAILY', 'DAILY'],
      ['KH_KENO80', 'KENO'],
      ['FF_LUCKY_BALL', 'BINGO'],
    ]) {
      const kind = drawKindOf(code, group);
      const counts = PICK_COUNTS[`${(kind as { drawn: number }).drawn}/${(kind as { pool: number }).pool}`];
      const n = counts[0];
      const numbers = Array.from({ length: n }, (_, i) => String(i + 1).padStart(2, '0'));
      const odds = betOddsOf(kind, 'PICK', O) as Record<string, number>;
      // the chance of at least the lowest paying count of matches, simulated and computed
      let hitsSeen = 0;
      const draws = 4000;
      for (let i = 0; i < draws; i++)
        if (
          settleBet({ type: 'PICK', numbers, stakePerNumber: 100n, odds }, drawNumbersFromSeed(seed, code, group, i), kind)
            .payout > 0n
        )
          hitsSeen++;
      const onlyFlat = Object.fromEntries(
        Object.keys(odds)
          .filter((k) => k.startsWith(`${n}:`))
          .map((k) => [k, 100]),
      );
      const p = lotteryRtpOf(kind, 'PICK', {
        ...O,
        PICK: { ...O.PICK, [`${(kind as { drawn: number }).drawn}/${(kind as { pool: number }).pool}`]: onlyFlat },
      });
      expect([code, Math.abs(hitsSeen / draws - p) < 0.015]).toEqual([code, true]);
    }
  });
});
