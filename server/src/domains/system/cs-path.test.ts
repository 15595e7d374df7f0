import { decryptCsPath, encryptCsPath } from './cs-path';
import { isIpAllowed } from './ip-allow';

describe('customer-service path encryption', () => {
  it('round-trips, with a fresh 8-character key at the end each time', async () => {
    const path = 'https://wa.me/8801700000001?text=হ্যালো';
    const a = await encryptCsPath(path);
    const b = await encryptCsPath(path);
    expect(a).not.toBe(b);
    expect(a.slice(-8)).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(a).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await decryptCsPath(a)).toBe(path);
    expect(await decryptCsPath(b)).toBe(path);
  });

  it('refuses an altered value or a wrong key', async () => {
    const value = await encryptCsPath('https://t.me/khela_support_example');
    const flipped = value[5] === 'A' ? 'B' : 'A';
    await expect(decryptCsPath(value.slice(0, 5) + flipped + value.slice(6))).rejects.toThrow();
    await expect(decryptCsPath(value.slice(0, -8) + 'AAAAAAAA')).rejects.toThrow();
    await expect(decryptCsPath('short')).rejects.toThrow();
  });
});

describe('region allow list', () => {
  const list = ['10.1.0.0/16', '203.0.113.7', '2001:db8::1', '198.51.100.0/24'];
  it.each([
    ['10.1.200.3', true],
    ['10.2.0.1', false],
    ['203.0.113.7', true],
    ['::ffff:203.0.113.7', true],
    ['203.0.113.8', false],
    ['198.51.100.255', true],
    ['2001:db8::1', true],
    ['2001:db8::2', false],
    ['not-an-ip', false],
  ])('%s → %s', (ip, allowed) => {
    expect(isIpAllowed(ip, list)).toBe(allowed);
  });

  it('handles /0 and /32 and an empty list', () => {
    expect(isIpAllowed('8.8.8.8', ['0.0.0.0/0'])).toBe(true);
    expect(isIpAllowed('8.8.8.8', ['8.8.8.8/32'])).toBe(true);
    expect(isIpAllowed('8.8.8.9', ['8.8.8.8/32'])).toBe(false);
    expect(isIpAllowed('8.8.8.8', [])).toBe(false);
  });
});
