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
 * The bet types (the Vietnamese names are the northern lottery's):
 * - SPECIAL_2D (đề): a 2-digit number against the last 2 digits of the top prize (VN: the special prize);
 * - SPECIAL_3D (3 càng): a 3-digit number against the last 3 digits of the top prize;
 * - ALL_2D (bao lô 2 số): a 2-digit number against the last 2 digits of every prize, paid per hit;
 * - ALL_3D (bao lô 3 số): a 3-digit number against the last 3 digits of every prize of 3 digits or more, paid per hit;
 * - LOTTO (lô xiên 2): a pair of 2-digit numbers, won when both are among the last 2 digits of every prize.
 * The stake is per number (per pair for LOTTO); a winning number pays stake × odds / 100 per hit.
 * Which prizes a type is settled against is `betTargets`; which types a game offers, `lotteryBetTypesOf`.
 */
export const LOTTERY_BET_TYPES = ['SPECIAL_2D', 'SPECIAL_3D', 'ALL_2D', 'ALL_3D', 'LOTTO'] as const;
export type LotteryBetType = (typeof LOTTERY_BET_TYPES)[number];

/** The game groups that take bets, and the bet types each offers (in the order the betting view shows them). */
export const LOTTERY_BET_TYPES_BY_GROUP: Readonly<Record<string, readonly LotteryBetType[]>> = {
  // the northern lottery's 27 prizes, special first
  VN: LOTTERY_BET_TYPES,
  // three prizes of 4 digits, first prize first (a lotto pair over 3 prizes would be a lottery of its own)
  SEA: ['SPECIAL_2D', 'SPECIAL_3D', 'ALL_2D', 'ALL_3D'],
};

/** The bet types a game group offers (none: the group takes no bets). */
export const lotteryBetTypesOf = (group: string | null | undefined): readonly LotteryBetType[] =>
  (group && LOTTERY_BET_TYPES_BY_GROUP[group]) || [];

/** How many numbers a draw of a betting group has. */
const DRAW_LENGTH: Record<string, number> = { VN: VN_PRIZE_OF.length, SEA: 3 };

/** The prize modes of the lottery launch (brand config): the odds a bet is placed under are its mode's. */
export const PRIZE_MODES = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export type PrizeMode = (typeof PRIZE_MODES)[number];
export const isPrizeMode = (m: string): m is PrizeMode => (PRIZE_MODES as readonly string[]).includes(m);

/** Payout odds in hundredths of the stake (9000 = 90 × the stake returned on a win). */
export type LotteryOdds = Record<LotteryBetType, number>;

/**
 * The common odds (prize modes LOTT, ZY and ELOTT on the northern lottery's 27 prizes), each about 90 %
 * return to player (`lotteryRtp`): SPECIAL_2D 1/100 × 90, SPECIAL_3D 1/1000 × 900, ALL_2D 27/100 hits
 * × 3.33, ALL_3D 23/1000 hits × 39, LOTTO P(both of a pair among 27 tails) ≈ 0.05485 × 16.4.
 */
export const DEFAULT_LOTTERY_ODDS: LotteryOdds = { SPECIAL_2D: 9000, SPECIAL_3D: 90000, ALL_2D: 333, ALL_3D: 3900, LOTTO: 1640 };

/** The SEA odds (three prizes): 1/100 × 90, 1/1000 × 900, 3/100 hits × 30, 3/1000 hits × 300 (LOTTO not offered). */
export const SEA_LOTTERY_ODDS: LotteryOdds = { SPECIAL_2D: 9000, SPECIAL_3D: 90000, ALL_2D: 3000, ALL_3D: 30000, LOTTO: 1640 };

/** Each prize mode's default odds: ZY, LOTT and ELOTT the common odds, SEA its own. */
export const DEFAULT_ODDS_BY_MODE: Readonly<Record<PrizeMode, LotteryOdds>> = {
  LOTT: DEFAULT_LOTTERY_ODDS,
  ZY: DEFAULT_LOTTERY_ODDS,
  ELOTT: DEFAULT_LOTTERY_ODDS,
  SEA: SEA_LOTTERY_ODDS,
};

/**
 * The odds of every prize mode from an operator's setting (KHELA_LOTTERY_ODDS): bet types at the top
 * level change the common odds (LOTT, ZY, ELOTT); a prize mode's object changes that mode's, over its
 * defaults (the common ones as changed, for LOTT, ZY and ELOTT). E.g. {"SPECIAL_2D":9500,"ZY":{"LOTTO":1500}}.
 * Every value is a positive whole number of hundredths; anything else is an error (the server refuses to start).
 */
export function resolveLotteryOdds(setting: unknown): Record<PrizeMode, LotteryOdds> {
  const fail = (msg: string) => {
    throw new Error(`KHELA_LOTTERY_ODDS: ${msg}`);
  };
  if (setting === undefined || setting === null) setting = {};
  if (typeof setting !== 'object' || Array.isArray(setting)) fail('must be a JSON object');
  const obj = setting as Record<string, unknown>;
  const typesOf = (o: Record<string, unknown>, where: string): Partial<LotteryOdds> => {
    const out: Partial<LotteryOdds> = {};
    for (const [k, v] of Object.entries(o)) {
      if (isPrizeMode(k) && where === '') continue;
      if (!isLotteryBetType(k)) fail(`${where}${k} is neither a bet type nor a prize mode`);
      if (!Number.isInteger(v) || (v as number) <= 0) fail(`${where}${k} must be a positive whole number of hundredths`);
      out[k as LotteryBetType] = v as number;
    }
    return out;
  };
  const common = { ...DEFAULT_LOTTERY_ODDS, ...typesOf(obj, '') };
  const byMode = {} as Record<PrizeMode, LotteryOdds>;
  for (const mode of PRIZE_MODES) {
    const own = obj[mode];
    if (own !== undefined && (typeof own !== 'object' || own === null || Array.isArray(own))) fail(`${mode} must be an object`);
    const base = mode === 'SEA' ? SEA_LOTTERY_ODDS : common;
    byMode[mode] = { ...base, ...(own ? typesOf(own as Record<string, unknown>, `${mode}.`) : {}) };
  }
  return byMode;
}

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
 * The numbers of a bet, checked: each of the type's digits, no repeats; LOTTO exactly one pair; the
 * type one the game's group offers (when the group is given). Returns how many stakes the bet carries
 * (numbers, or 1 for a LOTTO pair).
 */
export function checkLotteryBet(
  type: string,
  numbers: readonly string[],
  maxNumbers = 100,
  group?: string,
): { type: LotteryBetType; units: number } {
  if (!isLotteryBetType(type)) throw new BadLotteryBet(`unknown bet type ${type}`);
  if (group !== undefined && !lotteryBetTypesOf(group).includes(type))
    throw new BadLotteryBet(`${type} is not a bet type of this game`);
  const { digits, group: per } = BET_TYPE_SHAPE[type];
  const re = digits === 2 ? /^\d{2}$/ : /^\d{3}$/;
  if (numbers.length === 0) throw new BadLotteryBet('pick at least one number');
  if (numbers.length > maxNumbers) throw new BadLotteryBet(`at most ${maxNumbers} numbers in one bet`);
  if (!numbers.every((n) => re.test(n))) throw new BadLotteryBet(`each number has ${digits} digits`);
  if (new Set(numbers).size !== numbers.length) throw new BadLotteryBet('a number is picked twice');
  if (per === 2 && numbers.length !== 2) throw new BadLotteryBet('a lotto bet is one pair of numbers');
  return { type, units: per === 2 ? 1 : numbers.length };
}

/** The last `digits` digits of each prize that has at least that many. */
export function tails(numbers: readonly string[], digits: number): string[] {
  return numbers.filter((n) => n.length >= digits).map((n) => n.slice(-digits));
}

/**
 * What a bet type is settled against in a draw of a group: the tails (the type's digits) of the
 * prizes it reads, one per prize (a number hitting twice appears twice). The top prize is the
 * draw's first number (VN: the special prize; SEA: the first prize).
 */
export function betTargets(group: string, type: LotteryBetType, drawn: readonly string[]): string[] {
  const expected = DRAW_LENGTH[group];
  if (expected === undefined) throw new BadLotteryBet(`the ${group} group takes no bets`);
  if (drawn.length !== expected) throw new BadLotteryBet(`a ${group} draw has ${expected} numbers`);
  const { digits } = BET_TYPE_SHAPE[type];
  return type.startsWith('SPECIAL_') ? tails(drawn.slice(0, 1), digits) : tails(drawn, digits);
}

export interface LotterySettlement {
  /** Each winning number (a LOTTO pair as "12-34") and its hits. */
  hits: { number: string; hits: number }[];
  /** The total returned, poisha (0 on a loss). */
  payout: bigint;
}

/** Settles one bet against a draw's numbers (top prize first) of its game's group (default the northern lottery's). */
export function settleLotteryBet(
  bet: { type: LotteryBetType; numbers: readonly string[]; stakePerNumber: bigint },
  drawn: readonly string[],
  odds: LotteryOdds,
  group = 'VN',
): LotterySettlement {
  const targets = betTargets(group, bet.type, drawn);
  let hits: { number: string; hits: number }[];
  if (BET_TYPE_SHAPE[bet.type].group === 2) {
    const t = new Set(targets);
    hits = [{ number: bet.numbers.join('-'), hits: bet.numbers.every((n) => t.has(n)) ? 1 : 0 }];
  } else hits = bet.numbers.map((n) => ({ number: n, hits: targets.filter((x) => x === n).length }));
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

/**
 * The return to player of one number of a bet type under some odds, for a group whose prize tails are
 * uniform and independent (each prize's digits are): the expected hits per number × odds.
 * LOTTO: P(both numbers of a pair among n tails) = 1 − 2·0.99ⁿ + 0.98ⁿ.
 */
export function lotteryRtp(group: string, type: LotteryBetType, odds: LotteryOdds): number {
  const n = DRAW_LENGTH[group];
  if (n === undefined) throw new BadLotteryBet(`the ${group} group takes no bets`);
  const { digits } = BET_TYPE_SHAPE[type];
  const prizeDigits = group === 'VN' ? VN_PRIZES.flatMap((p) => Array.from({ length: p.count }, () => p.digits)) : [4, 4, 4];
  const prizes = type.startsWith('SPECIAL_') ? 1 : prizeDigits.filter((d) => d >= digits).length;
  const p = BET_TYPE_SHAPE[type].group === 2 ? 1 - 2 * 0.99 ** prizes + 0.98 ** prizes : prizes / 10 ** digits;
  return (p * odds[type]) / 100;
}
