import type { Migration } from './index';

/**
 * The platform's own lottery (issue 17): the secret every draw's seed is derived from, the draws that
 * were settled or voided, and the members' lottery bets. A bet's money moves through the
 * seamless-wallet API (its bet record is bet_records' row of round wallet_round_id); this table holds
 * what the lottery needs: the draw, bet type, numbers, stake per number, result and payout.
 */
export const lottery: Migration = {
  version: 17,
  name: 'lottery',
  sql: `
CREATE TABLE lottery_secret (
  id      integer PRIMARY KEY CHECK (id = 1),
  secret  text NOT NULL
);

CREATE TABLE lottery_draws (
  game_code    text NOT NULL,
  draw_index   bigint NOT NULL,
  numero       text NOT NULL,
  draw_at      timestamptz NOT NULL,
  status       text NOT NULL CHECK (status IN ('SETTLED', 'VOID')),
  numbers      text[],
  server_seed  text,
  reason       text,
  decided_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (game_code, draw_index)
);

CREATE TABLE lottery_bets (
  id                bigserial PRIMARY KEY,
  member_id         bigint NOT NULL,
  vendor_code       text NOT NULL,
  game_code         text NOT NULL,
  node_id           bigint NOT NULL,
  draw_index        bigint NOT NULL,
  numero            text NOT NULL,
  draw_at           timestamptz NOT NULL,
  bet_type          text NOT NULL,
  numbers           text[] NOT NULL,
  stake_per_number  bigint NOT NULL CHECK (stake_per_number > 0),
  stake             bigint NOT NULL CHECK (stake > 0),
  odds              integer NOT NULL,
  wallet_round_id   text NOT NULL UNIQUE,
  status            text NOT NULL CHECK (status IN ('BETTING', 'OPEN', 'REFUSED', 'WON', 'LOST', 'VOID', 'ROLLED_BACK')),
  payout            bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
  hits              jsonb,
  last_error        text,
  placed_at         timestamptz NOT NULL DEFAULT now(),
  settled_at        timestamptz
);
CREATE INDEX lottery_bets_member_idx ON lottery_bets (member_id, placed_at DESC, id DESC);
CREATE INDEX lottery_bets_open_idx ON lottery_bets (draw_at, game_code, draw_index) WHERE status IN ('BETTING', 'OPEN');
`,
};
