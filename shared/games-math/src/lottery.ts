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

/**
 * The shape of a game's draws, by its group (and, for a few games, its code): what its numbers are
 * and so which bets make sense on it.
 * - VN: the northern lottery's 27 prizes (special first); SEA: three 4-digit prizes (first first);
 * - DIGITS: n single digits, 0–9 each, in order (FAST and the quick 5-digit games: 5; NUMBERS: 3; Lucky Pick 2: 2);
 * - DICE: three dice, 1–6 each; RACE: the finishing order of 10 cars ("01".."10", the winner first);
 * - COLOUR: one digit 0–9, whose colour is green (odd), red (even), and violet too for 0 and 5;
 * - PICK: `drawn` distinct numbers of 1..`pool` ("01".."80", ascending): DAILY 6/45, KENO 20/80, BINGO 5/75 or 5/49.
 */
export type DrawKind =
  | { kind: 'VN' }
  | { kind: 'SEA' }
  | { kind: 'DIGITS'; n: number }
  | { kind: 'DICE' }
  | { kind: 'RACE' }
  | { kind: 'COLOUR' }
  | { kind: 'PICK'; drawn: number; pool: number };

/** The shape of a game's draws (`DrawKind`). */
export function drawKindOf(gameCode: string, group: string | null | undefined): DrawKind {
  if (gameCode === 'LUCKY_PICK2') return { kind: 'DIGITS', n: 2 };
  if (gameCode === 'QD_FAST3' || gameCode === 'QD_TRIPLE_DICE') return { kind: 'DICE' };
  if (gameCode === 'QD_RACE10') return { kind: 'RACE' };
  switch (group) {
    case 'VN':
      return { kind: 'VN' };
    case 'SEA':
      return { kind: 'SEA' };
    case 'DAILY':
      return { kind: 'PICK', drawn: 6, pool: 45 };
    case 'NUMBERS':
      return { kind: 'DIGITS', n: 3 };
    case 'KENO':
      return { kind: 'PICK', drawn: 20, pool: 80 };
    case 'BINGO':
      return { kind: 'PICK', drawn: 5, pool: gameCode === 'KH_BINGO75' ? 75 : 49 };
    default:
      return gameCode === 'FF_COLOUR' ? { kind: 'COLOUR' } : { kind: 'DIGITS', n: 5 };
  }
}

/** A draw's numbers from its floats, by the shape of the game's draws (`drawKindOf`). */
export function drawNumbersFrom(gameCode: string, group: string, r: FloatReader): string[] {
  const num = (width: number) => pad(Math.floor(r.next() * 10 ** width), width);
  const digits = (n: number) => Array.from({ length: n }, () => num(1));
  const kind = drawKindOf(gameCode, group);
  switch (kind.kind) {
    case 'VN':
      return VN_PRIZES.flatMap((p) => Array.from({ length: p.count }, () => num(p.digits)));
    case 'SEA':
      return [num(4), num(4), num(4)];
    case 'DICE':
      return Array.from({ length: 3 }, () => String(1 + Math.floor(r.next() * 6)));
    case 'RACE':
      return raceOrder(r);
    case 'PICK':
      return distinct(r, kind.drawn, kind.pool).map((n) => pad(n, 2));
    case 'COLOUR':
      return digits(1);
    case 'DIGITS':
      return digits(kind.n);
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
 * The bet types. A bet is a list of units (numbers or choices) at one stake each, except LOTTO and
 * PICK, whose whole list is one unit (one stake). A unit pays stake × odds / 100 per hit.
 * On the prizes of VN and SEA, and on a DIGITS draw read as one number (its "top prize", e.g. 5 digits 3,0,4,1,7 → 30417):
 * - SPECIAL_2D (đề; a 2-digit straight): a 2-digit number against the last 2 digits of the top prize;
 * - SPECIAL_3D (3 càng; a 3-digit straight): a 3-digit number against the last 3 digits of the top prize;
 * - ALL_2D (bao lô 2 số): a 2-digit number against the last 2 digits of every prize, paid per hit;
 * - ALL_3D (bao lô 3 số): a 3-digit number against the last 3 digits of every prize of 3 digits or more, paid per hit;
 * - LOTTO (lô xiên 2): a pair of 2-digit numbers, won when both are among the last 2 digits of every prize;
 * - BOX_3D: 3 digits in any order against the last 3 of the top prize; the odds are for 3 different digits
 *   (6 orders), a number with a repeated digit (3 orders) pays twice them; three same digits are a straight.
 * On the single values of a DIGITS draw (0–9), a race (cars 01–10 by finishing place) or a colour draw (one digit):
 * - POSITION: "p:v", the value v at place p (1 = first; the colour draw has one place);
 * - TWO_SIDES: "p:SIDE" or "SUM:SIDE", SIDE one of BIG, SMALL, ODD, EVEN: a digit 5–9 (a car 06–10) is big;
 *   the sum of an odd number of digits is big above the half of its range (5 digits: 23–45), so each side is even money.
 * On three dice (sic bo):
 * - DICE_SUM: a total 4–17 (its odds by total); DICE_TRIPLE: "1".."6", all three dice showing it;
 * - DICE_BIG_SMALL: BIG (total 11–17), SMALL (4–10), ODD, EVEN of the total; any triple loses them.
 * On the colour draw: COLOUR, GREEN (1, 3, 5, 7, 9), RED (0, 2, 4, 6, 8) or VIOLET (0, 5), each its own odds.
 * On distinct picks (DAILY 6/45, KENO 20/80, BINGO): PICK, N different numbers of the pool ("07"), paid by how
 *   many of them are drawn, from the pay table of the pool and N ("N:matches").
 * Which types a game offers is `lotteryBetTypesOf`; which units a type takes there, `lotteryBetInput`.
 */
export const LOTTERY_BET_TYPES = [
  'SPECIAL_2D',
  'SPECIAL_3D',
  'ALL_2D',
  'ALL_3D',
  'LOTTO',
  'BOX_3D',
  'POSITION',
  'TWO_SIDES',
  'DICE_SUM',
  'DICE_BIG_SMALL',
  'DICE_TRIPLE',
  'COLOUR',
  'PICK',
] as const;
export type LotteryBetType = (typeof LOTTERY_BET_TYPES)[number];

export const isLotteryBetType = (t: string): t is LotteryBetType => (LOTTERY_BET_TYPES as readonly string[]).includes(t);

/** The bet types a shape of draw offers, in the order the betting view shows them. */
export function lotteryBetTypesOfKind(kind: DrawKind): readonly LotteryBetType[] {
  switch (kind.kind) {
    case 'VN':
      return ['SPECIAL_2D', 'SPECIAL_3D', 'ALL_2D', 'ALL_3D', 'LOTTO'];
    case 'SEA':
      // three prizes of 4 digits, first prize first (a lotto pair over 3 prizes would be a lottery of its own)
      return ['SPECIAL_2D', 'SPECIAL_3D', 'ALL_2D', 'ALL_3D'];
    case 'DIGITS':
      if (kind.n === 3) return ['SPECIAL_3D', 'BOX_3D', 'SPECIAL_2D'];
      return kind.n >= 4 ? ['POSITION', 'TWO_SIDES', 'SPECIAL_2D', 'SPECIAL_3D'] : ['SPECIAL_2D', 'POSITION', 'TWO_SIDES'];
    case 'DICE':
      return ['DICE_SUM', 'DICE_BIG_SMALL', 'DICE_TRIPLE'];
    case 'RACE':
      return ['POSITION', 'TWO_SIDES'];
    case 'COLOUR':
      return ['COLOUR', 'POSITION'];
    case 'PICK':
      return ['PICK'];
  }
}

/** The bet types a game offers (none without a group: such a game takes no bets). */
export const lotteryBetTypesOf = (group: string | null | undefined, gameCode = ''): readonly LotteryBetType[] =>
  group ? lotteryBetTypesOfKind(drawKindOf(gameCode, group)) : [];

/** Whether a lottery game takes bets on its draws. */
export const takesLotteryBets = (group: string | null | undefined, gameCode = '') =>
  lotteryBetTypesOf(group, gameCode).length > 0;

/** How many numbers a draw of a shape has. */
export function drawLength(kind: DrawKind): number {
  switch (kind.kind) {
    case 'VN':
      return VN_PRIZE_OF.length;
    case 'SEA':
      return 3;
    case 'DIGITS':
      return kind.n;
    case 'DICE':
      return 3;
    case 'RACE':
      return 10;
    case 'COLOUR':
      return 1;
    case 'PICK':
      return kind.drawn;
  }
}

/** A pick pool's key in the odds ("drawn/pool"), and how many numbers a PICK bet on it may choose. */
export const pickPoolKey = (kind: { drawn: number; pool: number }) => `${kind.drawn}/${kind.pool}`;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
export const PICK_COUNTS: Readonly<Record<string, readonly number[]>> = {
  '6/45': [6],
  '20/80': range(1, 10),
  '5/75': range(1, 5),
  '5/49': range(1, 5),
};

/** The prize modes of the lottery launch (brand config): the odds a bet is placed under are its mode's. */
export const PRIZE_MODES = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export type PrizeMode = (typeof PRIZE_MODES)[number];
export const isPrizeMode = (m: string): m is PrizeMode => (PRIZE_MODES as readonly string[]).includes(m);

/** Odds by a key (a dice total, a colour, "picks:matches"), in hundredths of the stake. */
export type OddsTable = Readonly<Record<string, number>>;

/**
 * Payout odds in hundredths of the stake (9000 = 90 × the stake returned on a win): one number for
 * most types, a table for those whose odds depend on the unit (DICE_SUM by total, COLOUR by colour)
 * and, for PICK, a pay table per pool ("6/45") keyed "picks:matches" (a missing key pays nothing).
 */
export interface LotteryOdds {
  SPECIAL_2D: number;
  SPECIAL_3D: number;
  ALL_2D: number;
  ALL_3D: number;
  LOTTO: number;
  BOX_3D: number;
  POSITION: number;
  TWO_SIDES: number;
  DICE_SUM: OddsTable;
  DICE_BIG_SMALL: number;
  DICE_TRIPLE: number;
  COLOUR: OddsTable;
  PICK: Readonly<Record<string, OddsTable>>;
}

/** The odds one bet carries: its type's number, or its type's table for the bet's game. */
export type BetOdds = number | OddsTable;

const TABLE_TYPES = new Set<LotteryBetType>(['DICE_SUM', 'COLOUR']);

/**
 * The common odds (prize modes LOTT, ZY and ELOTT), each close to 90 % return to player (`lotteryRtpOf`):
 * on the northern lottery's 27 prizes SPECIAL_2D 1/100 × 90, SPECIAL_3D 1/1000 × 900, ALL_2D 27/100 hits
 * × 3.33, ALL_3D 23/1000 hits × 39, LOTTO P(both of a pair among 27 tails) ≈ 0.05485 × 16.4; BOX_3D
 * 6/1000 × 150; POSITION 1/10 × 9; TWO_SIDES 1/2 × 1.9; the dice the usual sic bo returns (a total 84–90 %,
 * big/small 105/216 × 2, a given triple 1/216 × 190); COLOUR 1/2 × 1.8, violet 1/5 × 4.5; PICK 84–90 %
 * per pool and count (6/45 pays 3 to 6 matches: 10×, 200×, 5,000×, 2,000,000×).
 */
export const DEFAULT_LOTTERY_ODDS: LotteryOdds = {
  SPECIAL_2D: 9000,
  SPECIAL_3D: 90000,
  ALL_2D: 333,
  ALL_3D: 3900,
  LOTTO: 1640,
  BOX_3D: 15000,
  POSITION: 900,
  TWO_SIDES: 190,
  DICE_SUM: {
    '4': 6100,
    '5': 3100,
    '6': 1800,
    '7': 1300,
    '8': 900,
    '9': 700,
    '10': 700,
    '11': 700,
    '12': 700,
    '13': 900,
    '14': 1300,
    '15': 1800,
    '16': 3100,
    '17': 6100,
  },
  DICE_BIG_SMALL: 200,
  DICE_TRIPLE: 19000,
  COLOUR: { GREEN: 180, RED: 180, VIOLET: 450 },
  PICK: {
    '6/45': { '6:3': 1000, '6:4': 20000, '6:5': 500000, '6:6': 200000000 },
    '20/80': {
      '1:1': 350,
      '2:2': 1400,
      '3:2': 190,
      '3:3': 4400,
      '4:2': 82,
      '4:3': 610,
      '4:4': 14000,
      '5:3': 310,
      '5:4': 2100,
      '5:5': 54000,
      '6:3': 160,
      '6:4': 770,
      '6:5': 7100,
      '6:6': 170000,
      '7:3': 100,
      '7:4': 330,
      '7:5': 2000,
      '7:6': 24000,
      '7:7': 720000,
      '8:4': 210,
      '8:5': 960,
      '8:6': 7400,
      '8:7': 100000,
      '8:8': 4000000,
      '9:4': 150,
      '9:5': 530,
      '9:6': 3000,
      '9:7': 22000,
      '9:8': 400000,
      '9:9': 12000000,
      '10:0': 190,
      '10:5': 340,
      '10:6': 1500,
      '10:7': 10000,
      '10:8': 64000,
      '10:9': 1400000,
      '10:10': 78000000,
    },
    '5/75': {
      '1:1': 1300,
      '2:2': 24000,
      '3:2': 3300,
      '3:3': 350000,
      '4:2': 1300,
      '4:3': 45000,
      '4:4': 8500000,
      '5:3': 18000,
      '5:4': 1300000,
      '5:5': 600000000,
    },
    '5/49': {
      '1:1': 860,
      '2:2': 10000,
      '3:2': 1400,
      '3:3': 97000,
      '4:2': 590,
      '4:3': 12000,
      '4:4': 1400000,
      '5:3': 5300,
      '5:4': 220000,
      '5:5': 67000000,
    },
  },
};

/** The SEA odds (three prizes): 1/100 × 90, 1/1000 × 900, 3/100 hits × 30, 3/1000 hits × 300 (LOTTO not offered). */
export const SEA_LOTTERY_ODDS: LotteryOdds = {
  ...DEFAULT_LOTTERY_ODDS,
  SPECIAL_2D: 9000,
  SPECIAL_3D: 90000,
  ALL_2D: 3000,
  ALL_3D: 30000,
};

/** Each prize mode's default odds: ZY, LOTT and ELOTT the common odds, SEA its own. */
export const DEFAULT_ODDS_BY_MODE: Readonly<Record<PrizeMode, LotteryOdds>> = {
  LOTT: DEFAULT_LOTTERY_ODDS,
  ZY: DEFAULT_LOTTERY_ODDS,
  ELOTT: DEFAULT_LOTTERY_ODDS,
  SEA: SEA_LOTTERY_ODDS,
};

/** Every shape of draw a game can have (for the odds' checks). */
export const DRAW_KINDS: readonly DrawKind[] = [
  { kind: 'VN' },
  { kind: 'SEA' },
  { kind: 'DIGITS', n: 2 },
  { kind: 'DIGITS', n: 3 },
  { kind: 'DIGITS', n: 5 },
  { kind: 'DICE' },
  { kind: 'RACE' },
  { kind: 'COLOUR' },
  ...Object.keys(PICK_COUNTS).map((k) => {
    const [drawn, pool] = k.split('/').map(Number);
    return { kind: 'PICK' as const, drawn, pool };
  }),
];

/**
 * The odds of every prize mode from an operator's setting (KHELA_LOTTERY_ODDS): bet types at the top
 * level change the common odds (LOTT, ZY, ELOTT); a prize mode's object changes that mode's, over its
 * defaults (the common ones as changed, for LOTT, ZY and ELOTT). E.g. {"SPECIAL_2D":9500,"ZY":{"LOTTO":1500}}.
 * A table type takes an object of its keys ({"COLOUR":{"VIOLET":440}}), PICK an object of pools
 * ({"PICK":{"20/80":{"4:4":12000}}}); each merges over the defaults. Every value is a positive whole
 * number of hundredths (a PICK prize may be 0), and no bet may return more than its stake on average
 * (`lotteryRtpOf` over every shape of draw that offers it); anything else is an error (the server refuses to start).
 */
export function resolveLotteryOdds(setting: unknown): Record<PrizeMode, LotteryOdds> {
  const fail = (msg: string): never => {
    throw new Error(`KHELA_LOTTERY_ODDS: ${msg}`);
  };
  if (setting === undefined || setting === null) setting = {};
  if (typeof setting !== 'object' || Array.isArray(setting)) fail('must be a JSON object');
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  const hundredths = (v: unknown, where: string, zero = false) => {
    if (!Number.isInteger(v) || (v as number) < (zero ? 0 : 1) || (v as number) > 2_000_000_000)
      fail(`${where} must be a ${zero ? 'non-negative' : 'positive'} whole number of hundredths`);
    return v as number;
  };
  const table = (v: unknown, base: OddsTable, where: string, zero = false): OddsTable => {
    if (!isObject(v)) return fail(`${where} must be an object`);
    const out: Record<string, number> = { ...base };
    for (const [k, x] of Object.entries(v)) {
      if (!(k in base)) fail(`${where}.${k} is not a key of ${where}`);
      out[k] = hundredths(x, `${where}.${k}`, zero);
    }
    return out;
  };
  const apply = (base: LotteryOdds, o: Record<string, unknown>, where: string): LotteryOdds => {
    const out: Record<string, unknown> = { ...base };
    for (const [k, v] of Object.entries(o)) {
      if (isPrizeMode(k) && where === '') continue;
      if (!isLotteryBetType(k)) fail(`${where}${k} is neither a bet type nor a prize mode`);
      if (k === 'PICK') {
        if (!isObject(v)) fail(`${where}PICK must be an object of pools`);
        const pools: Record<string, OddsTable> = { ...base.PICK };
        for (const [pool, t] of Object.entries(v as Record<string, unknown>)) {
          if (!(pool in base.PICK)) fail(`${where}PICK.${pool} is not a pool (${Object.keys(base.PICK).join(', ')})`);
          pools[pool] = table(t, base.PICK[pool], `${where}PICK.${pool}`, true);
        }
        out.PICK = pools;
      } else if (TABLE_TYPES.has(k as LotteryBetType)) out[k] = table(v, base[k as 'COLOUR'], `${where}${k}`);
      else out[k] = hundredths(v, `${where}${k}`);
    }
    return out as unknown as LotteryOdds;
  };
  const obj = setting as Record<string, unknown>;
  const common = apply(DEFAULT_LOTTERY_ODDS, obj, '');
  const byMode = {} as Record<PrizeMode, LotteryOdds>;
  for (const mode of PRIZE_MODES) {
    const own = obj[mode];
    if (own !== undefined && !isObject(own)) fail(`${mode} must be an object`);
    const odds = apply(mode === 'SEA' ? SEA_LOTTERY_ODDS : common, (own as Record<string, unknown>) ?? {}, `${mode}.`);
    // SEA's odds are those of the SEA draws; the common ones those of every other draw
    for (const kind of DRAW_KINDS.filter((k) => (k.kind === 'SEA') === (mode === 'SEA')))
      for (const type of lotteryBetTypesOfKind(kind)) {
        const rtp = lotteryRtpOf(kind, type, odds);
        if (rtp > 1) fail(`${mode}.${type} would return ${(rtp * 100).toFixed(1)} % of the stake on average (at most 100 %)`);
      }
    byMode[mode] = odds;
  }
  return byMode;
}

/** The odds a bet of a type on a game of a shape is placed under (and carries until it is settled). */
export function betOddsOf(kind: DrawKind, type: LotteryBetType, odds: LotteryOdds): BetOdds {
  if (type === 'PICK') return kind.kind === 'PICK' ? (odds.PICK[pickPoolKey(kind)] ?? {}) : {};
  return odds[type];
}

/** The highest odds of a bet's odds (what a single unit can pay per hit, at most). */
export const topOdds = (o: BetOdds): number => (typeof o === 'number' ? o : Math.max(0, ...Object.values(o)));

/**
 * What a bet type takes, on a shape of draw: a grid of the 100 2-digit numbers (LOTTO: exactly one pair
 * of them), typed 3-digit numbers, rows of choices (a unit is "row:choice": the places of POSITION and
 * TWO_SIDES), one row of choices, or a count of distinct picks from a pool.
 */
export type LotteryBetInput =
  | { kind: 'grid'; options: readonly string[]; pair: boolean }
  | { kind: 'typed'; digits: 3 }
  | { kind: 'rows'; rows: readonly { key: string; options: readonly string[] }[] }
  | { kind: 'choice'; options: readonly string[] }
  | { kind: 'pick'; pool: number; counts: readonly number[] };

const TWO_DIGITS = range(0, 99).map((n) => pad(n, 2));
const DIGIT_VALUES = range(0, 9).map(String);
const CAR_VALUES = range(1, 10).map((n) => pad(n, 2));
export const SIDES = ['BIG', 'SMALL', 'ODD', 'EVEN'] as const;
export const COLOURS = ['GREEN', 'RED', 'VIOLET'] as const;

/** The places of a draw of single values (a DIGITS draw's digits, a race's places, the colour draw's one digit). */
function placesOf(kind: DrawKind): { count: number; values: readonly string[] } {
  if (kind.kind === 'RACE') return { count: 10, values: CAR_VALUES };
  if (kind.kind === 'DIGITS') return { count: kind.n, values: DIGIT_VALUES };
  return { count: 1, values: DIGIT_VALUES };
}

export function lotteryBetInput(kind: DrawKind, type: LotteryBetType): LotteryBetInput {
  switch (type) {
    case 'SPECIAL_2D':
    case 'ALL_2D':
      return { kind: 'grid', options: TWO_DIGITS, pair: false };
    case 'LOTTO':
      return { kind: 'grid', options: TWO_DIGITS, pair: true };
    case 'SPECIAL_3D':
    case 'ALL_3D':
    case 'BOX_3D':
      return { kind: 'typed', digits: 3 };
    case 'POSITION': {
      const p = placesOf(kind);
      return { kind: 'rows', rows: range(1, p.count).map((i) => ({ key: String(i), options: p.values })) };
    }
    case 'TWO_SIDES': {
      const p = placesOf(kind);
      const rows = range(1, p.count).map((i) => ({ key: String(i), options: SIDES }));
      // the sum of an odd number of digits splits evenly into big and small
      if (kind.kind === 'DIGITS' && kind.n % 2 === 1) rows.push({ key: 'SUM', options: SIDES });
      return { kind: 'rows', rows };
    }
    case 'DICE_SUM':
      return { kind: 'choice', options: range(4, 17).map(String) };
    case 'DICE_BIG_SMALL':
      return { kind: 'choice', options: SIDES };
    case 'DICE_TRIPLE':
      return { kind: 'choice', options: range(1, 6).map(String) };
    case 'COLOUR':
      return { kind: 'choice', options: COLOURS };
    case 'PICK':
      return kind.kind === 'PICK'
        ? { kind: 'pick', pool: kind.pool, counts: PICK_COUNTS[pickPoolKey(kind)] ?? [] }
        : { kind: 'pick', pool: 0, counts: [] };
  }
}

/** Why a bet is refused: the betting view and the API name the reason in the player's language. */
export type BadLotteryBetReason = 'TYPE' | 'EMPTY' | 'TOO_MANY' | 'DUPLICATE' | 'FORMAT' | 'COUNT' | 'RANGE' | 'BOX_TRIPLE';

export class BadLotteryBet extends Error {
  constructor(
    message: string,
    readonly reason: BadLotteryBetReason = 'FORMAT',
  ) {
    super(message);
    this.name = 'BadLotteryBet';
  }
}

const sortedDigits = (n: string) => [...n].sort().join('');

/**
 * The numbers of a bet, checked against what its type takes on the game (`lotteryBetInput`): no unit
 * twice (nor the same box twice), each a choice of the type, LOTTO exactly one pair, PICK one of the
 * pool's counts of distinct numbers in range; the type one the game offers (when the group is given;
 * without it, the northern lottery's). Returns how many stakes the bet carries (units, or 1 for LOTTO and PICK).
 */
export function checkLotteryBet(
  type: string,
  numbers: readonly string[],
  maxNumbers = 100,
  group?: string,
  gameCode = '',
): { type: LotteryBetType; units: number } {
  if (!isLotteryBetType(type)) throw new BadLotteryBet(`unknown bet type ${type}`, 'TYPE');
  const kind: DrawKind = group === undefined ? { kind: 'VN' } : drawKindOf(gameCode, group);
  if (group !== undefined && !lotteryBetTypesOf(group, gameCode).includes(type))
    throw new BadLotteryBet(`${type} is not a bet type of this game`, 'TYPE');
  if (numbers.length === 0) throw new BadLotteryBet('pick at least one number', 'EMPTY');
  if (numbers.length > maxNumbers) throw new BadLotteryBet(`at most ${maxNumbers} numbers in one bet`, 'TOO_MANY');
  if (new Set(numbers).size !== numbers.length) throw new BadLotteryBet('a number is picked twice', 'DUPLICATE');
  const input = lotteryBetInput(kind, type);
  switch (input.kind) {
    case 'grid':
      if (!numbers.every((n) => /^\d{2}$/.test(n))) throw new BadLotteryBet('each number has 2 digits');
      if (input.pair && numbers.length !== 2) throw new BadLotteryBet('a lotto bet is one pair of numbers', 'COUNT');
      break;
    case 'typed':
      if (!numbers.every((n) => /^\d{3}$/.test(n))) throw new BadLotteryBet('each number has 3 digits');
      if (type === 'BOX_3D') {
        if (numbers.some((n) => n[0] === n[1] && n[1] === n[2]))
          throw new BadLotteryBet('a box of three same digits is a straight', 'BOX_TRIPLE');
        if (new Set(numbers.map(sortedDigits)).size !== numbers.length)
          throw new BadLotteryBet('the same box is picked twice', 'DUPLICATE');
      }
      break;
    case 'rows': {
      const valid = new Set(input.rows.flatMap((r) => r.options.map((o) => `${r.key}:${o}`)));
      if (!numbers.every((n) => valid.has(n))) throw new BadLotteryBet(`each choice is one of ${type} on this game`, 'RANGE');
      break;
    }
    case 'choice':
      if (!numbers.every((n) => input.options.includes(n)))
        throw new BadLotteryBet(`each choice is one of ${input.options.join(', ')}`, 'RANGE');
      break;
    case 'pick':
      if (!input.counts.includes(numbers.length)) throw new BadLotteryBet(`pick ${input.counts.join(', ')} numbers`, 'COUNT');
      if (!numbers.every((n) => /^\d{2}$/.test(n) && Number(n) >= 1 && Number(n) <= input.pool))
        throw new BadLotteryBet(`each number is 01 to ${input.pool}`, 'RANGE');
      break;
  }
  return { type, units: type === 'LOTTO' || type === 'PICK' ? 1 : numbers.length };
}

/** The last `digits` digits of each prize that has at least that many. */
export function tails(numbers: readonly string[], digits: number): string[] {
  return numbers.filter((n) => n.length >= digits).map((n) => n.slice(-digits));
}

const DIGITS_OF: Partial<Record<LotteryBetType, number>> = {
  SPECIAL_2D: 2,
  ALL_2D: 2,
  LOTTO: 2,
  SPECIAL_3D: 3,
  ALL_3D: 3,
  BOX_3D: 3,
};

function checkDraw(kind: DrawKind, drawn: readonly string[], label: string) {
  const expected = drawLength(kind);
  if (drawn.length !== expected) throw new BadLotteryBet(`a ${label} draw has ${expected} numbers`);
}

/**
 * What a prize bet type (2 or 3 digits, LOTTO) is settled against in a draw: the tails (the type's
 * digits) of the prizes it reads, one per prize (a number hitting twice appears twice). The top prize
 * is the draw's first number (VN: the special prize; SEA: the first prize), or a DIGITS draw's digits
 * read as one number.
 */
export function betTargets(group: string, type: LotteryBetType, drawn: readonly string[], gameCode = ''): string[] {
  const kind = drawKindOf(gameCode, group);
  const digits = DIGITS_OF[type];
  if (!digits || !lotteryBetTypesOfKind(kind).includes(type)) throw new BadLotteryBet(`the ${group} group takes no ${type} bets`);
  checkDraw(kind, drawn, group);
  return betTargetsOfKind(kind, type, drawn);
}

export interface LotterySettlement {
  /** Each winning unit (a LOTTO pair as "12-34"; for PICK each matched number) and its hits. */
  hits: { number: string; hits: number }[];
  /** The total returned, poisha (0 on a loss). */
  payout: bigint;
}

/** A bet as placed: its type, units, stake per unit and the odds it carries (`betOddsOf`). */
export interface PlacedLotteryBet {
  type: LotteryBetType;
  numbers: readonly string[];
  stakePerNumber: bigint;
  odds: BetOdds;
  /**
   * The most the bet may pay, fixed when it is placed (the operator's maximum payout per bet, as every
   * fixed-odds lottery has: a ৳10,000 6/45 ticket would otherwise owe ৳200 crore); none: uncapped.
   */
  maxPayout?: bigint | null;
}

/** A payout under the bet's maximum. */
const capped = (bet: PlacedLotteryBet, payout: bigint) =>
  bet.maxPayout != null && payout > bet.maxPayout ? bet.maxPayout : payout;

const oddsOfKey = (odds: BetOdds, key: string) => (typeof odds === 'number' ? odds : (odds[key] ?? 0));
const isTriple = (d: readonly number[]) => d[0] === d[1] && d[1] === d[2];

/** The odds one unit pays per hit: the table's entry, or the box's by its number of orders. */
function unitOdds(type: LotteryBetType, unit: string, odds: BetOdds): number {
  if (type === 'BOX_3D') return oddsOfKey(odds, unit) * (new Set(unit).size === 3 ? 1 : 2);
  return oddsOfKey(odds, unit);
}

/** How many times one unit of a bet (not LOTTO, not PICK) hits in a draw. */
function unitHits(kind: DrawKind, type: LotteryBetType, unit: string, drawn: readonly string[]): number {
  switch (type) {
    case 'SPECIAL_2D':
    case 'SPECIAL_3D':
    case 'ALL_2D':
    case 'ALL_3D':
      return betTargetsOfKind(kind, type, drawn).filter((x) => x === unit).length;
    case 'BOX_3D':
      return betTargetsOfKind(kind, type, drawn).filter((x) => sortedDigits(x) === sortedDigits(unit)).length;
    case 'POSITION': {
      const [place, value] = unit.split(':');
      return drawn[Number(place) - 1] === value ? 1 : 0;
    }
    case 'TWO_SIDES': {
      const [place, side] = unit.split(':');
      let value: number;
      let big: boolean;
      if (place === 'SUM') {
        value = drawn.reduce((s, d) => s + Number(d), 0);
        big = value * 2 > 9 * drawn.length;
      } else {
        value = Number(drawn[Number(place) - 1]);
        big = kind.kind === 'RACE' ? value >= 6 : value >= 5;
      }
      return (side === 'BIG' ? big : side === 'SMALL' ? !big : side === 'ODD' ? value % 2 === 1 : value % 2 === 0) ? 1 : 0;
    }
    case 'DICE_SUM':
    case 'DICE_BIG_SMALL':
    case 'DICE_TRIPLE': {
      const dice = drawn.map(Number);
      const total = dice[0] + dice[1] + dice[2];
      if (type === 'DICE_SUM') return total === Number(unit) ? 1 : 0;
      if (type === 'DICE_TRIPLE') return isTriple(dice) && dice[0] === Number(unit) ? 1 : 0;
      if (isTriple(dice)) return 0;
      const won =
        unit === 'BIG' ? total >= 11 : unit === 'SMALL' ? total <= 10 : unit === 'ODD' ? total % 2 === 1 : total % 2 === 0;
      return won ? 1 : 0;
    }
    case 'COLOUR': {
      const d = Number(drawn[0]);
      return (unit === 'GREEN' ? d % 2 === 1 : unit === 'RED' ? d % 2 === 0 : d === 0 || d === 5) ? 1 : 0;
    }
    default:
      return 0;
  }
}

function betTargetsOfKind(kind: DrawKind, type: LotteryBetType, drawn: readonly string[]) {
  const digits = DIGITS_OF[type]!;
  const prizes = kind.kind === 'DIGITS' ? [drawn.join('')] : drawn;
  return type.startsWith('SPECIAL_') || type === 'BOX_3D' ? tails(prizes.slice(0, 1), digits) : tails(prizes, digits);
}

/**
 * Settles one placed bet against a draw of its game's shape: a pure function of the bet (its type,
 * units, stake and carried odds) and the drawn numbers.
 */
export function settleBet(bet: PlacedLotteryBet, drawn: readonly string[], kind: DrawKind): LotterySettlement {
  checkDraw(kind, drawn, kind.kind);
  if (!lotteryBetTypesOfKind(kind).includes(bet.type)) throw new BadLotteryBet(`a ${kind.kind} draw takes no ${bet.type} bets`);
  if (bet.type === 'PICK') {
    const set = new Set(drawn);
    const matched = bet.numbers.filter((n) => set.has(n));
    const payout = (bet.stakePerNumber * BigInt(oddsOfKey(bet.odds, `${bet.numbers.length}:${matched.length}`))) / 100n;
    return { hits: matched.map((number) => ({ number, hits: 1 })), payout: capped(bet, payout) };
  }
  if (bet.type === 'LOTTO') {
    const t = new Set(betTargetsOfKind(kind, 'LOTTO', drawn));
    const both = bet.numbers.every((n) => t.has(n));
    const payout = both ? (bet.stakePerNumber * BigInt(topOdds(bet.odds))) / 100n : 0n;
    return { hits: both ? [{ number: bet.numbers.join('-'), hits: 1 }] : [], payout: capped(bet, payout) };
  }
  let total = 0n;
  const hits: { number: string; hits: number }[] = [];
  for (const unit of bet.numbers) {
    const h = unitHits(kind, bet.type, unit, drawn);
    if (h === 0) continue;
    hits.push({ number: unit, hits: h });
    total += bet.stakePerNumber * BigInt(unitOdds(bet.type, unit, bet.odds)) * BigInt(h);
  }
  return { hits, payout: capped(bet, total / 100n) };
}

/**
 * Settles one bet against a draw's numbers (top prize first) of its game (default the northern
 * lottery's), at the odds of a prize mode.
 */
export function settleLotteryBet(
  bet: { type: LotteryBetType; numbers: readonly string[]; stakePerNumber: bigint },
  drawn: readonly string[],
  odds: LotteryOdds,
  group = 'VN',
  gameCode = '',
): LotterySettlement {
  const kind = drawKindOf(gameCode, group);
  if (!lotteryBetTypesOfKind(kind).includes(bet.type)) throw new BadLotteryBet(`the ${group} group takes no ${bet.type} bets`);
  checkDraw(kind, drawn, group);
  return settleBet({ ...bet, odds: betOddsOf(kind, bet.type, odds) }, drawn, kind);
}

/** The most a bet can return, shown before confirming: each unit hitting once (LOTTO its pair, PICK all its numbers). */
export function potentialWin(bet: PlacedLotteryBet): bigint {
  if (bet.type === 'PICK') {
    const n = bet.numbers.length;
    const top =
      typeof bet.odds === 'number' ? bet.odds : Math.max(0, ...range(0, n).map((m) => oddsOfKey(bet.odds, `${n}:${m}`)));
    return capped(bet, (bet.stakePerNumber * BigInt(top)) / 100n);
  }
  if (bet.type === 'LOTTO') return capped(bet, (bet.stakePerNumber * BigInt(topOdds(bet.odds))) / 100n);
  const sum = bet.numbers.reduce((s, u) => s + bet.stakePerNumber * BigInt(unitOdds(bet.type, u, bet.odds)), 0n);
  return capped(bet, sum / 100n);
}

const C = (n: number, k: number) => {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
};
const ALL_DICE = range(0, 215).map((i) => [1 + (i % 6), 1 + (Math.floor(i / 6) % 6), 1 + Math.floor(i / 36)].map(String));

/**
 * The return to player of one number of a bet type under some odds, for a group whose prize tails are
 * uniform and independent (each prize's digits are): the expected hits per number × odds.
 * LOTTO: P(both numbers of a pair among n tails) = 1 − 2·0.99ⁿ + 0.98ⁿ.
 */
export function lotteryRtp(group: string, type: LotteryBetType, odds: LotteryOdds): number {
  return lotteryRtpOf(drawKindOf('', group), type, odds);
}

/**
 * The highest return to player of a bet type on a shape of draw (over its choices, and for PICK over
 * its counts): the expected payout per unit of stake. Exact: VN and SEA from their prizes' digits
 * (uniform and independent; LOTTO P(both of a pair among n tails) = 1 − 2·0.99ⁿ + 0.98ⁿ), the dice over
 * their 216 throws, PICK hypergeometric (P(m matches of N) = C(drawn, m)·C(pool − drawn, N − m) / C(pool, N)).
 */
export function lotteryRtpOf(kind: DrawKind, type: LotteryBetType, odds: LotteryOdds): number {
  const o = betOddsOf(kind, type, odds);
  const digits = DIGITS_OF[type];
  switch (kind.kind) {
    case 'VN':
    case 'SEA': {
      const prizeDigits =
        kind.kind === 'VN' ? VN_PRIZES.flatMap((p) => Array.from({ length: p.count }, () => p.digits)) : [4, 4, 4];
      const prizes = type.startsWith('SPECIAL_') ? 1 : prizeDigits.filter((d) => d >= digits!).length;
      const p = type === 'LOTTO' ? 1 - 2 * 0.99 ** prizes + 0.98 ** prizes : prizes / 10 ** digits!;
      return (p * topOdds(o)) / 100;
    }
    case 'DIGITS':
    case 'RACE':
    case 'COLOUR':
      if (digits) return ((type === 'BOX_3D' ? 6 : 1) / 10 ** digits) * (topOdds(o) / 100);
      if (type === 'POSITION') return (topOdds(o) / 100) * 0.1;
      if (type === 'TWO_SIDES') return (topOdds(o) / 100) * 0.5;
      // COLOUR: green and red 5 of 10 digits, violet 2
      return Math.max(...COLOURS.map((c) => (oddsOfKey(o, c) / 100) * (c === 'VIOLET' ? 0.2 : 0.5)));
    case 'DICE': {
      const input = lotteryBetInput(kind, type) as { options: readonly string[] };
      return Math.max(
        ...input.options.map((u) => ALL_DICE.reduce((s, d) => s + unitHits(kind, type, u, d) * oddsOfKey(o, u), 0) / 216 / 100),
      );
    }
    case 'PICK':
      return Math.max(
        0,
        ...(PICK_COUNTS[pickPoolKey(kind)] ?? []).map(
          (n) =>
            range(0, n).reduce(
              (s, m) => s + (C(kind.drawn, m) * C(kind.pool - kind.drawn, n - m) * oddsOfKey(o, `${n}:${m}`)) / C(kind.pool, n),
              0,
            ) / 100,
        ),
      );
  }
}
