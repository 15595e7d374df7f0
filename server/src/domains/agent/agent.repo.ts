// The agent centre's SQL that its routes ran themselves: team membership and lists, accounts
// registered by an agent, contracts as the centre lists them, and the members a transfer or an
// operator names. The tree's and the contracts' rules live in tree.ts and contracts.ts; the routes
// decide and answer; this module reads and writes.
import type { Queryable } from '../../db/db';
import type { ContractRow } from './contracts';
import { TEAM_CTE } from './tree';

export type ContractView = ContractRow & { upline_account: string | null; downline_account: string };

/** True when `memberId` is in the team (the downline, at any depth) of `agentId`. */
export async function isInTeam(q: Queryable, agentId: number, memberId: number): Promise<boolean> {
  return !!(await q.one(`WITH RECURSIVE ${TEAM_CTE} SELECT 1 FROM team WHERE id = $2`, [agentId, memberId]));
}

/** A member's status, or null for no such member. */
export async function memberStatus(q: Queryable, memberId: number): Promise<number | null> {
  const row = await q.one<{ status: number }>('SELECT status FROM members WHERE id = $1', [memberId]);
  return row ? row.status : null;
}

/** A member's account, or null. */
export async function accountOf(q: Queryable, memberId: number): Promise<string | null> {
  const row = await q.one<{ account: string }>('SELECT account FROM members WHERE id = $1', [memberId]);
  return row?.account ?? null;
}

/** A member's id by account (already lower-cased), or null. */
export async function memberIdOf(q: Queryable, account: string): Promise<number | null> {
  const row = await q.one<{ id: string }>('SELECT id FROM members WHERE account = $1', [account]);
  return row ? Number(row.id) : null;
}

/** The members of these accounts (lower-cased): id and account, those that exist. */
export async function membersOfAccounts(q: Queryable, accounts: string[]): Promise<{ id: string; account: string }[]> {
  return q.query<{ id: string; account: string }>('SELECT id, account FROM members WHERE account = ANY($1)', [accounts]);
}

/** A member's id and account by account (already lower-cased), or null. */
export async function memberByAccount(q: Queryable, account: string): Promise<{ id: number; account: string } | null> {
  const row = await q.one<{ id: string; account: string }>('SELECT id, account FROM members WHERE account = $1', [account]);
  return row && { id: Number(row.id), account: row.account };
}

/** A member's direct upline id, or null. */
export async function uplineIdOf(q: Queryable, memberId: number): Promise<number | null> {
  const row = await q.one<{ parent_agent_id: string | null }>('SELECT parent_agent_id FROM members WHERE id = $1', [memberId]);
  return row?.parent_agent_id == null ? null : Number(row.parent_agent_id);
}

/** A member's upline's account, or null. */
export async function uplineAccountOf(q: Queryable, memberId: number): Promise<string | null> {
  const row = await q.one<{ account: string | null }>(
    'SELECT u.account FROM members m LEFT JOIN members u ON u.id = m.parent_agent_id WHERE m.id = $1',
    [memberId],
  );
  return row?.account ?? null;
}

export interface AgentRegistration {
  account: string;
  nickname: string;
  type: number;
  passwordHash: string;
  uplineId: number;
}

/** Creates a member an agent registers in its downline: its id, or null when the account exists. */
export async function insertDownlineMember(q: Queryable, m: AgentRegistration): Promise<number | null> {
  const row = await q.one<{ id: string }>(
    `INSERT INTO members (account, nickname, type, password_hash, password_changed_at, parent_agent_id, register_method)
     VALUES ($1, $2, $3, $4, now(), $5, 'AGENT') ON CONFLICT DO NOTHING RETURNING id`,
    [m.account, m.nickname, m.type, m.passwordHash, m.uplineId],
  );
  return row ? Number(row.id) : null;
}

/** Team members matching `search` (account contains), or the direct downline of `parentId`. */
function teamQuery(search: string | undefined) {
  return search
    ? `WITH RECURSIVE ${TEAM_CTE} SELECT m.* , team.depth FROM team JOIN members m ON m.id = team.id WHERE m.account LIKE '%' || $2 || '%'`
    : `SELECT m.*, 1 AS depth FROM members m WHERE m.parent_agent_id = $1`;
}

/**
 * One page of a team list: every member of `root`'s team whose account contains `search`
 * (lower-cased), or without it the direct downline of `root`; with the total count.
 */
export async function teamPage(
  q: Queryable,
  root: number,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: Record<string, unknown>[] }> {
  const base = teamQuery(search);
  const params: unknown[] = search ? [root, search] : [root];
  const [count, rows] = await Promise.all([
    q.one<{ n: number }>(`SELECT count(*)::int AS n FROM (${base}) s`, params),
    q.query<Record<string, unknown>>(
      `SELECT s.id, s.account, s.nickname, s.type, s.status, s.created_at, s.last_login_at, u.account AS upline,
              coalesce(a.balance, 0)::text AS balance,
              (SELECT count(*) FROM members c WHERE c.parent_agent_id = s.id)::int AS children
         FROM (${base}) s LEFT JOIN members u ON u.id = s.parent_agent_id
         LEFT JOIN ledger_accounts a ON a.member_id = s.id AND a.kind = 'MEMBER_MAIN'
        ORDER BY s.created_at DESC, s.id DESC LIMIT ${limit} OFFSET ${offset}`,
      params,
    ),
  ]);
  return { total: count?.n ?? 0, rows };
}

/** The two parties of a contract (a house contract has no upline). */
export async function contractParties(q: Queryable, contractId: number): Promise<number[]> {
  const rows = await q.query<{ id: string | null }>(
    'SELECT upline_id AS id FROM agent_contracts WHERE id = $1 UNION SELECT downline_id FROM agent_contracts WHERE id = $1',
    [contractId],
  );
  return rows.filter((r) => r.id !== null).map((r) => Number(r.id));
}

/** A contract with its parties' accounts, or null. */
export async function contractView(q: Queryable, id: number): Promise<ContractView | null> {
  return q.one<ContractView>(
    `SELECT c.*, u.account AS upline_account, d.account AS downline_account FROM agent_contracts c
       LEFT JOIN members u ON u.id = c.upline_id JOIN members d ON d.id = c.downline_id WHERE c.id = $1`,
    [id],
  );
}

/** The agent's contracts (as either party) of a kind or all, newest first (200 at most). */
export async function contractViews(q: Queryable, memberId: number, kind: string | null): Promise<ContractView[]> {
  return q.query<ContractView>(
    `SELECT c.*, u.account AS upline_account, d.account AS downline_account FROM agent_contracts c
       LEFT JOIN members u ON u.id = c.upline_id JOIN members d ON d.id = c.downline_id
      WHERE (c.downline_id = $1 OR c.upline_id = $1) AND ($2::text IS NULL OR c.kind = $2)
      ORDER BY c.offered_at DESC, c.id DESC LIMIT 200`,
    [memberId, kind],
  );
}

/**
 * The Dhaka days of the range [$2, $3) in bet_daily (migration 0056): the bounds are Dhaka midnights
 * (resolveRange), so the days answer exactly what the bets placed in the range would.
 */
const DAYS_IN_RANGE = `d.day >= (($2::timestamptz AT TIME ZONE 'UTC') + interval '6 hours')::date
  AND d.day < (($3::timestamptz AT TIME ZONE 'UTC') + interval '6 hours')::date`;

/** The team reports read whole days: a bound that is not a Dhaka midnight is a caller's mistake. */
function wholeDays(from: Date, to: Date): void {
  const DHAKA_MS = 6 * 3_600_000;
  for (const d of [from, to])
    if ((d.getTime() + DHAKA_MS) % 86_400_000 !== 0)
      throw new Error(`team reports read whole Dhaka days, not ${d.toISOString()}`);
}

type Totals = Record<string, string>;
type Rows = Record<string, unknown>[];
/** A time range [from, to) and one page of it (limit and offset are integers from `paging`). */
export interface RangePage {
  from: Date;
  to: Date;
  limit: number;
  offset: number;
}

/** The team's figures over [from, to): members, agents, new and active members, deposits, withdrawals, valid bet, profit. */
export async function teamOverview(q: Queryable, agentId: number, from: Date, to: Date, agentTypes: readonly number[]) {
  wholeDays(from, to);
  const row = await q.one<Totals>(
    `WITH RECURSIVE ${TEAM_CTE},
       t AS (SELECT m.id, m.type, m.created_at FROM team JOIN members m ON m.id = team.id),
       b AS (SELECT count(DISTINCT d.member_id) FILTER (WHERE d.live_bets > 0) AS active_members,
                    coalesce(sum(d.valid_bet), 0) AS valid_bet, coalesce(sum(d.profit), 0) AS profit
               FROM bet_daily d WHERE d.member_id IN (SELECT id FROM t) AND ${DAYS_IN_RANGE}),
       l AS (SELECT x.kind, e.amount FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
               JOIN ledger_transactions x ON x.id = e.transaction_id
              WHERE a.member_id IN (SELECT id FROM t) AND a.kind = 'MEMBER_MAIN' AND e.created_at >= $2 AND e.created_at < $3
                AND x.kind IN ('DEPOSIT', 'WITHDRAWAL', 'WITHDRAWAL_REJECTED'))
     SELECT (SELECT count(*) FROM t)::int AS members,
            (SELECT count(*) FROM t WHERE type = ANY($4::smallint[]))::int AS agents,
            (SELECT count(*) FROM t WHERE created_at >= $2 AND created_at < $3)::int AS new_members,
            (SELECT active_members FROM b)::int AS active_members,
            (SELECT coalesce(sum(amount), 0) FROM l WHERE kind = 'DEPOSIT')::text AS deposits,
            (SELECT coalesce(-sum(amount), 0) FROM l WHERE kind <> 'DEPOSIT')::text AS withdrawals,
            (SELECT valid_bet FROM b)::text AS valid_bet,
            (SELECT profit FROM b)::text AS profit`,
    [agentId, from, to, agentTypes],
  );
  return row!;
}

/** The team's bets placed in the range (one member's with `account`), newest first, with totals over the filter. */
export async function teamBets(
  q: Queryable,
  agentId: number,
  account: string | null,
  p: RangePage,
): Promise<{ totals: Totals; rows: Rows }> {
  wholeDays(p.from, p.to);
  const where = `WITH RECURSIVE ${TEAM_CTE}
    SELECT b.*, m.account FROM bet_records b JOIN team ON team.id = b.member_id JOIN members m ON m.id = b.member_id
     WHERE b.placed_at >= $2 AND b.placed_at < $3 AND ($4::text IS NULL OR m.account = $4)`;
  const params = [agentId, p.from, p.to, account];
  const [totals, rows] = await Promise.all([
    // the totals from the team's days (whole days: the range's bounds are Dhaka midnights)
    q.one<Totals>(
      `WITH RECURSIVE ${TEAM_CTE}
       SELECT coalesce(sum(d.bets), 0)::int AS n, coalesce(sum(d.stake), 0)::text AS stake,
              coalesce(sum(d.valid_bet), 0)::text AS valid_bet, coalesce(sum(d.payout), 0)::text AS payout,
              coalesce(sum(d.profit), 0)::text AS profit
         FROM bet_daily d JOIN team ON team.id = d.member_id JOIN members m ON m.id = d.member_id
        WHERE ${DAYS_IN_RANGE} AND ($4::text IS NULL OR m.account = $4)`,
      params,
    ),
    q.query<Record<string, unknown>>(`${where} ORDER BY b.placed_at DESC, b.id DESC LIMIT ${p.limit} OFFSET ${p.offset}`, params),
  ]);
  return { totals: totals!, rows };
}

/** Profit and loss per team member with bets in the range, the biggest loss first, with totals over every member. */
export async function teamProfit(q: Queryable, agentId: number, p: RangePage): Promise<{ totals: Totals; rows: Rows }> {
  wholeDays(p.from, p.to);
  const per = `WITH RECURSIVE ${TEAM_CTE}
    SELECT m.account, sum(d.bets)::int AS bets, sum(d.stake) AS stake, sum(d.valid_bet) AS valid_bet,
           sum(d.payout) AS payout, sum(d.profit) AS profit
      FROM bet_daily d JOIN team ON team.id = d.member_id JOIN members m ON m.id = d.member_id
     WHERE ${DAYS_IN_RANGE} GROUP BY m.account HAVING sum(d.bets) > 0`;
  const params = [agentId, p.from, p.to];
  const totalsOf = `count(*)::int AS n, coalesce(sum(stake), 0)::text AS stake, coalesce(sum(valid_bet), 0)::text AS valid_bet,
    coalesce(sum(payout), 0)::text AS payout, coalesce(sum(profit), 0)::text AS profit`;
  // one aggregation for the page and the totals over every member (window sums before the limit)
  const page = await q.query<Record<string, unknown>>(
    `SELECT account, bets, stake::text, valid_bet::text, payout::text, profit::text,
            count(*) OVER ()::int AS t_n, sum(stake) OVER ()::text AS t_stake, sum(valid_bet) OVER ()::text AS t_valid_bet,
            sum(payout) OVER ()::text AS t_payout, sum(profit) OVER ()::text AS t_profit
       FROM (${per}) s ORDER BY profit ASC, account LIMIT ${p.limit} OFFSET ${p.offset}`,
    params,
  );
  const first = page[0];
  // a page past the last member has no row to carry the totals: asked for on their own
  const totals = first
    ? { n: first.t_n, stake: first.t_stake, valid_bet: first.t_valid_bet, payout: first.t_payout, profit: first.t_profit }
    : await q.one<Totals>(`SELECT ${totalsOf} FROM (${per}) s`, params);
  const rows = page.map(({ t_n, t_stake, t_valid_bet, t_payout, t_profit, ...row }) => row);
  return { totals: totals as Totals, rows };
}

/** The agent's main-wallet entries in the range, newest first (only credits of `kinds` when given), with totals in and out. */
export async function ledgerEntries(
  q: Queryable,
  memberId: number,
  kinds: string[] | null,
  p: RangePage,
): Promise<{ totals: Totals; rows: Rows }> {
  const where = `FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transactions x ON x.id = e.transaction_id
    WHERE a.member_id = $1 AND a.kind = 'MEMBER_MAIN' AND e.created_at >= $2 AND e.created_at < $3
      AND ($4::text[] IS NULL OR (x.kind = ANY($4::text[]) AND e.amount > 0))`;
  const params = [memberId, p.from, p.to, kinds];
  const [totals, rows] = await Promise.all([
    q.one<Totals>(
      `SELECT count(*)::int AS n, coalesce(sum(e.amount) FILTER (WHERE e.amount > 0), 0)::text AS inflow,
              coalesce(-sum(e.amount) FILTER (WHERE e.amount < 0), 0)::text AS outflow ${where}`,
      params,
    ),
    q.query<Record<string, unknown>>(
      `SELECT x.id, x.kind, e.amount::text, e.balance_after::text, x.reference, e.created_at ${where}
        ORDER BY e.created_at DESC, e.id DESC LIMIT ${p.limit} OFFSET ${p.offset}`,
      params,
    ),
  ]);
  return { totals: totals!, rows };
}

/** The settled windows of the agent's contracts (either party) ending in the range, newest first, with the payee's totals. */
export async function settlements(
  q: Queryable,
  memberId: number,
  kind: string | null,
  p: RangePage,
): Promise<{ totals: Totals; rows: Rows }> {
  const where = `FROM agent_settlements s JOIN members p ON p.id = s.payee_id LEFT JOIN members u ON u.id = s.payer_id
    WHERE (s.payee_id = $1 OR s.payer_id = $1) AND s.window_end > $2 AND s.window_end <= $3 AND ($4::text IS NULL OR s.kind = $4)`;
  const params = [memberId, p.from, p.to, kind];
  const [totals, rows] = await Promise.all([
    q.one<Totals>(
      `SELECT count(*)::int AS n, coalesce(sum(s.amount - s.clawed_back) FILTER (WHERE s.payee_id = $1), 0)::text AS amount,
              coalesce(sum(s.amount - s.clawed_back - (s.owed - s.collected - s.forgiven)) FILTER (WHERE s.payee_id = $1), 0)::text AS paid,
              coalesce(sum(s.owed - s.collected - s.forgiven) FILTER (WHERE s.payee_id = $1), 0)::text AS owed ${where}`,
      params,
    ),
    q.query<Record<string, unknown>>(
      `SELECT s.*, p.account AS payee, u.account AS payer ${where} ORDER BY s.window_end DESC, s.contract_id DESC
        LIMIT ${p.limit} OFFSET ${p.offset}`,
      params,
    ),
  ]);
  return { totals: totals!, rows };
}
