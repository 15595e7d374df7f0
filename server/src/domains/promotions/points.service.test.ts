// The points' arithmetic: points earned from valid bets and taken back when a counted bet is rolled back.
import fc from 'fast-check';
import { pointsBack, pointsFor } from './points.service';

const big = (max: number) => fc.bigInt({ min: BigInt(0), max: BigInt(max) });

describe('pointsBack', () => {
  it('after a rollback the member holds exactly the points of the bets that stand', () => {
    fc.assert(
      fc.property(big(10_000_000), big(10_000_000), fc.bigInt({ min: BigInt(1), max: BigInt(5_000) }), (a, b, ratio) => {
        // bets a then b counted, b rolled back
        const [p1, c1] = pointsFor(a, BigInt(0), ratio);
        const [p2, c2] = pointsFor(b, c1, ratio);
        const [taken, carry, owed] = pointsBack(b, c2, p1 + p2, ratio);
        expect(owed).toBe(BigInt(0));
        expect(p1 + p2 - taken).toBe(a / ratio);
        expect(carry).toBe(a % ratio);
      }),
    );
  });

  it('never takes more than the balance; what it cannot take stays owed as valid bets to make up', () => {
    fc.assert(
      fc.property(
        big(10_000_000),
        big(10_000_000),
        fc.bigInt({ min: BigInt(1), max: BigInt(5_000) }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (a, b, ratio, spentShare) => {
          const [p1, c1] = pointsFor(a, BigInt(0), ratio);
          const [p2, c2] = pointsFor(b, c1, ratio);
          const earned = p1 + p2;
          const spent = BigInt(Math.floor(Number(earned) * spentShare));
          const [taken, , owed] = pointsBack(b, c2, earned - spent, ratio);
          expect(taken <= earned - spent).toBe(true);
          expect(taken >= BigInt(0)).toBe(true);
          // the points given for b and not taken back are exactly the points the owed bets would earn
          expect(owed % ratio).toBe(BigInt(0));
          expect(taken + owed / ratio).toBe(earned - a / ratio);
        },
      ),
    );
  });

  it('a rollback within the carry takes no point', () => {
    expect(pointsBack(BigInt(30), BigInt(50), BigInt(7), BigInt(100))).toEqual([BigInt(0), BigInt(20), BigInt(0)]);
    expect(pointsBack(BigInt(150), BigInt(50), BigInt(7), BigInt(100))).toEqual([BigInt(1), BigInt(0), BigInt(0)]);
    expect(pointsBack(BigInt(1000), BigInt(0), BigInt(3), BigInt(100))).toEqual([BigInt(3), BigInt(0), BigInt(700)]);
  });
});
