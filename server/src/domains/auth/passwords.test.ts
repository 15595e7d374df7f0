import { ARGON2_OWASP, commonPasswords, createPasswordHasher, isCommonPassword, randomPassword } from './passwords';
import { authLimits, AUTH_LIMIT_DEFAULTS } from './limits';

describe('password hashing', () => {
  test('production hashes are argon2id with OWASP parameters (m=19456 KiB, t=2, p=1)', async () => {
    const hasher = createPasswordHasher();
    expect(hasher.params).toEqual(ARGON2_OWASP);
    const hash = await hasher.hash('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hash, 'correct horse battery')).toBe(true);
    expect(await hasher.verify(hash, 'Correct horse battery')).toBe(false);
    expect(hasher.needsRehash(hash)).toBe(false);
  });

  test('the test parameters are only an explicit option, and their hashes need a rehash under production parameters', async () => {
    const cheap = createPasswordHasher({ unsafeTestParams: true });
    const hash = await cheap.hash('x-password');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(createPasswordHasher().needsRehash(hash)).toBe(true);
    expect(await createPasswordHasher().verify(hash, 'x-password')).toBe(true); // the parameters travel in the hash
  });

  test('no stored hash, or a malformed one, matches nothing (and costs a verification)', async () => {
    const hasher = createPasswordHasher({ unsafeTestParams: true });
    expect(await hasher.verify(null, 'anything')).toBe(false);
    expect(await hasher.verify(undefined, '')).toBe(false);
    expect(await hasher.verify('not-a-hash', 'anything')).toBe(false);
    expect(hasher.needsRehash('not-a-hash')).toBe(true);
  });
});

describe('common passwords', () => {
  test('the list holds the 3,000 most common, matched without case', () => {
    expect(commonPasswords().size).toBeGreaterThanOrEqual(2990);
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword('12345678')).toBe(true);
    expect(isCommonPassword('correct horse battery staple 7')).toBe(false);
  });

  test('random passwords are long, unambiguous and not common', () => {
    const pw = randomPassword(12);
    expect(pw).toMatch(/^[a-km-np-zA-HJ-NP-Z2-9]{12}$/);
    expect(new Set(Array.from({ length: 50 }, () => randomPassword())).size).toBe(50);
  });
});

describe('limits', () => {
  test('the setting overrides single thresholds; anything not a positive integer keeps the default', () => {
    expect(authLimits(undefined)).toEqual(AUTH_LIMIT_DEFAULTS);
    const l = authLimits({ accountLockAfter: 20, ipLockAfter: -1, captchaPerIp: 1.5, unknown: 3 });
    expect(l.accountLockAfter).toBe(20);
    expect(l.ipLockAfter).toBe(AUTH_LIMIT_DEFAULTS.ipLockAfter);
    expect(l.captchaPerIp).toBe(AUTH_LIMIT_DEFAULTS.captchaPerIp);
    expect(l).not.toHaveProperty('unknown');
  });
});
