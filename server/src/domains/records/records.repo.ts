import type { Queryable } from '../../db/db';
import {
  MOVEMENT_KINDS,
  movementTypeOf,
  type BetRecordDto,
  type LotteryRecordDto,
  type BetStatus,
  type BetTotalsDto,
  type MovementDto,
  type MovementType,
  type ProfitGroup,
  type ProfitRowDto,
} from '@khela/api/records';

/**
 * The member's records, read straight from bet_records and the ledger (migration 0004): every
 * figure is a sum of those rows, so the pages reconcile with the ledger by construction.
 *
 * The money rules of a bet (domains/wallet/seamless.service.ts): a bet debits its stake (ledger BET);
 * a win credits its payout and settles the bet (WIN); a rollback reverses the bet and its wins
 * (ROLLBACK) and the bet counts for nothing. So the game result of a member is
 * Σ(payout − stake) of settled bets − Σ stake of open bets = Σ member entries of BET, WIN, ROLLBACK.
 *
 * Day, week and month boundaries are the platform's (Asia/Dhaka, UTC+6 with no daylight saving):
 * the local time is the UTC time + 6 hours, written so on PGlite and PostgreSQL alike.
 */

/** A time span [from, to) as instants, and the member. */
export interface Span {
  memberId: number;
  from: Date;
  to: Date;
}

export interface BetFilter extends Span {
  gameType?: string;
  vendor?: string;
}

const LOCAL = (col: string) => `((${col} AT TIME ZONE 'UTC') + interval '6 hours')`;

/** The bet aggregate columns every report shares. */
const BET_SUMS = `count(*)::int AS bets,
  coalesce(sum(stake) FILTER (WHERE status <> 'ROLLED_BACK'), 0)::text AS stake,
  coalesce(sum(valid_bet) FILTER (WHERE status <> 'ROLLED_BACK'), 0)::text AS valid_bet,
  coalesce(sum(payout) FILTER (WHERE status = 'SETTLED'), 0)::text AS payout,
  coalesce(sum(payout - stake) FILTER (WHERE status = 'SETTLED'), 0)::text AS profit,
  coalesce(sum(stake) FILTER (WHERE status = 'OPEN'), 0)::text AS open_stake`;

interface SumsRow {
  bets: number;
  stake: string;
  valid_bet: string;
  payout: string;
  profit: string;
  open_stake: string;
}

const sumsOf = (r: SumsRow) => ({
  bets: Number(r.bets),
  stake: r.stake,
  validBet: r.valid_bet,
  payout: r.payout,
  profit: r.profit,
  openStake: r.open_stake,
});

function betWhere(f: BetFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [f.memberId, f.from, f.to];
  let sql = 'b.member_id = $1 AND b.placed_at >= $2 AND b.placed_at < $3';
  if (f.gameType) {
    params.push(f.gameType);
    sql += ` AND b.game_type = $${params.length}`;
  }
  if (f.vendor) {
    params.push(f.vendor);
    sql += ` AND b.vendor_code = $${params.length}`;
  }
  return { sql, params };
}

interface BetRow {
  id: number;
  placed_at: Date;
  settled_at: Date | null;
  game_code: string;
  game_name: string | null;
  game_type: string;
  vendor_code: string;
  vendor_name: string | null;
  round_id: string;
  stake: string;
  payout: string;
  valid_bet: string;
  status: BetStatus;
  lottery: LotteryRecordDto | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The lottery side of a bet record (issue 17), as one JSON object: the lottery bet whose wallet round
 * the record is (lottery_bets, migrations 0017 and 0029) and its draw's numbers once it ran.
 */
const LOTTERY_JSON = `CASE WHEN l.id IS NULL THEN NULL ELSE json_build_object(
  'drawIndex', l.draw_index, 'numero', l.numero, 'group', g.game_group_code, 'drawAt', l.draw_at, 'betType', l.bet_type, 'prizeMode', l.prize_mode,
  'numbers', l.numbers, 'stakePerNumber', l.stake_per_number::text, 'odds', l.odds, 'status', l.status,
  'drawnNumbers', CASE WHEN d.status = 'SETTLED' THEN d.numbers END, 'hits', l.hits, 'payout', l.payout::text) END`;

/** One page of the member's bets, newest first, and the totals of the whole filter. */
export async function betPage(
  q: Queryable,
  f: BetFilter,
  page: { limit: number; offset: number },
  lang: 'BN' | 'EN',
): Promise<{ list: BetRecordDto[]; totals: BetTotalsDto }> {
  const w = betWhere(f);
  const n = w.params.length;
  const [rows, sums] = await Promise.all([
    q.query<BetRow>(
      `SELECT b.id, b.placed_at, b.settled_at, b.game_code, b.game_type, b.vendor_code, b.round_id, b.status,
              b.stake::text, b.payout::text, b.valid_bet::text,
              ${lang === 'BN' ? 'coalesce(g.name_bn, g.name_en)' : 'g.name_en'} AS game_name,
              ${lang === 'BN' ? 'coalesce(v.display_name_bn, v.display_name)' : 'v.display_name'} AS vendor_name,
              ${LOTTERY_JSON} AS lottery
         FROM bet_records b
         LEFT JOIN games g ON g.game_code = b.game_code
         LEFT JOIN game_vendors v ON v.code = b.vendor_code
         LEFT JOIN lottery_bets l ON l.wallet_round_id = b.round_id AND l.member_id = b.member_id
         LEFT JOIN lottery_draws d ON d.game_code = l.game_code AND d.draw_index = l.draw_index
        WHERE ${w.sql}
        ORDER BY b.placed_at DESC, b.id DESC
        LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...w.params, page.limit, page.offset],
    ),
    q.one<SumsRow>(`SELECT ${BET_SUMS} FROM bet_records b WHERE ${w.sql}`, w.params),
  ]);
  const s = sumsOf(sums!);
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      placedAt: iso(r.placed_at),
      settledAt: r.settled_at ? iso(r.settled_at) : null,
      gameCode: r.game_code,
      gameName: r.game_name ?? r.game_code,
      gameType: r.game_type,
      vendorCode: r.vendor_code,
      vendorName: r.vendor_name ?? r.vendor_code,
      roundId: r.round_id,
      stake: r.stake,
      payout: r.payout,
      validBet: r.valid_bet,
      profit: r.status === 'SETTLED' ? (BigInt(r.payout) - BigInt(r.stake)).toString() : '0',
      status: r.status,
      lottery: r.lottery ? { ...r.lottery, drawAt: iso(r.lottery.drawAt) } : null,
    })),
    totals: {
      count: s.bets,
      stake: s.stake,
      validBet: s.validBet,
      payout: s.payout,
      profit: s.profit,
      openStake: s.openStake,
    },
  };
}

/** The profit and loss of the filter, by Dhaka day, week (from Monday) or month, or by game type. */
export async function profitRows(
  q: Queryable,
  f: BetFilter,
  groupBy: ProfitGroup,
): Promise<{ rows: ProfitRowDto[]; totals: Omit<ProfitRowDto, 'key'> }> {
  const w = betWhere(f);
  const key =
    groupBy === 'GAME_TYPE'
      ? 'b.game_type'
      : `to_char(date_trunc('${groupBy.toLowerCase()}', ${LOCAL('b.placed_at')}), 'YYYY-MM-DD')`;
  const rows = await q.query<SumsRow & { key: string }>(
    `SELECT ${key} AS key, ${BET_SUMS} FROM bet_records b WHERE ${w.sql} GROUP BY 1 ORDER BY 1 ${groupBy === 'GAME_TYPE' ? 'ASC' : 'DESC'}`,
    w.params,
  );
  const list = rows.map((r) => ({ key: r.key, ...sumsOf(r) }));
  const add = (k: 'stake' | 'validBet' | 'payout' | 'profit' | 'openStake') =>
    list.reduce((s, r) => s + BigInt(r[k]), BigInt(0)).toString();
  return {
    rows: list,
    totals: {
      bets: list.reduce((s, r) => s + r.bets, 0),
      stake: add('stake'),
      validBet: add('validBet'),
      payout: add('payout'),
      profit: add('profit'),
      openStake: add('openStake'),
    },
  };
}

export interface MovementFilter extends Span {
  type?: MovementType;
  /** MAIN, BONUS or a vendor code */
  wallet?: string;
}

const KNOWN_KINDS = Object.values(MOVEMENT_KINDS).flat();

interface AccountRow {
  id: number;
  kind: string;
  vendor_code: string | null;
}

/** The member's ledger accounts the filter covers. */
async function accountsOf(q: Queryable, memberId: number, wallet?: string): Promise<AccountRow[]> {
  const rows = await q.query<AccountRow>(`SELECT id, kind, vendor_code FROM ledger_accounts WHERE member_id = $1`, [memberId]);
  if (!wallet) return rows;
  return rows.filter((a) =>
    wallet === 'MAIN' ? a.kind === 'MEMBER_MAIN' : wallet === 'BONUS' ? a.kind === 'MEMBER_BONUS' : a.vendor_code === wallet,
  );
}

interface EntryRow {
  id: number;
  transaction_id: number;
  created_at: Date;
  amount: string;
  balance_after: string;
  account_kind: string;
  vendor_code: string | null;
  kind: string;
  reference: string | null;
}

/** One page of the member's ledger movements (one per entry on one of their wallets), newest first. */
export async function movementPage(
  q: Queryable,
  f: MovementFilter,
  page: { limit: number; offset: number },
  walletName: (code: string) => string,
): Promise<{ list: MovementDto[]; totals: { count: number; in: string; out: string; net: string } }> {
  const accounts = await accountsOf(q, f.memberId, f.wallet);
  if (!accounts.length) return { list: [], totals: { count: 0, in: '0', out: '0', net: '0' } };
  const params: unknown[] = [accounts.map((a) => Number(a.id)), f.from, f.to];
  let where = 'e.account_id = ANY($1::bigint[]) AND e.created_at >= $2 AND e.created_at < $3';
  let join = '';
  if (f.type) {
    join = 'JOIN ledger_transactions t ON t.id = e.transaction_id';
    if (f.type === 'OTHER') {
      params.push(KNOWN_KINDS);
      where += ` AND NOT (t.kind = ANY($${params.length}::text[]))`;
    } else {
      params.push(MOVEMENT_KINDS[f.type]);
      where += ` AND t.kind = ANY($${params.length}::text[])`;
    }
  }
  const n = params.length;
  const [rows, sums] = await Promise.all([
    q.query<EntryRow>(
      `SELECT e.id, e.transaction_id, e.created_at, e.amount::text, e.balance_after::text, a.kind AS account_kind,
              a.vendor_code, t.kind, t.reference
         FROM ledger_entries e
         JOIN ledger_accounts a ON a.id = e.account_id
         JOIN ledger_transactions t ON t.id = e.transaction_id
        WHERE ${where}
        ORDER BY e.created_at DESC, e.id DESC
        LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, page.limit, page.offset],
    ),
    q.one<{ count: number; in_sum: string; out_sum: string }>(
      `SELECT count(*)::int AS count,
              coalesce(sum(e.amount) FILTER (WHERE e.amount > 0), 0)::text AS in_sum,
              coalesce(-sum(e.amount) FILTER (WHERE e.amount < 0), 0)::text AS out_sum
         FROM ledger_entries e ${join} WHERE ${where}`,
      params,
    ),
  ]);
  const inSum = BigInt(sums!.in_sum);
  const outSum = BigInt(sums!.out_sum);
  return {
    list: rows.map((r) => {
      const amount = BigInt(r.amount);
      const wallet = r.account_kind === 'MEMBER_MAIN' ? 'MAIN' : r.account_kind === 'MEMBER_BONUS' ? 'BONUS' : r.vendor_code!;
      return {
        id: Number(r.id),
        transactionId: Number(r.transaction_id),
        createdAt: iso(r.created_at),
        type: movementTypeOf(r.kind),
        kind: r.kind,
        wallet,
        walletName: walletName(wallet),
        direction: amount > BigInt(0) ? ('IN' as const) : ('OUT' as const),
        amount: (amount < BigInt(0) ? -amount : amount).toString(),
        balanceAfter: r.balance_after ?? '0',
        reference: r.reference,
      };
    }),
    totals: { count: Number(sums!.count), in: inSum.toString(), out: outSum.toString(), net: (inSum - outSum).toString() },
  };
}

/** The filters' choices: game types and vendors of the catalogue, and the wallets. */
export async function filterChoices(q: Queryable, lang: 'BN' | 'EN') {
  const vendors = await q.query<{ code: string; name: string; game_types: string[]; wallet_mode: string }>(
    `SELECT code, ${lang === 'BN' ? 'coalesce(display_name_bn, display_name)' : 'display_name'} AS name, game_types, wallet_mode
       FROM game_vendors WHERE NOT hidden ORDER BY sort, code`,
  );
  return vendors;
}
