import type { VipLevel } from '@khela/api/member-centre';

/** The VIP levels when the operator has set none (setting `vipLevels`; an empty list hides VIP). */
export const DEFAULT_VIP_LEVELS: readonly VipLevel[] = [
  { level: 0, labelName: 'VIP 0', minValidBet: '0' },
  { level: 1, labelName: 'VIP 1', minValidBet: '1000000' }, // ৳10,000
  { level: 2, labelName: 'VIP 2', minValidBet: '5000000' },
  { level: 3, labelName: 'VIP 3', minValidBet: '20000000' },
  { level: 4, labelName: 'VIP 4', minValidBet: '100000000' },
];

/** The highest level whose threshold the lifetime valid bet reaches, or null when none does. */
export function vipLevelOf(levels: readonly VipLevel[], validBet: bigint): VipLevel | null {
  let best: VipLevel | null = null;
  for (const l of levels) {
    if (BigInt(l.minValidBet) > validBet) continue;
    if (!best || BigInt(l.minValidBet) > BigInt(best.minValidBet) || (l.minValidBet === best.minValidBet && l.level > best.level))
      best = l;
  }
  return best;
}
