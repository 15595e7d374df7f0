// Responsible gambling (issue 16): the member's limits, reality check, session limit and exclusions,
// stored in rg_profiles / rg_limits (migration 0013) and audited in rg_audit. The rules themselves
// are the pure functions of rules.ts; this file reads and writes them in the caller's transaction.
import type { FastifyInstance } from 'fastify';
import type { RgExclusionDto, RgLimitDto, RgProfileDto, RgSessionDto } from '@khela/api/rg';
import type { Queryable } from '../../db/db';
import { ApiError } from '../../http/envelope';
import { revokeMemberSessions } from '../../http/auth';
import { capWalletSessionsToSignins } from '../wallet/wallet-sessions';
import {
  cancelChange,
  checkLimits,
  combineExclusion,
  confirmChange,
  excludedAt,
  exclusionEnd,
  exclusionKindOf,
  LIMIT_PERIODS,
  requestChange,
  usedIn,
  WINDOW_MS,
  type Counted,
  type Exclusion,
  type ExclusionPeriod,
  type LimitKind,
  type LimitPeriod,
  type LimitState,
} from './rules';

interface LimitRow {
  kind: LimitKind;
  period: LimitPeriod;
  amount: string | null;
  pending: boolean;
  pending_amount: string | null;
  pending_effective_at: Date | null;
}

interface ProfileRow {
  member_id: number;
  reality_check_minutes: number | null;
  session_limit_minutes: number | null;
  excluded_kind: 'TIMEOUT' | 'SELF_EXCLUSION' | null;
  excluded_from: Date | null;
  excluded_until: Date | null;
}

const toState = (r: LimitRow | undefined): LimitState =>
  r
    ? {
        amount: r.amount === null ? null : BigInt(r.amount),
        pending: r.pending
          ? {
              amount: r.pending_amount === null ? null : BigInt(r.pending_amount),
              effectiveAt: new Date(r.pending_effective_at!),
            }
          : null,
      }
    : { amount: null, pending: null };

export async function audit(q: Queryable, memberId: number, action: string, detail: Record<string, unknown>, actor: string) {
  await q.query(`INSERT INTO rg_audit (member_id, action, detail, actor) VALUES ($1, $2, $3::jsonb, $4)`, [
    memberId,
    action,
    JSON.stringify(detail),
    actor,
  ]);
}

/** The member's profile row, created when missing (and locked with forUpdate). */
async function ensureProfile(q: Queryable, memberId: number): Promise<ProfileRow> {
  await q.query(`INSERT INTO rg_profiles (member_id) VALUES ($1) ON CONFLICT (member_id) DO NOTHING`, [memberId]);
  return (await q.one<ProfileRow>(`SELECT * FROM rg_profiles WHERE member_id = $1 FOR UPDATE`, [memberId]))!;
}

async function limitRows(q: Queryable, memberId: number, kind?: LimitKind): Promise<LimitRow[]> {
  return q.query<LimitRow>(
    `SELECT kind, period, amount::text, pending, pending_amount::text, pending_effective_at FROM rg_limits
      WHERE member_id = $1 AND ($2::text IS NULL OR kind = $2)`,
    [memberId, kind ?? null],
  );
}

async function saveLimit(q: Queryable, memberId: number, kind: LimitKind, period: LimitPeriod, s: LimitState, now: Date) {
  await q.query(
    `INSERT INTO rg_limits (member_id, kind, period, amount, pending, pending_amount, pending_effective_at, updated_at)
     VALUES ($1, $2, $3, $4::bigint, $5, $6::bigint, $7, $8)
     ON CONFLICT (member_id, kind, period) DO UPDATE SET amount = EXCLUDED.amount, pending = EXCLUDED.pending,
       pending_amount = EXCLUDED.pending_amount, pending_effective_at = EXCLUDED.pending_effective_at, updated_at = EXCLUDED.updated_at`,
    [
      memberId,
      kind,
      period,
      s.amount?.toString() ?? null,
      s.pending !== null,
      s.pending?.amount?.toString() ?? null,
      s.pending?.effectiveAt ?? null,
      now,
    ],
  );
  const before = await q.one<{ loss_limited: boolean }>(`SELECT loss_limited FROM rg_profiles WHERE member_id = $1`, [memberId]);
  // the flags the hot paths read with one primary-key lookup
  await q.query(
    `UPDATE rg_profiles p SET
        deposit_limited = EXISTS (SELECT 1 FROM rg_limits l WHERE l.member_id = p.member_id AND l.kind = 'DEPOSIT' AND l.amount IS NOT NULL),
        loss_limited = EXISTS (SELECT 1 FROM rg_limits l WHERE l.member_id = p.member_id AND l.kind = 'LOSS' AND l.amount IS NOT NULL),
        updated_at = $2
      WHERE p.member_id = $1`,
    [memberId, now],
  );
  const after = await q.one<{ loss_limited: boolean }>(`SELECT loss_limited FROM rg_profiles WHERE member_id = $1`, [memberId]);
  if (after?.loss_limited && !before?.loss_limited) {
    // the first loss limit: the hourly counters wallet_bet reads start from the member's bets so far
    // (the profile row is locked: bets of this member wait until this commits)
    await q.query(`DELETE FROM rg_loss_hours WHERE member_id = $1`, [memberId]);
    await q.query(
      `INSERT INTO rg_loss_hours (member_id, hour, net)
       SELECT member_id, date_trunc('hour', placed_at), sum(rg_bet_net(status, stake, payout)) FROM bet_records
        WHERE member_id = $1 AND placed_at > now() - interval '31 days' GROUP BY 1, 2`,
      [memberId],
    );
  }
}

/**
 * What counts against deposit limits: orders started and not failed or expired (PENDING or PAID).
 * A PENDING order past its time still counts until the scheduled check closes it: the gateway may
 * yet say PAID.
 */
async function countedDeposits(q: Queryable, memberId: number, now: Date): Promise<Counted[]> {
  const rows = await q.query<{ created_at: Date; amount: string }>(
    `SELECT created_at, amount::text FROM deposit_orders
      WHERE member_id = $1 AND created_at > $2::timestamptz - interval '30 days' AND created_at <= $2::timestamptz
        AND status IN ('PAID', 'PENDING')`,
    [memberId, now],
  );
  return rows.map((r) => ({ at: new Date(r.created_at), amount: BigInt(r.amount) }));
}

/** What counts against loss limits: each bet's stake minus its payout (rolled-back bets not at all). */
async function countedLosses(q: Queryable, memberId: number, now: Date): Promise<Counted[]> {
  const rows = await q.query<{ placed_at: Date; net: string }>(
    `SELECT placed_at, (stake - payout)::text AS net FROM bet_records
      WHERE member_id = $1 AND placed_at > $2::timestamptz - interval '30 days' AND status <> 'ROLLED_BACK'`,
    [memberId, now],
  );
  return rows.map((r) => ({ at: new Date(r.placed_at), amount: BigInt(r.net) }));
}

const exclusionOf = (p: ProfileRow | null): Exclusion | null =>
  p?.excluded_kind ? { kind: p.excluded_kind, until: p.excluded_until ? new Date(p.excluded_until) : null } : null;

const exclusionDto = (p: ProfileRow, now: Date): RgExclusionDto | null => {
  const e = exclusionOf(p);
  if (!excludedAt(e, now)) return null;
  return { kind: e!.kind, from: new Date(p.excluded_from!).toISOString(), until: e!.until?.toISOString() ?? null };
};

export function excludedError(e: RgExclusionDto, lang: 'BN' | 'EN' = 'EN'): ApiError {
  const until = e.until ? e.until.replace('T', ' ').slice(0, 16) + ' UTC' : null;
  const what = e.kind === 'TIMEOUT' ? 'on a time-out' : 'self-excluded';
  const message =
    lang === 'BN'
      ? until
        ? `আপনার অ্যাকাউন্ট ${until} পর্যন্ত বিরতিতে আছে।`
        : 'আপনার অ্যাকাউন্ট স্থায়ীভাবে স্ব-বর্জিত।'
      : until
        ? `Your account is ${what} until ${until}.`
        : 'Your account is permanently self-excluded.';
  return new ApiError(403, 'SELF_EXCLUDED', message, { ...e });
}

/** The exclusion in force for a member, or null (one primary-key lookup; the database's clock). */
export async function exclusionInForce(q: Queryable, memberId: number, now?: Date): Promise<RgExclusionDto | null> {
  const row = await q.one<ProfileRow>(
    `SELECT * FROM rg_profiles WHERE member_id = $1 AND excluded_kind IS NOT NULL
        AND (excluded_until IS NULL OR excluded_until > coalesce($2::timestamptz, now()))`,
    [memberId, now ?? null],
  );
  // the query already chose by the end date: any earlier instant reads the row as in force
  return row ? exclusionDto(row, new Date(0)) : null;
}

/**
 * Whether marketing may reach the member (promotions' mailings, offers, pushes): never while a
 * time-out or self-exclusion is in force. The operators' promotion messages ask here (messages
 * domain); whatever else sends marketing must too (and what promotions, rewards and the points mall pay
 * out is behind centre/guards.ts requireEligibleMember, which calls assertNotExcluded).
 */
export async function mayReceiveMarketing(q: Queryable, memberId: number): Promise<boolean> {
  return (await exclusionInForce(q, memberId)) === null;
}

/** Refuses (SELF_EXCLUDED) a member whose exclusion is in force. */
export async function assertNotExcluded(q: Queryable, memberId: number, now?: Date, lang?: 'BN' | 'EN'): Promise<void> {
  const e = await exclusionInForce(q, memberId, now);
  if (e) throw excludedError(e, lang);
}

/**
 * Every way in ends here (auth's startSession): an excluded member gets no session, and a session
 * of a member with a session time limit ends when the limit is reached.
 */
export async function onSessionStart(q: Queryable, memberId: number, tokenHash: string): Promise<void> {
  const p = await q.one<ProfileRow>(`SELECT * FROM rg_profiles WHERE member_id = $1`, [memberId]);
  if (!p) return;
  const e = await exclusionInForce(q, memberId);
  if (e) throw excludedError(e);
  if (p.session_limit_minutes) {
    await q.query(
      `UPDATE sessions SET expires_at = least(expires_at, created_at + make_interval(mins => $2)) WHERE token_hash = $1`,
      [tokenHash, p.session_limit_minutes],
    );
  }
}

export async function profile(q: Queryable, memberId: number, now: Date): Promise<RgProfileDto> {
  const p = await q.one<ProfileRow>(`SELECT * FROM rg_profiles WHERE member_id = $1`, [memberId]);
  const rows = await limitRows(q, memberId);
  const needs = { DEPOSIT: rows.some((r) => r.kind === 'DEPOSIT'), LOSS: rows.some((r) => r.kind === 'LOSS') };
  const deposits = needs.DEPOSIT ? await countedDeposits(q, memberId, now) : [];
  const losses = needs.LOSS ? await countedLosses(q, memberId, now) : [];
  const limits: RgLimitDto[] = [];
  for (const kind of ['DEPOSIT', 'LOSS'] as const) {
    for (const period of LIMIT_PERIODS) {
      const s = toState(rows.find((r) => r.kind === kind && r.period === period));
      const used = usedIn(period, kind === 'DEPOSIT' ? deposits : losses, now);
      limits.push({
        kind,
        period,
        amount: s.amount?.toString() ?? null,
        used: (used > BigInt(0) ? used : BigInt(0)).toString(),
        pending: s.pending
          ? {
              amount: s.pending.amount?.toString() ?? null,
              effectiveAt: s.pending.effectiveAt.toISOString(),
              confirmable: now.getTime() >= s.pending.effectiveAt.getTime(),
            }
          : null,
      });
    }
  }
  return {
    limits,
    realityCheckMinutes: p?.reality_check_minutes ?? null,
    sessionLimitMinutes: p?.session_limit_minutes ?? null,
    exclusion: p ? exclusionDto(p, now) : null,
    promptDepositLimit: !rows.some((r) => r.kind === 'DEPOSIT'),
  };
}

export type LimitAction = 'SET' | 'CONFIRM' | 'CANCEL';

/** A member's change of one limit (set, confirm a waiting increase, withdraw it), audited. */
export async function changeLimit(
  q: Queryable,
  memberId: number,
  kind: LimitKind,
  period: LimitPeriod,
  action: LimitAction,
  requested: bigint | null,
  now: Date,
  actor: string,
): Promise<{ outcome: string; limit: LimitState }> {
  await ensureProfile(q, memberId);
  const row = (await limitRows(q, memberId, kind)).find((r) => r.period === period);
  const before = toState(row);
  let after: LimitState;
  let outcome: string;
  if (action === 'SET') {
    const r = requestChange(before, requested, now);
    after = r.state;
    outcome = r.outcome;
  } else if (action === 'CONFIRM') {
    const r = confirmChange(before, now);
    if (r.outcome === 'NOTHING_PENDING') throw new ApiError(409, 'NOTHING_PENDING', 'No change is waiting for a confirmation');
    if (r.outcome === 'TOO_EARLY') {
      throw new ApiError(409, 'LIMIT_CHANGE_TOO_EARLY', 'This change can be confirmed once its 24 hours have passed', {
        effectiveAt: before.pending!.effectiveAt.toISOString(),
      });
    }
    after = r.state;
    outcome = r.outcome;
  } else {
    if (!before.pending) throw new ApiError(409, 'NOTHING_PENDING', 'No change is waiting for a confirmation');
    after = cancelChange(before);
    outcome = 'CANCELLED';
  }
  if (outcome !== 'UNCHANGED') {
    await saveLimit(q, memberId, kind, period, after, now);
    const show = (s: LimitState) => ({
      amount: s.amount?.toString() ?? null,
      pending: s.pending
        ? { amount: s.pending.amount?.toString() ?? null, effectiveAt: s.pending.effectiveAt.toISOString() }
        : null,
    });
    await audit(
      q,
      memberId,
      `LIMIT_${action}`,
      { kind, period, requested: requested?.toString() ?? null, outcome, before: show(before), after: show(after) },
      actor,
    );
  }
  return { outcome, limit: after };
}

export async function setRealityCheck(q: Queryable, memberId: number, minutes: number | null, actor: string, now: Date) {
  const p = await ensureProfile(q, memberId);
  await q.query(`UPDATE rg_profiles SET reality_check_minutes = $2, updated_at = $3 WHERE member_id = $1`, [
    memberId,
    minutes,
    now,
  ]);
  await audit(q, memberId, 'REALITY_CHECK_SET', { before: p.reality_check_minutes, after: minutes }, actor);
}

/** A session time limit: applies to the sessions that start from now on, and to the current one. */
export async function setSessionLimit(
  q: Queryable,
  memberId: number,
  minutes: number | null,
  actor: string,
  now: Date,
  currentTokenHash: string | null,
) {
  const p = await ensureProfile(q, memberId);
  await q.query(`UPDATE rg_profiles SET session_limit_minutes = $2, updated_at = $3 WHERE member_id = $1`, [
    memberId,
    minutes,
    now,
  ]);
  if (minutes && currentTokenHash) {
    await q.query(
      `UPDATE sessions SET expires_at = least(expires_at, created_at + make_interval(mins => $2)) WHERE token_hash = $1`,
      [currentTokenHash, minutes],
    );
    // the games this sign-in has open end with it
    await capWalletSessionsToSignins(q, memberId);
  }
  await audit(q, memberId, 'SESSION_LIMIT_SET', { before: p.session_limit_minutes, after: minutes }, actor);
}

/**
 * A time-out or self-exclusion, at once: every session, remember token and game launch of the
 * member is revoked. It can only lengthen what is in force (EXCLUSION_CANNOT_SHORTEN otherwise).
 */
export async function exclude(
  q: Queryable,
  memberId: number,
  period: ExclusionPeriod,
  actor: string,
  now: Date,
): Promise<RgExclusionDto> {
  const kind = exclusionKindOf(period);
  if (!kind) throw new ApiError(400, 'VALIDATION_ERROR', `unknown period ${period}`);
  const p = await ensureProfile(q, memberId);
  const current = exclusionOf(p);
  const next: Exclusion = { kind, until: exclusionEnd(period, now) };
  const r = combineExclusion(excludedAt(current, now) ? current : null, next, now);
  if (!r.lengthened) {
    throw new ApiError(
      409,
      'EXCLUSION_CANNOT_SHORTEN',
      'An exclusion in force cannot be shortened or replaced by a shorter one',
      {
        ...exclusionDto(p, now),
      },
    );
  }
  const from = excludedAt(current, now) ? new Date(p.excluded_from!) : now;
  await q.query(
    `UPDATE rg_profiles SET excluded_kind = $2, excluded_from = $3, excluded_until = $4, excluded_by = $5, updated_at = $6
      WHERE member_id = $1`,
    [memberId, r.exclusion.kind, from, r.exclusion.until, actor, now],
  );
  await revokeMemberSessions(q, memberId);
  await q.query(`UPDATE remember_tokens SET revoked_at = now() WHERE member_id = $1 AND revoked_at IS NULL`, [memberId]);
  await q.query(`UPDATE wallet_sessions SET revoked_at = now() WHERE member_id = $1 AND revoked_at IS NULL`, [memberId]);
  const dto = { kind: r.exclusion.kind, from: from.toISOString(), until: r.exclusion.until?.toISOString() ?? null };
  await audit(q, memberId, 'EXCLUDED', { period, ...dto }, actor);
  return dto;
}

/**
 * The deposit check inside the order's own transaction: locks the member's profile row (so parallel
 * deposits queue and each sees the others' orders), then refuses an excluded member or a deposit
 * over a limit, naming the limit and when it resets. Members without a profile pay one lookup.
 */
export async function checkDeposit(q: Queryable, memberId: number, amount: bigint, now: Date, lang: 'BN' | 'EN'): Promise<void> {
  const p = await q.one<ProfileRow & { deposit_limited: boolean }>(`SELECT * FROM rg_profiles WHERE member_id = $1 FOR UPDATE`, [
    memberId,
  ]);
  if (!p) return;
  const e = exclusionDto(p, now);
  if (e) throw excludedError(e, lang);
  if (!p.deposit_limited) return;
  const rows = await limitRows(q, memberId, 'DEPOSIT');
  const limits = Object.fromEntries(rows.map((r) => [r.period, toState(r)])) as Partial<Record<LimitPeriod, LimitState>>;
  const v = checkLimits(limits, await countedDeposits(q, memberId, now), amount, now);
  if (v.ok) return;
  throw depositLimitError(v.period!, v.limit!, v.remaining!, v.resetsAt ?? null, lang);
}

const PERIOD_WORDS = {
  EN: { DAY: '24-hour', WEEK: '7-day', MONTH: '30-day' },
  BN: { DAY: '২৪ ঘণ্টার', WEEK: '৭ দিনের', MONTH: '৩০ দিনের' },
};

export function depositLimitError(
  period: LimitPeriod,
  limit: bigint,
  remaining: bigint,
  resetsAt: Date | null,
  lang: 'BN' | 'EN',
) {
  const taka = (p: bigint) => `৳${(Number(p) / 100).toFixed(2)}`;
  const when = resetsAt ? resetsAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : null;
  const message =
    lang === 'BN'
      ? `এই ডিপোজিট আপনার ${PERIOD_WORDS.BN[period]} ডিপোজিট সীমা ${taka(limit)} ছাড়িয়ে যাবে` +
        (when ? ` (আবার সম্ভব ${when})` : '')
      : `This deposit would go over your ${PERIOD_WORDS.EN[period]} deposit limit of ${taka(limit)}; ${taka(remaining)} left` +
        (when ? `, it resets at ${when}` : '');
  return new ApiError(409, 'DEPOSIT_LIMIT_REACHED', message, {
    period,
    limit: limit.toString(),
    remaining: remaining.toString(),
    resetsAt: resetsAt?.toISOString() ?? null,
  });
}

/** What the reality check shows: the session's start, and won minus staked since then. */
export async function sessionSummary(q: Queryable, memberId: number, tokenHash: string): Promise<RgSessionDto> {
  const s = await q.one<{ created_at: Date; expires_at: Date; now: Date; limited: number | null; reality: number | null }>(
    `SELECT s.created_at, s.expires_at, now() AS now, p.session_limit_minutes AS limited, p.reality_check_minutes AS reality
       FROM sessions s LEFT JOIN rg_profiles p ON p.member_id = s.member_id WHERE s.token_hash = $1`,
    [tokenHash],
  );
  const net = await q.one<{ net: string }>(
    `SELECT coalesce(sum(payout - stake), 0)::text AS net FROM bet_records
      WHERE member_id = $1 AND placed_at >= $2 AND status <> 'ROLLED_BACK'`,
    [memberId, s!.created_at],
  );
  return {
    startedAt: new Date(s!.created_at).toISOString(),
    now: new Date(s!.now).toISOString(),
    netResult: net!.net,
    realityCheckMinutes: s!.reality ?? null,
    endsAt: s!.limited ? new Date(s!.expires_at).toISOString() : null,
  };
}

/** Ends the member's live connections too (the pages log out at once). */
export function announceLogout(app: FastifyInstance, memberId: number) {
  app.live.disconnectMember(memberId, 'EXCLUDED');
}

export { WINDOW_MS };
