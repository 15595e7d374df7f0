// The game domain's SQL (issue 15): launches, recent games, winners, member games and the ops'
// vendor/game edits. The routes (*.routes.ts) validate and answer; this module reads and writes.
// Rooms keep theirs in rooms.repo.ts.
import type { Queryable } from '../../db/db';

// ---- launches (launch.routes.ts)

export interface LaunchRow {
  node_id: number;
  account_type: 0 | 1;
  launch_mode: string;
  lotto: unknown;
  created_at: Date;
}

/** Stores a launch ticket for a member and game (lotto: the lottery's area/prize mode/view, or null). */
export async function insertLaunch(
  q: Queryable,
  launch: { ticket: string; memberId: number; nodeId: number; accountType: number; launchMode: string; lotto: unknown },
): Promise<void> {
  await q.query(
    `INSERT INTO game_launches (ticket, member_id, node_id, account_type, launch_mode, lotto) VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
    [
      launch.ticket,
      launch.memberId,
      launch.nodeId,
      launch.accountType,
      launch.launchMode,
      launch.lotto ? JSON.stringify(launch.lotto) : null,
    ],
  );
}

/** Marks a game played by a member now (its recent-games row, counting plays). */
export async function touchRecentGame(q: Queryable, memberId: number, nodeId: number): Promise<void> {
  await q.query(
    `INSERT INTO recent_games (member_id, node_id) VALUES ($1, $2)
         ON CONFLICT (member_id, node_id) DO UPDATE SET last_played_at = now(), play_count = recent_games.play_count + 1`,
    [memberId, nodeId],
  );
}

/** A member's launch by ticket while younger than ttlSeconds, or null. */
export async function findLaunch(q: Queryable, ticket: string, memberId: number, ttlSeconds: number): Promise<LaunchRow | null> {
  return q.one<LaunchRow>(
    `SELECT node_id, account_type, launch_mode, lotto, created_at FROM game_launches
        WHERE ticket = $1 AND member_id = $2 AND created_at > now() - make_interval(secs => $3)`,
    [ticket, memberId, ttlSeconds],
  );
}

// ---- lottery (lottery.routes.ts)

/** The node ids of a member's 20 most recently played lottery games, last played first. */
export async function recentLotteryNodes(q: Queryable, memberId: number): Promise<{ node_id: number }[]> {
  return q.query<{ node_id: number }>(
    `SELECT r.node_id FROM recent_games r JOIN games g ON g.node_id = r.node_id
        WHERE r.member_id = $1 AND g.game_type IN ('LOTT', 'ELOTT')
        ORDER BY r.last_played_at DESC LIMIT 20`,
    [memberId],
  );
}

// ---- winners (catalogue.routes.ts)

export interface WinRow {
  customer_name: string;
  node_id: number;
  win_amount: number;
  won_at: Date;
}

/** The biggest wins on visible games of a type ('ALL': any), biggest first. */
export async function topWins(q: Queryable, category: string, limit: number): Promise<WinRow[]> {
  return q.query<WinRow>(
    `SELECT w.customer_name, w.node_id, w.win_amount, w.won_at
       FROM game_wins w JOIN games g ON g.node_id = w.node_id
      WHERE ($1 = 'ALL' OR g.game_type = $1) AND NOT g.hidden
      ORDER BY w.win_amount DESC, w.id
      LIMIT $2`,
    [category, limit],
  );
}

// ---- favourites and recent games (member-games.routes.ts)

/** The node ids of a member's favourites, newest first. */
export async function favouriteNodes(q: Queryable, memberId: number): Promise<{ node_id: number }[]> {
  return q.query<{ node_id: number }>(
    'SELECT node_id FROM favourite_games WHERE member_id = $1 ORDER BY created_at DESC, node_id DESC',
    [memberId],
  );
}

/** Locks a member's row until the transaction ends (one favourite add at a time per member). */
export async function lockMember(q: Queryable, memberId: number): Promise<void> {
  await q.query('SELECT 1 FROM members WHERE id = $1 FOR UPDATE', [memberId]);
}

/** How many favourites a member keeps. */
export async function favouriteCount(q: Queryable, memberId: number): Promise<number> {
  const count = await q.one<{ n: number }>('SELECT count(*)::int AS n FROM favourite_games WHERE member_id = $1', [memberId]);
  return count?.n ?? 0;
}

/** Adds a favourite while count is under max; false when it was kept already or the limit is reached. */
export async function insertFavourite(
  q: Queryable,
  memberId: number,
  nodeId: number,
  count: number,
  max: number,
): Promise<boolean> {
  const row = await q.one(
    `INSERT INTO favourite_games (member_id, node_id)
         SELECT $1, $2 WHERE $3 < $4
         ON CONFLICT (member_id, node_id) DO NOTHING RETURNING node_id`,
    [memberId, nodeId, count, max],
  );
  return !!row;
}

/** True when a member keeps this game as a favourite. */
export async function isFavourite(q: Queryable, memberId: number, nodeId: number): Promise<boolean> {
  return !!(await q.one('SELECT 1 FROM favourite_games WHERE member_id = $1 AND node_id = $2', [memberId, nodeId]));
}

/** Removes a favourite; false when it was not one. */
export async function deleteFavourite(q: Queryable, memberId: number, nodeId: number): Promise<boolean> {
  const row = await q.one('DELETE FROM favourite_games WHERE member_id = $1 AND node_id = $2 RETURNING node_id', [
    memberId,
    nodeId,
  ]);
  return row !== null;
}

/** A member's last 500 played games, last played first. */
export async function recentGames(q: Queryable, memberId: number): Promise<{ node_id: number; last_played_at: Date }[]> {
  return q.query<{ node_id: number; last_played_at: Date }>(
    'SELECT node_id, last_played_at FROM recent_games WHERE member_id = $1 ORDER BY last_played_at DESC, node_id DESC LIMIT 500',
    [memberId],
  );
}
