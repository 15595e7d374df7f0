import { plainObject, type Engine, type Names } from './engine-types';
import type { FloatReader } from './fair';
import { fraction, toDecimal, toNumber, toPercent, type Fraction } from './rational';

/**
 * "Bengal Tiger Reels": a 5-reel, 3-row slot with 20 fixed paylines.
 *
 * - Each reel stops at a position of its strip (32 stops each), chosen by one float:
 *   stop = floor(f × 32). The window shows the strip's symbols at stop, stop + 1 and stop + 2
 *   (rows top to bottom, wrapping round the strip).
 * - A payline pays for 3, 4 or 5 of a kind from the leftmost reel, in multiples of the line bet
 *   (stake / 20). The tiger (বাঘ) is wild: it stands only on reels 2, 3 and 4 and stands in for
 *   every other symbol. Each payline pays its best win; all paylines' wins add up.
 * - payout = floor(stake × (sum of the line wins) / 20) poisha.
 * - RTP: every row of a reel shows each symbol with the strip's frequency, independently of the
 *   other reels, so each payline has the same expected win: the sum, over all 9⁵ symbol
 *   combinations of a line, of its pay times the product of the symbols' counts, over 32⁵. Computed
 *   exactly by `slotRtp()`: 32,310,915 / 33,554,432 = 96.2940 %. The full enumeration of the
 *   32⁵ = 33,554,432 stop combinations (scripts/enumerate-slot.ts) gives the same fraction, and:
 *   89.54 % of spins win something, the standard deviation of a spin's return is 0.912 × stake
 *   (so 1,000,000 spins measure the RTP within about ±0.09 percentage points, one standard
 *   deviation), and the largest win is 490 line bets = 24.5 × stake.
 */

export type SlotSymbolId = 'TIGER' | 'HILSA' | 'LILY' | 'BOAT' | 'RICKSHAW' | 'MANGO' | 'JACKFRUIT' | 'DOEL' | 'TEA';

export interface SlotSymbol {
  id: SlotSymbolId;
  names: Names;
  kind: 'WILD' | 'HIGH' | 'LOW';
  /** Pays for 3, 4 and 5 of a kind, in line bets ([] for the wild: it only substitutes). */
  pays: readonly number[];
}

export const SLOT_SYMBOLS: readonly SlotSymbol[] = [
  { id: 'TIGER', names: { en: 'Royal Bengal Tiger', bn: 'রয়েল বেঙ্গল টাইগার' }, kind: 'WILD', pays: [] },
  { id: 'HILSA', names: { en: 'Hilsa', bn: 'ইলিশ' }, kind: 'HIGH', pays: [10, 50, 200] },
  { id: 'LILY', names: { en: 'Water lily', bn: 'শাপলা' }, kind: 'HIGH', pays: [8, 30, 100] },
  { id: 'BOAT', names: { en: 'Boat', bn: 'নৌকা' }, kind: 'HIGH', pays: [6, 20, 80] },
  { id: 'RICKSHAW', names: { en: 'Rickshaw', bn: 'রিকশা' }, kind: 'HIGH', pays: [5, 15, 60] },
  { id: 'MANGO', names: { en: 'Mango', bn: 'আম' }, kind: 'LOW', pays: [4, 12, 40] },
  { id: 'JACKFRUIT', names: { en: 'Jackfruit', bn: 'কাঁঠাল' }, kind: 'LOW', pays: [4, 10, 30] },
  { id: 'DOEL', names: { en: 'Magpie robin', bn: 'দোয়েল' }, kind: 'LOW', pays: [3, 8, 20] },
  { id: 'TEA', names: { en: 'Cup of tea', bn: 'চা' }, kind: 'LOW', pays: [3, 6, 15] },
];

export const SLOT_WILD: SlotSymbolId = 'TIGER';
export const SLOT_REELS = 5;
export const SLOT_ROWS = 3;

/** The reel strips, top to bottom (each 32 stops; no symbol twice in any window of 3). */
// prettier-ignore
export const SLOT_STRIPS: readonly (readonly SlotSymbolId[])[] = [
  [
    'BOAT', 'DOEL', 'JACKFRUIT', 'HILSA', 'DOEL', 'JACKFRUIT', 'TEA', 'DOEL',
    'MANGO', 'TEA', 'LILY', 'MANGO', 'TEA', 'RICKSHAW', 'DOEL', 'TEA',
    'BOAT', 'MANGO', 'TEA', 'RICKSHAW', 'DOEL', 'TEA', 'JACKFRUIT', 'DOEL',
    'TEA', 'JACKFRUIT', 'MANGO', 'TEA', 'JACKFRUIT', 'DOEL', 'TEA', 'JACKFRUIT',
  ],
  [
    'DOEL', 'LILY', 'HILSA', 'JACKFRUIT', 'TEA', 'MANGO', 'RICKSHAW', 'JACKFRUIT',
    'TEA', 'TIGER', 'DOEL', 'MANGO', 'BOAT', 'TEA', 'JACKFRUIT', 'TIGER',
    'TEA', 'DOEL', 'JACKFRUIT', 'TIGER', 'TEA', 'MANGO', 'TIGER', 'DOEL',
    'TEA', 'TIGER', 'DOEL', 'TEA', 'TIGER', 'DOEL', 'TEA', 'TIGER',
  ],
  [
    'TIGER', 'DOEL', 'TEA', 'TIGER', 'DOEL', 'MANGO', 'TIGER', 'HILSA',
    'DOEL', 'TEA', 'JACKFRUIT', 'RICKSHAW', 'DOEL', 'TEA', 'MANGO', 'DOEL',
    'TEA', 'MANGO', 'TIGER', 'DOEL', 'TEA', 'BOAT', 'TIGER', 'JACKFRUIT',
    'TEA', 'TIGER', 'JACKFRUIT', 'TEA', 'TIGER', 'JACKFRUIT', 'TEA', 'LILY',
  ],
  [
    'JACKFRUIT', 'DOEL', 'TIGER', 'MANGO', 'DOEL', 'TEA', 'JACKFRUIT', 'TIGER',
    'DOEL', 'TEA', 'JACKFRUIT', 'RICKSHAW', 'HILSA', 'TEA', 'DOEL', 'TIGER',
    'TEA', 'DOEL', 'TIGER', 'TEA', 'MANGO', 'DOEL', 'TEA', 'LILY',
    'TIGER', 'BOAT', 'MANGO', 'TIGER', 'TEA', 'JACKFRUIT', 'TIGER', 'TEA',
  ],
  [
    'MANGO', 'LILY', 'DOEL', 'JACKFRUIT', 'TEA', 'RICKSHAW', 'MANGO', 'TEA',
    'DOEL', 'MANGO', 'TEA', 'DOEL', 'JACKFRUIT', 'TEA', 'DOEL', 'JACKFRUIT',
    'TEA', 'DOEL', 'JACKFRUIT', 'TEA', 'BOAT', 'DOEL', 'TEA', 'HILSA',
    'DOEL', 'MANGO', 'JACKFRUIT', 'TEA', 'RICKSHAW', 'BOAT', 'JACKFRUIT', 'TEA',
  ],
];

/** The 20 paylines: the row (0 top, 1 middle, 2 bottom) the line crosses on each reel. */
export const SLOT_PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 2, 0, 2, 0],
  [2, 0, 2, 0, 2],
  [0, 2, 2, 2, 0],
];
export const SLOT_LINES = SLOT_PAYLINES.length;

/**
 * The largest win of one spin, in line bets, over all 32⁵ stop combinations (from the full
 * enumeration, scripts/enumerate-slot.ts; reached at SLOT_MAX_WIN_STOPS): a spin pays at most
 * SLOT_MAX_WIN_LINE_BETS / 20 times the stake.
 */
export const SLOT_MAX_WIN_LINE_BETS = 490;
export const SLOT_MAX_WIN_STOPS: readonly number[] = [1, 8, 6, 6, 21];

export interface SlotLineWin {
  /** 0-based index into the paylines */
  line: number;
  /** the paying symbol (the tiger never pays on its own) */
  symbol: SlotSymbolId;
  /** 3, 4 or 5: the reels from the left that the win covers */
  count: number;
  /** the win in line bets */
  pays: number;
}

export interface SlotOutcome {
  engine: 'slot';
  /** each reel's stop: the strip position shown on the top row */
  stops: number[];
  /** the window: grid[reel][row], row 0 on top */
  grid: SlotSymbolId[][];
  /** the paying lines, in payline order */
  wins: SlotLineWin[];
  /** the sum of the line wins, in line bets (payout = floor(stake × totalPays / 20)) */
  totalPays: number;
}

/** The slot has no choices: every spin plays all 20 lines. */
export type SlotParams = Record<string, never>;

export interface SlotConfig {
  reels: number;
  rows: number;
  lines: number;
  wild: SlotSymbolId;
  /** 0-based reels the wild appears on */
  wildReels: number[];
  symbols: readonly SlotSymbol[];
  strips: readonly (readonly SlotSymbolId[])[];
  paylines: readonly (readonly number[])[];
  /** the documented RTP as a percentage with 4 decimals, rounded down */
  rtpPercent: string;
  /** the largest win of one spin, as a multiple of the stake (a decimal string) */
  maxWinMultiplier: string;
}

// hot paths keep globals in module constants (a global's lookup is slow in a vm context, e.g. Jest)
const floor = Math.floor;
const LINES_BIG = BigInt(SLOT_LINES);
const MAX_WIN_BIG = BigInt(SLOT_MAX_WIN_LINE_BETS);
const PAYS_BIG = Array.from({ length: SLOT_MAX_WIN_LINE_BETS + 1 }, (_, i) => BigInt(i));
const SYMBOL_INDEX = new Map(SLOT_SYMBOLS.map((s, i) => [s.id, i]));
const WILD = SYMBOL_INDEX.get(SLOT_WILD)!;
/** pays by symbol index and count (0 below 3) */
const PAY_TABLE: number[][] = SLOT_SYMBOLS.map((s) => [0, 0, 0, s.pays[0] ?? 0, s.pays[1] ?? 0, s.pays[2] ?? 0]);

/**
 * The win of one line, given the symbol index on each of the 5 reels: [symbol index, count, pays]
 * or null. The run from the left of one symbol (the wild joining any) pays that symbol's pay; a
 * line of wilds alone pays nothing (the tiger never stands on the first reel).
 */
export function lineWin(line: ArrayLike<number>): [number, number, number] | null {
  let first = -1;
  let count = 0;
  for (let r = 0; r < SLOT_REELS; r++) {
    const s = line[r];
    if (s === WILD) {
      count++;
      continue;
    }
    if (first === -1) first = s;
    else if (s !== first) break;
    count++;
  }
  if (first === -1 || count < 3) return null;
  const pays = PAY_TABLE[first][count];
  return pays > 0 ? [first, count, pays] : null;
}

const lineSymbols = new Int8Array(SLOT_REELS);

/** Reel strips as symbol indexes (what the fast functions below take). */
export type StripIndexes = readonly Int8Array[];
export const stripIndexes = (strips: readonly (readonly SlotSymbolId[])[]): StripIndexes =>
  strips.map((strip) => Int8Array.from(strip, (id) => SYMBOL_INDEX.get(id)!));
const STRIP_INDEX = stripIndexes(SLOT_STRIPS);

/**
 * The total win of a spin, in line bets, from the stops (no allocations: the simulations and the
 * enumeration call it). `strips` are the game's unless a test passes others.
 */
export function spinPays(stops: ArrayLike<number>, strips: StripIndexes = STRIP_INDEX): number {
  let total = 0;
  for (let l = 0; l < SLOT_LINES; l++) {
    const rows = SLOT_PAYLINES[l];
    for (let r = 0; r < SLOT_REELS; r++) {
      const strip = strips[r];
      lineSymbols[r] = strip[(stops[r] + rows[r]) % strip.length];
    }
    const win = lineWin(lineSymbols);
    if (win) total += win[2];
  }
  return total;
}

function parseSlotParams(raw: unknown): SlotParams {
  plainObject(raw, []);
  return {};
}

/**
 * The exact RTP (per payline, which is the RTP of the spin), from the strips' symbol counts:
 * each row of a reel shows a symbol with the strip's frequency, independently of the other reels.
 */
export function slotRtp(strips: StripIndexes = STRIP_INDEX): Fraction {
  const counts = strips.map((strip) => {
    const c = new Array<bigint>(SLOT_SYMBOLS.length).fill(0n);
    for (const s of strip) c[s] += 1n;
    return c;
  });
  const n = SLOT_SYMBOLS.length;
  const line = new Int8Array(SLOT_REELS);
  let sum = 0n;
  const walk = (reel: number, weight: bigint) => {
    if (reel === SLOT_REELS) {
      const win = lineWin(line);
      if (win) sum += weight * BigInt(win[2]);
      return;
    }
    for (let s = 0; s < n; s++) {
      if (counts[reel][s] === 0n) continue;
      line[reel] = s;
      walk(reel + 1, weight * counts[reel][s]);
    }
  };
  walk(0, 1n);
  const combos = strips.reduce((p, strip) => p * BigInt(strip.length), 1n);
  return fraction(sum, combos);
}

const RTP = slotRtp();

export const slotEngine: Engine<SlotParams, SlotOutcome, SlotConfig> = {
  id: 'slot',
  names: { en: 'Bengal Tiger Reels', bn: 'বেঙ্গল টাইগার রিলস' },
  rtp: toNumber(RTP),
  config: {
    reels: SLOT_REELS,
    rows: SLOT_ROWS,
    lines: SLOT_LINES,
    wild: SLOT_WILD,
    wildReels: SLOT_STRIPS.flatMap((strip, r) => (strip.includes(SLOT_WILD) ? [r] : [])),
    symbols: SLOT_SYMBOLS,
    strips: SLOT_STRIPS,
    paylines: SLOT_PAYLINES,
    rtpPercent: toPercent(RTP, 4),
    maxWinMultiplier: toDecimal(fraction(BigInt(SLOT_MAX_WIN_LINE_BETS), BigInt(SLOT_LINES)), 2),
  },
  defaultParams: {},
  parseParams: parseSlotParams,
  floatsNeeded: () => SLOT_REELS,
  outcome(floats: FloatReader): SlotOutcome {
    const stops: number[] = [];
    const grid: SlotSymbolId[][] = [];
    for (let r = 0; r < SLOT_REELS; r++) {
      const strip = SLOT_STRIPS[r];
      const stop = floor(floats.next() * strip.length);
      stops.push(stop);
      const column: SlotSymbolId[] = [];
      for (let row = 0; row < SLOT_ROWS; row++) column.push(strip[(stop + row) % strip.length]);
      grid.push(column);
    }
    const wins: SlotLineWin[] = [];
    let totalPays = 0;
    for (let l = 0; l < SLOT_LINES; l++) {
      const rows = SLOT_PAYLINES[l];
      for (let r = 0; r < SLOT_REELS; r++) {
        const strip = STRIP_INDEX[r];
        lineSymbols[r] = strip[(stops[r] + rows[r]) % strip.length];
      }
      const win = lineWin(lineSymbols);
      if (win) {
        wins.push({ line: l, symbol: SLOT_SYMBOLS[win[0]].id, count: win[1], pays: win[2] });
        totalPays += win[2];
      }
    }
    return { engine: 'slot', stops, grid, wins, totalPays };
  },
  payout: (stake, outcome) => (stake * (PAYS_BIG[outcome.totalPays] ?? BigInt(outcome.totalPays))) / LINES_BIG,
  maxPayout: (stake) => (stake * MAX_WIN_BIG) / LINES_BIG,
  rtpOf: () => RTP,
};
