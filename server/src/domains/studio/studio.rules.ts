import type { GameType } from '@khela/api/games';
import type { EngineId } from '@khela/games-math';

/**
 * Which games the studio plays, on which engine, within which stakes. Pure rules: the launch
 * (game domain) and the studio API both follow them.
 */

/** The platform's own vendor. */
export const STUDIO_VENDOR = 'KHELA';

/** A seeded vendor's games run on the engine of their category (a connected vendor's never). */
export const CATEGORY_ENGINES: Partial<Record<GameType, EngineId>> = { RNG: 'slot', FISH: 'slot', PVP: 'andarbahar' };

export interface PlayableGame {
  gameType: GameType;
  isGame: string;
  /** the engine the game names (the platform's own games), else null */
  engine: EngineId | null;
  /** the vendor's launch address when an operator connected a real vendor */
  launchUrlTemplate: string | null;
}

/**
 * The engine a game runs on, or null when the studio does not play it: a game of a connected
 * vendor, a lobby or vendor-list entry, a category no engine fits (live casino, sports, e-sports,
 * cockfight), a lottery.
 */
export function engineFor(g: PlayableGame): EngineId | null {
  if (g.launchUrlTemplate || g.isGame !== 'GAME') return null;
  return g.engine ?? CATEGORY_ENGINES[g.gameType] ?? null;
}

export interface StakeLimits {
  minStake: bigint;
  maxStake: bigint;
  stakeSteps: bigint[];
}

/** The stakes an engine takes (poisha); a game's own minimum bet can raise the minimum. */
const ENGINE_STAKES: Record<EngineId, { min: bigint; max: bigint; steps: bigint[] }> = {
  // 20 poisha: one poisha a line
  slot: { min: 20n, max: 50000n, steps: [20n, 40n, 100n, 200n, 400n, 1000n, 2000n, 5000n, 10000n, 20000n, 50000n] },
  dice: { min: 100n, max: 100000n, steps: [100n, 200n, 500n, 1000n, 2000n, 5000n, 10000n, 20000n, 50000n, 100000n] },
  andarbahar: { min: 100n, max: 100000n, steps: [100n, 200n, 500n, 1000n, 2000n, 5000n, 10000n, 20000n, 50000n, 100000n] },
};

export function stakeLimits(engine: EngineId, gameMinBet: bigint): StakeLimits {
  const e = ENGINE_STAKES[engine];
  const minStake = gameMinBet > e.min && gameMinBet <= e.max ? gameMinBet : e.min;
  const steps = e.steps.filter((s) => s >= minStake);
  return { minStake, maxStake: e.max, stakeSteps: steps[0] === minStake ? steps : [minStake, ...steps] };
}

/** Free-trial credits a member starts with (and gets back on a reset): ৳10,000.00. */
export const DEMO_START = 1_000_000n;
