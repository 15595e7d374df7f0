import fc from 'fast-check';
import { dhakaDate } from './dates';

describe('dhakaDate', () => {
  it("writes the day in Dhaka (UTC+6) in the page's language", () => {
    expect(dhakaDate('2026-11-29T20:15:00Z', 'BN')).toBe('৩০ নভে, ২০২৬');
    expect(dhakaDate('2026-11-29T17:59:59Z', 'EN')).toBe('29 Nov 2026');
    expect(dhakaDate('2026-11-29T18:00:00Z', 'EN')).toBe('30 Nov 2026');
  });

  it('refuses what is not a time', () => {
    expect(() => dhakaDate('soon', 'EN')).toThrow(RangeError);
  });

  it('property: writes what Intl writes for bn-BD and en-GB in Asia/Dhaka, for every time since 2010', () => {
    const options = { timeZone: 'Asia/Dhaka', day: 'numeric', month: 'short', year: 'numeric' } as const;
    const intl = { BN: new Intl.DateTimeFormat('bn-BD', options), EN: new Intl.DateTimeFormat('en-GB', options) };
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2010-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom('BN' as const, 'EN' as const),
        (when, lang) => expect(dhakaDate(when, lang)).toBe(intl[lang].format(when)),
      ),
      { numRuns: 500 },
    );
  });
});
