/** @jest-environment node */
import { decryptCsPath, encryptCsPath } from './cs-path';

describe('customer-service path', () => {
  it('round-trips, with the key in the last 8 characters', async () => {
    const enc = await encryptCsPath('https://wa.me/8801700000000');
    expect(enc).not.toContain('wa.me');
    expect(await decryptCsPath(enc)).toBe('https://wa.me/8801700000000');
  });
  it('rejects a tampered value', async () => {
    const enc = await encryptCsPath('https://t.me/khela_support');
    const tampered = (enc[0] === 'A' ? 'B' : 'A') + enc.slice(1);
    await expect(decryptCsPath(tampered)).rejects.toBeTruthy();
    await expect(decryptCsPath('short')).rejects.toThrow('invalid');
  });
});
