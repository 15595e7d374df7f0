// The operators' catalogue edits' SQL (moved out of game-ops.routes.ts by issue 15): vendors and
// games as the operators see them, add, change and reorder. The routes validate, throw the API's
// errors and run each edit in one transaction (passing its handle here).
import type { Queryable } from '../../db/db';

export interface OpsVendor {
  code: string;
  displayName: string;
  displayNameBn: string | null;
  gameTypes: string[];
  sort: number;
  hidden: boolean;
  games: number;
}

export interface OpsGame {
  nodeId: number;
  gameCode: string;
  vendor: string;
  gameType: string;
  isGame: string;
  nameEn: string;
  nameBn: string | null;
  classify: string | null;
  gameGroupCode: string | null;
  hotRank: number | null;
  isNew: boolean;
  supportPlay: number;
  minBet: number;
  lineNum: number;
  sort: number;
  hidden: boolean;
  maintenance: boolean;
}

const VENDOR_SQL = `SELECT v.code, v.display_name AS "displayName", v.display_name_bn AS "displayNameBn", v.game_types AS "gameTypes",
       v.sort, v.hidden, (SELECT count(*)::int FROM games g WHERE g.vendor_code = v.code) AS games
  FROM game_vendors v`;
const GAME_SQL = `SELECT node_id AS "nodeId", game_code AS "gameCode", vendor_code AS vendor, game_type AS "gameType", is_game AS "isGame",
       name_en AS "nameEn", name_bn AS "nameBn", classify, game_group_code AS "gameGroupCode", hot_rank AS "hotRank",
       is_new AS "isNew", support_play AS "supportPlay", min_bet AS "minBet", line_num AS "lineNum", sort, hidden, maintenance
  FROM games`;

/** Builds "SET a = $2, b = $3" from the fields present in a body (column names from a fixed map). */
function setClause(body: Record<string, unknown>, columns: Record<string, string>, first: number) {
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const [field, column] of Object.entries(columns)) {
    if (field in body) {
      params.push(body[field]);
      sets.push(`${column} = $${first + params.length - 1}`);
    }
  }
  return { sets, params };
}

// ---- sort orders

export type Sortable = { table: 'game_vendors'; key: 'code' } | { table: 'games'; key: 'game_code' };

/** Locks and reads the rows' keys in their current order (games: of one type, the scope). */
export async function lockSortOrder(q: Queryable, { table, key }: Sortable, scope?: string): Promise<string[]> {
  const where = scope ? 'WHERE game_type = $1' : '';
  const rows = await q.query<{ k: string }>(
    `SELECT ${key} AS k FROM ${table} ${where} ORDER BY sort, ${key} FOR UPDATE`,
    scope ? [scope] : [],
  );
  return rows.map((r) => r.k);
}

/** Sets sort = 10, 20, … in the order of the keys given. */
export async function applySortOrder(q: Queryable, { table, key }: Sortable, order: string[]): Promise<void> {
  await q.query(
    `UPDATE ${table} t SET sort = o.i * 10, updated_at = now()
       FROM jsonb_array_elements_text($1::jsonb) WITH ORDINALITY AS o(k, i)
      WHERE t.${key} = o.k`,
    [JSON.stringify(order)],
  );
}

// ---- vendors

/** Every vendor, by order then code. */
export async function opsVendors(q: Queryable): Promise<OpsVendor[]> {
  return q.query<OpsVendor>(`${VENDOR_SQL} ORDER BY v.sort, v.code`);
}

/** One vendor as the operators see it, or null. */
export async function opsVendor(q: Queryable, code: string): Promise<OpsVendor | null> {
  return q.one<OpsVendor>(`${VENDOR_SQL} WHERE v.code = $1`, [code]);
}

export interface NewVendor {
  code: string;
  displayName: string;
  displayNameBn: string | null;
  gameTypes: string[];
  /** null: after the last vendor */
  sort: number | null;
  hidden: boolean;
}

/** Adds a vendor; false when its code is taken. */
export async function insertVendor(q: Queryable, v: NewVendor): Promise<boolean> {
  const row = await q.one(
    `INSERT INTO game_vendors (code, display_name, display_name_bn, game_types, sort, hidden)
         VALUES ($1, $2, $3, $4, COALESCE($5, (SELECT COALESCE(max(sort), 0) + 10 FROM game_vendors)), $6)
         ON CONFLICT (code) DO NOTHING RETURNING code`,
    [v.code, v.displayName, v.displayNameBn, v.gameTypes, v.sort, v.hidden],
  );
  return !!row;
}

const VENDOR_COLUMNS: Record<string, string> = {
  displayName: 'display_name',
  displayNameBn: 'display_name_bn',
  gameTypes: 'game_types',
  sort: 'sort',
  hidden: 'hidden',
};

/** Sets the fields present in changes (at least one) of a vendor; false when there is no such vendor. */
export async function updateVendor(q: Queryable, code: string, changes: Record<string, unknown>): Promise<boolean> {
  const { sets, params } = setClause(changes, VENDOR_COLUMNS, 2);
  const row = await q.one(`UPDATE game_vendors SET ${sets.join(', ')}, updated_at = now() WHERE code = $1 RETURNING code`, [
    code,
    ...params,
  ]);
  return !!row;
}

/** The game types a vendor serves, or null when there is no such vendor. */
export async function vendorGameTypes(q: Queryable, code: string): Promise<string[] | null> {
  const vendor = await q.one<{ game_types: string[] }>('SELECT game_types FROM game_vendors WHERE code = $1', [code]);
  return vendor ? vendor.game_types : null;
}

// ---- games

/** Games filtered by vendor, type and hidden (null: any), by type, order and node id. */
export async function opsGames(
  q: Queryable,
  filter: { vendor: string | null; gameType: string | null; hidden: boolean | null; limit: number },
): Promise<OpsGame[]> {
  return q.query<OpsGame>(
    `${GAME_SQL} WHERE ($1::text IS NULL OR vendor_code = $1) AND ($2::text IS NULL OR game_type = $2) AND ($3::boolean IS NULL OR hidden = $3)
       ORDER BY game_type, sort, node_id LIMIT $4`,
    [filter.vendor, filter.gameType, filter.hidden, filter.limit],
  );
}

/** One game as the operators see it, or null. */
export async function opsGame(q: Queryable, nodeId: number): Promise<OpsGame | null> {
  return q.one<OpsGame>(`${GAME_SQL} WHERE node_id = $1`, [nodeId]);
}

/** The first `limit` games of a type in their order. */
export async function firstGames(q: Queryable, gameType: string, limit: number): Promise<OpsGame[]> {
  return q.query<OpsGame>(`${GAME_SQL} WHERE game_type = $1 ORDER BY sort, node_id LIMIT $2`, [gameType, limit]);
}

/** A game to add: an operator's game without its node id, a place in its type's order or none. */
export interface NewGame extends Omit<OpsGame, 'nodeId' | 'sort'> {
  drawInterval: number | null;
  /** null: after the type's last game */
  sort: number | null;
  maintenance: boolean;
}

/** Adds a game; its node id, or null when its code is taken. */
export async function insertGame(q: Queryable, g: NewGame): Promise<number | null> {
  const row = await q.one<{ node_id: number }>(
    `INSERT INTO games (game_code, vendor_code, game_type, is_game, name_en, name_bn, classify, game_group_code, hot_rank, is_new,
                            support_play, min_bet, line_num, draw_interval_s, sort, hidden, maintenance)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14,
                 COALESCE($15, (SELECT COALESCE(max(sort), 0) + 10 FROM games WHERE game_type = $3)), $16, $17)
         ON CONFLICT (game_code) DO NOTHING RETURNING node_id`,
    [
      g.gameCode,
      g.vendor,
      g.gameType,
      g.isGame,
      g.nameEn,
      g.nameBn,
      g.classify,
      g.gameGroupCode,
      g.hotRank,
      g.isNew,
      g.supportPlay,
      g.minBet,
      g.lineNum,
      g.drawInterval,
      g.sort,
      g.hidden,
      g.maintenance,
    ],
  );
  return row ? row.node_id : null;
}

const GAME_COLUMNS: Record<string, string> = {
  nameEn: 'name_en',
  nameBn: 'name_bn',
  classify: 'classify',
  gameGroupCode: 'game_group_code',
  hotRank: 'hot_rank',
  isNew: 'is_new',
  supportPlay: 'support_play',
  minBet: 'min_bet',
  lineNum: 'line_num',
  drawInterval: 'draw_interval_s',
  sort: 'sort',
  hidden: 'hidden',
  maintenance: 'maintenance',
};

/** Sets the fields present in changes (at least one) of a game; its node id, or null when there is no such game. */
export async function updateGame(q: Queryable, code: string, changes: Record<string, unknown>): Promise<number | null> {
  const { sets, params } = setClause(changes, GAME_COLUMNS, 2);
  const row = await q.one<{ node_id: number }>(
    `UPDATE games SET ${sets.join(', ')}, updated_at = now() WHERE game_code = $1 RETURNING node_id`,
    [code, ...params],
  );
  return row ? row.node_id : null;
}

/** The game's classify and type when its classify is not one of its type's, else null. */
export async function unknownClassify(q: Queryable, nodeId: number): Promise<{ classify: string; game_type: string } | null> {
  return q.one<{ classify: string; game_type: string }>(
    `SELECT g.classify, g.game_type FROM games g
      WHERE g.node_id = $1 AND g.classify IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM game_classifies c WHERE c.game_type = g.game_type AND c.key = g.classify)`,
    [nodeId],
  );
}
