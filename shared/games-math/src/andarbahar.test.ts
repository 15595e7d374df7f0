/** @jest-environment node */
import fc from 'fast-check';
import { andarBaharEngine, andarBaharOdds, ANDAR_BAHAR_MAX_FLOATS, dealAndarBahar } from './andarbahar';
import { cardIndex, cardOf } from './cards';
import { readerOf, type FloatReader } from './fair';
import { toPercent } from './rational';

/** A reader that counts what was read. */
function counting(floats: number[]): FloatReader & { read: number } {
  const r = { read: 0, next: () => floats[r.read++] };
  return r;
}

const floatsArb = fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
  minLength: ANDAR_BAHAR_MAX_FLOATS,
  maxLength: ANDAR_BAHAR_MAX_FLOATS,
});

describe('Andar Bahar', () => {
  it('deals distinct cards alternately from Andar until the joker’s rank appears', () => {
    fc.assert(
      fc.property(floatsArb, (floats) => {
        const reader = counting(floats);
        const o = andarBaharEngine.outcome(reader, { side: 'ANDAR' });
        const dealt: number[] = [];
        for (let i = 0; i < o.andar.length + o.bahar.length; i++)
          dealt.push(cardIndex(i % 2 === 0 ? o.andar[i >> 1] : o.bahar[i >> 1]));
        const all = [cardIndex(o.joker), ...dealt];
        expect(new Set(all).size).toBe(all.length);
        expect(o.andar.length - o.bahar.length).toBeGreaterThanOrEqual(0);
        expect(o.andar.length - o.bahar.length).toBeLessThanOrEqual(1);
        const last = dealt[dealt.length - 1];
        expect(last % 13).toBe(cardIndex(o.joker) % 13);
        expect(dealt.slice(0, -1).every((c) => c % 13 !== last % 13)).toBe(true);
        expect(o.winner).toBe(dealt.length % 2 === 1 ? 'ANDAR' : 'BAHAR');
        expect(reader.read).toBe(dealt.length + 1);
        expect(reader.read).toBeLessThanOrEqual(ANDAR_BAHAR_MAX_FLOATS);
        expect(o.win).toBe(o.winner === 'ANDAR');
      }),
      { numRuns: 500 },
    );
  });

  it('deals the longest round (48 misses) within 50 floats', () => {
    // the joker is the ace of spades; picking from the end of the deck each time deals the aces last
    const [joker, dealt] = dealAndarBahar(readerOf([0, ...Array(49).fill(0.999999)]));
    expect(cardOf(joker)).toEqual({ rank: 'A', suit: 'S' });
    expect(dealt.length).toBeLessThanOrEqual(49);
    expect(dealt[dealt.length - 1] % 13).toBe(0);
  });

  it('the joker is the first float’s card: floor(f × 52)', () => {
    const o = andarBaharEngine.outcome(readerOf([14.5 / 52, 0]), { side: 'BAHAR' });
    expect(o.joker).toEqual({ rank: '2', suit: 'H' });
    // the first dealt card is floor(0 × 51) + 1 after the swap: the card that was at position 1
    expect(o.andar[0]).toEqual({ rank: '2', suit: 'S' });
    expect(o.winner).toBe('ANDAR');
    expect(o.win).toBe(false);
  });

  it('pays Andar 0.9 to 1 and Bahar 1 to 1, rounded down; a loss pays nothing', () => {
    const base = { engine: 'andarbahar' as const, joker: cardOf(0), andar: [], bahar: [] };
    expect(andarBaharEngine.payout(1000n, { ...base, winner: 'ANDAR', side: 'ANDAR', win: true }, { side: 'ANDAR' })).toBe(1900n);
    expect(andarBaharEngine.payout(15n, { ...base, winner: 'ANDAR', side: 'ANDAR', win: true }, { side: 'ANDAR' })).toBe(28n);
    expect(andarBaharEngine.payout(1000n, { ...base, winner: 'BAHAR', side: 'BAHAR', win: true }, { side: 'BAHAR' })).toBe(2000n);
    expect(andarBaharEngine.payout(1000n, { ...base, winner: 'BAHAR', side: 'ANDAR', win: false }, { side: 'ANDAR' })).toBe(0n);
  });

  it('the odds and RTPs, exactly', () => {
    const odds = andarBaharOdds();
    expect([odds.ANDAR.num, odds.ANDAR.den]).toEqual([429n, 833n]); // 10,725 / 20,825
    expect([odds.BAHAR.num, odds.BAHAR.den]).toEqual([404n, 833n]); // 10,100 / 20,825
    expect(toPercent(andarBaharEngine.rtpOf({ side: 'ANDAR' }), 4)).toBe('97.8511');
    expect(toPercent(andarBaharEngine.rtpOf({ side: 'BAHAR' }), 4)).toBe('96.9987');
    expect(andarBaharEngine.config.rtpPercent).toEqual({ ANDAR: '97.8511', BAHAR: '96.9987' });
    expect(andarBaharEngine.rtp).toBeCloseTo(0.969988, 6);
  });

  it('the odds agree with a count over every position of the three matching cards', () => {
    // 51 cards after the joker, 3 of them match: the first match decides. Count all C(51,3) placements.
    let andar = 0;
    let total = 0;
    for (let a = 1; a <= 51; a++)
      for (let b = a + 1; b <= 51; b++)
        for (let c = b + 1; c <= 51; c++) {
          total++;
          if (a % 2 === 1) andar++;
        }
    const odds = andarBaharOdds();
    expect(total).toBe(20825);
    expect(BigInt(andar) * odds.ANDAR.den).toBe(odds.ANDAR.num * BigInt(total));
  });

  it('takes a side, ANDAR or BAHAR', () => {
    expect(andarBaharEngine.parseParams(undefined)).toEqual({ side: 'ANDAR' });
    expect(andarBaharEngine.parseParams({ side: 'BAHAR' })).toEqual({ side: 'BAHAR' });
    for (const bad of [{ side: 'andar' }, { side: 'MIDDLE' }, {}, { side: 'ANDAR', more: 1 }, 7])
      expect(() => andarBaharEngine.parseParams(bad)).toThrow(expect.objectContaining({ code: 'BAD_PARAMS' }));
  });
});
