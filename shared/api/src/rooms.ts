import type { Game } from './games';

/**
 * PvP rooms (issue 13; the spec's `/wps/relay/GLS2_roomList`, launched with `/wps/game/launchGame`):
 * the tables a card-game vendor keeps open, each on one of its games, with a minimum entry and a
 * number of seats. The room list is public (guests see it on the PvP page); playing a room launches
 * its game, so it needs a login like any launch.
 */
export const ROOM_PATHS = {
  /** GET ?vassalage=&language=: the visible rooms ({ list }), by vendor then the operator's order */
  roomList: '/wps/relay/GLS2_roomList',
  /** operators (X-Ops-Key): GET every room, POST a room; PATCH and DELETE /ops/rooms/<roomCode> */
  opsRooms: '/ops/rooms',
} as const;

export interface PvpRoom {
  roomCode: string;
  /** the vendor's code */
  vassalage: string;
  vendorName: string;
  roomName: string;
  /** the smallest stake to sit down, in poisha */
  minEntry: number;
  /** players per table */
  seats: number;
  /** players in the room now */
  playersOnline: number;
  /** the game the room is played on (launching the room launches it) */
  game: Game;
}

export interface RoomListResponse {
  list: PvpRoom[];
}

/** A room as operators see and edit it. */
export interface OpsRoom {
  roomCode: string;
  vendor: string;
  gameCode: string;
  nameEn: string;
  nameBn: string | null;
  minEntry: number;
  seats: number;
  playersOnline: number;
  sort: number;
  hidden: boolean;
}
