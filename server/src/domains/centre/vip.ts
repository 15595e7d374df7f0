import type { VipLevel } from '@khela/api/member-centre';
import type { Queryable } from '../../db/db';

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

/**
 * The member's VIP level as shown (issue 13's public state): the level the lifetime valid bet reaches
 * (bets not rolled back), or the one an operator set (members.vip_level, the promotions' and point
 * rates' level) when that is higher. A level reached by bets is written to members.vip_level, so the
 * promotions' VIP rules see the level the member is shown. Null when the operator has no levels.
 */
export async function memberVip(q: Queryable, levels: readonly VipLevel[], memberId: number): Promise<VipLevel | null> {
  if (!levels.length) return null;
  const row = await q.one<{ vip_level: number; valid_bet: string }>(
    `SELECT m.vip_level,
            (SELECT coalesce(sum(valid_bet) FILTER (WHERE status <> 'ROLLED_BACK'), 0)::text
               FROM bet_records WHERE member_id = m.id) AS valid_bet
       FROM members m WHERE m.id = $1`,
    [memberId],
  );
  if (!row) return null;
  const reached = vipLevelOf(levels, BigInt(row.valid_bet));
  const set = levels.find((l) => l.level === Number(row.vip_level)) ?? null;
  if (reached && reached.level > Number(row.vip_level)) {
    await q.query(`UPDATE members SET vip_level = $2 WHERE id = $1 AND vip_level < $2`, [memberId, reached.level]);
  }
  return set && (!reached || set.level > reached.level) ? set : reached;
}
