import { formatTaka, type VendorCardGroup, type VendorItem } from '@khela/api';
import { lotteryPath, moreLink, prizeModeFor, splitCategories, vendorsOf } from './categories';
import { pageItems } from './pagination';
import fc from 'fast-check';
import { formatMoney, localDigits } from './money';
import { countdownText } from './countdown';

describe('pagination: 2 margin pages, a range of 5', () => {
  it('lists every page when they all fit', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(4, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
  it('keeps 2 pages at each end and 5 around the current one', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 5, 'break', 19, 20]);
    expect(pageItems(10, 20)).toEqual([1, 2, 'break', 8, 9, 10, 11, 12, 'break', 19, 20]);
    expect(pageItems(20, 20)).toEqual([1, 2, 'break', 16, 17, 18, 19, 20]);
    expect(pageItems(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 'break', 19, 20]);
  });
});

const card = (code: string, gameType: VendorItem['gameType']): VendorItem => ({
  code,
  displayName: code,
  lagerIcon: `/${code}.svg`,
  gameType,
  gameTypes: [gameType],
});
const lane = (gameCategory: VendorCardGroup['gameCategory'], cards: VendorItem[]): VendorCardGroup => ({
  gameCategory,
  vendors: cards.map((c) => c.code),
  cards: Object.fromEntries(cards.map((c) => [c.code, c])),
  gameClassify: [],
});

describe('categories', () => {
  it('splits e-sports and cockfight cards out of sports and places them right after it', () => {
    const lanes = [
      lane('RNG', [card('A', 'RNG')]),
      lane('SPORTS', [
        card('S1', 'SPORTS'),
        card('IMES', 'SPORTS'),
        card('E1', 'ESPORTS'),
        card('C1', 'COCKFIGHT'),
        card('S2', 'SPORTS'),
      ]),
      lane('PVP', [card('P', 'PVP')]),
    ];
    const cats = splitCategories(lanes);
    expect(cats.map((c) => c.type)).toEqual(['RNG', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'PVP']);
    expect(cats[1].vendors.map((v) => v.code)).toEqual(['S1', 'S2']);
    expect(cats[2].vendors.map((v) => v.code)).toEqual(['IMES', 'E1']); // IMES is on the e-sports list
    expect(cats[3].vendors.map((v) => v.code)).toEqual(['C1']);
    expect(vendorsOf(cats, 'ESPORTS').every((v) => v.gameType === 'ESPORTS')).toBe(true);
    expect(vendorsOf(cats, 'HOT').map((v) => v.code)).toEqual(['A', 'S1', 'S2', 'IMES', 'E1', 'C1', 'P']);
  });

  it('More leads to /{type}, and with New to /{type}?gameCategory=NEW', () => {
    expect(moreLink('RNG', false)).toBe('/rng');
    expect(moreLink('RNG', true)).toBe('/rng?gameCategory=NEW');
    expect(moreLink('COCKFIGHT', true)).toBe('/sports?category=COCKFIGHT&gameCategory=NEW');
    expect(moreLink('HOT', false)).toBe('/hot');
  });

  it('prize mode: ELOTT when the lottery group holds TCG_LOTTO_VN or LOTT cards, otherwise LOTT', () => {
    expect(prizeModeFor(['DHAKADRAW', 'LOTT'], 'VN')).toBe('ELOTT');
    expect(prizeModeFor(['TCG_LOTTO_VN'], 'LOTTERY')).toBe('ELOTT');
    expect(prizeModeFor(['DHAKADRAW', 'LUCKY7'], 'VN')).toBe('LOTT');
    expect(prizeModeFor(['LOTT'], 'SEA')).toBe('SEA');
    expect(prizeModeFor(['LOTT'], 'LOTTERY', ['LOTT', 'ZY'])).toBe('LOTT'); // a game without ELOTT plays its own mode
  });

  it('a lottery game opens the lottery page of its area', () => {
    expect(lotteryPath('VN_NORTH', 'VN')).toBe('/vnLottery?gameCode=VN_NORTH');
    expect(lotteryPath('SEA_4D_NOON', 'SEA')).toBe('/seaLottery?gameCode=SEA_4D_NOON');
    expect(lotteryPath('KH_KENO80', 'KENO')).toBe('/lottery?gameCode=KH_KENO80');
  });
});

describe('formatMoney: what Intl.NumberFormat writes, without loading it', () => {
  // the sign before the symbol, as formatTaka and the member centre write it
  const intl = (minor: number, lang: 'BN' | 'EN') =>
    `${minor < 0 ? '-' : ''}৳${new Intl.NumberFormat(lang === 'BN' ? 'bn-BD' : 'en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(minor) / 100)}`;
  it('writes Bengali digits with lakh grouping in BN, ASCII in EN', () => {
    expect(formatMoney(123456789, 'BN')).toBe('৳১২,৩৪,৫৬৭.৮৯');
    expect(formatMoney(123456789, 'EN')).toBe('৳12,34,567.89');
    expect(formatMoney(5, 'EN')).toBe('৳0.05');
    expect(formatMoney(-250000, 'EN')).toBe('-৳2,500.00');
    expect(formatMoney(-1250, 'BN')).toBe('-৳১২.৫০');
    expect(formatMoney(-0.4, 'EN')).toBe('৳0.00'); // rounds to zero: no sign
  });
  it('writes every whole amount as the member centre does (formatTaka)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom('BN' as const, 'EN' as const), (minor, lang) => {
        expect(formatMoney(minor, lang)).toBe(formatTaka(BigInt(minor), lang));
      }),
    );
  });
  it('matches Intl for any whole number of poisha', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), fc.constantFrom('BN' as const, 'EN' as const), (minor, lang) => {
        expect(formatMoney(minor, lang)).toBe(intl(minor, lang));
      }),
    );
  });
});

describe('countdownText: the time to the next draw in the page’s digits', () => {
  it('writes m:ss under an hour and h:mm:ss from one, never below zero', () => {
    expect(countdownText(65_000, 'EN')).toBe('01:05');
    expect(countdownText(3_723_000, 'EN')).toBe('1:02:03');
    expect(countdownText(-5000, 'EN')).toBe('00:00');
    expect(countdownText(499, 'EN')).toBe('00:00');
  });
  it('uses Bengali digits in BN', () => {
    expect(countdownText(65_000, 'BN')).toBe('০১:০৫');
    expect(countdownText(3_723_000, 'BN')).toBe('১:০২:০৩');
    expect(localDigits('2026', 'BN')).toBe('২০২৬');
    expect(localDigits('2026', 'EN')).toBe('2026');
  });
});
