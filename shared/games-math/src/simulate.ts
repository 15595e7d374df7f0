import { andarBaharEngine, type AndarBaharSide } from './andarbahar';
import { diceEngine, type DiceParams } from './dice';
import { FloatStream } from './fair';
import { toNumber } from './rational';
import { slotEngine } from './slot';
import { sha256Sync, toHex } from './sha256';

/**
 * RTP by simulation: rounds played exactly as the server plays them (one server seed, one client
 * seed, nonces 0, 1, 2, …, floats from HMAC-SHA256), with fixed seeds so a run is reproducible.
 * Used by the RTP test and by scripts/simulate-rtp.ts (which prints the figures).
 */

export interface SimulatedBet {
  /** e.g. "slot", "dice", "andarbahar ANDAR" */
  bet: string;
  rounds: number;
  staked: bigint;
  paid: bigint;
  /** paid / staked */
  measured: number;
  /** the documented RTP of the bet */
  documented: number;
  /** (measured − documented) in percentage points */
  deviationPp: number;
  /** share of rounds that paid anything */
  hitRate: number;
}

/** A fixed server seed per run name: the SHA-256 of the name (so the seed is not chosen). */
export const simulationSeed = (name: string) => toHex(sha256Sync(`khela rtp simulation: ${name}`));
export const SIMULATION_CLIENT_SEED = 'rtp-simulation';

function result(bet: string, rounds: number, staked: bigint, paid: bigint, documented: number, hits: number): SimulatedBet {
  // 1e-9 resolution is plenty for percentage points
  const measured = Number((paid * 1_000_000_000n) / staked) / 1e9;
  return { bet, rounds, staked, paid, measured, documented, deviationPp: (measured - documented) * 100, hitRate: hits / rounds };
}

/** The slot through its engine (outcome and payout), at a stake of 20.00 (1.00 a line: no rounding). */
export function simulateSlot(rounds: number, name = 'slot'): SimulatedBet {
  const stream = new FloatStream(simulationSeed(name));
  const stake = 2000n;
  const params = slotEngine.defaultParams;
  let paid = 0n;
  let hits = 0;
  for (let nonce = 0; nonce < rounds; nonce++) {
    const outcome = slotEngine.outcome(stream.round(SIMULATION_CLIENT_SEED, nonce), params);
    const p = slotEngine.payout(stake, outcome, params);
    if (p > 0n) hits++;
    paid += p;
  }
  return result('slot', rounds, stake * BigInt(rounds), paid, slotEngine.rtp, hits);
}

/**
 * The dice over a cycle of bets (win chances 25 % to 90 %, under and over): every bet's RTP is
 * the same 99 %, and these chances keep the spread of a million rounds small. Stake 100.00, so
 * the rounding down to the poisha weighs under 0.0001 %.
 */
export const DICE_SIMULATION_BETS: readonly DiceParams[] = [2500, 3300, 5000, 6600, 7500, 9000].flatMap((wins) => [
  { direction: 'UNDER' as const, target: wins },
  { direction: 'OVER' as const, target: 9999 - wins },
]);

export function simulateDice(rounds: number, name = 'dice'): SimulatedBet {
  const stream = new FloatStream(simulationSeed(name));
  const stake = 10000n;
  const bets = DICE_SIMULATION_BETS;
  let paid = 0n;
  let hits = 0;
  for (let nonce = 0; nonce < rounds; nonce++) {
    const params = bets[nonce % bets.length];
    const outcome = diceEngine.outcome(stream.round(SIMULATION_CLIENT_SEED, nonce), params);
    const p = diceEngine.payout(stake, outcome, params);
    if (p > 0n) hits++;
    paid += p;
  }
  return result('dice', rounds, stake * BigInt(rounds), paid, diceEngine.rtp, hits);
}

/** Andar Bahar: each dealt round settles a bet on both sides (stake 10.00 each). */
export function simulateAndarBahar(rounds: number, name = 'andarbahar'): [SimulatedBet, SimulatedBet] {
  const stream = new FloatStream(simulationSeed(name));
  const stake = 1000n;
  const sides: AndarBaharSide[] = ['ANDAR', 'BAHAR'];
  const paid = { ANDAR: 0n, BAHAR: 0n };
  const hits = { ANDAR: 0, BAHAR: 0 };
  for (let nonce = 0; nonce < rounds; nonce++) {
    const outcome = andarBaharEngine.outcome(stream.round(SIMULATION_CLIENT_SEED, nonce), { side: 'ANDAR' });
    for (const side of sides) {
      const p = andarBaharEngine.payout(stake, { ...outcome, side, win: outcome.winner === side }, { side });
      if (p > 0n) hits[side]++;
      paid[side] += p;
    }
  }
  return [
    result(
      'andarbahar ANDAR',
      rounds,
      stake * BigInt(rounds),
      paid.ANDAR,
      toNumber(andarBaharEngine.rtpOf({ side: 'ANDAR' })),
      hits.ANDAR,
    ),
    result(
      'andarbahar BAHAR',
      rounds,
      stake * BigInt(rounds),
      paid.BAHAR,
      toNumber(andarBaharEngine.rtpOf({ side: 'BAHAR' })),
      hits.BAHAR,
    ),
  ];
}
