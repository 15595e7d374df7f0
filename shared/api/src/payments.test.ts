import fc from 'fast-check';
import {
  accountNoValid,
  depositFee,
  maskAccountNo,
  normaliseAccountNo,
  sameName,
  sniffImage,
  weakPaymentPassword,
} from './payments';

describe('depositFee', () => {
  it('rounds basis points half up to the poisha and adds the fixed part', () => {
    expect(depositFee(BigInt(100000), 100, BigInt(0))).toBe(BigInt(1000));
    expect(depositFee(BigInt(33333), 150, BigInt(0))).toBe(BigInt(500)); // 499.995 → 500
    expect(depositFee(BigInt(33), 150, BigInt(0))).toBe(BigInt(0)); // 0.495 → 0
    expect(depositFee(BigInt(50000), 0, BigInt(500))).toBe(BigInt(500));
  });
  it('never exceeds the exact fee by more than half a poisha, and grows with the amount', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: BigInt(1), max: BigInt(10) ** BigInt(15) }),
        fc.integer({ min: 0, max: 2000 }),
        (amount, bps) => {
          const fee = depositFee(amount, bps, BigInt(0));
          const exact2 = amount * BigInt(bps) * BigInt(2); // 2 × 10000 × the exact fee
          expect(fee * BigInt(20000) - exact2 <= BigInt(10000)).toBe(true);
          expect(exact2 - fee * BigInt(20000) < BigInt(10000)).toBe(true);
          expect(depositFee(amount + BigInt(1), bps, BigInt(0)) >= fee).toBe(true);
        },
      ),
    );
  });
});

describe('payout account numbers', () => {
  it.each([
    ['BKASH', '01712345678', true],
    ['NAGAD', '01312345678', true],
    ['BKASH', '01212345678', false],
    ['BKASH', '0171234567', false],
    ['ROCKET', '017123456781', true],
    ['ROCKET', '01712345678', true],
    ['BANK', '2051234567001', true],
    ['BANK', '1234567', false],
  ] as const)('%s %s → %s', (method, no, ok) => expect(accountNoValid(method, no)).toBe(ok));

  it('writes Bengali digits, spaces, dashes and +880 the local way', () => {
    expect(normaliseAccountNo('+৮৮০ ১৭১২-৩৪৫৬৭৮')).toBe('01712345678');
    expect(normaliseAccountNo('8801812345678')).toBe('01812345678');
    expect(maskAccountNo('01712345678')).toBe('••••5678');
  });

  it('compares payee names as a person would', () => {
    expect(sameName(' Rahim   Uddin ', 'rahim uddin')).toBe(true);
    expect(sameName('রহিম উদ্দিন', 'রহিম  উদ্দিন')).toBe(true);
    expect(sameName('Rahim Uddin', 'Rahima Uddin')).toBe(false);
  });
});

describe('payment passwords', () => {
  it.each([
    ['123456', true],
    ['654321', true],
    ['000000', true],
    ['482915', false],
    ['12345', false],
  ])('%s weak: %s', (pw, weak) => expect(weakPaymentPassword(pw)).toBe(weak));
});

describe('sniffImage', () => {
  it('reads PNG and JPEG by their first bytes, nothing else', () => {
    expect(sniffImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, 0, 0, 0]))).toBe('image/jpeg');
    expect(sniffImage(new TextEncoder().encode('GIF89a..'))).toBeNull();
    expect(sniffImage(new TextEncoder().encode('<svg xml'))).toBeNull();
    expect(sniffImage(new Uint8Array([0x89, 0x50]))).toBeNull();
  });
});
