import fc from 'fast-check';
import {
  activityState,
  bonusFor,
  contributionOf,
  GAME_TYPES,
  shownProgress,
  wageringMet,
  wageringProgress,
  wageringRequired,
  type RewardRule,
} from './promotions.rules';
import { drawAmount } from './red-envelopes';

const poisha = fc.bigInt({ min: BigInt(0), max: BigInt(10) ** BigInt(12) });
const contribution = fc.dictionary(fc.constantFrom(...GAME_TYPES), fc.integer({ min: 0, max: 100 }));
const bets = fc.array(fc.record({ gameType: fc.constantFrom(...GAME_TYPES, 'OTHER'), validBet: poisha }), { maxLength: 12 });
const rule: fc.Arbitrary<RewardRule> = fc.record({
  kind: fc.constantFrom('DEPOSIT_MATCH', 'REBATE', 'CASHBACK', 'FIXED', 'INFO'),
  percentBp: fc.integer({ min: 0, max: 100000 }),
  fixedAmount: poisha,
  maxBonus: fc.option(fc.bigInt({ min: BigInt(1), max: BigInt(10) ** BigInt(10) }), { nil: null }),
  minAmount: poisha,
  wageringMultiplier: fc.integer({ min: 0, max: 100 }),
});

describe('wagering progress', () => {
  it('is the sum of each bet times its game type’s percent, never above the bets nor below zero', () => {
    fc.assert(
      fc.property(bets, contribution, (bs, c) => {
        const done = wageringProgress(bs, c);
        const total = bs.reduce((s, b) => s + b.validBet, BigInt(0));
        expect(done >= BigInt(0)).toBe(true);
        expect(done <= total).toBe(true);
        const exact = bs.reduce((s, b) => s + (b.validBet * BigInt(contributionOf(c, b.gameType))) / BigInt(100), BigInt(0));
        expect(done).toBe(exact);
      }),
    );
  });

  it('grows with every bet (monotone) and a game type not named counts nothing', () => {
    fc.assert(
      fc.property(bets, contribution, fc.constantFrom(...GAME_TYPES), poisha, (bs, c, type, more) => {
        const before = wageringProgress(bs, c);
        const after = wageringProgress([...bs, { gameType: type, validBet: more }], c);
        expect(after >= before).toBe(true);
        expect(wageringProgress([...bs, { gameType: 'OTHER', validBet: more }], c)).toBe(before);
        if (c[type] === 100) expect(after - before).toBe(more);
        if (!c[type]) expect(after).toBe(before);
      }),
    );
  });

  it('releases exactly when the contributed bets reach the requirement; the shown progress stops there', () => {
    fc.assert(
      fc.property(poisha, poisha, (done, required) => {
        expect(wageringMet(done, required)).toBe(done >= required);
        expect(shownProgress(done, required) <= required).toBe(true);
      }),
    );
  });

  it('clamps odd percents to 0..100', () => {
    expect(contributionOf({ RNG: 150 }, 'RNG')).toBe(100);
    expect(contributionOf({ RNG: -5 }, 'RNG')).toBe(0);
    expect(contributionOf({ RNG: Number.NaN }, 'RNG')).toBe(0);
    expect(contributionOf({}, 'LIVE')).toBe(0);
  });
});

describe('bonus amounts', () => {
  it('never pay above the rule: the percent of the basis (or the fixed amount), the cap, nothing below the minimum', () => {
    fc.assert(
      fc.property(rule, poisha, (r, basis) => {
        const bonus = bonusFor(r, basis);
        expect(bonus >= BigInt(0)).toBe(true);
        if (r.maxBonus !== null) expect(bonus <= r.maxBonus).toBe(true);
        if (basis < r.minAmount || r.kind === 'INFO') expect(bonus).toBe(BigInt(0));
        if (r.kind === 'FIXED') expect(bonus <= r.fixedAmount).toBe(true);
        if (r.kind !== 'FIXED') expect(bonus * BigInt(10000) <= basis * BigInt(r.percentBp)).toBe(true);
      }),
    );
  });

  it('pay the whole rule when no cap bites (rounding down at most one poisha)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100000 }), poisha, (bp, basis) => {
        const r: RewardRule = {
          kind: 'DEPOSIT_MATCH',
          percentBp: bp,
          fixedAmount: BigInt(0),
          maxBonus: null,
          minAmount: BigInt(0),
          wageringMultiplier: 1,
        };
        const bonus = bonusFor(r, basis);
        expect(basis * BigInt(bp) - bonus * BigInt(10000) < BigInt(10000)).toBe(true);
      }),
    );
  });

  it('require the bonus times the multiplier in wagering', () => {
    fc.assert(
      fc.property(poisha, fc.integer({ min: 0, max: 100 }), (bonus, m) => {
        expect(wageringRequired(bonus, m)).toBe(bonus * BigInt(m));
      }),
    );
  });
});

describe('activity states', () => {
  const day = 86_400_000;
  const now = new Date('2026-11-28T00:00:00Z');
  const base = {
    now,
    startsAt: new Date(now.getTime() - day),
    endsAt: new Date(now.getTime() + day),
    kind: 'DEPOSIT_MATCH' as const,
    ineligible: null,
    onceOnly: true,
    participation: null,
  };
  const part = (status: 'JOINED' | 'APPLYING' | 'REJECTED' | 'ISSUED' | 'CLAIMED' | 'FORFEITED', q = 0, met = false) => ({
    status,
    qualifiesFor: BigInt(q),
    wageringMet: met,
  });

  it.each([
    ['comingSoon', { startsAt: new Date(now.getTime() + day) }],
    ['close', { endsAt: new Date(now.getTime() - 1) }],
    ['close', { ineligible: 'NOT_NEW_MEMBER' }],
    ['join', {}],
    ['joined', { participation: part('JOINED') }],
    ['process', { kind: 'REBATE' as const, participation: part('JOINED') }],
    ['claim', { participation: part('JOINED', 100) }],
    ['applying', { participation: part('APPLYING') }],
    ['rejected', { participation: part('REJECTED') }],
    ['issued', { participation: part('ISSUED') }],
    ['claim', { participation: part('ISSUED', 0, true) }],
    ['claimed', { participation: part('CLAIMED') }],
    ['join', { onceOnly: false, participation: part('CLAIMED') }],
  ])('%s for %j', (state, over) => {
    expect(activityState({ ...base, ...over }).state).toBe(state);
  });

  it('an information-only promotion has no state', () => {
    expect(activityState({ ...base, kind: 'INFO' })).toEqual({ state: null, reason: null });
  });
});

describe('red envelope draws', () => {
  it('stay between the bounds, never above what is left, nothing when less than the minimum is left', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: BigInt(1), max: BigInt(10) ** BigInt(9) }),
        fc.bigInt({ min: BigInt(0), max: BigInt(10) ** BigInt(9) }),
        fc.bigInt({ min: BigInt(0), max: BigInt(10) ** BigInt(10) }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (min, extra, remaining, r) => {
          const max = min + extra;
          const amount = drawAmount(min, max, remaining, (n) => Math.floor(r * n));
          if (remaining < min) expect(amount).toBe(BigInt(0));
          else {
            expect(amount >= min).toBe(true);
            expect(amount <= max).toBe(true);
            expect(amount <= remaining).toBe(true);
          }
        },
      ),
    );
  });
});
