/** @jest-environment node */
import fc from 'fast-check';
import { diceEngine, diceMultiplier, winCountOf, type DiceParams } from './dice';
import { readerOf } from './fair';

const roll = (r: number, p: DiceParams) => diceEngine.outcome(readerOf([(r + 0.5) / 10000]), p);

describe('the dice', () => {
  it('rolls 0.00 to 99.99 from one float', () => {
    const p = diceEngine.defaultParams;
    expect(diceEngine.outcome(readerOf([0]), p).roll).toBe(0);
    expect(diceEngine.outcome(readerOf([0.99999999]), p).roll).toBe(9999);
    expect(diceEngine.outcome(readerOf([0.25]), p).roll).toBe(2500);
  });

  it('UNDER wins below the target, OVER above it; the target itself loses both', () => {
    const under = { direction: 'UNDER' as const, target: 5000 };
    const over = { direction: 'OVER' as const, target: 5000 };
    expect(roll(4999, under).win).toBe(true);
    expect(roll(5000, under).win).toBe(false);
    expect(roll(5001, over).win).toBe(true);
    expect(roll(5000, over).win).toBe(false);
    expect(winCountOf(under)).toBe(5000);
    expect(winCountOf(over)).toBe(4999);
  });

  it('a win pays stake × 9900 / winning rolls, rounded down; a loss pays nothing', () => {
    const p = { direction: 'UNDER' as const, target: 5000 };
    expect(diceEngine.payout(10000n, roll(10, p), p)).toBe(19800n);
    expect(diceEngine.payout(10000n, roll(6000, p), p)).toBe(0n);
    const q = { direction: 'UNDER' as const, target: 3300 };
    expect(diceEngine.payout(100n, roll(0, q), q)).toBe(300n); // 100 × 9900 / 3300 = 300
    const r = { direction: 'OVER' as const, target: 9899 }; // 100 winning rolls: 99×
    expect(diceEngine.payout(100n, roll(9950, r), r)).toBe(9900n);
    expect(diceMultiplier(5000)).toBe('1.9800');
    expect(diceMultiplier(3333)).toBe('2.9702');
    expect(diceMultiplier(100)).toBe('99.0000');
  });

  it('every bet returns exactly 99 % over all 10,000 rolls (less the rounding down)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'UNDER' | 'OVER'>('UNDER', 'OVER'),
        fc.integer({ min: 100, max: 9800 }),
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        (direction, wins, stake) => {
          const p = diceEngine.parseParams({ direction, target: direction === 'UNDER' ? wins : 9999 - wins });
          let paid = 0n;
          let winners = 0;
          for (let r = 0; r < 10000; r++) {
            const o = roll(r, p);
            if (o.win) winners++;
            paid += diceEngine.payout(stake, o, p);
          }
          expect(winners).toBe(wins);
          const exact = stake * 9900n; // 99 % of 10,000 stakes
          expect(paid <= exact).toBe(true);
          expect(exact - paid < BigInt(wins)).toBe(true); // under one poisha per winning roll
        },
      ),
      { numRuns: 25 },
    );
  });

  it('refuses targets outside a 1 % to 98 % win chance, and bad params', () => {
    expect(diceEngine.parseParams(undefined)).toEqual({ direction: 'UNDER', target: 5000 });
    expect(diceEngine.parseParams({ direction: 'UNDER', target: 100 })).toEqual({ direction: 'UNDER', target: 100 });
    expect(diceEngine.parseParams({ direction: 'OVER', target: 199 })).toEqual({ direction: 'OVER', target: 199 });
    for (const bad of [
      { direction: 'UNDER', target: 99 },
      { direction: 'UNDER', target: 9801 },
      { direction: 'OVER', target: 198 },
      { direction: 'OVER', target: 9900 },
      { direction: 'SIDEWAYS', target: 5000 },
      { direction: 'UNDER', target: 50.5 },
      { direction: 'UNDER', target: '5000' },
      { direction: 'UNDER' },
      { direction: 'UNDER', target: 5000, extra: 1 },
      'UNDER',
    ]) {
      expect(() => diceEngine.parseParams(bad)).toThrow(expect.objectContaining({ code: 'BAD_PARAMS' }));
    }
    expect(diceEngine.config.targets).toEqual({ UNDER: [100, 9800], OVER: [199, 9899] });
    expect(diceEngine.config.rtpPercent).toBe('99.0000');
  });
});
