import type { Migration } from './index';

/**
 * Promotions, the bonus engine and the points mall (issue 12).
 *
 * - promotions: defined by operators, title and sanitised rich content per language, one of the
 *   spec's categories, dates, eligibility and the reward rule (deposit match, rebate, cash-back,
 *   fixed) with its wagering requirement and what an unmet bonus does on a withdrawal.
 * - promotion_participations: a member's part in a promotion, from joined through applying to
 *   issued (the bonus sits in the member's BONUS wallet until its wagering is met) and claimed
 *   (moved to cash), or rejected / forfeited. `round` makes "one per member" a unique key; ip_key
 *   and device_key are set only when the promotion allows one per IP or device, so the unique
 *   indexes hold exactly then.
 * - points: an account per member (never below zero), its entries (each with a unique key: a
 *   repeated redeem or conversion moves nothing), the operators' settings and exchange rates, the
 *   reward catalogue (stock never below zero) and the redemptions (IN_PROCESS → APPROVED/REJECTED).
 * - the PROMOTIONS house account pays every bonus and conversion.
 */
export const promotions: Migration = {
  version: 43,
  name: 'promotions',
  sql: `
INSERT INTO ledger_accounts (kind, house_code) VALUES ('HOUSE', 'PROMOTIONS');

ALTER TABLE members ADD COLUMN IF NOT EXISTS vip_level smallint NOT NULL DEFAULT 0;

CREATE TABLE promotions (
  id                  bigserial PRIMARY KEY,
  code                text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9_]{2,40}$'),
  category            text NOT NULL CHECK (category IN ('sports','live','slots','cards','fish','lotto','rebate','pointsMall','ranking','deposit','app','newbie','others')),
  title_bn            text NOT NULL CHECK (length(title_bn) BETWEEN 1 AND 200),
  title_en            text NOT NULL CHECK (length(title_en) BETWEEN 1 AND 200),
  content_bn          text NOT NULL CHECK (length(content_bn) <= 20000),
  content_en          text NOT NULL CHECK (length(content_en) <= 20000),
  starts_at           timestamptz NOT NULL,
  ends_at             timestamptz,
  kind                text NOT NULL CHECK (kind IN ('DEPOSIT_MATCH','REBATE','CASHBACK','FIXED','INFO')),
  -- the reward rule: basis points of the deposit / valid bets / net loss, or a fixed amount; capped
  percent_bp          integer NOT NULL DEFAULT 0 CHECK (percent_bp BETWEEN 0 AND 100000),
  fixed_amount        bigint NOT NULL DEFAULT 0 CHECK (fixed_amount >= 0),
  max_bonus           bigint CHECK (max_bonus > 0),
  min_amount          bigint NOT NULL DEFAULT 0 CHECK (min_amount >= 0),
  wagering_multiplier integer NOT NULL DEFAULT 0 CHECK (wagering_multiplier BETWEEN 0 AND 100),
  contribution        jsonb NOT NULL DEFAULT '{}',
  on_withdrawal       text NOT NULL DEFAULT 'FORFEIT' CHECK (on_withdrawal IN ('FORFEIT','BLOCK')),
  needs_approval      boolean NOT NULL DEFAULT false,
  -- eligibility
  new_member_days     integer CHECK (new_member_days > 0),
  first_deposit       boolean NOT NULL DEFAULT false,
  vip_levels          smallint[],
  once_per_member     boolean NOT NULL DEFAULT true,
  once_per_ip         boolean NOT NULL DEFAULT false,
  once_per_device     boolean NOT NULL DEFAULT false,
  status              text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE','HIDDEN')),
  sort                integer NOT NULL DEFAULT 0,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at IS NULL OR ends_at > starts_at)
);
CREATE INDEX promotions_listing_idx ON promotions (status, sort, id);

CREATE TABLE promotion_participations (
  id                 bigserial PRIMARY KEY,
  promotion_id       bigint NOT NULL REFERENCES promotions (id),
  member_id          bigint NOT NULL REFERENCES members (id),
  round              integer NOT NULL DEFAULT 1,
  status             text NOT NULL CHECK (status IN ('JOINED','APPLYING','REJECTED','ISSUED','CLAIMED','FORFEITED')),
  joined_at          timestamptz NOT NULL DEFAULT now(),
  basis_amount       bigint NOT NULL DEFAULT 0,
  bonus_amount       bigint NOT NULL DEFAULT 0 CHECK (bonus_amount >= 0),
  wagering_required  bigint NOT NULL DEFAULT 0 CHECK (wagering_required >= 0),
  contribution       jsonb NOT NULL DEFAULT '{}',
  on_withdrawal      text NOT NULL DEFAULT 'FORFEIT',
  deposit_order_id   bigint REFERENCES deposit_orders (id),
  applied_at         timestamptz,
  issued_at          timestamptz,
  claimed_at         timestamptz,
  decided_at         timestamptz,
  decided_by         text,
  reject_reason      text,
  ip_key             text,
  device_key         text,
  UNIQUE (promotion_id, member_id, round)
);
CREATE INDEX promotion_participations_member_idx ON promotion_participations (member_id, status);
CREATE INDEX promotion_participations_applying_idx ON promotion_participations (applied_at) WHERE status = 'APPLYING';
CREATE UNIQUE INDEX promotion_participations_ip ON promotion_participations (promotion_id, ip_key) WHERE ip_key IS NOT NULL;
CREATE UNIQUE INDEX promotion_participations_device ON promotion_participations (promotion_id, device_key) WHERE device_key IS NOT NULL;
-- a deposit earns at most one deposit bonus
CREATE UNIQUE INDEX promotion_participations_deposit ON promotion_participations (deposit_order_id) WHERE deposit_order_id IS NOT NULL;

CREATE TABLE point_settings (
  id                smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  -- valid bets (poisha) that earn one point
  poisha_per_point  bigint NOT NULL CHECK (poisha_per_point > 0),
  min_convert       bigint NOT NULL CHECK (min_convert > 0),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
INSERT INTO point_settings (poisha_per_point, min_convert) VALUES (1000, 100);

-- what one point is worth in poisha when converted, by VIP level (the exchange-rate table)
CREATE TABLE point_rates (
  vip_level        smallint PRIMARY KEY CHECK (vip_level >= 0),
  poisha_per_point bigint NOT NULL CHECK (poisha_per_point > 0)
);
INSERT INTO point_rates (vip_level, poisha_per_point) VALUES (0, 10), (1, 11), (2, 12), (3, 13), (4, 15), (5, 20);

CREATE TABLE point_accounts (
  member_id     bigint PRIMARY KEY REFERENCES members (id),
  balance       bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
  -- the member's valid bets already turned into points, and the poisha left over below a point
  counted_valid bigint NOT NULL DEFAULT 0,
  carry         bigint NOT NULL DEFAULT 0 CHECK (carry >= 0),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE point_entries (
  id            bigserial PRIMARY KEY,
  member_id     bigint NOT NULL REFERENCES members (id),
  key           text NOT NULL UNIQUE,
  kind          text NOT NULL CHECK (kind IN ('EARN','REDEEM','REFUND','CONVERT','ADJUST')),
  delta         bigint NOT NULL CHECK (delta <> 0),
  balance_after bigint NOT NULL CHECK (balance_after >= 0),
  reference     text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX point_entries_member_idx ON point_entries (member_id, id DESC);

CREATE TABLE point_rewards (
  id          bigserial PRIMARY KEY,
  title_bn    text NOT NULL,
  title_en    text NOT NULL,
  detail_bn   text NOT NULL DEFAULT '',
  detail_en   text NOT NULL DEFAULT '',
  points      bigint NOT NULL CHECK (points > 0),
  stock       integer NOT NULL CHECK (stock >= 0),
  max_per_redeem integer NOT NULL DEFAULT 5 CHECK (max_per_redeem > 0),
  status      text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE','HIDDEN')),
  sort        integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE point_redemptions (
  id           bigserial PRIMARY KEY,
  member_id    bigint NOT NULL REFERENCES members (id),
  reward_id    bigint NOT NULL REFERENCES point_rewards (id),
  quantity     integer NOT NULL CHECK (quantity > 0),
  points       bigint NOT NULL CHECK (points > 0),
  status       text NOT NULL CHECK (status IN ('IN_PROCESS','REJECTED','APPROVED')),
  request_key  text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  decided_at   timestamptz,
  decided_by   text,
  UNIQUE (member_id, request_key)
);
CREATE INDEX point_redemptions_member_idx ON point_redemptions (member_id, id DESC);

INSERT INTO point_rewards (title_bn, title_en, detail_bn, detail_en, points, stock, sort) VALUES
  ('খেলা টি-শার্ট', 'Khela T-shirt', 'সুতি টি-শার্ট, ঘরে পৌঁছে দেওয়া হবে।', 'Cotton T-shirt, delivered to your door.', 500, 50, 1),
  ('মোবাইল রিচার্জ ৳১০০', 'Mobile top-up ৳100', 'আপনার নিবন্ধিত নম্বরে রিচার্জ।', 'A top-up to your registered number.', 1200, 200, 2),
  ('ব্লুটুথ ইয়ারফোন', 'Bluetooth earphones', 'ওয়্যারলেস ইয়ারফোন।', 'Wireless earphones.', 6000, 20, 3),
  ('স্মার্টফোন', 'Smartphone', 'নতুন অ্যান্ড্রয়েড ফোন।', 'A new Android phone.', 150000, 2, 4);

INSERT INTO promotions (code, category, title_bn, title_en, content_bn, content_en, starts_at, ends_at, kind,
                        percent_bp, fixed_amount, max_bonus, min_amount, wagering_multiplier, contribution,
                        on_withdrawal, needs_approval, new_member_days, first_deposit, vip_levels,
                        once_per_member, once_per_ip, once_per_device, sort) VALUES
  ('FIRST_DEPOSIT_100', 'newbie', 'প্রথম ডিপোজিটে ১০০% বোনাস', '100% first deposit bonus',
   '<p>আপনার প্রথম ডিপোজিটে <strong>১০০%</strong> বোনাস, সর্বোচ্চ ৳১০,০০০। বোনাসের ১০ গুণ বাজি ধরলে বোনাস আপনার।</p>',
   '<p>Get a <strong>100%</strong> bonus on your first deposit, up to ৳10,000. Wager 10 times the bonus to release it.</p>',
   now() - interval '30 days', now() + interval '365 days', 'DEPOSIT_MATCH', 10000, 0, 1000000, 20000, 10,
   '{"RNG":100,"FISH":100,"PVP":50,"LIVE":20,"SPORTS":50,"ESPORTS":50,"COCKFIGHT":20,"LOTT":10,"ELOTT":10}',
   'FORFEIT', false, 30, true, NULL, true, false, false, 1),
  ('NEWBIE_FREE_88', 'newbie', 'নতুন সদস্যদের জন্য ৳৮৮ ফ্রি', '৳88 free for new members',
   '<p>নিবন্ধনের ৭ দিনের মধ্যে যোগ দিন, ৳৮৮ ফ্রি বোনাস পান। ৫ গুণ বাজি প্রয়োজন।</p>',
   '<p>Join within 7 days of signing up and get a free ৳88 bonus. Wager it 5 times.</p>',
   now() - interval '30 days', now() + interval '365 days', 'FIXED', 0, 8800, NULL, 0, 5,
   '{"RNG":100,"FISH":100}', 'BLOCK', true, 7, false, NULL, true, true, true, 2),
  ('DAILY_RELOAD_20', 'deposit', 'প্রতিদিন রিলোড ২০%', 'Daily reload 20%',
   '<p>প্রতিটি ডিপোজিটে ২০% বোনাস, সর্বোচ্চ ৳২,০০০।</p>', '<p>A 20% bonus on a deposit, up to ৳2,000.</p>',
   now() - interval '10 days', now() + interval '180 days', 'DEPOSIT_MATCH', 2000, 0, 200000, 50000, 8,
   '{"RNG":100,"FISH":100,"LIVE":10}', 'FORFEIT', false, NULL, false, NULL, false, false, false, 3),
  ('SLOTS_WEEKEND', 'slots', 'স্লট উইকেন্ড বোনাস', 'Slots weekend bonus',
   '<p>সপ্তাহান্তে স্লট খেলে ৳৫০০ বোনাস। শুধু স্লট বাজি গণনা হয়।</p>', '<p>A ৳500 bonus for weekend slots. Only slot bets count.</p>',
   now() - interval '5 days', now() + interval '60 days', 'FIXED', 0, 50000, NULL, 0, 15,
   '{"RNG":100}', 'FORFEIT', true, NULL, false, NULL, true, false, false, 4),
  ('LIVE_CASHBACK_10', 'live', 'লাইভ ক্যাসিনো ১০% ক্যাশব্যাক', 'Live casino 10% cash-back',
   '<p>যোগ দেওয়ার পর লাইভ ক্যাসিনোতে নিট ক্ষতির ১০% ফেরত, সর্বোচ্চ ৳৫,০০০।</p>',
   '<p>10% of your net live-casino loss after joining comes back, up to ৳5,000.</p>',
   now() - interval '3 days', now() + interval '90 days', 'CASHBACK', 1000, 0, 500000, 10000, 1,
   '{"LIVE":100}', 'FORFEIT', false, NULL, false, NULL, false, false, false, 5),
  ('SPORTS_REBATE', 'sports', 'স্পোর্টস রিবেট ১%', 'Sports rebate 1%',
   '<p>স্পোর্টস বাজিতে ১% রিবেট, কোনো বাজির শর্ত নেই।</p>', '<p>A 1% rebate on sports bets, no wagering.</p>',
   now() - interval '20 days', now() + interval '120 days', 'REBATE', 100, 0, 300000, 10000, 0,
   '{"SPORTS":100,"ESPORTS":100}', 'FORFEIT', false, NULL, false, NULL, false, false, false, 6),
  ('CARDS_KING', 'cards', 'কার্ড গেম কিং', 'Card games king',
   '<p>কার্ড গেমে ৳৫,০০০ বাজি ধরুন, ৳১৫০ বোনাস পান।</p>', '<p>Wager ৳5,000 on card games and get ৳150.</p>',
   now() - interval '2 days', now() + interval '30 days', 'FIXED', 0, 15000, NULL, 500000, 3,
   '{"PVP":100}', 'FORFEIT', false, NULL, false, NULL, true, false, false, 7),
  ('FISH_HUNTER', 'fish', 'মাছ শিকারি রিবেট', 'Fish hunter rebate',
   '<p>ফিশিং গেমে ০.৮% রিবেট।</p>', '<p>A 0.8% rebate on fishing games.</p>',
   now() - interval '7 days', now() + interval '60 days', 'REBATE', 80, 0, 100000, 5000, 0,
   '{"FISH":100}', 'FORFEIT', false, NULL, false, NULL, false, false, false, 8),
  ('LOTTO_LUCKY', 'lotto', 'লটো লাকি ড্র', 'Lotto lucky draw',
   '<p>লটারির টিকিটে ৫% ক্যাশব্যাক, সর্বোচ্চ ৳১,০০০।</p>', '<p>5% cash-back on lottery tickets, up to ৳1,000.</p>',
   now() + interval '7 days', now() + interval '37 days', 'CASHBACK', 500, 0, 100000, 5000, 1,
   '{"LOTT":100,"ELOTT":100}', 'FORFEIT', false, NULL, false, NULL, false, false, false, 9),
  ('ALL_GAMES_REBATE', 'rebate', 'সব খেলায় ০.৫% রিবেট', '0.5% rebate on every game',
   '<p>যোগ দেওয়ার পর সব বৈধ বাজিতে ০.৫% রিবেট, তাৎক্ষণিক দাবি।</p>', '<p>0.5% of every valid bet after joining, claim any time.</p>',
   now() - interval '60 days', NULL, 'REBATE', 50, 0, 500000, 1000, 0,
   '{"RNG":100,"LIVE":100,"FISH":100,"PVP":100,"SPORTS":100,"ESPORTS":100,"COCKFIGHT":100,"LOTT":100,"ELOTT":100}',
   'FORFEIT', false, NULL, false, NULL, false, false, false, 10),
  ('POINTS_DOUBLE', 'pointsMall', 'পয়েন্ট মলে ডাবল উপহার', 'Points mall double gift',
   '<p>পয়েন্ট মলে রিডিম করুন, বৈধ বাজিতে প্রতি ৳১০ এ ১ পয়েন্ট। বিস্তারিত পয়েন্ট মলে।</p>',
   '<p>Redeem gifts in the points mall: 1 point for every ৳10 of valid bets. Details in the points mall.</p>',
   now() - interval '15 days', NULL, 'INFO', 0, 0, NULL, 0, 0, '{}', 'FORFEIT', false, NULL, false, NULL, true, false, false, 11),
  ('VIP_RANKING', 'ranking', 'ভিআইপি র‍্যাঙ্কিং উপহার', 'VIP ranking gift',
   '<p>ভিআইপি লেভেল ৩ বা তার বেশি সদস্যদের জন্য ৳১,০০০ উপহার, অনুমোদনের পর।</p>',
   '<p>A ৳1,000 gift for VIP level 3 and up, after approval.</p>',
   now() - interval '1 day', now() + interval '30 days', 'FIXED', 0, 100000, NULL, 0, 1,
   '{"RNG":100,"LIVE":100,"FISH":100,"PVP":100,"SPORTS":100}', 'BLOCK', true, NULL, false, '{3,4,5}', true, false, false, 12),
  ('APP_DOWNLOAD_50', 'app', 'অ্যাপ ডাউনলোড বোনাস ৳৫০', 'App download bonus ৳50',
   '<p>অ্যাপ ডাউনলোড করে যোগ দিন, ৳৫০ পান। প্রতি ডিভাইসে একবার।</p>', '<p>Download the app, join and get ৳50. Once per device.</p>',
   now() - interval '90 days', NULL, 'FIXED', 0, 5000, NULL, 0, 3,
   '{"RNG":100,"FISH":100}', 'FORFEIT', true, NULL, false, NULL, true, false, true, 13),
  ('BIRTHDAY_GIFT', 'others', 'জন্মদিনের উপহার', 'Birthday gift',
   '<p>আপনার জন্মদিনে গ্রাহক সেবার মাধ্যমে ৳২০০ উপহার আবেদন করুন।</p>', '<p>Apply for a ৳200 gift on your birthday; customer service checks it.</p>',
   now() - interval '90 days', NULL, 'FIXED', 0, 20000, NULL, 0, 1,
   '{"RNG":100,"LIVE":100,"FISH":100,"PVP":100}', 'FORFEIT', true, NULL, false, NULL, true, false, false, 14),
  ('SUMMER_FEST', 'others', 'গ্রীষ্ম উৎসব', 'Summer festival',
   '<p>গ্রীষ্ম উৎসব শেষ হয়েছে, পরের উৎসবের অপেক্ষায় থাকুন।</p>', '<p>The summer festival is over; watch for the next one.</p>',
   now() - interval '120 days', now() - interval '30 days', 'FIXED', 0, 10000, NULL, 0, 1,
   '{"RNG":100}', 'FORFEIT', false, NULL, false, NULL, true, false, false, 15);
`,
};
