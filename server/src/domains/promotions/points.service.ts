// The points mall on the database (issue 12). Points come from valid bets at the operators' ratio:
// each read first counts the member's valid bets not yet counted (under the account's row lock) and
// adds the whole points they make, keeping the poisha left over for next time. A redeem takes stock
// and points in one transaction (stock and points never below zero, by the UPDATEs' guards and the
// tables' CHECKs); a conversion moves points out and cash in through the ledger. Each redeem and
// conversion has the member's request key: a repeat answers the first result and moves nothing.
import type { Queryable } from '../../db/db';
import { ApiError } from '../../http/envelope';
import type { LedgerTx } from '../wallet/ledger';

export interface PointSettings {
  poishaPerPoint: bigint;
  minConvert: bigint;
}

export async function pointSettings(q: Queryable): Promise<PointSettings> {
  const r = (await q.one<{ poisha_per_point: string; min_convert: string }>(
    `SELECT poisha_per_point::text, min_convert::text FROM point_settings WHERE id = 1`,
  ))!;
  return { poishaPerPoint: BigInt(r.poisha_per_point), minConvert: BigInt(r.min_convert) };
}

/** Points for `valid` more poisha of valid bets with `carry` left from before: [points, new carry]. */
export function pointsFor(valid: bigint, carry: bigint, poishaPerPoint: bigint): [bigint, bigint] {
  const units = carry + (valid > BigInt(0) ? valid : BigInt(0));
  return [units / poishaPerPoint, units % poishaPerPoint];
}

/**
 * What a drop of `drop` poisha in the counted valid bets (a counted bet rolled back) takes back:
 * first from the carry (poisha that made no point yet), then whole points, rounded up, with what
 * a point rounded up over-covers returned to the carry. Only the `balance` can be taken; the points
 * it does not cover stay owed as valid bets the next bets must make up before they earn again.
 * Answers [points taken, new carry, poisha owed].
 */
export function pointsBack(drop: bigint, carry: bigint, balance: bigint, poishaPerPoint: bigint): [bigint, bigint, bigint] {
  const zero = BigInt(0);
  if (drop <= carry) return [zero, carry - drop, zero];
  const need = drop - carry;
  const points = (need + poishaPerPoint - BigInt(1)) / poishaPerPoint;
  const taken = points < balance ? points : balance;
  return [taken, points * poishaPerPoint - need, (points - taken) * poishaPerPoint];
}

/**
 * Counts the member's valid bets not counted yet into points and answers the balance, holding the
 * point account's row lock until the caller's transaction ends. A counted bet rolled back later
 * lowers the valid total: its points are taken back by a REVERSE entry, once (the account's counted
 * total moves down with it under the lock, so a repeat or a twin finds nothing to take back).
 */
export async function accrue(q: Queryable, memberId: number): Promise<bigint> {
  await q.query(`INSERT INTO point_accounts (member_id) VALUES ($1) ON CONFLICT DO NOTHING`, [memberId]);
  const acct = (await q.one<{ balance: string; counted_valid: string; carry: string; revision: string }>(
    `SELECT balance::text, counted_valid::text, carry::text, revision::text FROM point_accounts WHERE member_id = $1 FOR UPDATE`,
    [memberId],
  ))!;
  const total = BigInt(
    (await q.one<{ v: string }>(
      `SELECT coalesce(sum(valid_bet), 0)::text AS v FROM bet_records WHERE member_id = $1 AND status = 'SETTLED'`,
      [memberId],
    ))!.v,
  );
  const counted = BigInt(acct.counted_valid);
  let balance = BigInt(acct.balance);
  if (total === counted) return balance;
  const { poishaPerPoint } = await pointSettings(q);
  const revision = BigInt(acct.revision) + BigInt(1);
  let delta: bigint;
  let carry: bigint;
  let nowCounted = total;
  if (total > counted) {
    [delta, carry] = pointsFor(total - counted, BigInt(acct.carry), poishaPerPoint);
  } else {
    const [taken, left, owed] = pointsBack(counted - total, BigInt(acct.carry), balance, poishaPerPoint);
    [delta, carry, nowCounted] = [-taken, left, total + owed];
  }
  balance += delta;
  await q.query(
    `UPDATE point_accounts SET balance = $2, counted_valid = $3, carry = $4, revision = $5, updated_at = now()
      WHERE member_id = $1`,
    [memberId, balance.toString(), nowCounted.toString(), carry.toString(), revision.toString()],
  );
  if (delta !== BigInt(0)) {
    const kind = delta > BigInt(0) ? 'EARN' : 'REVERSE';
    await q.query(
      `INSERT INTO point_entries (member_id, key, kind, delta, balance_after, reference) VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        memberId,
        `${kind.toLowerCase()}:${memberId}:r${revision}`,
        kind,
        delta.toString(),
        balance.toString(),
        kind === 'REVERSE' ? 'ROLLBACK' : null,
      ],
    );
  }
  return balance;
}

/** Takes points (INSUFFICIENT_POINTS when the balance does not cover them); answers the balance after. */
async function spend(q: Queryable, memberId: number, points: bigint, kind: 'REDEEM' | 'CONVERT', key: string, ref: string) {
  const row = await q.one<{ balance: string }>(
    `UPDATE point_accounts SET balance = balance - $2, updated_at = now() WHERE member_id = $1 AND balance >= $2 RETURNING balance::text`,
    [memberId, points.toString()],
  );
  if (!row) throw new ApiError(409, 'INSUFFICIENT_POINTS', 'Not enough points');
  await q.query(
    `INSERT INTO point_entries (member_id, key, kind, delta, balance_after, reference) VALUES ($1, $2, $3, $4, $5, $6)`,
    [memberId, key, kind, (-points).toString(), row.balance, ref],
  );
  return BigInt(row.balance);
}

export interface RedemptionRow {
  id: string;
  reward_id: string;
  quantity: number;
  points: string;
  status: 'IN_PROCESS' | 'REJECTED' | 'APPROVED';
  created_at: Date;
  decided_at: Date | null;
}

/** Redeems `quantity` of a reward: stock and points taken, a redemption IN_PROCESS for the operators. */
export async function redeem(
  q: Queryable,
  memberId: number,
  b: { rewardId: number; quantity: number; requestKey: string },
): Promise<{ redemption: RedemptionRow; replayed: boolean }> {
  await accrue(q, memberId);
  const again = await q.one<RedemptionRow>(`SELECT * FROM point_redemptions WHERE member_id = $1 AND request_key = $2`, [
    memberId,
    b.requestKey,
  ]);
  if (again) return { redemption: again, replayed: true };
  const reward = await q.one<{ points: string; max_per_redeem: number; status: string }>(
    `SELECT points::text, max_per_redeem, status FROM point_rewards WHERE id = $1`,
    [b.rewardId],
  );
  if (!reward || reward.status !== 'ACTIVE') throw new ApiError(404, 'REWARD_NOT_FOUND', 'No such reward');
  if (b.quantity > reward.max_per_redeem) {
    throw new ApiError(400, 'QUANTITY_TOO_LARGE', `At most ${reward.max_per_redeem} at a time`, {
      fields: { quantity: 'QUANTITY_TOO_LARGE' },
    });
  }
  const cost = BigInt(reward.points) * BigInt(b.quantity);
  const balance = BigInt(
    (await q.one<{ balance: string }>(`SELECT balance::text FROM point_accounts WHERE member_id = $1`, [memberId]))!.balance,
  );
  if (balance < cost) throw new ApiError(409, 'INSUFFICIENT_POINTS', 'Not enough points');
  const took = await q.one(`UPDATE point_rewards SET stock = stock - $2 WHERE id = $1 AND stock >= $2 RETURNING stock`, [
    b.rewardId,
    b.quantity,
  ]);
  if (!took) throw new ApiError(409, 'OUT_OF_STOCK', 'Out of stock');
  const redemption = (await q.one<RedemptionRow>(
    `INSERT INTO point_redemptions (member_id, reward_id, quantity, points, status, request_key)
     VALUES ($1, $2, $3, $4, 'IN_PROCESS', $5) RETURNING *`,
    [memberId, b.rewardId, b.quantity, cost.toString(), b.requestKey],
  ))!;
  await spend(q, memberId, cost, 'REDEEM', `redeem:${redemption.id}`, `R${redemption.id}`);
  return { redemption, replayed: false };
}

/** An operator's decision: APPROVED (delivered) or REJECTED (points and stock returned). */
export async function decideRedemption(q: Queryable, id: number, approve: boolean, by: string): Promise<RedemptionRow> {
  const r = await q.one<RedemptionRow & { member_id: string }>(`SELECT * FROM point_redemptions WHERE id = $1 FOR UPDATE`, [id]);
  if (!r) throw new ApiError(404, 'REDEMPTION_NOT_FOUND', 'No such redemption');
  if (r.status !== 'IN_PROCESS') throw new ApiError(409, 'ALREADY_DECIDED', `The redemption is ${r.status} already`);
  if (!approve) {
    await q.query(`UPDATE point_rewards SET stock = stock + $2 WHERE id = $1`, [r.reward_id, r.quantity]);
    await q.query(`INSERT INTO point_accounts (member_id) VALUES ($1) ON CONFLICT DO NOTHING`, [r.member_id]);
    const row = (await q.one<{ balance: string }>(
      `UPDATE point_accounts SET balance = balance + $2, updated_at = now() WHERE member_id = $1 RETURNING balance::text`,
      [r.member_id, r.points],
    ))!;
    await q.query(
      `INSERT INTO point_entries (member_id, key, kind, delta, balance_after, reference) VALUES ($1, $2, 'REFUND', $3, $4, $5)`,
      [r.member_id, `refund:${r.id}`, r.points, row.balance, `R${r.id}`],
    );
  }
  return (await q.one<RedemptionRow>(
    `UPDATE point_redemptions SET status = $2, decided_at = now(), decided_by = $3 WHERE id = $1 RETURNING *`,
    [id, approve ? 'APPROVED' : 'REJECTED', by],
  ))!;
}

/** What one point is worth (poisha) at the member's VIP level (the highest rate at or below it). */
export async function memberRate(q: Queryable, memberId: number): Promise<{ vipLevel: number; rate: bigint }> {
  const r = await q.one<{ vip_level: number; rate: string | null }>(
    `SELECT m.vip_level, (SELECT r.poisha_per_point::text FROM point_rates r WHERE r.vip_level <= m.vip_level
                           ORDER BY r.vip_level DESC LIMIT 1) AS rate
       FROM members m WHERE m.id = $1`,
    [memberId],
  );
  return { vipLevel: r?.vip_level ?? 0, rate: BigInt(r?.rate ?? '0') };
}

/** Converts points into the main wallet at the member's rate, once per request key. */
export async function convert(tx: LedgerTx, memberId: number, b: { points: bigint; requestKey: string }) {
  const key = `points:convert:${memberId}:${b.requestKey}`;
  await accrue(tx.q, memberId);
  const again = await tx.q.one<{ delta: string; balance_after: string }>(
    `SELECT delta::text, balance_after::text FROM point_entries WHERE key = $1`,
    [key],
  );
  const { rate } = await memberRate(tx.q, memberId);
  if (rate <= BigInt(0)) throw new ApiError(409, 'NO_EXCHANGE_RATE', 'Points cannot be converted at your level');
  const settings = await pointSettings(tx.q);
  const points = again ? -BigInt(again.delta) : b.points;
  if (!again && points < settings.minConvert) {
    throw new ApiError(400, 'BELOW_MIN_CONVERT', `Convert at least ${settings.minConvert} points`, {
      fields: { points: 'BELOW_MIN_CONVERT' },
    });
  }
  const pointsLeft = again ? BigInt(again.balance_after) : await spend(tx.q, memberId, points, 'CONVERT', key, 'CONVERT');
  const amount = points * rate;
  const posted = await tx.post({
    key,
    kind: 'POINTS_CONVERT',
    memberId,
    reference: 'POINTS',
    memo: `${points} points converted`,
    createdBy: `member:${memberId}`,
    meta: again ? null : { points: points.toString(), rate: rate.toString() },
    legs: [
      { account: { member: memberId }, amount },
      { account: { house: 'PROMOTIONS' }, amount: -amount },
    ],
  });
  const main = posted.balances.find((x) => x.wallet === 'MAIN');
  return { points, amount, balance: main?.balance ?? BigInt(0), pointsLeft, replayed: !!again };
}
