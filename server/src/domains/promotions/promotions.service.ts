// The bonus engine on the database (issue 12): eligibility, joining, what a member qualifies for
// (measured from deposits and bet records since joining), issuing a bonus into the member's BONUS
// wallet, its wagering progress, releasing it into cash once, and what a withdrawal does to an
// unmet bonus. Money moves only through ledger postings keyed by the participation, so a repeat
// moves nothing.
import type { BonusDto, BonusStatus, PromotionKind } from '@khela/api/promotions';
import type { Queryable } from '../../db/db';
import { ApiError } from '../../http/envelope';
import type { LedgerTx } from '../wallet/ledger';
import {
  bonusFor,
  wageringMet,
  wageringProgress,
  wageringRequired,
  type BetsByType,
  type Contribution,
  type RewardRule,
} from './promotions.rules';

export type Lang = 'BN' | 'EN';

export interface PromotionRow {
  id: string | number;
  code: string;
  category: string;
  title_bn: string;
  title_en: string;
  content_bn: string;
  content_en: string;
  starts_at: Date;
  ends_at: Date | null;
  kind: PromotionKind;
  percent_bp: number;
  fixed_amount: string;
  max_bonus: string | null;
  min_amount: string;
  wagering_multiplier: number;
  contribution: Contribution;
  on_withdrawal: 'FORFEIT' | 'BLOCK';
  needs_approval: boolean;
  new_member_days: number | null;
  first_deposit: boolean;
  vip_levels: number[] | null;
  once_per_member: boolean;
  once_per_ip: boolean;
  once_per_device: boolean;
  status: 'ACTIVE' | 'HIDDEN';
  sort: number;
}

export interface ParticipationRow {
  id: string | number;
  promotion_id: string | number;
  member_id: string | number;
  round: number;
  status: BonusStatus | 'JOINED';
  joined_at: Date;
  basis_amount: string;
  bonus_amount: string;
  wagering_required: string;
  contribution: Contribution;
  on_withdrawal: 'FORFEIT' | 'BLOCK';
  applied_at: Date | null;
  issued_at: Date | null;
  claimed_at: Date | null;
  reject_reason: string | null;
}

export const ruleOf = (p: PromotionRow): RewardRule => ({
  kind: p.kind,
  percentBp: p.percent_bp,
  fixedAmount: BigInt(p.fixed_amount),
  maxBonus: p.max_bonus === null ? null : BigInt(p.max_bonus),
  minAmount: BigInt(p.min_amount),
  wageringMultiplier: p.wagering_multiplier,
});

export const findPromotion = (q: Queryable, id: number, lock = false) =>
  q.one<PromotionRow>(`SELECT * FROM promotions WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);

/** The member's latest participation in each promotion (or in one). */
export async function latestParticipations(q: Queryable, memberId: number, promotionId?: number) {
  const rows = await q.query<ParticipationRow>(
    `SELECT DISTINCT ON (promotion_id) * FROM promotion_participations
      WHERE member_id = $1 AND ($2::bigint IS NULL OR promotion_id = $2)
      ORDER BY promotion_id, round DESC`,
    [memberId, promotionId ?? null],
  );
  return new Map(rows.map((r) => [Number(r.promotion_id), r]));
}

/** The member's settled valid bets per game type, placed at or after `since`. */
export async function betsSince(q: Queryable, memberId: number, since: Date): Promise<BetsByType> {
  const rows = await q.query<{ game_type: string; valid: string }>(
    `SELECT game_type, sum(valid_bet)::text AS valid FROM bet_records
      WHERE member_id = $1 AND status = 'SETTLED' AND placed_at >= $2 GROUP BY game_type`,
    [memberId, since],
  );
  return rows.map((r) => ({ gameType: r.game_type, validBet: BigInt(r.valid) }));
}

/** The member's net loss (stakes less payouts) on the game types the contribution names, since `since`. */
async function netLossSince(q: Queryable, memberId: number, since: Date, c: Contribution): Promise<bigint> {
  const types = Object.keys(c).filter((k) => (c[k] ?? 0) > 0);
  const row = await q.one<{ loss: string }>(
    `SELECT coalesce(sum(stake - payout), 0)::text AS loss FROM bet_records
      WHERE member_id = $1 AND status = 'SETTLED' AND placed_at >= $2 AND game_type = ANY($3::text[])`,
    [memberId, since, types],
  );
  const loss = BigInt(row!.loss);
  return loss > BigInt(0) ? loss : BigInt(0);
}

/** The first paid deposit at or after `since` that no promotion used yet. */
async function qualifyingDeposit(q: Queryable, memberId: number, since: Date) {
  return q.one<{ id: string; amount: string }>(
    `SELECT d.id, d.amount::text FROM deposit_orders d
      WHERE d.member_id = $1 AND d.status = 'PAID' AND d.paid_at >= $2
        AND NOT EXISTS (SELECT 1 FROM promotion_participations p WHERE p.deposit_order_id = d.id)
      ORDER BY d.paid_at, d.id LIMIT 1`,
    [memberId, since],
  );
}

/** What a JOINED participation qualifies for now: the basis, the bonus, and the deposit it uses. */
export async function qualification(
  q: Queryable,
  promo: PromotionRow,
  p: ParticipationRow,
): Promise<{ basis: bigint; bonus: bigint; depositId: number | null }> {
  const rule = ruleOf(promo);
  const memberId = Number(p.member_id);
  let basis = BigInt(0);
  let depositId: number | null = null;
  if (promo.kind === 'DEPOSIT_MATCH') {
    const d = await qualifyingDeposit(q, memberId, p.joined_at);
    if (d) {
      basis = BigInt(d.amount);
      depositId = Number(d.id);
    }
  } else if (promo.kind === 'CASHBACK') {
    basis = await netLossSince(q, memberId, p.joined_at, promo.contribution);
  } else if (promo.kind === 'REBATE' || promo.kind === 'FIXED') {
    basis = wageringProgress(await betsSince(q, memberId, p.joined_at), promo.contribution);
  }
  return { basis, bonus: bonusFor(rule, basis), depositId };
}

/** The wagering an ISSUED bonus has done: contributed valid bets placed since it was issued. */
export async function wageringDone(q: Queryable, p: ParticipationRow): Promise<bigint> {
  if (!p.issued_at) return BigInt(0);
  return wageringProgress(await betsSince(q, Number(p.member_id), p.issued_at), p.contribution);
}

interface MemberFacts {
  created_at: Date;
  vip_level: number;
  deposits: number;
}

export const memberFacts = (q: Queryable, memberId: number) =>
  q.one<MemberFacts>(
    `SELECT m.created_at, m.vip_level,
            (SELECT count(*)::int FROM deposit_orders d WHERE d.member_id = m.id AND d.status = 'PAID') AS deposits
       FROM members m WHERE m.id = $1`,
    [memberId],
  );

/** Why the member may not join (null: they may). */
export function ineligibility(promo: PromotionRow, m: MemberFacts, now: Date): string | null {
  if (promo.new_member_days !== null && now.getTime() - m.created_at.getTime() > promo.new_member_days * 86_400_000)
    return 'NOT_NEW_MEMBER';
  if (promo.first_deposit && m.deposits > 0) return 'NOT_FIRST_DEPOSIT';
  if (promo.vip_levels && promo.vip_levels.length && !promo.vip_levels.includes(m.vip_level)) return 'VIP_LEVEL';
  return null;
}

/** The unique index keeping one bonus under wagering per member (migration 0048). */
const ONE_WAGERING = 'promotion_participations_one_wagering';

const violates = (err: unknown, constraint: string) =>
  (err as { code?: string }).code === '23505' &&
  ((err as { constraint?: string }).constraint === constraint || String((err as Error).message).includes(constraint));

const bonusInProgress = () => new ApiError(409, 'BONUS_IN_PROGRESS', 'Finish the wagering of your current bonus first');

/** An ISSUED or APPLYING bonus with wagering the member still owes, other than `except`. */
const pendingBonus = (q: Queryable, memberId: number, except: number) =>
  q.one<{ id: string }>(
    `SELECT id FROM promotion_participations
      WHERE member_id = $1 AND id <> $2 AND status IN ('ISSUED', 'APPLYING') AND wagering_required > 0 LIMIT 1`,
    [memberId, except],
  );

/**
 * Issues a participation's bonus (APPLYING or a JOINED one qualifying without approval): with no
 * wagering it goes to cash at once (CLAIMED), else into the BONUS wallet (ISSUED).
 */
export async function issue(tx: LedgerTx, p: ParticipationRow, by: string): Promise<BonusStatus> {
  const bonus = BigInt(p.bonus_amount);
  const required = BigInt(p.wagering_required);
  const memberId = Number(p.member_id);
  const toCash = required === BigInt(0);
  if (bonus > BigInt(0)) {
    await tx.post({
      key: `promo:issue:${p.id}`,
      kind: 'BONUS',
      memberId,
      reference: `PROMO-${p.promotion_id}`,
      memo: 'promotion bonus',
      createdBy: by,
      meta: { participation: Number(p.id), promotion: Number(p.promotion_id) },
      legs: [
        { account: { member: memberId, wallet: toCash ? 'MAIN' : 'BONUS' }, amount: bonus },
        { account: { house: 'PROMOTIONS' }, amount: -bonus },
      ],
    });
  }
  const status: BonusStatus = toCash ? 'CLAIMED' : 'ISSUED';
  await tx.q.query(
    `UPDATE promotion_participations SET status = $2, issued_at = now(), claimed_at = CASE WHEN $2 = 'CLAIMED' THEN now() END
      WHERE id = $1`,
    [p.id, status],
  );
  return status;
}

/** JOINED → APPLYING or issued, with what the member qualifies for now. */
export async function claimPromotion(tx: LedgerTx, memberId: number, promotionId: number, now: Date) {
  const promo = await findPromotion(tx.q, promotionId);
  if (!promo || promo.status !== 'ACTIVE') throw new ApiError(404, 'PROMOTION_NOT_FOUND', 'No such promotion');
  const p = await tx.q.one<ParticipationRow>(
    `SELECT * FROM promotion_participations WHERE promotion_id = $1 AND member_id = $2 ORDER BY round DESC LIMIT 1 FOR UPDATE`,
    [promotionId, memberId],
  );
  if (!p || p.status !== 'JOINED') throw new ApiError(409, 'NOT_JOINED', 'Join the promotion first');
  if (promo.ends_at && now >= promo.ends_at) throw new ApiError(409, 'PROMOTION_ENDED', 'The promotion has ended');
  const q = await qualification(tx.q, promo, p);
  if (q.bonus <= BigInt(0)) throw new ApiError(409, 'NOT_QUALIFIED', 'Nothing to claim yet');
  const required = wageringRequired(q.bonus, promo.wagering_multiplier);
  if (required > BigInt(0) && (await pendingBonus(tx.q, memberId, Number(p.id)))) throw bonusInProgress();
  await tx.q
    .query(
      `UPDATE promotion_participations SET basis_amount = $2, bonus_amount = $3, wagering_required = $4, contribution = $5,
              on_withdrawal = $6, deposit_order_id = $7, applied_at = now(), status = 'APPLYING' WHERE id = $1`,
      [
        p.id,
        q.basis.toString(),
        q.bonus.toString(),
        required.toString(),
        JSON.stringify(promo.contribution),
        promo.on_withdrawal,
        q.depositId,
      ],
    )
    .catch((err: unknown) => {
      // a twin application of another promotion committed first (the database's one-wagering index)
      if (violates(err, ONE_WAGERING)) throw bonusInProgress();
      throw err;
    });
  const applied = (await tx.q.one<ParticipationRow>(`SELECT * FROM promotion_participations WHERE id = $1`, [p.id]))!;
  if (promo.needs_approval) return { status: 'APPLYING' as BonusStatus, bonus: q.bonus };
  return { status: await issue(tx, applied, `member:${memberId}`), bonus: q.bonus };
}

/** Moves an ISSUED bonus whose wagering is met into cash, once (a repeat or a twin: ALREADY_CLAIMED). */
export async function releaseBonus(tx: LedgerTx, memberId: number, participationId: number) {
  const p = await tx.q.one<ParticipationRow>(
    `SELECT * FROM promotion_participations WHERE id = $1 AND member_id = $2 FOR UPDATE`,
    [participationId, memberId],
  );
  if (!p) throw new ApiError(404, 'REWARD_NOT_FOUND', 'No such reward');
  if (p.status === 'CLAIMED') throw new ApiError(409, 'ALREADY_CLAIMED', 'This reward was claimed already');
  if (p.status !== 'ISSUED') throw new ApiError(409, 'NOT_CLAIMABLE', 'This reward cannot be claimed');
  const done = await wageringDone(tx.q, p);
  const required = BigInt(p.wagering_required);
  if (!wageringMet(done, required)) {
    throw new ApiError(409, 'WAGERING_NOT_MET', 'Wager more before claiming', {
      required: required.toString(),
      done: done.toString(),
    });
  }
  const bonus = BigInt(p.bonus_amount);
  const posted = await tx.post({
    key: `promo:release:${p.id}`,
    kind: 'BONUS_RELEASE',
    memberId,
    reference: `PROMO-${p.promotion_id}`,
    memo: 'bonus released',
    createdBy: `member:${memberId}`,
    meta: { participation: Number(p.id) },
    legs: [
      { account: { member: memberId, wallet: 'BONUS' }, amount: -bonus },
      { account: { member: memberId }, amount: bonus },
    ],
  });
  await tx.q.query(`UPDATE promotion_participations SET status = 'CLAIMED', claimed_at = now() WHERE id = $1`, [p.id]);
  const main = posted.balances.find((b) => b.wallet === 'MAIN');
  return { amount: bonus, balance: main?.balance ?? BigInt(0) };
}

/**
 * Before a withdrawal (in its transaction): every bonus still wagering either blocks it
 * (BONUS_WAGERING_PENDING) or is forfeited back to the house, as its rule says. A bonus whose
 * wagering is met stays claimable.
 */
export async function settleBonusesForWithdrawal(tx: LedgerTx, memberId: number): Promise<void> {
  const issued = await tx.q.query<ParticipationRow>(
    `SELECT * FROM promotion_participations WHERE member_id = $1 AND status = 'ISSUED' ORDER BY id FOR UPDATE`,
    [memberId],
  );
  for (const p of issued) {
    const done = await wageringDone(tx.q, p);
    const required = BigInt(p.wagering_required);
    if (wageringMet(done, required)) continue;
    if (p.on_withdrawal === 'BLOCK') {
      throw new ApiError(409, 'BONUS_WAGERING_PENDING', 'Finish the wagering of your bonus before withdrawing', {
        required: required.toString(),
        done: done.toString(),
      });
    }
    const bonus = BigInt(p.bonus_amount);
    if (bonus > BigInt(0)) {
      await tx.post({
        key: `promo:forfeit:${p.id}`,
        kind: 'BONUS_FORFEIT',
        memberId,
        reference: `PROMO-${p.promotion_id}`,
        memo: 'unmet bonus forfeited on withdrawal',
        createdBy: `member:${memberId}`,
        legs: [
          { account: { member: memberId, wallet: 'BONUS' }, amount: -bonus },
          { account: { house: 'PROMOTIONS' }, amount: bonus },
        ],
      });
    }
    await tx.q.query(`UPDATE promotion_participations SET status = 'FORFEITED', decided_at = now() WHERE id = $1`, [p.id]);
  }
}

/** A participation as the member centre shows it. */
export async function bonusDto(q: Queryable, p: ParticipationRow & { title: string; kind: PromotionKind }): Promise<BonusDto> {
  const required = BigInt(p.wagering_required);
  const done = p.status === 'ISSUED' ? await wageringDone(q, p) : p.status === 'CLAIMED' ? required : BigInt(0);
  return {
    id: Number(p.id),
    promotionId: Number(p.promotion_id),
    title: p.title,
    kind: p.kind,
    status: p.status as BonusStatus,
    bonus: String(p.bonus_amount),
    wageringRequired: required.toString(),
    wageringDone: (done > required ? required : done).toString(),
    claimable: p.status === 'ISSUED' && wageringMet(done, required),
    onWithdrawal: p.on_withdrawal,
    appliedAt: p.applied_at ? p.applied_at.toISOString() : null,
    issuedAt: p.issued_at ? p.issued_at.toISOString() : null,
    claimedAt: p.claimed_at ? p.claimed_at.toISOString() : null,
    rejectReason: p.reject_reason,
  };
}

/** Every bonus of the member (not the bare JOINED ones), newest first. */
export async function memberBonuses(q: Queryable, memberId: number, lang: Lang): Promise<BonusDto[]> {
  const rows = await q.query<ParticipationRow & { title: string; kind: PromotionKind }>(
    `SELECT p.*, CASE WHEN $2 = 'EN' THEN pr.title_en ELSE pr.title_bn END AS title, pr.kind
       FROM promotion_participations p JOIN promotions pr ON pr.id = p.promotion_id
      WHERE p.member_id = $1 AND p.status <> 'JOINED' ORDER BY coalesce(p.applied_at, p.joined_at) DESC, p.id DESC LIMIT 200`,
    [memberId, lang],
  );
  return Promise.all(rows.map((r) => bonusDto(q, r)));
}
