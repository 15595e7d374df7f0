import type { VendorLanesResponse } from '@khela/api';
import { footerVendors } from './Footer';

const card = (code: string) => ({
  code,
  displayName: code,
  lagerIcon: `/i/${code}.svg`,
  gameType: 'RNG' as const,
  gameTypes: ['RNG' as const],
});

describe('footerVendors', () => {
  it("lists every vendor once, in the lanes' order, and skips a code without its card", () => {
    const lanes = [
      { gameCategory: 'RNG', vendors: ['A', 'B'], cards: { A: card('A'), B: card('B') }, gameClassify: [] },
      { gameCategory: 'LIVE', vendors: ['B', 'C', 'X'], cards: { B: card('B'), C: card('C') }, gameClassify: [] },
    ] as unknown as VendorLanesResponse['data']['lanes'];
    expect(footerVendors(lanes).map((v) => v.code)).toEqual(['A', 'B', 'C']);
    expect(footerVendors([])).toEqual([]);
  });
});
