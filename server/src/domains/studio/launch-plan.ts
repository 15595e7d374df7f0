import type { Queryable } from '../../db/db';
import type { EngineId } from '@khela/games-math';
import { fillLaunchUrl, type LaunchValues } from './launch-url';
import { gameByNode } from './studio.repo';
import { engineFor } from './studio.rules';

/**
 * Where a launch goes: a connected vendor's own address, the studio's game page (an engine plays
 * the game), or neither (the platform's "not connected" launch page; lottery games keep theirs).
 */
export type LaunchPlan = { kind: 'VENDOR'; template: string } | { kind: 'ENGINE'; engine: EngineId } | { kind: 'PAGE' };

export async function launchPlan(q: Queryable, nodeId: number, launchMode: string): Promise<LaunchPlan> {
  const game = await gameByNode(q, nodeId);
  if (!game || launchMode === 'LOTT' || game.gameType === 'LOTT' || game.gameType === 'ELOTT') return { kind: 'PAGE' };
  if (game.launchUrlTemplate) return { kind: 'VENDOR', template: game.launchUrlTemplate };
  const engine = engineFor(game);
  return engine ? { kind: 'ENGINE', engine } : { kind: 'PAGE' };
}

/** The game address a launch answers for a plan that has one. */
export function gameUrlOf(
  plan: Exclude<LaunchPlan, { kind: 'PAGE' }>,
  v: Omit<LaunchValues, 'currency' | 'mode'> & { accountType: 0 | 1 },
): string {
  if (plan.kind === 'ENGINE') return `/play/${encodeURIComponent(v.gameCode)}?token=${encodeURIComponent(v.token)}`;
  return fillLaunchUrl(plan.template, { ...v, currency: 'BDT', mode: v.accountType === 1 ? 'REAL' : 'DEMO' });
}
