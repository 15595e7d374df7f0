/** Exact fractions of bigints: the documented RTPs are computed with these, never with floats. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y) [x, y] = [y, x % y];
  return x;
}

export function fraction(num: bigint, den: bigint): Fraction {
  if (den === 0n) throw new RangeError('zero denominator');
  const sign = den < 0n ? -1n : 1n;
  const g = gcd(num, den) || 1n;
  return { num: (sign * num) / g, den: (sign * den) / g };
}

export const add = (a: Fraction, b: Fraction) => fraction(a.num * b.den + b.num * a.den, a.den * b.den);
export const mul = (a: Fraction, b: Fraction) => fraction(a.num * b.num, a.den * b.den);

/** The fraction as a decimal string with `digits` decimals, rounded down (e.g. 0.962940… → "0.9629"). */
export function toDecimal(f: Fraction, digits: number): string {
  const scale = 10n ** BigInt(digits);
  const scaled = (f.num * scale) / f.den;
  const whole = scaled / scale;
  const rest = (scaled % scale).toString().padStart(digits, '0');
  return digits ? `${whole}.${rest}` : `${whole}`;
}

/** A percentage with `digits` decimals, rounded down ("96.2940"). */
export const toPercent = (f: Fraction, digits: number) => toDecimal(fraction(f.num * 100n, f.den), digits);

export const toNumber = (f: Fraction) => Number(toDecimal(f, 15));
