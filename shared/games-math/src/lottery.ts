import { FloatStream, type FloatReader, type Sha256, hashServerSeed, isServerSeed } from './fair';

/**
 * The platform's own lottery draws, provably fair (issue 17).
 *
 * - Every draw (a game and its draw index: the draw time in seconds over the game's interval) has
 *   its own server seed, 64 lower-case hex characters. Its commitment, the SHA-256 (hex) of those
 *   characters, is published while the draw takes bets; the seed is published once the draw has run.
 * - The draw's numbers come from the floats of that seed with the game code as the client seed and
 *   the draw index as the nonce (the same derivation as every engine, `fair.ts`), read in order:
 *   a number of `w` digits is floor(f × 10^w) padded; distinct picks from 1..max are a partial
 *   Fisher–Yates shuffle (pick i takes position i + floor(f × (max − i))), one float per pick.
 * - Anyone holding the revealed seed recomputes the numbers with `drawNumbersFromSeed`.
 */

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The prizes of the Vietnamese northern lottery, in order: 27 numbers, the special prize first. */
export const VN_PRIZES: readonly { prize: string; count: number; digits: number }[] = [
  { prize: 'special', count: 1, digits: 5 },
  { prize: 'first', count: 1, digits: 5 },
  { prize: 'second', count: 2, digits: 5 },
  { prize: 'third', count: 6, digits: 5 },
  { prize: 'fourth', count: 4, digits: 4 },
  { prize: 'fifth', count: 6, digits: 4 },
  { prize: 'sixth', count: 3, digits: 3 },
  { prize: 'seventh', count: 4, digits: 2 },
];

/** The prize names of the 27 numbers of a VN draw, position by position. */
export const VN_PRIZE_OF: readonly string[] = VN_PRIZES.flatMap((p) => Array.from({ length: p.count }, () => p.prize));

function distinct(r: FloatReader, count: number, max: number): number[] {
  const pool = Array.from({ length: max }, (_, i) => i + 1);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(r.next() * (max - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, count).sort((a, b) => a - b);
}

/** A draw's numbers from its floats, by the game's group (and, for a few games, its code). */
export function drawNumbersFrom(gameCode: string, group: string, r: FloatReader): string[] {
  const num = (width: number) => pad(Math.floor(r.next() * 10 ** width), width);
  const digits = (n: number) => Array.from({ length: n }, () => num(1));
  if (gameCode === 'LUCKY_PICK2') return digits(2);
  if (gameCode === 'QD_FAST3' || gameCode === 'QD_TRIPLE_DICE')
    return Array.from({ length: 3 }, () => String(1 + Math.floor(r.next() * 6)));
  if (gameCode === 'QD_RACE10') return raceOrder(r);
  switch (group) {
    case 'VN':
      return VN_PRIZES.flatMap((p) => Array.from({ length: p.count }, () => num(p.digits)));
    case 'DAILY':
      return distinct(r, 6, 45).map((n) => pad(n, 2));
    case 'SEA':
      return [num(4), num(4), num(4)];
    case 'NUMBERS':
      return digits(3);
    case 'KENO':
      return distinct(r, 20, 80).map((n) => pad(n, 2));
    case 'BINGO':
      return distinct(r, 5, gameCode === 'KH_BINGO75' ? 75 : 49).map((n) => pad(n, 2));
    default:
      return digits(gameCode === 'FF_COLOUR' ? 1 : 5);
  }
}

/** A race's finishing order of 10 (a full shuffle; the floats after the first 10 picks). */
function raceOrder(r: FloatReader): string[] {
  const order = Array.from({ length: 10 }, (_, i) => i + 1);
  for (let i = 0; i < 9; i++) {
    const j = i + Math.floor(r.next() * (10 - i));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order.map((n) => pad(n, 2));
}

/** The numbers of draw `index` of a game from its (revealed) server seed. */
export function drawNumbersFromSeed(serverSeed: string, gameCode: string, group: string, index: number): string[] {
  return drawNumbersFrom(gameCode, group, new FloatStream(serverSeed).round(gameCode, index));
}

/** Checks a published draw: the seed matches its commitment and gives exactly these numbers. */
export async function verifyDraw(
  sha256: Sha256,
  draw: {
    serverSeed: string;
    serverSeedHash: string;
    gameCode: string;
    group: string;
    index: number;
    numbers: readonly string[];
  },
): Promise<boolean> {
  if (!isServerSeed(draw.serverSeed)) return false;
  if ((await hashServerSeed(sha256, draw.serverSeed)) !== draw.serverSeedHash.toLowerCase()) return false;
  const again = drawNumbersFromSeed(draw.serverSeed, draw.gameCode, draw.group, draw.index);
  return again.length === draw.numbers.length && again.every((n, i) => n === draw.numbers[i]);
}

// ---- bets ----------------------------------------------------------------------------------------

/**
 * The bet types of the Vietnamese northern lottery:
 * - SPECIAL_2D (đề): a 2-digit number against the last 2 digits of the special prize;
 * - SPECIAL_3D (3 càng): a 3-digit number against the last 3 digits of the special prize;
 * - ALL_2D (bao lô 2 số): a 2-digit number against the last 2 digits of all 27 prizes, paid per hit;
 * - ALL_3D (bao lô 3 số): a 3-digit number against the last 3 digits of the 23 prizes of 3 digits or more, paid per hit;
 * - LOTTO (lô xiên 2): a pair of 2-digit numbers, won when both are among the last 2 digits of the 27 prizes.
 * The stake is per number (per pair for LOTTO); a winning number pays stake × odds / 100 per hit.
 */
export const LOTTERY_BET_TYPES = ['SPECIAL_2D', 'SPECIAL_3D', 'ALL_2D', 'ALL_3D', 'LOTTO'] as const;
export type LotteryBetType = (typeof LOTTERY_BET_TYPES)[number];

/** Payout odds in hundredths of the stake (9500 = 95 × the stake returned on a win). */
export type LotteryOdds = Record<LotteryBetType, number>;

export const DEFAULT_LOTTERY_ODDS: LotteryOdds = { SPECIAL_2D: 9500, SPECIAL_3D: 90000, ALL_2D: 300, ALL_3D: 3500, LOTTO: 1500 };

/** Digits of one number of a bet type, and how many numbers make one "number" of the bet (LOTTO: a pair). */
export const BET_TYPE_SHAPE: Record<LotteryBetType, { digits: 2 | 3; group: 1 | 2 }> = {
  SPECIAL_2D: { digits: 2, group: 1 },
  SPECIAL_3D: { digits: 3, group: 1 },
  ALL_2D: { digits: 2, group: 1 },
  ALL_3D: { digits: 3, group: 1 },
  LOTTO: { digits: 2, group: 2 },
};

export class BadLotteryBet extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadLotteryBet';
  }
}

export const isLotteryBetType = (t: string): t is LotteryBetType => (LOTTERY_BET_TYPES as readonly string[]).includes(t);

/**
 * The numbers of a bet, checked: each of the type's digits, no repeats; LOTTO exactly one pair.
 * Returns how many stakes the bet carries (numbers, or 1 for a LOTTO pair).
 */
export function checkLotteryBet(
  type: string,
  numbers: readonly string[],
  maxNumbers = 100,
): { type: LotteryBetType; units: number } {
  if (!isLotteryBetType(type)) throw new BadLotteryBet(`unknown bet type ${type}`);
  const { digits, group } = BET_TYPE_SHAPE[type];
  const re = digits === 2 ? /^\d{2}$/ : /^\d{3}$/;
  if (numbers.length === 0) throw new BadLotteryBet('pick at least one number');
  if (numbers.length > maxNumbers) throw new BadLotteryBet(`at most ${maxNumbers} numbers in one bet`);
  if (!numbers.every((n) => re.test(n))) throw new BadLotteryBet(`each number has ${digits} digits`);
  if (new Set(numbers).size !== numbers.length) throw new BadLotteryBet('a number is picked twice');
  if (group === 2 && numbers.length !== 2) throw new BadLotteryBet('a lotto bet is one pair of numbers');
  return { type, units: group === 2 ? 1 : numbers.length };
}

/** The last `digits` digits of each prize that has at least that many, of a VN draw. */
export function tails(numbers: readonly string[], digits: number): string[] {
  return numbers.filter((n) => n.length >= digits).map((n) => n.slice(-digits));
}

export interface LotterySettlement {
  /** Each winning number (a LOTTO pair as "12-34") and its hits. */
  hits: { number: string; hits: number }[];
  /** The total returned, poisha (0 on a loss). */
  payout: bigint;
}

/** Settles one bet against a VN draw's 27 numbers (special prize first). */
export function settleLotteryBet(
  bet: { type: LotteryBetType; numbers: readonly string[]; stakePerNumber: bigint },
  drawn: readonly string[],
  odds: LotteryOdds,
): LotterySettlement {
  if (drawn.length !== VN_PRIZE_OF.length) throw new BadLotteryBet(`a VN draw has ${VN_PRIZE_OF.length} numbers`);
  const special = drawn[0];
  const count = (list: string[], n: string) => list.filter((x) => x === n).length;
  let hits: { number: string; hits: number }[];
  switch (bet.type) {
    case 'SPECIAL_2D':
      hits = bet.numbers.map((n) => ({ number: n, hits: special.slice(-2) === n ? 1 : 0 }));
      break;
    case 'SPECIAL_3D':
      hits = bet.numbers.map((n) => ({ number: n, hits: special.slice(-3) === n ? 1 : 0 }));
      break;
    case 'ALL_2D': {
      const t = tails(drawn, 2);
      hits = bet.numbers.map((n) => ({ number: n, hits: count(t, n) }));
      break;
    }
    case 'ALL_3D': {
      const t = tails(drawn, 3);
      hits = bet.numbers.map((n) => ({ number: n, hits: count(t, n) }));
      break;
    }
    case 'LOTTO': {
      const t = new Set(tails(drawn, 2));
      hits = [{ number: bet.numbers.join('-'), hits: bet.numbers.every((n) => t.has(n)) ? 1 : 0 }];
      break;
    }
  }
  const won = hits.filter((h) => h.hits > 0);
  const totalHits = won.reduce((s, h) => s + h.hits, 0);
  const payout = (bet.stakePerNumber * BigInt(odds[bet.type]) * BigInt(totalHits)) / BigInt(100);
  return { hits: won, payout };
}

/** The most a bet can return (every number hitting once; shown before confirming). */
export function potentialWin(
  bet: { type: LotteryBetType; numbers: readonly string[]; stakePerNumber: bigint },
  odds: LotteryOdds,
): bigint {
  const units = BET_TYPE_SHAPE[bet.type].group === 2 ? 1 : bet.numbers.length;
  return (bet.stakePerNumber * BigInt(odds[bet.type]) * BigInt(units)) / BigInt(100);
}
