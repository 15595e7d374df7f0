// The PvP rooms' SQL (issue 13, moved out of rooms.routes.ts by issue 15): the public list's rows and
// the operators' list, add, change and remove. The routes validate and answer.
import type { OpsRoom } from '@khela/api/rooms';
import type { Queryable } from '../../db/db';

export interface RoomRow {
  room_code: string;
  vendor_code: string;
  node_id: string | number;
  name_en: string;
  name_bn: string | null;
  min_entry: string | number;
  seats: number;
  players_online: number;
}

const OPS_SQL = `SELECT r.room_code AS "roomCode", r.vendor_code AS vendor, g.game_code AS "gameCode", r.name_en AS "nameEn",
       r.name_bn AS "nameBn", r.min_entry::float8 AS "minEntry", r.seats, r.players_online AS "playersOnline", r.sort, r.hidden
  FROM pvp_rooms r JOIN games g ON g.node_id = r.node_id`;

/** The visible rooms (of one vendor, or every vendor when null), by the operator's order. */
export async function visibleRooms(q: Queryable, vendor: string | null): Promise<RoomRow[]> {
  return q.query<RoomRow>(
    `SELECT room_code, vendor_code, node_id, name_en, name_bn, min_entry, seats, players_online
             FROM pvp_rooms WHERE NOT hidden AND ($1::text IS NULL OR vendor_code = $1) ORDER BY sort, id`,
    [vendor],
  );
}

/** One room as the operators see it, or null. */
export async function opsRoom(q: Queryable, code: string): Promise<OpsRoom | null> {
  return q.one<OpsRoom>(`${OPS_SQL} WHERE r.room_code = $1`, [code]);
}

/** Every room, hidden ones too, by vendor then order. */
export async function opsRooms(q: Queryable): Promise<OpsRoom[]> {
  return q.query<OpsRoom>(`${OPS_SQL} ORDER BY r.vendor_code, r.sort, r.id`);
}

/** The game a room is added on, or null. */
export async function gameForRoom(
  q: Queryable,
  gameCode: string,
): Promise<{ node_id: string | number; vendor_code: string; game_type: string; is_game: string } | null> {
  return q.one<{ node_id: string | number; vendor_code: string; game_type: string; is_game: string }>(
    'SELECT node_id, vendor_code, game_type, is_game FROM games WHERE game_code = $1',
    [gameCode],
  );
}

export interface NewRoom {
  roomCode: string;
  vendorCode: string;
  nodeId: string | number;
  nameEn: string;
  nameBn: string | null;
  minEntry: number;
  seats: number;
  playersOnline: number;
  /** null: after the vendor's last room */
  sort: number | null;
  hidden: boolean;
}

/** Adds a room; false when its code is taken. */
export async function insertRoom(q: Queryable, r: NewRoom): Promise<boolean> {
  const row = await q.one(
    `INSERT INTO pvp_rooms (room_code, vendor_code, node_id, name_en, name_bn, min_entry, seats, players_online, sort, hidden)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8,
                 COALESCE($9, (SELECT COALESCE(max(sort), 0) + 10 FROM pvp_rooms WHERE vendor_code = $2)), $10)
         ON CONFLICT (room_code) DO NOTHING RETURNING room_code`,
    [r.roomCode, r.vendorCode, r.nodeId, r.nameEn, r.nameBn, r.minEntry, r.seats, r.playersOnline, r.sort, r.hidden],
  );
  return !!row;
}

/** The columns a room change may set, by the API's field names (in the order they are set). */
const ROOM_COLUMNS = {
  nameEn: 'name_en',
  nameBn: 'name_bn',
  minEntry: 'min_entry',
  seats: 'seats',
  playersOnline: 'players_online',
  sort: 'sort',
  hidden: 'hidden',
} as const;
export type RoomField = keyof typeof ROOM_COLUMNS;
export const ROOM_FIELDS = Object.keys(ROOM_COLUMNS) as RoomField[];

/** Sets the given fields of a room (at least one); false when there is no such room. */
export async function updateRoom(q: Queryable, roomCode: string, changes: Partial<Record<RoomField, unknown>>): Promise<boolean> {
  const sets: string[] = [];
  const values: unknown[] = [roomCode];
  for (const field of ROOM_FIELDS) {
    if (!(field in changes)) continue;
    values.push(changes[field]);
    sets.push(`${ROOM_COLUMNS[field]} = $${values.length}`);
  }
  const row = await q.one(
    `UPDATE pvp_rooms SET ${sets.join(', ')}, updated_at = now() WHERE room_code = $1 RETURNING room_code`,
    values,
  );
  return !!row;
}

/** Removes a room; its code, or null when there is no such room. */
export async function deleteRoom(q: Queryable, roomCode: string): Promise<{ room_code: string } | null> {
  return q.one<{ room_code: string }>('DELETE FROM pvp_rooms WHERE room_code = $1 RETURNING room_code', [roomCode]);
}
