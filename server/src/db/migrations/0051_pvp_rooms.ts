import type { Migration } from './index';

/**
 * PvP rooms (issue 13, the spec's GLS2_roomList): the tables a card-game vendor keeps open, each on
 * one of that vendor's games, with a minimum entry (poisha), the players a table seats and the
 * players in the room now. Operators add, change, hide and remove rooms; the storefront lists the
 * visible ones on the PvP page.
 */
export const pvpRooms: Migration = {
  version: 51,
  name: 'pvp rooms',
  sql: `
CREATE TABLE pvp_rooms (
  id             bigserial PRIMARY KEY,
  room_code      text NOT NULL UNIQUE CHECK (room_code ~ '^[A-Z0-9_]{2,48}$'),
  vendor_code    text NOT NULL REFERENCES game_vendors (code),
  node_id        bigint NOT NULL REFERENCES games (node_id),
  name_en        text NOT NULL CHECK (length(name_en) BETWEEN 1 AND 60),
  name_bn        text CHECK (length(name_bn) BETWEEN 1 AND 60),
  min_entry      bigint NOT NULL CHECK (min_entry > 0),
  seats          smallint NOT NULL CHECK (seats BETWEEN 2 AND 10),
  players_online integer NOT NULL DEFAULT 0 CHECK (players_online >= 0),
  sort           integer NOT NULL DEFAULT 0,
  hidden         boolean NOT NULL DEFAULT false,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pvp_rooms_vendor_idx ON pvp_rooms (vendor_code, sort, id);
`,
};
