import fc from 'fast-check';
import { dhakaDate, dhakaDateTime } from './dates';

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

describe('dhakaDateTime', () => {
  it('writes the moment in Dhaka: a 12-hour clock in BN, a 24-hour one in EN', () => {
    expect(dhakaDateTime('2026-11-29T00:05:07Z', 'BN')).toBe('২৯ নভে, ০৬:০৫ AM');
    expect(dhakaDateTime('2026-01-03T18:30:59Z', 'BN', { seconds: true })).toBe('৪ জানু, ১২:৩০:৫৯ AM');
    expect(dhakaDateTime('2026-01-03T18:30:59Z', 'EN')).toBe('4 Jan, 00:30');
    expect(dhakaDateTime('2026-09-03T06:00:00Z', 'EN', { seconds: true })).toBe('3 Sept, 12:00:00');
  });

  it('refuses what is not a time', () => {
    expect(() => dhakaDateTime('later', 'BN')).toThrow(RangeError);
  });

  it('property: writes what Intl writes for bn-BD and en-GB in Asia/Dhaka, with and without seconds', () => {
    const base = { timeZone: 'Asia/Dhaka', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' } as const;
    const intl = (lang: 'BN' | 'EN', seconds: boolean) =>
      new Intl.DateTimeFormat(lang === 'BN' ? 'bn-BD' : 'en-GB', seconds ? { ...base, second: '2-digit' } : base);
    const formats = { BN: [intl('BN', false), intl('BN', true)], EN: [intl('EN', false), intl('EN', true)] };
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2010-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom('BN' as const, 'EN' as const),
        fc.boolean(),
        (when, lang, seconds) => expect(dhakaDateTime(when, lang, { seconds })).toBe(formats[lang][seconds ? 1 : 0].format(when)),
      ),
      { numRuns: 500 },
    );
  });
});
