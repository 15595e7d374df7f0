import { BadParams, plainObject, type Engine } from './engine-types';
import type { FloatReader } from './fair';
import { fraction, toDecimal, toNumber, toPercent, type Fraction } from './rational';

/**
 * "Khela Dice": a roll from 0.00 to 99.99, over or under a target the player chooses.
 *
 * - roll = floor(f × 10000), shown as roll / 100 with two decimals (10,000 equally likely rolls).
 * - UNDER target wins when roll < target; OVER target wins when roll > target (target in
 *   hundredths, 0–9999: 4950 is 49.50). The winning rolls (`winCount`) must be 100 to 9800: a
 *   win chance of 1.00 % to 98.00 %.
 * - A win pays floor(stake × 9900 / winCount) poisha: the house edge is 1 %, so every bet's
 *   RTP is exactly 99 % (winCount / 10000 × 9900 / winCount), less the rounding down to the poisha.
 *   The multiplier shown is 9900 / winCount rounded down to 4 decimals (1.9800 at a 50 % chance).
 */

export type DiceDirection = 'UNDER' | 'OVER';

export interface DiceParams {
  direction: DiceDirection;
  /** hundredths, 0–9999 */
  target: number;
}

export interface DiceOutcome {
  engine: 'dice';
  /** 0–9999: the roll in hundredths (2547 is 25.47) */
  roll: number;
  direction: DiceDirection;
  target: number;
  /** how many of the 10,000 rolls win */
  winCount: number;
  win: boolean;
  /** what a win returns per unit staked, rounded down to 4 decimals ("1.9800") */
  multiplier: string;
}

export interface DiceConfig {
  /** 10,000 rolls, 0 to 9999 hundredths */
  rolls: number;
  minWinCount: number;
  maxWinCount: number;
  /** the return numerator: a win pays stake × 9900 / winCount */
  payoutNumerator: number;
  houseEdgePercent: string;
  rtpPercent: string;
  /** the allowed targets per direction, inclusive, in hundredths */
  targets: Record<DiceDirection, [number, number]>;
}

export const DICE_ROLLS = 10000;
export const DICE_PAYOUT_NUMERATOR = 9900;
export const DICE_MIN_WIN_COUNT = 100;
export const DICE_MAX_WIN_COUNT = 9800;

export const winCountOf = (p: DiceParams) => (p.direction === 'UNDER' ? p.target : DICE_ROLLS - 1 - p.target);

export const diceWins = (roll: number, p: DiceParams) => (p.direction === 'UNDER' ? roll < p.target : roll > p.target);

function parseDiceParams(raw: unknown): DiceParams {
  if (raw === undefined || raw === null) return { direction: 'UNDER', target: 5000 };
  const o = plainObject(raw, ['direction', 'target']);
  if (o.direction !== 'UNDER' && o.direction !== 'OVER') throw new BadParams('direction must be UNDER or OVER');
  const target = o.target;
  if (typeof target !== 'number' || !Number.isInteger(target) || target < 0 || target > DICE_ROLLS - 1)
    throw new BadParams('target must be a whole number of hundredths from 0 to 9999');
  const params: DiceParams = { direction: o.direction, target };
  const wins = winCountOf(params);
  if (wins < DICE_MIN_WIN_COUNT || wins > DICE_MAX_WIN_COUNT) throw new BadParams('the win chance must be 1.00% to 98.00%');
  return params;
}

// hot paths keep globals in module constants (a global's lookup is slow in a vm context, e.g. Jest)
const floor = Math.floor;
const NUMERATOR_BIG = BigInt(DICE_PAYOUT_NUMERATOR);
const COUNTS_BIG = Array.from({ length: DICE_ROLLS + 1 }, (_, i) => BigInt(i));

const RTP: Fraction = fraction(BigInt(DICE_PAYOUT_NUMERATOR), BigInt(DICE_ROLLS));

const multipliers: string[] = [];
/** What a win returns per unit staked, 9900 / winCount, rounded down to 4 decimals (e.g. "1.9800"). */
export function diceMultiplier(winCount: number): string {
  let m = multipliers[winCount];
  if (m === undefined) {
    m = toDecimal(fraction(BigInt(DICE_PAYOUT_NUMERATOR), BigInt(winCount)), 4);
    multipliers[winCount] = m;
  }
  return m;
}

export const diceEngine: Engine<DiceParams, DiceOutcome, DiceConfig> = {
  id: 'dice',
  names: { en: 'Khela Dice', bn: 'খেলা ডাইস' },
  rtp: toNumber(RTP),
  config: {
    rolls: DICE_ROLLS,
    minWinCount: DICE_MIN_WIN_COUNT,
    maxWinCount: DICE_MAX_WIN_COUNT,
    payoutNumerator: DICE_PAYOUT_NUMERATOR,
    houseEdgePercent: '1.00',
    rtpPercent: toPercent(RTP, 4),
    targets: {
      UNDER: [DICE_MIN_WIN_COUNT, DICE_MAX_WIN_COUNT],
      OVER: [DICE_ROLLS - 1 - DICE_MAX_WIN_COUNT, DICE_ROLLS - 1 - DICE_MIN_WIN_COUNT],
    },
  },
  defaultParams: { direction: 'UNDER', target: 5000 },
  parseParams: parseDiceParams,
  floatsNeeded: () => 1,
  outcome(floats: FloatReader, params: DiceParams): DiceOutcome {
    const roll = floor(floats.next() * DICE_ROLLS);
    const winCount = winCountOf(params);
    return {
      engine: 'dice',
      roll,
      direction: params.direction,
      target: params.target,
      winCount,
      win: diceWins(roll, params),
      multiplier: diceMultiplier(winCount),
    };
  },
  payout: (stake, outcome) => (outcome.win ? (stake * NUMERATOR_BIG) / COUNTS_BIG[outcome.winCount] : 0n),
  maxPayout: (stake, params) => (stake * NUMERATOR_BIG) / COUNTS_BIG[winCountOf(params)],
  rtpOf: () => RTP,
};
