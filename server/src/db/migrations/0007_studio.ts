import type { Migration } from './index';

/**
 * The platform's own games (issue 9): the studio's provably fair seeds, its rounds and the demo
 * credits of free-trial play; the engine a game runs on; a connected vendor's launch address.
 *
 * - studio_seeds: one active seed pair per member and engine (the unique partial index); a
 *   rotation reveals the row (revealed_at) and inserts the next. next_nonce is taken with one
 *   atomic UPDATE, so two rounds never share a nonce.
 * - studio_rounds: every round the studio played, real or demo, with what recomputes it (seed,
 *   nonce, client seed, params) and what it decided (outcome, stake, payout). A real round walks
 *   BETTING → PENDING (bet taken, win to deliver) → SETTLED, or BETTING → ROLLBACK (the bet's
 *   answer was lost: roll it back) → ROLLED_BACK, or BETTING → REFUSED (the wallet said no: no
 *   money moved). wallet_round_id names it to the wallet API (round and transaction ids).
 * - studio_demo_wallets: free-trial credits, never in the ledger.
 * - games.engine: the engine of a game the studio plays (the platform's own games name theirs;
 *   other games take their category's). game_vendors.launch_url_template: a connected real
 *   vendor's game address ({token}, {gameCode}, …); its games then launch there.
 */
export const studio: Migration = {
  version: 7,
  name: 'studio',
  sql: `
ALTER TABLE games ADD COLUMN engine text CHECK (engine IN ('slot', 'dice', 'andarbahar'));
ALTER TABLE game_vendors
  ADD COLUMN launch_url_template text CHECK (length(launch_url_template) BETWEEN 10 AND 2048),
  ADD COLUMN connected_at timestamptz;

CREATE TABLE studio_seeds (
  id               bigserial PRIMARY KEY,
  member_id        bigint NOT NULL REFERENCES members (id),
  engine           text NOT NULL CHECK (engine IN ('slot', 'dice', 'andarbahar')),
  server_seed      text NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash text NOT NULL CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
  client_seed      text NOT NULL CHECK (client_seed ~ '^[!-~]{1,64}$'),
  next_nonce       integer NOT NULL DEFAULT 0 CHECK (next_nonce >= 0),
  created_at       timestamptz NOT NULL DEFAULT now(),
  revealed_at      timestamptz
);
CREATE UNIQUE INDEX studio_seeds_active ON studio_seeds (member_id, engine) WHERE revealed_at IS NULL;

CREATE TABLE studio_rounds (
  id               bigserial PRIMARY KEY,
  wallet_round_id  text NOT NULL UNIQUE,
  member_id        bigint NOT NULL REFERENCES members (id),
  vendor_code      text NOT NULL REFERENCES game_vendors (code),
  game_code        text NOT NULL,
  node_id          bigint REFERENCES games (node_id),
  engine           text NOT NULL,
  mode             text NOT NULL CHECK (mode IN ('REAL', 'DEMO')),
  seed_id          bigint NOT NULL REFERENCES studio_seeds (id),
  nonce            integer NOT NULL,
  client_seed      text NOT NULL,
  params           jsonb NOT NULL,
  outcome          jsonb NOT NULL,
  stake            bigint NOT NULL CHECK (stake > 0),
  payout           bigint NOT NULL CHECK (payout >= 0),
  status           text NOT NULL CHECK (status IN ('BETTING', 'REFUSED', 'PENDING', 'SETTLED', 'ROLLBACK', 'ROLLED_BACK')),
  attempts         integer NOT NULL DEFAULT 0,
  last_error       text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  settled_at       timestamptz,
  UNIQUE (seed_id, nonce),
  CHECK (mode = 'REAL' OR status = 'SETTLED')
);
CREATE INDEX studio_rounds_member_game_idx ON studio_rounds (member_id, game_code, id DESC);
CREATE INDEX studio_rounds_unfinished_idx ON studio_rounds (created_at) WHERE status IN ('BETTING', 'PENDING', 'ROLLBACK');

CREATE TABLE studio_demo_wallets (
  member_id  bigint PRIMARY KEY REFERENCES members (id),
  balance    bigint NOT NULL CHECK (balance >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
};
