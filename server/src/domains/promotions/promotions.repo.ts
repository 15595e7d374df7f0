// The promotions domain's SQL that its routes ran themselves: the operators' promotions and
// applications, VIP levels, the points mall's settings, rewards and redemptions, and the member's
// lists. The rules and the money live in the services (promotions.service.ts, points.service.ts);
// the routes decide and answer; this module reads and writes.
import type { Queryable } from '../../db/db';
import type { RedemptionRow } from './points.service';
import type { ParticipationRow, PromotionRow } from './promotions.service';

type Row = Record<string, unknown>;

/** Every promotion, as the operators list them. */
export async function allPromotions(q: Queryable): Promise<PromotionRow[]> {
  return q.query<PromotionRow>(`SELECT * FROM promotions ORDER BY sort, id`);
}

/** The active promotions of a category (all of them for null or 'all'). */
export async function activePromotions(q: Queryable, category: string | null): Promise<PromotionRow[]> {
  return q.query<PromotionRow>(
    `SELECT * FROM promotions WHERE status = 'ACTIVE' AND ($1::text IS NULL OR $1 = 'all' OR category = $1)
      ORDER BY sort, id`,
    [category],
  );
}

/** Creates a promotion from columns already checked (names from a fixed list, never from a request). */
export async function insertPromotion(q: Queryable, cols: string[], vals: unknown[]): Promise<PromotionRow> {
  const row = await q.one<PromotionRow>(
    `INSERT INTO promotions (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`,
    vals,
  );
  return row!;
}

/** Changes a promotion's columns (names from a fixed list); null when there is no such promotion. */
export async function updatePromotion(q: Queryable, id: number, cols: string[], vals: unknown[]): Promise<PromotionRow | null> {
  return q.one<PromotionRow>(
    `UPDATE promotions SET ${cols.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1 RETURNING *`,
    [id, ...vals],
  );
}

/** The applications waiting for an operator, oldest first. */
export async function pendingApplications(q: Queryable): Promise<Row[]> {
  return q.query(
    `SELECT p.id, p.promotion_id, pr.code, m.account, p.basis_amount::text, p.bonus_amount::text, p.wagering_required::text, p.applied_at
       FROM promotion_participations p JOIN promotions pr ON pr.id = p.promotion_id JOIN members m ON m.id = p.member_id
      WHERE p.status = 'APPLYING' ORDER BY p.applied_at, p.id`,
  );
}

/** A participation locked for the transaction, or null. */
export async function lockParticipation(q: Queryable, id: number): Promise<ParticipationRow | null> {
  return q.one<ParticipationRow>(`SELECT * FROM promotion_participations WHERE id = $1 FOR UPDATE`, [id]);
}

/** Records an operator's decision on an application (a rejection also sets it REJECTED). */
export async function decideApplication(
  q: Queryable,
  id: number | string,
  by: string,
  reject: { reason: string | null } | null,
): Promise<void> {
  await q.query(`UPDATE promotion_participations SET decided_at = now(), decided_by = $2, reject_reason = $3 WHERE id = $1`, [
    id,
    by,
    reject ? reject.reason : null,
  ]);
  if (reject) await q.query(`UPDATE promotion_participations SET status = 'REJECTED' WHERE id = $1`, [id]);
}

export interface NewParticipation {
  promotionId: number | string;
  memberId: number;
  round: number;
  joinedAt: Date;
  ipKey: string | null;
  deviceKey: string | null;
}

/** A member joins a promotion (status JOINED). */
export async function insertParticipation(q: Queryable, p: NewParticipation): Promise<void> {
  await q.query(
    `INSERT INTO promotion_participations (promotion_id, member_id, round, status, joined_at, ip_key, device_key)
     VALUES ($1, $2, $3, 'JOINED', $4, $5, $6)`,
    [p.promotionId, p.memberId, p.round, p.joinedAt, p.ipKey, p.deviceKey],
  );
}

/** The member's bonuses issued and still under wagering. */
export async function issuedParticipations(q: Queryable, memberId: number): Promise<ParticipationRow[]> {
  return q.query<ParticipationRow>(`SELECT * FROM promotion_participations WHERE member_id = $1 AND status = 'ISSUED'`, [
    memberId,
  ]);
}

/** Sets an account's VIP level: the member's id, account and level, or null for an unknown account. */
export async function setVipLevel(q: Queryable, account: string, level: number): Promise<Row | null> {
  return q.one(`UPDATE members SET vip_level = $2 WHERE account = $1 RETURNING id, account, vip_level`, [account, level]);
}

/** Changes the points settings (a null keeps the value). */
export async function updatePointSettings(
  q: Queryable,
  poishaPerPoint: string | null,
  minConvert: string | null,
): Promise<{ poisha_per_point: string; min_convert: string } | null> {
  return q.one<{ poisha_per_point: string; min_convert: string }>(
    `UPDATE point_settings SET poisha_per_point = coalesce($1::bigint, poisha_per_point),
            min_convert = coalesce($2::bigint, min_convert), updated_at = now() WHERE id = 1
     RETURNING poisha_per_point::text, min_convert::text`,
    [poishaPerPoint, minConvert],
  );
}

export interface NewReward {
  titleBn: string;
  titleEn: string;
  detailBn: string;
  detailEn: string;
  points: string;
  stock: number;
}

export async function insertReward(q: Queryable, r: NewReward): Promise<{ id: number; stock: number }> {
  const row = await q.one<{ id: number; stock: number }>(
    `INSERT INTO point_rewards (title_bn, title_en, detail_bn, detail_en, points, stock) VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING id, stock`,
    [r.titleBn, r.titleEn, r.detailBn, r.detailEn, r.points, r.stock],
  );
  return row!;
}

/** A reward's English title (null for an unknown reward). */
export async function rewardTitle(q: Queryable, rewardId: number): Promise<string | null> {
  const row = await q.one<{ title: string }>(`SELECT title_en AS title FROM point_rewards WHERE id = $1`, [rewardId]);
  return row?.title ?? null;
}

/** The operators' list of redemptions, newest first (500 at most). */
export async function opsRedemptions(q: Queryable, status: string | null, account: string | null): Promise<Row[]> {
  return q.query(
    `SELECT r.id, m.account, r.reward_id, w.title_en, w.title_bn, r.quantity, r.points::text, r.status, r.created_at,
            r.decided_at, r.decided_by
       FROM point_redemptions r JOIN members m ON m.id = r.member_id JOIN point_rewards w ON w.id = r.reward_id
      WHERE ($1::text IS NULL OR r.status = $1) AND ($2::text IS NULL OR m.account = $2)
      ORDER BY r.created_at DESC, r.id DESC LIMIT 500`,
    [status, account],
  );
}

/** The member's last 100 redemptions with the reward's title in the language. */
export async function memberRedemptions(
  q: Queryable,
  memberId: number,
  lang: 'BN' | 'EN',
): Promise<(RedemptionRow & { title: string })[]> {
  return q.query<RedemptionRow & { title: string }>(
    `SELECT d.*, CASE WHEN $2 = 'EN' THEN r.title_en ELSE r.title_bn END AS title
       FROM point_redemptions d JOIN point_rewards r ON r.id = d.reward_id
      WHERE d.member_id = $1 ORDER BY d.id DESC LIMIT 100`,
    [memberId, lang],
  );
}

/** The exchange-rate table by VIP level. */
export async function pointRates(q: Queryable): Promise<{ vip_level: number; poisha_per_point: string }[]> {
  return q.query<{ vip_level: number; poisha_per_point: string }>(
    `SELECT vip_level, poisha_per_point::text FROM point_rates ORDER BY vip_level`,
  );
}
