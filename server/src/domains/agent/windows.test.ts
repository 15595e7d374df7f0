import fc from 'fast-check';
import { amountDue, windowAt } from './settlement';

const at = (iso: string) => new Date(iso);
const span = (w: { start: Date; end: Date }) => [w.start.toISOString(), w.end.toISOString()];

it('windows: 5 minutes, hours, Dhaka days, weeks from Monday, half months and months', () => {
  const t = at('2026-11-28T04:57:12Z'); // Saturday 10:57 in Dhaka
  expect(span(windowAt('REALTIME', 'D', t))).toEqual(['2026-11-28T04:55:00.000Z', '2026-11-28T05:00:00.000Z']);
  expect(span(windowAt('HOURLY', 'D', t))).toEqual(['2026-11-28T04:00:00.000Z', '2026-11-28T05:00:00.000Z']);
  expect(span(windowAt('DAILY', 'M', t))).toEqual(['2026-11-27T18:00:00.000Z', '2026-11-28T18:00:00.000Z']);
  expect(span(windowAt('DIVIDEND', 'W', t))).toEqual(['2026-11-22T18:00:00.000Z', '2026-11-29T18:00:00.000Z']);
  expect(span(windowAt('DIVIDEND', 'H', t))).toEqual(['2026-11-15T18:00:00.000Z', '2026-11-30T18:00:00.000Z']);
  expect(span(windowAt('DIVIDEND', 'H', at('2026-12-15T17:59:59Z')))).toEqual([
    '2026-11-30T18:00:00.000Z',
    '2026-12-15T18:00:00.000Z',
  ]);
  expect(span(windowAt('DIVIDEND', 'M', at('2026-12-31T19:00:00Z')))).toEqual([
    '2026-12-31T18:00:00.000Z',
    '2027-01-31T18:00:00.000Z',
  ]);
});

it('property: every instant is in exactly one window, and the next window starts where it ends', () => {
  fc.assert(
    fc.property(
      fc.date({ min: at('2025-01-01T00:00:00Z'), max: at('2028-12-31T00:00:00Z'), noInvalidDate: true }),
      fc.constantFrom('REALTIME' as const, 'HOURLY' as const, 'DAILY' as const, 'DIVIDEND' as const),
      fc.constantFrom('D' as const, 'W' as const, 'H' as const, 'M' as const),
      (t, kind, period) => {
        const w = windowAt(kind, period, t);
        const next = windowAt(kind, period, w.end);
        return (
          w.start <= t &&
          t < w.end &&
          next.start.getTime() === w.end.getTime() &&
          windowAt(kind, period, new Date(w.end.getTime() - 1)).start.getTime() === w.start.getTime()
        );
      },
    ),
  );
});

it('amounts: rate × valid bet (a dividend: × the team loss), nothing below the thresholds', () => {
  const c = { kind: 'REALTIME' as const, rate_bp: 125, min_active_members: 2, min_valid_bet: '1000' };
  expect(amountDue(c, { activeMembers: 2, validBet: 10_000n, profit: 500n })).toBe(125n);
  expect(amountDue(c, { activeMembers: 1, validBet: 10_000n, profit: 0n })).toBe(0n);
  expect(amountDue(c, { activeMembers: 3, validBet: 999n, profit: 0n })).toBe(0n);
  const d = { ...c, kind: 'DIVIDEND' as const, rate_bp: 1000 };
  expect(amountDue(d, { activeMembers: 2, validBet: 10_000n, profit: -4_000n })).toBe(400n);
  expect(amountDue(d, { activeMembers: 2, validBet: 10_000n, profit: 4_000n })).toBe(0n);
});
