// The promotions domain's SQL that its routes ran themselves: the operators' promotions and
// applications, VIP levels, the points mall's settings, rewards and redemptions, the member's
// lists, raffles, missions and red envelopes. The rules and the money live in the services (promotions.service.ts, points.service.ts);
// the routes decide and answer; this module reads and writes.
import type { PointEntryDto } from '@khela/api/promotions';
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

export interface RewardRow {
  id: string;
  title_bn: string;
  title_en: string;
  detail_bn: string;
  detail_en: string;
  points: string;
  stock: number;
  max_per_redeem: number;
}

/** The active rewards of the points mall. */
export async function activeRewards(q: Queryable): Promise<RewardRow[]> {
  return q.query<RewardRow>(`SELECT * FROM point_rewards WHERE status = 'ACTIVE' ORDER BY sort, id`);
}

export interface PointEntryRow {
  id: string;
  kind: PointEntryDto['kind'];
  delta: string;
  balance_after: string;
  created_at: Date;
}

/** The member's last 100 points entries, newest first. */
export async function pointEntries(q: Queryable, memberId: number): Promise<PointEntryRow[]> {
  return q.query<PointEntryRow>(
    `SELECT id, kind, delta::text, balance_after::text, created_at FROM point_entries WHERE member_id = $1 ORDER BY id DESC LIMIT 100`,
    [memberId],
  );
}

/** The exchange-rate table by VIP level. */
export async function pointRates(q: Queryable): Promise<{ vip_level: number; poisha_per_point: string }[]> {
  return q.query<{ vip_level: number; poisha_per_point: string }>(
    `SELECT vip_level, poisha_per_point::text FROM point_rates ORDER BY vip_level`,
  );
}

// ---- raffles

export interface RaffleRow {
  id: string;
  title_bn: string;
  title_en: string;
  starts_at: Date;
  ends_at: Date;
  poisha_per_ticket: string;
  max_tickets: number;
  prize_list: string[];
  status: 'OPEN' | 'DRAWN';
}

/** The valid bets of a member (or of every entered member) placed in the raffle's window. */
export const validInWindow = (q: Queryable, r: RaffleRow, memberId: number | null) =>
  q.query<{ member_id: string; valid: string }>(
    `SELECT e.member_id, coalesce(sum(b.valid_bet), 0)::text AS valid
       FROM (SELECT $1::bigint AS member_id WHERE $1 IS NOT NULL
             UNION SELECT member_id FROM raffle_entries WHERE raffle_id = $4 AND $1 IS NULL) e
       LEFT JOIN bet_records b ON b.member_id = e.member_id AND b.status = 'SETTLED'
        AND b.placed_at >= $2 AND b.placed_at < $3
      GROUP BY e.member_id ORDER BY e.member_id`,
    [memberId, r.starts_at, r.ends_at, r.id],
  );

/** The raffles a member sees (started; open, or drawn in the last 7 days), newest end first, with whether it entered. */
export async function visibleRaffles(q: Queryable, memberId: number, now: Date): Promise<(RaffleRow & { entered: boolean })[]> {
  return q.query<RaffleRow & { entered: boolean }>(
    `SELECT r.*, r.prizes::text[] AS prize_list,
            EXISTS (SELECT 1 FROM raffle_entries e WHERE e.raffle_id = r.id AND e.member_id = $1) AS entered
       FROM raffles r
      WHERE r.starts_at <= $2 AND (r.status = 'OPEN' OR r.drawn_at > $2::timestamptz - interval '7 days')
      ORDER BY r.ends_at DESC, r.id DESC LIMIT 20`,
    [memberId, now],
  );
}

/** A drawn raffle's winners by place. */
export async function raffleWinners(
  q: Queryable,
  raffleId: string | number,
): Promise<{ place: number; member_id: string; account: string; prize: string }[]> {
  return q.query<{ place: number; member_id: string; account: string; prize: string }>(
    `SELECT w.place, w.member_id, m.account, w.prize::text FROM raffle_winners w JOIN members m ON m.id = w.member_id
      WHERE w.raffle_id = $1 ORDER BY w.place`,
    [raffleId],
  );
}

/** A raffle locked for the transaction (FOR SHARE to enter it, FOR UPDATE to draw it), or null. */
export async function lockRaffle(q: Queryable, id: number, mode: 'share' | 'update'): Promise<RaffleRow | null> {
  return mode === 'share'
    ? q.one<RaffleRow>(`SELECT *, prizes::text[] AS prize_list FROM raffles WHERE id = $1 FOR SHARE`, [id])
    : q.one<RaffleRow>(`SELECT *, prizes::text[] AS prize_list FROM raffles WHERE id = $1 FOR UPDATE`, [id]);
}

/** Enters a member into a raffle: false when it was entered already. */
export async function enterRaffle(q: Queryable, raffleId: string | number, memberId: number): Promise<boolean> {
  const entered = await q.one(
    `INSERT INTO raffle_entries (raffle_id, member_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING member_id`,
    [raffleId, memberId],
  );
  return !!entered;
}

/** The operators' list of raffles (200 at most), newest end first, with entries and winners counted. */
export async function opsRaffles(q: Queryable): Promise<Row[]> {
  return q.query(
    `SELECT r.id, r.title_en, r.starts_at, r.ends_at, r.poisha_per_ticket::text, r.max_tickets, r.prizes::text[] AS prizes,
            r.status, r.drawn_at, r.drawn_by,
            (SELECT count(*)::int FROM raffle_entries e WHERE e.raffle_id = r.id) AS entries,
            (SELECT count(*)::int FROM raffle_winners w WHERE w.raffle_id = r.id) AS winners
       FROM raffles r ORDER BY r.ends_at DESC, r.id DESC LIMIT 200`,
  );
}

export interface NewRaffle {
  titleBn: string;
  titleEn: string;
  startsAt: string;
  endsAt: string;
  poishaPerTicket: string;
  maxTickets: number;
  prizes: string[];
  createdBy: string;
}

export async function insertRaffle(q: Queryable, r: NewRaffle): Promise<{ id: string }> {
  const row = await q.one<{ id: string }>(
    `INSERT INTO raffles (title_bn, title_en, starts_at, ends_at, poisha_per_ticket, max_tickets, prizes, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7::bigint[], $8) RETURNING id`,
    [r.titleBn, r.titleEn, r.startsAt, r.endsAt, r.poishaPerTicket, r.maxTickets, r.prizes, r.createdBy],
  );
  return row!;
}

/** Ends an open, started raffle's ticket window at `now`: null when it is not open. */
export async function endRaffle(q: Queryable, id: number, now: Date): Promise<{ id: string; ends_at: Date } | null> {
  return q.one<{ id: string; ends_at: Date }>(
    `UPDATE raffles SET ends_at = $2 WHERE id = $1 AND status = 'OPEN' AND ends_at > $2 AND starts_at < $2
     RETURNING id, ends_at`,
    [id, now],
  );
}

export async function setEntryTickets(q: Queryable, raffleId: string | number, memberId: number, tickets: number): Promise<void> {
  await q.query(`UPDATE raffle_entries SET tickets = $3 WHERE raffle_id = $1 AND member_id = $2`, [raffleId, memberId, tickets]);
}

export async function insertRaffleWinner(
  q: Queryable,
  raffleId: string | number,
  place: number,
  memberId: number,
  prize: bigint,
  tickets: number,
): Promise<void> {
  await q.query(`INSERT INTO raffle_winners (raffle_id, place, member_id, prize, tickets) VALUES ($1, $2, $3, $4, $5)`, [
    raffleId,
    place,
    memberId,
    prize.toString(),
    tickets,
  ]);
}

export async function markRaffleDrawn(q: Queryable, raffleId: string | number, by: string): Promise<void> {
  await q.query(`UPDATE raffles SET status = 'DRAWN', drawn_at = now(), drawn_by = $2 WHERE id = $1`, [raffleId, by]);
}

// ---- missions and the leaderboard

export interface MissionRow {
  id: string;
  code: string;
  title_bn: string;
  title_en: string;
  game_type: string | null;
  target: string;
  reward: string;
  period: 'DAY' | 'WEEK';
  period_start: Date;
  period_end: Date;
  progress: string;
  claimed: boolean;
}

/** The period's bounds in Asia/Dhaka, as SQL over `$now`. */
const bounds = (period: string, now: string) =>
  `(date_trunc(${period}, ${now} AT TIME ZONE 'Asia/Dhaka') AT TIME ZONE 'Asia/Dhaka')`;

/** The member's missions with this period's progress and whether they were claimed. */
export async function memberMissions(q: Queryable, memberId: number, now: Date, missionId?: number): Promise<MissionRow[]> {
  return q.query<MissionRow>(
    `WITH m AS (
       SELECT mi.*, ${bounds(`lower(mi.period)`, '$2::timestamptz')} AS period_start FROM missions mi
        WHERE mi.status = 'ACTIVE' AND ($3::bigint IS NULL OR mi.id = $3))
     SELECT m.id, m.code, m.title_bn, m.title_en, m.game_type, m.target::text, m.reward::text, m.period, m.period_start,
            m.period_start + CASE WHEN m.period = 'DAY' THEN interval '1 day' ELSE interval '7 days' END AS period_end,
            (SELECT coalesce(sum(b.valid_bet), 0)::text FROM bet_records b
              WHERE b.member_id = $1 AND b.status = 'SETTLED' AND b.placed_at >= m.period_start AND b.placed_at <= $2
                AND (m.game_type IS NULL OR b.game_type = m.game_type)) AS progress,
            EXISTS (SELECT 1 FROM mission_claims c WHERE c.mission_id = m.id AND c.member_id = $1
                      AND c.period_start = m.period_start) AS claimed
       FROM m ORDER BY m.sort, m.id`,
    [memberId, now, missionId ?? null],
  );
}

/** A member's claim of a mission's reward for the period: false when it was claimed already. */
export async function insertMissionClaim(q: Queryable, m: MissionRow, memberId: number): Promise<boolean> {
  const claimed = await q.one(
    `INSERT INTO mission_claims (mission_id, member_id, period_start, reward) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING id`,
    [m.id, memberId, m.period_start, m.reward],
  );
  return !!claimed;
}

/** The period's top 10 real members by settled valid bets, and the period's start. */
export async function leaderboard(
  q: Queryable,
  period: 'DAY' | 'WEEK',
  now: Date,
): Promise<{ start: Date; rows: { member_id: string; account: string; valid: string; start: Date }[] }> {
  const rows = await q.query<{ member_id: string; account: string; valid: string; start: Date }>(
    `WITH p AS (SELECT ${bounds('$1', '$2::timestamptz')} AS start)
     SELECT b.member_id, m.account, sum(b.valid_bet)::text AS valid, p.start
       FROM p, bet_records b JOIN members m ON m.id = b.member_id
      WHERE b.status = 'SETTLED' AND b.placed_at >= p.start AND b.placed_at <= $2 AND b.valid_bet > 0 AND m.type <> 4
      GROUP BY b.member_id, m.account, p.start ORDER BY sum(b.valid_bet) DESC, b.member_id LIMIT 10`,
    [period.toLowerCase(), now],
  );
  const start = await q.one<{ start: Date }>(`SELECT ${bounds('$1', '$2::timestamptz')} AS start`, [period.toLowerCase(), now]);
  return { start: start!.start, rows };
}

/** The operators' list of missions with their claims counted. */
export async function opsMissions(q: Queryable): Promise<Row[]> {
  return q.query(
    `SELECT mi.id, mi.code, mi.title_bn, mi.title_en, mi.game_type, mi.target::text, mi.reward::text, mi.period, mi.status,
            mi.sort, (SELECT count(*)::int FROM mission_claims c WHERE c.mission_id = mi.id) AS claims
       FROM missions mi ORDER BY mi.status, mi.sort, mi.id`,
  );
}

export interface NewMission {
  code: string;
  titleBn: string;
  titleEn: string;
  gameType: string | null;
  target: string;
  reward: string;
  period: 'DAY' | 'WEEK';
  sort: number;
}

/** Creates a mission (a taken code rejects with the database's unique violation, 23505). */
export async function insertMission(q: Queryable, m: NewMission): Promise<{ id: string; code: string; status: string }> {
  const row = await q.one<{ id: string; code: string; status: string }>(
    `INSERT INTO missions (code, title_bn, title_en, game_type, target, reward, period, sort)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id, code, status`,
    [m.code, m.titleBn, m.titleEn, m.gameType, m.target, m.reward, m.period, m.sort],
  );
  return row!;
}

/** A mission's status, or null for no such mission. */
export async function missionStatus(q: Queryable, id: number): Promise<string | null> {
  const row = await q.one<{ status: string }>(`SELECT status FROM missions WHERE id = $1`, [id]);
  return row?.status ?? null;
}

/** Hides an active mission: null when it was not active. */
export async function closeMission(q: Queryable, id: number): Promise<{ id: string; code: string; status: string } | null> {
  return q.one<{ id: string; code: string; status: string }>(
    `UPDATE missions SET status = 'HIDDEN' WHERE id = $1 AND status = 'ACTIVE' RETURNING id, code, status`,
    [id],
  );
}

// ---- red envelopes

export interface EnvelopeRow {
  id: string;
  title_bn: string;
  title_en: string;
  starts_at: Date;
  ends_at: Date;
  min_amount: string;
  max_amount: string;
  remaining: string;
  claimed: string | null;
  closed_at: Date | null;
}

/** The envelopes open now or starting within a day (20 at most), with what the member claimed of each. */
export async function upcomingEnvelopes(q: Queryable, memberId: number, now: Date): Promise<EnvelopeRow[]> {
  return q.query<EnvelopeRow>(
    `SELECT e.*, c.amount::text AS claimed FROM red_envelopes e
       LEFT JOIN red_envelope_claims c ON c.envelope_id = e.id AND c.member_id = $1
      WHERE e.ends_at > $2 AND e.starts_at < $2 + interval '1 day' AND e.closed_at IS NULL ORDER BY e.starts_at, e.id LIMIT 20`,
    [memberId, now],
  );
}

/** An envelope locked for the transaction, or null. */
export async function lockEnvelope(q: Queryable, id: number): Promise<EnvelopeRow | null> {
  return q.one<EnvelopeRow>(`SELECT * FROM red_envelopes WHERE id = $1 FOR UPDATE`, [id]);
}

export async function envelopeClaimed(q: Queryable, envelopeId: string | number, memberId: number): Promise<boolean> {
  return !!(await q.one(`SELECT 1 FROM red_envelope_claims WHERE envelope_id = $1 AND member_id = $2`, [envelopeId, memberId]));
}

/** Takes `amount` from the envelope and records the member's claim. */
export async function claimEnvelope(q: Queryable, envelopeId: string | number, memberId: number, amount: bigint): Promise<void> {
  await q.query(`UPDATE red_envelopes SET remaining = remaining - $2 WHERE id = $1`, [envelopeId, amount.toString()]);
  await q.query(`INSERT INTO red_envelope_claims (envelope_id, member_id, amount) VALUES ($1, $2, $3)`, [
    envelopeId,
    memberId,
    amount.toString(),
  ]);
}

/** The operators' list of drops (200 at most), newest first, with the claims counted and the state. */
export async function opsEnvelopes(q: Queryable): Promise<Row[]> {
  return q.query(
    `SELECT e.id, e.title_bn, e.title_en, e.starts_at, e.ends_at, e.min_amount::text, e.max_amount::text, e.budget::text,
            e.remaining::text, e.created_by, e.closed_at, e.closed_by,
            (SELECT count(*)::int FROM red_envelope_claims c WHERE c.envelope_id = e.id) AS claims,
            CASE WHEN e.closed_at IS NOT NULL THEN 'CLOSED' WHEN e.ends_at <= now() THEN 'ENDED'
                 WHEN e.starts_at > now() THEN 'SCHEDULED' ELSE 'OPEN' END AS state
       FROM red_envelopes e ORDER BY e.starts_at DESC, e.id DESC LIMIT 200`,
  );
}

/** An envelope's closing and end, locked for the transaction; null for no such envelope. */
export async function lockEnvelopeState(q: Queryable, id: number): Promise<{ closed_at: Date | null; ends_at: Date } | null> {
  return q.one<{ closed_at: Date | null; ends_at: Date }>(
    `SELECT closed_at, ends_at FROM red_envelopes WHERE id = $1 FOR UPDATE`,
    [id],
  );
}

export async function closeEnvelope(q: Queryable, id: number, by: string): Promise<Row | null> {
  return q.one(
    `UPDATE red_envelopes SET closed_at = now(), closed_by = $2 WHERE id = $1
     RETURNING id, closed_at, closed_by, remaining::text`,
    [id, by],
  );
}

export interface NewEnvelope {
  titleBn: string;
  titleEn: string;
  startsAt: string;
  endsAt: string;
  minAmount: string;
  maxAmount: string;
  budget: string;
  createdBy: string;
}

/** Schedules a drop (its remaining starts at the budget). */
export async function insertEnvelope(q: Queryable, e: NewEnvelope): Promise<{ id: string }> {
  const row = await q.one<{ id: string }>(
    `INSERT INTO red_envelopes (title_bn, title_en, starts_at, ends_at, min_amount, max_amount, budget, remaining, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8) RETURNING id`,
    [e.titleBn, e.titleEn, e.startsAt, e.endsAt, e.minAmount, e.maxAmount, e.budget, e.createdBy],
  );
  return row!;
}
