import type { Migration } from './index';

/**
 * Operators close a red envelope before its end, and raffles (issue 12).
 *
 * - red_envelopes.closed_at / closed_by: a closed envelope is no longer listed to members nor
 *   claimable; what was paid from it stays as it was. (Missions close by their status, HIDDEN.)
 * - raffles: an operator's lucky draw. A member earns tickets from valid bets placed in the raffle's
 *   window (one per poisha_per_ticket, at most max_tickets), claims them into the draw (once: the
 *   entry's key), and after the window the operator draws once (status OPEN → DRAWN under the
 *   row's lock): winners weighted by tickets, one place per member, each prize paid from PROMOTIONS.
 */
export const promotionOpsClose: Migration = {
  version: 49,
  name: 'red envelope close and raffles',
  sql: `
ALTER TABLE red_envelopes ADD COLUMN closed_at timestamptz, ADD COLUMN closed_by text;

CREATE TABLE raffles (
  id                bigserial PRIMARY KEY,
  title_bn          text NOT NULL CHECK (length(title_bn) BETWEEN 1 AND 200),
  title_en          text NOT NULL CHECK (length(title_en) BETWEEN 1 AND 200),
  starts_at         timestamptz NOT NULL,
  ends_at           timestamptz NOT NULL,
  poisha_per_ticket bigint NOT NULL CHECK (poisha_per_ticket > 0),
  max_tickets       integer NOT NULL CHECK (max_tickets BETWEEN 1 AND 100000),
  prizes            bigint[] NOT NULL CHECK (cardinality(prizes) BETWEEN 1 AND 100 AND 0 < ALL (prizes)),
  status            text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'DRAWN')),
  drawn_at          timestamptz,
  drawn_by          text,
  created_by        text NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at)
);
CREATE INDEX raffles_window_idx ON raffles (ends_at);

CREATE TABLE raffle_entries (
  raffle_id  bigint NOT NULL REFERENCES raffles (id),
  member_id  bigint NOT NULL REFERENCES members (id),
  claimed_at timestamptz NOT NULL DEFAULT now(),
  -- the tickets the draw counted
  tickets    integer,
  PRIMARY KEY (raffle_id, member_id)
);

CREATE TABLE raffle_winners (
  raffle_id bigint NOT NULL REFERENCES raffles (id),
  place     integer NOT NULL CHECK (place > 0),
  member_id bigint NOT NULL REFERENCES members (id),
  prize     bigint NOT NULL CHECK (prize > 0),
  tickets   integer NOT NULL,
  PRIMARY KEY (raffle_id, place),
  UNIQUE (raffle_id, member_id)
);
`,
};
