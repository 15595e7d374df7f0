import fc from 'fast-check';
import { MoneyFormatError, formatCount, formatTaka, fromMinor, parseTaka, takaString } from './money';

describe('money', () => {
  test('parseTaka reads what people type, in poisha', () => {
    expect(parseTaka('500')).toBe(BigInt(50000));
    expect(parseTaka('500.00')).toBe(BigInt(50000));
    expect(parseTaka('500.5')).toBe(BigInt(50050));
    expect(parseTaka('-20.50')).toBe(BigInt(-2050));
    expect(parseTaka('1,250.75')).toBe(BigInt(125075));
    expect(parseTaka('০.৫০')).toBe(BigInt(50));
    expect(parseTaka('.5')).toBe(BigInt(50));
  });

  test.each(['', 'abc', '1.234', '1e3', '12..3', '--1', '1-', 'Infinity', 'NaN', '1234567890123456'])(
    'parseTaka refuses %j',
    (text) => {
      expect(() => parseTaka(text)).toThrow(MoneyFormatError);
    },
  );

  test('fromMinor takes only integer poisha', () => {
    expect(fromMinor('12345')).toBe(BigInt(12345));
    expect(fromMinor(-5)).toBe(BigInt(-5));
    for (const bad of ['1.5', '1e3', ' 1', '', '0x10']) expect(() => fromMinor(bad)).toThrow(MoneyFormatError);
    expect(() => fromMinor(1.5)).toThrow(MoneyFormatError);
  });

  test('formatTaka: lakh grouping, two decimals, Bengali digits in BN', () => {
    expect(formatTaka(BigInt(123456789), 'EN')).toBe('৳12,34,567.89');
    expect(formatTaka('5', 'EN')).toBe('৳0.05');
    expect(formatTaka(BigInt(-2050), 'EN')).toBe('-৳20.50');
    expect(formatTaka(BigInt(123456789), 'BN')).toBe('৳১২,৩৪,৫৬৭.৮৯');
    expect(formatTaka(BigInt(100), 'EN', { symbol: false })).toBe('1.00');
  });

  test('property: formatTaka writes what Intl writes for bn-BD and en-IN, for every amount', () => {
    const intl = { BN: new Intl.NumberFormat('bn-BD'), EN: new Intl.NumberFormat('en-IN') };
    fc.assert(
      fc.property(
        fc.bigInt({ min: BigInt(-1e17) + BigInt(1), max: BigInt(1e17) - BigInt(1) }),
        fc.constantFrom('BN' as const, 'EN' as const),
        (v, lang) => {
          const abs = v < BigInt(0) ? -v : v;
          // Intl's grouping of the whole taka, and its digits for the decimals
          const fraction = intl[lang].format(abs % BigInt(100)).padStart(2, lang === 'BN' ? '০' : '0');
          const expected = `${v < BigInt(0) ? '-' : ''}৳${intl[lang].format(abs / BigInt(100))}.${fraction}`;
          expect(formatTaka(v, lang)).toBe(expected);
        },
      ),
    );
  });

  test('property: takaString and parseTaka round-trip every amount exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: BigInt(-1e17) + BigInt(1), max: BigInt(1e17) - BigInt(1) }), (v) => {
        expect(parseTaka(takaString(v))).toBe(v);
      }),
    );
  });
});

describe('formatCount', () => {
  it('groups in lakhs with Bengali digits in BN, in thousands in EN', () => {
    expect(formatCount(1234567, 'BN')).toBe('১২,৩৪,৫৬৭');
    expect(formatCount(1234567, 'EN')).toBe('1,234,567');
    expect(formatCount(-42, 'BN')).toBe('-৪২');
    expect(formatCount(10n ** 15n, 'EN')).toBe('1,000,000,000,000,000');
    expect(formatCount(1234.5, 'BN')).toBe('১,২৩৪.৫');
  });

  it('property: writes what Intl.NumberFormat writes for bn-BD and en-GB', () => {
    const intl = { BN: new Intl.NumberFormat('bn-BD'), EN: new Intl.NumberFormat('en-GB') };
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -1e12, max: 1e12 }),
          fc.maxSafeInteger(),
          fc.constant(-0),
          fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        ),
        fc.constantFrom('BN' as const, 'EN' as const),
        (n, lang) => expect(formatCount(n, lang)).toBe(intl[lang].format(n)),
      ),
      { numRuns: 500 },
    );
  });
});
