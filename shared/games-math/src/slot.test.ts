/** @jest-environment node */
import fc from 'fast-check';
import { readerOf } from './fair';
import { toPercent } from './rational';
import {
  lineWin,
  SLOT_LINES,
  SLOT_MAX_WIN_LINE_BETS,
  SLOT_MAX_WIN_STOPS,
  SLOT_PAYLINES,
  SLOT_STRIPS,
  SLOT_SYMBOLS,
  slotEngine,
  slotRtp,
  spinPays,
  stripIndexes,
  type SlotSymbolId,
} from './slot';

const idx = (ids: SlotSymbolId[]) => ids.map((id) => SLOT_SYMBOLS.findIndex((s) => s.id === id));
const pays = (id: SlotSymbolId, n: number) => SLOT_SYMBOLS.find((s) => s.id === id)!.pays[n - 3];
/** floats that stop each reel exactly at these positions */
const floatsFor = (stops: number[]) => readerOf(stops.map((s, r) => (s + 0.5) / SLOT_STRIPS[r].length));

describe('the slot’s rules', () => {
  it('pays 3, 4 or 5 of a kind from the left, and nothing for 2 or a broken run', () => {
    expect(lineWin(idx(['MANGO', 'MANGO', 'MANGO', 'TEA', 'MANGO']))).toEqual([5, 3, pays('MANGO', 3)]);
    expect(lineWin(idx(['HILSA', 'HILSA', 'HILSA', 'HILSA', 'TEA']))).toEqual([1, 4, pays('HILSA', 4)]);
    expect(lineWin(idx(['LILY', 'LILY', 'LILY', 'LILY', 'LILY']))).toEqual([2, 5, pays('LILY', 5)]);
    expect(lineWin(idx(['TEA', 'TEA', 'DOEL', 'TEA', 'TEA']))).toBeNull();
    expect(lineWin(idx(['DOEL', 'TEA', 'TEA', 'TEA', 'TEA']))).toBeNull();
  });

  it('the tiger stands in for any symbol, and never pays alone', () => {
    expect(lineWin(idx(['BOAT', 'TIGER', 'TIGER', 'BOAT', 'MANGO']))).toEqual([3, 4, pays('BOAT', 4)]);
    expect(lineWin(idx(['TEA', 'TIGER', 'TIGER', 'TIGER', 'TEA']))).toEqual([8, 5, pays('TEA', 5)]);
    expect(lineWin(idx(['TIGER', 'TIGER', 'RICKSHAW', 'MANGO', 'MANGO']))).toEqual([4, 3, pays('RICKSHAW', 3)]);
    expect(lineWin(idx(['TIGER', 'TIGER', 'TIGER', 'TIGER', 'TIGER']))).toBeNull();
  });

  it('the strips: 32 stops each, the tiger only on reels 2 to 4, no symbol twice in a window', () => {
    expect(SLOT_STRIPS.map((s) => s.length)).toEqual([32, 32, 32, 32, 32]);
    expect(slotEngine.config.wildReels).toEqual([1, 2, 3]);
    for (const strip of SLOT_STRIPS) {
      for (let i = 0; i < strip.length; i++) {
        const window = [0, 1, 2].map((row) => strip[(i + row) % strip.length]);
        expect(new Set(window).size).toBe(3);
      }
    }
    expect(new Set(SLOT_PAYLINES.map((l) => l.join(''))).size).toBe(SLOT_LINES);
    expect(SLOT_LINES).toBe(20);
  });

  it('an outcome shows the strips at the stops and pays its lines', () => {
    const outcome = slotEngine.outcome(floatsFor([3, 0, 7, 12, 23]), {});
    expect(outcome.stops).toEqual([3, 0, 7, 12, 23]);
    outcome.grid.forEach((column, r) =>
      column.forEach((symbol, row) => expect(symbol).toBe(SLOT_STRIPS[r][(outcome.stops[r] + row) % 32])),
    );
    for (const win of outcome.wins) {
      const line = SLOT_PAYLINES[win.line].map((row, r) => outcome.grid[r][row]);
      expect(line.slice(0, win.count).every((s) => s === win.symbol || s === 'TIGER')).toBe(true);
      expect(win.pays).toBe(pays(win.symbol, win.count));
    }
    expect(outcome.totalPays).toBe(outcome.wins.reduce((s, w) => s + w.pays, 0));
    expect(outcome.totalPays).toBe(spinPays(outcome.stops));
    expect(slotEngine.payout(2000n, outcome, {})).toBe(BigInt(outcome.totalPays) * 100n);
  });

  it('pays stake × line wins / 20, rounded down to the poisha', () => {
    const outcome = { engine: 'slot' as const, stops: [], grid: [], wins: [], totalPays: 7 };
    expect(slotEngine.payout(100n, outcome, {})).toBe(35n);
    expect(slotEngine.payout(10n, outcome, {})).toBe(3n); // 3.5 → 3
    expect(slotEngine.payout(0n, outcome, {})).toBe(0n);
  });

  it('the largest win is reached at the documented stops', () => {
    expect(spinPays(SLOT_MAX_WIN_STOPS)).toBe(SLOT_MAX_WIN_LINE_BETS);
    expect(slotEngine.config.maxWinMultiplier).toBe('24.50');
    expect(slotEngine.maxPayout(2000n, {})).toBe(49000n);
  });

  it('takes no params', () => {
    expect(slotEngine.parseParams(undefined)).toEqual({});
    expect(slotEngine.parseParams({})).toEqual({});
    expect(() => slotEngine.parseParams({ lines: 10 })).toThrow('unknown param "lines"');
    expect(() => slotEngine.parseParams([1])).toThrow('params must be an object');
  });
});

describe('the slot’s RTP', () => {
  it('is 32,310,915 / 33,554,432 = 96.2940 %, as documented', () => {
    const rtp = slotRtp();
    expect([rtp.num, rtp.den]).toEqual([32310915n, 33554432n]);
    expect(toPercent(rtp, 4)).toBe('96.2940');
    expect(slotEngine.config.rtpPercent).toBe('96.2940');
    expect(slotEngine.rtp).toBeCloseTo(0.96294, 5);
  });

  it('the per-line computation equals the full enumeration of every stop combination (small strips)', () => {
    // strips of 4 stops (4⁵ = 1,024 spins, with wrap-round windows), random symbols, wilds on reels 2-4
    const symbol = fc.constantFrom<SlotSymbolId>('HILSA', 'LILY', 'MANGO', 'TEA', 'DOEL');
    const withWild = fc.constantFrom<SlotSymbolId>('HILSA', 'MANGO', 'TEA', 'TIGER', 'TIGER');
    const strip = (s: fc.Arbitrary<SlotSymbolId>) => fc.array(s, { minLength: 4, maxLength: 4 });
    fc.assert(
      fc.property(fc.tuple(strip(symbol), strip(withWild), strip(withWild), strip(withWild), strip(symbol)), (strips) => {
        const indexes = stripIndexes(strips);
        let sum = 0;
        const stops = [0, 0, 0, 0, 0];
        for (let c = 0; c < 4 ** 5; c++) {
          for (let r = 0, x = c; r < 5; r++, x = Math.floor(x / 4)) stops[r] = x % 4;
          sum += spinPays(stops, indexes);
        }
        const rtp = slotRtp(indexes);
        // sum / (1024 × 20) = num / den
        expect(BigInt(sum) * rtp.den).toBe(rtp.num * 1024n * 20n);
      }),
      { numRuns: 40 },
    );
  });
});
