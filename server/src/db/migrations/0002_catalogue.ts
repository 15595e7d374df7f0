import type { Migration } from './index';

/**
 * The game catalogue (vendors, classify entries, games), each member's favourites and recent
 * games, launches, the winners' board, and the storefront's announcements (banners, notices).
 */
export const catalogue: Migration = {
  version: 2,
  name: 'catalogue',
  sql: `
CREATE TABLE catalogue_meta (
  key   text PRIMARY KEY,
  value text NOT NULL
);
-- bumped by every operator edit: API servers compare it to drop their in-process catalogue cache
INSERT INTO catalogue_meta (key, value) VALUES ('version', '1');

CREATE TABLE game_vendors (
  code            text PRIMARY KEY CHECK (code ~ '^[A-Z0-9_]{2,32}$'),
  display_name    text NOT NULL CHECK (length(display_name) BETWEEN 1 AND 60),
  display_name_bn text CHECK (length(display_name_bn) BETWEEN 1 AND 60),
  game_types      text[] NOT NULL CHECK (cardinality(game_types) > 0
                    AND game_types <@ ARRAY['RNG','LIVE','FISH','PVP','SPORTS','ESPORTS','COCKFIGHT','LOTT','ELOTT']),
  sort            integer NOT NULL DEFAULT 0,
  hidden          boolean NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE game_classifies (
  game_type text NOT NULL,
  key       text NOT NULL CHECK (key ~ '^[A-Z0-9_]{1,32}$' AND key <> 'ALL'),
  name_en   text NOT NULL,
  name_bn   text,
  sort      integer NOT NULL DEFAULT 0,
  PRIMARY KEY (game_type, key)
);

CREATE TABLE games (
  node_id         bigserial PRIMARY KEY,
  game_code       text NOT NULL UNIQUE CHECK (game_code ~ '^[A-Z0-9_]{2,48}$'),
  vendor_code     text NOT NULL REFERENCES game_vendors (code),
  game_type       text NOT NULL CHECK (game_type IN ('RNG','LIVE','FISH','PVP','SPORTS','ESPORTS','COCKFIGHT','LOTT','ELOTT')),
  is_game         text NOT NULL DEFAULT 'GAME' CHECK (is_game IN ('GAME','LOBBY','VASSALAGE')),
  name_en         text NOT NULL CHECK (length(name_en) BETWEEN 1 AND 80),
  name_bn         text CHECK (length(name_bn) BETWEEN 1 AND 80),
  classify        text,
  game_group_code text,
  hot_rank        integer CHECK (hot_rank > 0),
  is_new          boolean NOT NULL DEFAULT false,
  support_play    smallint NOT NULL DEFAULT 1 CHECK (support_play IN (0, 1)),
  min_bet         bigint NOT NULL DEFAULT 100 CHECK (min_bet > 0),
  line_num        integer NOT NULL DEFAULT 0 CHECK (line_num >= 0),
  platforms       text[] NOT NULL DEFAULT ARRAY['html5-desktop','flash'],
  draw_interval_s integer CHECK (draw_interval_s > 0),
  sort            integer NOT NULL DEFAULT 0,
  hidden          boolean NOT NULL DEFAULT false,
  maintenance     boolean NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX games_type_sort_idx ON games (game_type, sort, node_id);
CREATE INDEX games_vendor_idx ON games (vendor_code);

CREATE TABLE favourite_games (
  member_id  bigint NOT NULL REFERENCES members (id),
  node_id    bigint NOT NULL REFERENCES games (node_id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, node_id)
);

CREATE TABLE recent_games (
  member_id      bigint NOT NULL REFERENCES members (id),
  node_id        bigint NOT NULL REFERENCES games (node_id),
  last_played_at timestamptz NOT NULL DEFAULT now(),
  play_count     integer NOT NULL DEFAULT 1,
  PRIMARY KEY (member_id, node_id)
);
CREATE INDEX recent_games_member_idx ON recent_games (member_id, last_played_at DESC);

CREATE TABLE game_launches (
  ticket       text PRIMARY KEY,
  member_id    bigint NOT NULL REFERENCES members (id),
  node_id      bigint NOT NULL REFERENCES games (node_id),
  account_type smallint NOT NULL CHECK (account_type IN (0, 1)),
  launch_mode  text NOT NULL,
  lotto        jsonb,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX game_launches_member_idx ON game_launches (member_id, created_at DESC);

CREATE TABLE game_wins (
  id            bigserial PRIMARY KEY,
  customer_name text NOT NULL,
  node_id       bigint NOT NULL REFERENCES games (node_id),
  win_amount    bigint NOT NULL CHECK (win_amount > 0),
  won_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX game_wins_amount_idx ON game_wins (win_amount DESC, id);

CREATE TABLE announcements (
  id             bigserial PRIMARY KEY,
  seed_key       text UNIQUE,
  type           text NOT NULL CHECK (type IN ('B','PL','PU','PR')),
  group_name     text,
  execution      text CHECK (execution IN ('A','B','F')),
  title_en       text NOT NULL,
  title_bn       text,
  content_en     text NOT NULL DEFAULT '',
  content_bn     text,
  link           text,
  promotion_type text,
  sort           integer NOT NULL DEFAULT 0,
  active         boolean NOT NULL DEFAULT true,
  starts_at      timestamptz,
  ends_at        timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (type <> 'B' OR group_name IS NOT NULL)
);
CREATE INDEX announcements_type_idx ON announcements (type, sort, id);
`,
};
