import { andarBaharEngine, type AndarBaharConfig, type AndarBaharOutcome, type AndarBaharParams } from './andarbahar';
import { diceEngine, type DiceConfig, type DiceOutcome, type DiceParams } from './dice';
import { BadParams, ENGINE_IDS, type Engine, type EngineId } from './engine-types';
import {
  deriveFloats,
  hashServerSeed,
  isClientSeed,
  isNonce,
  isServerSeed,
  readerOf,
  SeedError,
  type Hmac,
  type Seeds,
  type Sha256,
} from './fair';
import { slotEngine, type SlotConfig, type SlotOutcome, type SlotParams } from './slot';

export type Outcome = SlotOutcome | DiceOutcome | AndarBaharOutcome;
export type Params = SlotParams | DiceParams | AndarBaharParams;
export type Config = SlotConfig | DiceConfig | AndarBaharConfig;

export interface EngineMap {
  slot: Engine<SlotParams, SlotOutcome, SlotConfig>;
  dice: Engine<DiceParams, DiceOutcome, DiceConfig>;
  andarbahar: Engine<AndarBaharParams, AndarBaharOutcome, AndarBaharConfig>;
}

export const ENGINES: EngineMap = { slot: slotEngine, dice: diceEngine, andarbahar: andarBaharEngine };

/** Any engine, with its types widened (for code that picks the engine at run time). */
export type AnyEngine = Engine<Params, Outcome, Config>;

export const isEngineId = (id: unknown): id is EngineId => typeof id === 'string' && (ENGINE_IDS as string[]).includes(id);

export function engineOf(id: EngineId | string): AnyEngine {
  if (!isEngineId(id)) throw new BadParams(`unknown engine "${id}"`);
  return ENGINES[id] as unknown as AnyEngine;
}

export interface PlayedRound<O extends Outcome = Outcome> {
  params: Params;
  outcome: O;
  payout: bigint;
}

/**
 * One round, from the seeds: the server plays with it, the verify page recomputes with it.
 * `rawParams` are checked by the engine (BadParams); the stake is poisha.
 */
export async function playRound(
  hmac: Hmac,
  engineId: EngineId,
  seeds: Seeds,
  rawParams: unknown,
  stake: bigint,
): Promise<PlayedRound> {
  const engine = engineOf(engineId);
  const params = engine.parseParams(rawParams);
  if (stake < 0n) throw new RangeError('a stake is never negative');
  const floats = await deriveFloats(hmac, seeds, engine.floatsNeeded(params));
  const outcome = engine.outcome(readerOf(floats), params);
  return { params, outcome, payout: engine.payout(stake, outcome, params) };
}

export interface VerifyInput {
  engine: EngineId;
  serverSeed: string;
  /** the commitment shown before play; when given, the seed is checked against it */
  serverSeedHash?: string;
  clientSeed: string;
  nonce: number;
  params: unknown;
  /** poisha; when given, the payout is recomputed too */
  stake?: bigint;
}

export interface Verified {
  /** SHA-256 of the server seed as recomputed */
  serverSeedHash: string;
  /** true or false when a commitment was given to compare, null otherwise */
  hashMatches: boolean | null;
  outcome: Outcome;
  payout: bigint | null;
}

export class VerifyError extends Error {
  constructor(
    readonly field: 'engine' | 'serverSeed' | 'clientSeed' | 'nonce' | 'params' | 'stake',
    message: string,
  ) {
    super(message);
    this.name = 'VerifyError';
  }
}

/** What the verify page runs: the commitment check and the round recomputed from its seeds. */
export async function verifyRound(hmac: Hmac, sha256: Sha256, input: VerifyInput): Promise<Verified> {
  if (!isEngineId(input.engine)) throw new VerifyError('engine', `unknown engine "${input.engine}"`);
  if (!isServerSeed(input.serverSeed))
    throw new VerifyError('serverSeed', 'the server seed must be 64 lower-case hex characters');
  if (!isClientSeed(input.clientSeed))
    throw new VerifyError('clientSeed', 'the client seed must be 1 to 64 printable characters without spaces');
  if (!isNonce(input.nonce)) throw new VerifyError('nonce', 'the nonce must be a whole number from 0');
  if (input.stake !== undefined && input.stake < 0n) throw new VerifyError('stake', 'a stake is never negative');
  const serverSeedHash = await hashServerSeed(sha256, input.serverSeed);
  let round: PlayedRound;
  try {
    round = await playRound(hmac, input.engine, input, input.params, input.stake ?? 0n);
  } catch (err) {
    if (err instanceof BadParams) throw new VerifyError('params', err.message);
    if (err instanceof SeedError) throw new VerifyError('serverSeed', err.message);
    throw err;
  }
  return {
    serverSeedHash,
    hashMatches: input.serverSeedHash === undefined ? null : input.serverSeedHash.toLowerCase() === serverSeedHash,
    outcome: round.outcome,
    payout: input.stake === undefined ? null : round.payout,
  };
}
