// Responsible gambling (issue 16): the limit rules as pure functions of an injected "now".
//
// - Deposit and loss limits per rolling 24 hours, 7 days and 30 days ("month"); where more than one
//   applies, the one with the least room left wins.
// - A decrease (or a first limit) takes effect at once. An increase or a removal waits 24 hours
//   (the cooling-off) and then needs the member's confirmation: until then the lower limit holds.
// - Time-outs (24 h, 7 d, 30 d) and self-exclusions (6 months, 1 year, 5 years, permanent) start at
//   once and can only be lengthened, never shortened.

export type LimitKind = 'DEPOSIT' | 'LOSS';
export type LimitPeriod = 'DAY' | 'WEEK' | 'MONTH';
export const LIMIT_KINDS: readonly LimitKind[] = ['DEPOSIT', 'LOSS'];
export const LIMIT_PERIODS: readonly LimitPeriod[] = ['DAY', 'WEEK', 'MONTH'];

const HOUR = 3600_000;
const DAY = 24 * HOUR;
export const WINDOW_MS: Record<LimitPeriod, number> = { DAY, WEEK: 7 * DAY, MONTH: 30 * DAY };
/** how long an increase or a removal waits before the member may confirm it */
export const COOLING_OFF_MS = DAY;

/** One limit as stored: the amount in force (null: none) and a requested increase/removal waiting. */
export interface LimitState {
  amount: bigint | null;
  /** a requested increase or removal (amount null: removal), confirmable from `effectiveAt` */
  pending: { amount: bigint | null; effectiveAt: Date } | null;
}

export const NO_LIMIT: LimitState = { amount: null, pending: null };

export type ChangeOutcome = 'APPLIED' | 'PENDING' | 'UNCHANGED';

/** Whether `next` is a stricter (or equal) limit than `current` (null: no limit, the loosest). */
export function isTighter(next: bigint | null, current: bigint | null): boolean {
  if (next === null) return current === null;
  return current === null || next <= current;
}

/**
 * A member asks for `requested` (null: remove the limit). A tighter or equal limit applies now and
 * drops any waiting increase; a looser one waits 24 hours (asking again for the same keeps the
 * original wait; asking for another restarts it).
 */
export function requestChange(
  state: LimitState,
  requested: bigint | null,
  now: Date,
): { state: LimitState; outcome: ChangeOutcome } {
  if (requested !== null && requested <= BigInt(0)) throw new RangeError('a limit is a positive amount');
  if (isTighter(requested, state.amount)) {
    if (requested === state.amount && state.pending === null) return { state, outcome: 'UNCHANGED' };
    return { state: { amount: requested, pending: null }, outcome: 'APPLIED' };
  }
  if (state.pending && state.pending.amount === requested) return { state, outcome: 'PENDING' };
  return {
    state: { amount: state.amount, pending: { amount: requested, effectiveAt: new Date(now.getTime() + COOLING_OFF_MS) } },
    outcome: 'PENDING',
  };
}

export type ConfirmOutcome = 'APPLIED' | 'TOO_EARLY' | 'NOTHING_PENDING';

/** The member confirms a waiting increase/removal: applied only once its 24 hours have passed. */
export function confirmChange(state: LimitState, now: Date): { state: LimitState; outcome: ConfirmOutcome } {
  if (!state.pending) return { state, outcome: 'NOTHING_PENDING' };
  if (now.getTime() < state.pending.effectiveAt.getTime()) return { state, outcome: 'TOO_EARLY' };
  return { state: { amount: state.pending.amount, pending: null }, outcome: 'APPLIED' };
}

/** The member withdraws a waiting increase/removal (the current limit simply stays). */
export function cancelChange(state: LimitState): LimitState {
  return { amount: state.amount, pending: null };
}

/** Something counted against a limit: a deposit, or a bet's net loss (negative: a net win). */
export interface Counted {
  at: Date;
  amount: bigint;
}

/** What has been counted inside the window of `period` ending at `now` (the start is exclusive). */
export function usedIn(period: LimitPeriod, items: readonly Counted[], now: Date): bigint {
  const from = now.getTime() - WINDOW_MS[period];
  let sum = BigInt(0);
  for (const i of items) {
    const t = i.at.getTime();
    if (t > from && t <= now.getTime()) sum += i.amount;
  }
  return sum;
}

/**
 * When `amount` more would fit under `limit` given `items` (the earliest time old items have left
 * the window enough), or null if it never will (more than the limit itself). `now` if it fits now.
 */
export function fitsAt(period: LimitPeriod, limit: bigint, items: readonly Counted[], amount: bigint, now: Date): Date | null {
  if (amount > limit) return null;
  const inWindow = items
    .filter((i) => i.at.getTime() > now.getTime() - WINDOW_MS[period] && i.at.getTime() <= now.getTime())
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  let used = inWindow.reduce((s, i) => s + i.amount, BigInt(0));
  if (used + amount <= limit) return now;
  for (let k = 0; k < inWindow.length; k++) {
    used -= inWindow[k].amount;
    // items at the same instant leave together
    if (k + 1 < inWindow.length && inWindow[k + 1].at.getTime() === inWindow[k].at.getTime()) continue;
    if (used + amount <= limit) return new Date(inWindow[k].at.getTime() + WINDOW_MS[period]);
  }
  return new Date(now.getTime() + WINDOW_MS[period]);
}

export interface LimitVerdict {
  ok: boolean;
  /** the binding limit (the one with the least room), when one applies */
  period?: LimitPeriod;
  limit?: bigint;
  used?: bigint;
  /** what may still be counted in that window now */
  remaining?: bigint;
  /** refused: when this amount would fit again (null: never, it is above the limit itself) */
  resetsAt?: Date | null;
}

/**
 * Checks `amount` more against every period's limit in force (waiting increases do not count):
 * the lowest room wins. Refused when the amount would take any window over its limit.
 */
export function checkLimits(
  limits: Partial<Record<LimitPeriod, LimitState>>,
  items: readonly Counted[],
  amount: bigint,
  now: Date,
): LimitVerdict {
  let binding: LimitVerdict = { ok: true };
  for (const period of LIMIT_PERIODS) {
    const limit = limits[period]?.amount;
    if (limit === null || limit === undefined) continue;
    const used = usedIn(period, items, now);
    const remaining = limit - used > BigInt(0) ? limit - used : BigInt(0);
    const over = used + amount > limit;
    const candidate: LimitVerdict = { ok: !over, period, limit, used, remaining };
    if (over) candidate.resetsAt = fitsAt(period, limit, items, amount, now);
    // a refusal beats an acceptance; among refusals the latest reset binds; among acceptances the least room
    if (
      binding.period === undefined ||
      (!candidate.ok && binding.ok) ||
      (!candidate.ok && !binding.ok && later(candidate.resetsAt, binding.resetsAt)) ||
      (candidate.ok && binding.ok && candidate.remaining! < binding.remaining!)
    ) {
      binding = candidate;
    }
  }
  return binding;
}

const later = (a: Date | null | undefined, b: Date | null | undefined) =>
  a === null ? b !== null : b === null || b === undefined ? false : a !== undefined && a.getTime() > b.getTime();

/** The effective limit of a period set: the lowest amount in force per window, for display. */
export function effectiveAmount(state: LimitState | undefined): bigint | null {
  return state?.amount ?? null;
}

export type ExclusionKind = 'TIMEOUT' | 'SELF_EXCLUSION';
export const EXCLUSION_PERIODS = {
  TIMEOUT: ['24h', '7d', '30d'],
  SELF_EXCLUSION: ['6m', '1y', '5y', 'permanent'],
} as const;
export type ExclusionPeriod = (typeof EXCLUSION_PERIODS)[ExclusionKind][number];

export function exclusionKindOf(period: string): ExclusionKind | null {
  if ((EXCLUSION_PERIODS.TIMEOUT as readonly string[]).includes(period)) return 'TIMEOUT';
  if ((EXCLUSION_PERIODS.SELF_EXCLUSION as readonly string[]).includes(period)) return 'SELF_EXCLUSION';
  return null;
}

/** When an exclusion of `period` taken at `now` ends (null: permanent). Months are calendar months (UTC). */
export function exclusionEnd(period: ExclusionPeriod, now: Date): Date | null {
  const t = now.getTime();
  switch (period) {
    case '24h':
      return new Date(t + DAY);
    case '7d':
      return new Date(t + 7 * DAY);
    case '30d':
      return new Date(t + 30 * DAY);
    case '6m':
    case '1y':
    case '5y': {
      const months = period === '6m' ? 6 : period === '1y' ? 12 : 60;
      const d = new Date(t);
      const day = d.getUTCDate();
      d.setUTCDate(1);
      d.setUTCMonth(d.getUTCMonth() + months);
      const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
      d.setUTCDate(Math.min(day, last));
      return d;
    }
    case 'permanent':
      return null;
  }
}

export interface Exclusion {
  kind: ExclusionKind;
  /** null: permanent */
  until: Date | null;
}

/** Whether an exclusion is in force at `now`. */
export function excludedAt(e: Exclusion | null, now: Date): boolean {
  return e !== null && (e.until === null || e.until.getTime() > now.getTime());
}

/**
 * A new exclusion on top of the current one: it can only lengthen what is in force. The later end
 * wins; at equal ends a self-exclusion replaces a time-out (the stronger word names it).
 */
export function combineExclusion(
  current: Exclusion | null,
  next: Exclusion,
  now: Date,
): { exclusion: Exclusion; lengthened: boolean } {
  if (!excludedAt(current, now)) return { exclusion: next, lengthened: true };
  const cur = current!;
  const curEnd = cur.until === null ? Infinity : cur.until.getTime();
  const nextEnd = next.until === null ? Infinity : next.until.getTime();
  if (nextEnd > curEnd) return { exclusion: next, lengthened: true };
  if (nextEnd === curEnd && next.kind === 'SELF_EXCLUSION' && cur.kind === 'TIMEOUT')
    return { exclusion: next, lengthened: true };
  return { exclusion: cur, lengthened: false };
}
