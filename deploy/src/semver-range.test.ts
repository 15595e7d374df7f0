import { satisfies, validRange } from './semver-range';

describe('semver ranges (the promote gate)', () => {
  const cases: [string, string, boolean][] = [
    // what our builds emit
    ['19.3.1', '^19.0.0', true],
    ['18.3.1', '^19.0.0', false],
    ['20.0.0', '^19.0.0', false],
    ['0.1.0', '^0.1.0', true],
    ['0.1.5', '^0.1.0', true],
    ['0.2.0', '^0.1.0', false],
    ['0.0.3', '^0.0.3', true],
    ['0.0.4', '^0.0.3', false],
    ['7.18.5', '^7.0.0', true],
    // tilde
    ['1.2.9', '~1.2.3', true],
    ['1.3.0', '~1.2.3', false],
    ['1.9.0', '~1', true],
    ['2.0.0', '~1', false],
    // exact and comparators
    ['1.2.3', '1.2.3', true],
    ['1.2.4', '1.2.3', false],
    ['1.2.3', '=1.2.3', true],
    ['19.3.1', '>=18', true],
    ['17.0.2', '>=18', false],
    ['18.0.0', '>=18.0.0 <19', true],
    ['19.0.0', '>=18.0.0 <19', false],
    ['2.0.0', '>1', true],
    ['1.9.9', '>1', false],
    ['1.9.9', '<=1', true],
    ['2.0.0', '<=1', false],
    ['1.0.0', '> = 1.0.0', true],
    ['2.0.0-rc.1', '>1', false],
    // or, wildcards, x-ranges, hyphens
    ['17.0.2', '^16.0.0 || ^17.0.0', true],
    ['18.0.0', '^16.0.0 || ^17.0.0', false],
    ['5.0.0', '*', true],
    ['5.0.0', '', true],
    ['1.4.0', '1.x', true],
    ['2.0.0', '1.x', false],
    ['1.2.7', '1.2.*', true],
    ['1.3.0', '1.2', false],
    ['1.5.0', '1.2.3 - 2', true],
    ['2.9.0', '1.2.3 - 2', true],
    ['3.0.0', '1.2.3 - 2', false],
    ['2.3.4', '1.2.3 - 2.3.4', true],
    ['2.3.5', '1.2.3 - 2.3.4', false],
    // pre-releases follow npm: only through a comparator on the same version
    ['19.0.0-rc.1', '^19.0.0', false],
    ['19.0.0-rc.1', '^19.0.0-rc.0', true],
    ['19.1.0-rc.1', '^19.0.0-rc.0', false],
    ['19.0.0', '^19.0.0-rc.0', true],
    ['1.0.0-beta.2', '>=1.0.0-beta.10', false],
    ['1.0.0-beta.11', '>=1.0.0-beta.10', true],
  ];
  it.each(cases)('%s satisfies "%s": %s', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  it('refuses what it cannot read instead of guessing', () => {
    expect(validRange('^19.0.0')).toBe(true);
    expect(validRange('latest')).toBe(false);
    expect(validRange('workspace:*')).toBe(false);
    expect(() => satisfies('19', '^19.0.0')).toThrow(/not a version/);
    expect(() => satisfies('19.0.0', 'next')).toThrow(/not a version range/);
  });
});
