import type { Migration } from './index';

/**
 * Missions and the leaderboard (issue 12, the member centre's missionLeaderboard): operators' missions
 * measured from bet records ("wager ৳1,000 on slots this week"), claimed once per member per period
 * (the unique key), paid from the PROMOTIONS house account.
 */
export const missions: Migration = {
  version: 44,
  name: 'missions',
  sql: `
CREATE TABLE missions (
  id         bigserial PRIMARY KEY,
  code       text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9_]{2,40}$'),
  title_bn   text NOT NULL CHECK (length(title_bn) BETWEEN 1 AND 200),
  title_en   text NOT NULL CHECK (length(title_en) BETWEEN 1 AND 200),
  -- the game type whose valid bets count (null: every game)
  game_type  text CHECK (game_type IN ('RNG','LIVE','FISH','PVP','SPORTS','ESPORTS','COCKFIGHT','LOTT','ELOTT')),
  target     bigint NOT NULL CHECK (target > 0),
  reward     bigint NOT NULL CHECK (reward > 0),
  period     text NOT NULL CHECK (period IN ('DAY','WEEK')),
  status     text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE','HIDDEN')),
  sort       integer NOT NULL DEFAULT 0
);

CREATE TABLE mission_claims (
  id           bigserial PRIMARY KEY,
  mission_id   bigint NOT NULL REFERENCES missions (id),
  member_id    bigint NOT NULL REFERENCES members (id),
  period_start timestamptz NOT NULL,
  reward       bigint NOT NULL,
  claimed_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (mission_id, member_id, period_start)
);
CREATE INDEX mission_claims_member_idx ON mission_claims (member_id, claimed_at DESC);

INSERT INTO missions (code, title_bn, title_en, game_type, target, reward, period, sort) VALUES
  ('DAILY_SLOTS_500', 'আজ স্লটে ৳৫০০ বাজি ধরুন', 'Wager ৳500 on slots today', 'RNG', 50000, 1000, 'DAY', 1),
  ('DAILY_ANY_2000', 'আজ যেকোনো খেলায় ৳২,০০০ বাজি ধরুন', 'Wager ৳2,000 on any game today', NULL, 200000, 3000, 'DAY', 2),
  ('WEEKLY_SLOTS_1000', 'এই সপ্তাহে স্লটে ৳১,০০০ বাজি ধরুন', 'Wager ৳1,000 on slots this week', 'RNG', 100000, 2500, 'WEEK', 3),
  ('WEEKLY_LIVE_5000', 'এই সপ্তাহে লাইভ ক্যাসিনোতে ৳৫,০০০', 'Wager ৳5,000 on live casino this week', 'LIVE', 500000, 10000, 'WEEK', 4);
`,
};
