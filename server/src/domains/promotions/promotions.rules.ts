// The bonus engine's rules, pure (issue 12): how much a promotion pays for what the member did,
// how much wagering releases it, and how bets of each game type count towards it. Money is bigint
// poisha; every division rounds down, so the house never pays above the rule.
import type { ActivityState, PromotionKind } from '@khela/api/promotions';

export const GAME_TYPES = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT'] as const;
export type GameType = (typeof GAME_TYPES)[number];

/** Percent (0..100) of a bet of each game type that counts; a game type not named counts 0. */
export type Contribution = Partial<Record<string, number>>;

export interface RewardRule {
  kind: PromotionKind;
  /** basis points of the basis (deposit, contributed valid bets, net loss) */
  percentBp: number;
  fixedAmount: bigint;
  maxBonus: bigint | null;
  /** the basis must reach this for any bonus */
  minAmount: bigint;
  wageringMultiplier: number;
}

const ZERO = BigInt(0);

/** The percent of a game type's bets that counts, clamped to 0..100. */
export function contributionOf(c: Contribution, gameType: string): number {
  const pct = c[gameType];
  if (typeof pct !== 'number' || !Number.isFinite(pct)) return 0;
  return Math.max(0, Math.min(100, Math.trunc(pct)));
}

/** Valid bets summed per game type. */
export type BetsByType = ReadonlyArray<{ gameType: string; validBet: bigint }>;

/** What the bets count towards a wagering requirement: each type's sum times its percent, rounded down. */
export function wageringProgress(bets: BetsByType, c: Contribution): bigint {
  let done = ZERO;
  for (const b of bets) {
    if (b.validBet <= ZERO) continue;
    done += (b.validBet * BigInt(contributionOf(c, b.gameType))) / BigInt(100);
  }
  return done;
}

/** The bonus the rule pays for `basis` (a deposit, contributed valid bets, or a net loss). */
export function bonusFor(rule: RewardRule, basis: bigint): bigint {
  if (rule.kind === 'INFO') return ZERO;
  if (basis < rule.minAmount || basis < ZERO) return ZERO;
  let bonus = rule.kind === 'FIXED' ? rule.fixedAmount : basis > ZERO ? (basis * BigInt(rule.percentBp)) / BigInt(10000) : ZERO;
  if (rule.maxBonus !== null && bonus > rule.maxBonus) bonus = rule.maxBonus;
  return bonus > ZERO ? bonus : ZERO;
}

/** The wagering that releases a bonus: the bonus times the multiplier. */
export const wageringRequired = (bonus: bigint, multiplier: number): bigint =>
  bonus * BigInt(Math.max(0, Math.trunc(multiplier)));

/** Whether the wagering releases the bonus. */
export const wageringMet = (done: bigint, required: bigint): boolean => done >= required;

/** A bonus's progress as shown: done never above required. */
export const shownProgress = (done: bigint, required: bigint): bigint => (done > required ? required : done);

export interface StateInput {
  now: Date;
  startsAt: Date;
  endsAt: Date | null;
  kind: PromotionKind;
  /** the reason the member may not join (null when eligible or a guest) */
  ineligible: string | null;
  onceOnly: boolean;
  /** the member's latest participation */
  participation: {
    status: 'JOINED' | 'APPLYING' | 'REJECTED' | 'ISSUED' | 'CLAIMED' | 'FORFEITED';
    /** JOINED: the bonus the member qualifies for now; ISSUED: whether its wagering is met */
    qualifiesFor: bigint;
    wageringMet: boolean;
  } | null;
}

/** The spec's activity state of a promotion for a member (a guest: no participation, no reason). */
export function activityState(s: StateInput): { state: ActivityState | null; reason: string | null } {
  if (s.kind === 'INFO') return { state: null, reason: null };
  if (s.now < s.startsAt) return { state: 'comingSoon', reason: null };
  const ended = s.endsAt !== null && s.now >= s.endsAt;
  const p = s.participation;
  if (p) {
    switch (p.status) {
      case 'JOINED':
        if (ended) return { state: 'close', reason: 'ENDED' };
        if (p.qualifiesFor > ZERO) return { state: 'claim', reason: null };
        return { state: s.kind === 'REBATE' || s.kind === 'CASHBACK' ? 'process' : 'joined', reason: null };
      case 'APPLYING':
        return { state: 'applying', reason: null };
      case 'ISSUED':
        return { state: p.wageringMet ? 'claim' : 'issued', reason: null };
      case 'REJECTED':
        return { state: 'rejected', reason: null };
      case 'CLAIMED':
        if (s.onceOnly || ended) return { state: 'claimed', reason: null };
        break;
      case 'FORFEITED':
        if (s.onceOnly || ended) return { state: 'close', reason: 'FORFEITED' };
        break;
    }
  }
  if (ended) return { state: 'close', reason: 'ENDED' };
  if (s.ineligible) return { state: 'close', reason: s.ineligible };
  return { state: 'join', reason: null };
}
