import {
  CATEGORY_ROUTES,
  type CategoryKey,
  type GameType,
  type ListGameType,
  type VendorCardGroup,
  type VendorItem,
} from '@khela/api';

/** The storefront page of each category ("More" leads there): the contract's one map. */
export const CATEGORY_ROUTE = CATEGORY_ROUTES;

/** "More" leads to /{type}; with the New switch on, to /{type}?gameCategory=NEW. */
export function moreLink(type: CategoryKey, showNew: boolean): string {
  const route = CATEGORY_ROUTE[type];
  return showNew ? `${route}${route.includes('?') ? '&' : '?'}gameCategory=NEW` : route;
}

/** Sports vendors listed as e-sports or cockfight (besides cards that say so themselves). */
export const ESPORTS_VENDORS = ['IMES', 'PIXELARENA', 'NEXUSGG', 'LANPARTY'];
export const COCKFIGHT_VENDORS = ['GOLDSPUR', 'REDCOMB'];

export interface Category {
  type: GameType;
  vendors: VendorItem[];
  lane: VendorCardGroup | null;
}

/**
 * The categories of the vendor lanes. Sports vendor cards listed as e-sports or cockfight are split
 * into their own categories, placed right after sports.
 */
export function splitCategories(lanes: VendorCardGroup[]): Category[] {
  const out: Category[] = [];
  for (const lane of lanes) {
    const cards = lane.vendors.map((code) => lane.cards[code]).filter(Boolean);
    if (lane.gameCategory !== 'SPORTS') {
      out.push({ type: lane.gameCategory, vendors: cards, lane });
      continue;
    }
    const isEsports = (c: VendorItem) => c.gameType === 'ESPORTS' || ESPORTS_VENDORS.includes(c.code);
    const isCockfight = (c: VendorItem) => c.gameType === 'COCKFIGHT' || COCKFIGHT_VENDORS.includes(c.code);
    const esports = cards.filter(isEsports).map((c) => ({ ...c, gameType: 'ESPORTS' as const }));
    const cockfight = cards.filter((c) => !isEsports(c) && isCockfight(c)).map((c) => ({ ...c, gameType: 'COCKFIGHT' as const }));
    const sports = cards.filter((c) => !isEsports(c) && !isCockfight(c));
    if (sports.length) out.push({ type: 'SPORTS', vendors: sports, lane });
    if (esports.length) out.push({ type: 'ESPORTS', vendors: esports, lane: null });
    if (cockfight.length) out.push({ type: 'COCKFIGHT', vendors: cockfight, lane: null });
  }
  return out;
}

/** The vendors of a game-list type (every vendor for the hot list and the account lists). */
export function vendorsOf(categories: Category[], type: ListGameType | 'ALL'): VendorItem[] {
  if (type === 'HOT' || type === 'ALL') {
    const seen = new Set<string>();
    return categories.flatMap((c) => c.vendors).filter((v) => !seen.has(v.code) && seen.add(v.code));
  }
  return categories.find((c) => c.type === type)?.vendors ?? [];
}

/**
 * The lottery prize mode: ELOTT when the lottery group holds TCG_LOTTO_VN or LOTT cards, otherwise
 * LOTT; the SEA page plays SEA. A game that cannot be played in that mode uses its own first mode.
 */
export function prizeModeFor(lotteryVendors: string[], area: string, gameModes?: string[]): string {
  const wanted = area === 'SEA' ? 'SEA' : lotteryVendors.some((c) => c === 'TCG_LOTTO_VN' || c === 'LOTT') ? 'ELOTT' : 'LOTT';
  return !gameModes?.length || gameModes.includes(wanted) ? wanted : gameModes[0];
}

/** Which lottery launch page a lottery game opens. */
export function lotteryPath(gameCode: string, group: string | null): string {
  const page = group === 'VN' ? '/vnLottery' : group === 'SEA' ? '/seaLottery' : '/lottery';
  return `${page}?gameCode=${encodeURIComponent(gameCode)}`;
}
