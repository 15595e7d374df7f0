import type { FloatReader } from './fair';
import type { Fraction } from './rational';

export type EngineId = 'slot' | 'dice' | 'andarbahar';
export const ENGINE_IDS: readonly EngineId[] = ['slot', 'dice', 'andarbahar'];

/** Params a round cannot be played with (the server answers 400 BAD_PARAMS with the message). */
export class BadParams extends Error {
  readonly code = 'BAD_PARAMS';
  constructor(message: string) {
    super(message);
    this.name = 'BadParams';
  }
}

/** English and Bengali names, for the UI and the documentation. */
export interface Names {
  en: string;
  bn: string;
}

/**
 * One game engine: pure rules. `outcome` reads the round's floats in order (at most
 * `floatsNeeded(params)` of them) and `payout` turns an outcome into poisha with exact integer
 * math, rounded down to the poisha. The same inputs always give the same answer.
 */
export interface Engine<P, O, C> {
  readonly id: EngineId;
  readonly names: Names;
  /** The documented return to player: for an engine with several bets, the lowest of them. */
  readonly rtp: number;
  /** What the UI draws (symbols, reels, paylines, paytable, ranges, odds): public. */
  readonly config: C;
  /** The params a round uses when the player chose none. */
  readonly defaultParams: P;
  /** Checks and normalises the player's params (JSON); throws BadParams. */
  parseParams(raw: unknown): P;
  /** The most floats `outcome` may read with these params. */
  floatsNeeded(params: P): number;
  outcome(floats: FloatReader, params: P): O;
  payout(stake: bigint, outcome: O, params: P): bigint;
  /** The most one round with these params can pay for this stake: no outcome pays more. */
  maxPayout(stake: bigint, params: P): bigint;
  /** The exact return to player of a bet with these params (before the rounding down to the poisha). */
  rtpOf(params: P): Fraction;
}

/** A plain object with no other keys than these (params arrive as JSON). */
export function plainObject(raw: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new BadParams('params must be an object');
  const obj = raw as Record<string, unknown>;
  for (const key of Object.keys(obj)) if (!allowed.includes(key)) throw new BadParams(`unknown param "${key}"`);
  return obj;
}
