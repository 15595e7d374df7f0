import type { Db } from '../../db/db';

/** [key, type, group, execution, link, promotionType, English title, English text, Bengali title, Bengali text] */
type Row = [
  string,
  'B' | 'PL' | 'PU' | 'PR',
  string | null,
  'A' | 'B' | 'F' | null,
  string | null,
  string | null,
  string,
  string,
  string,
  string,
];

/** The storefront's starting announcements: banners per group, player notices, popups, a promotion. */
export const ANNOUNCEMENTS: readonly Row[] = [
  [
    'home-welcome',
    'B',
    'w_home',
    null,
    '/promotions',
    null,
    'Welcome bonus: 100% on your first deposit',
    'Up to ৳10,000 extra to play with. Terms apply.',
    'স্বাগতম বোনাস: প্রথম ডিপোজিটে ১০০%',
    'খেলার জন্য সর্বোচ্চ ৳১০,০০০ অতিরিক্ত। শর্ত প্রযোজ্য।',
  ],
  [
    'home-cricket',
    'B',
    'w_home',
    null,
    '/sports',
    null,
    'Cricket season is on: bet on every over',
    'Live odds on every match, from the first ball to the last.',
    'ক্রিকেট মৌসুম চলছে: প্রতিটি ওভারে বাজি ধরুন',
    'প্রথম বল থেকে শেষ বল পর্যন্ত প্রতিটি ম্যাচে লাইভ অডস।',
  ],
  [
    'home-slots',
    'B',
    'w_home',
    null,
    '/rng?gameCategory=NEW',
    null,
    'New slots every week',
    'More than 2,000 slot games from a dozen studios.',
    'প্রতি সপ্তাহে নতুন স্লট',
    'এক ডজন স্টুডিওর ২,০০০-এর বেশি স্লট গেম।',
  ],
  [
    'home-live',
    'B',
    'w_home',
    null,
    '/live',
    null,
    'Live casino, open all night',
    'Baccarat, roulette and teen patti with real dealers.',
    'লাইভ ক্যাসিনো, সারা রাত খোলা',
    'আসল ডিলারের সাথে বাকারাট, রুলেট আর তিন পাত্তি।',
  ],
  [
    'login',
    'B',
    'w_login',
    null,
    null,
    null,
    'Log in and pick up where you left off',
    'Your favourites and recent games are waiting.',
    'লগইন করে যেখানে থেমেছিলেন সেখান থেকে শুরু করুন',
    'আপনার প্রিয় ও সাম্প্রতিক গেম অপেক্ষা করছে।',
  ],
  [
    'register',
    'B',
    'w_register',
    null,
    null,
    null,
    'Join Khela in a minute',
    'A username and a password is all it takes.',
    'এক মিনিটে খেলায় যোগ দিন',
    'শুধু একটি ইউজারনেম আর পাসওয়ার্ড লাগবে।',
  ],
  [
    'leftmenu',
    'B',
    'w_leftmenu',
    null,
    '/member/referral',
    null,
    'Invite friends, earn rewards',
    'Share your link and earn from every friend who plays.',
    'বন্ধুদের আমন্ত্রণ জানান, পুরস্কার জিতুন',
    'আপনার লিংক শেয়ার করুন, বন্ধুরা খেললেই আয় করুন।',
  ],
  [
    'notice-maintenance',
    'PL',
    null,
    null,
    null,
    null,
    'Scheduled maintenance on Sunday from 02:00 to 03:00 (Dhaka time): some games will be unavailable.',
    'During the maintenance window some vendors may be unavailable. Balances are not affected.',
    'রবিবার রাত ২টা থেকে ৩টা (ঢাকা সময়) নির্ধারিত রক্ষণাবেক্ষণ: কিছু গেম বন্ধ থাকবে।',
    'রক্ষণাবেক্ষণের সময় কিছু প্রদানকারীর গেম বন্ধ থাকতে পারে। ব্যালান্সে কোনো প্রভাব পড়বে না।',
  ],
  [
    'notice-deposits',
    'PL',
    null,
    null,
    null,
    null,
    'Mobile wallet deposits are credited within minutes, 24 hours a day.',
    'Deposit from the member centre at any hour.',
    'মোবাইল ওয়ালেটের জমা দিনরাত ২৪ ঘণ্টা কয়েক মিনিটের মধ্যে যোগ হয়।',
    'সদস্য কেন্দ্র থেকে যেকোনো সময় জমা দিন।',
  ],
  [
    'notice-responsible',
    'PL',
    null,
    null,
    null,
    null,
    'Play responsibly: set your own deposit limit in the member centre.',
    'Limits take effect at once and protect your budget.',
    'দায়িত্ব নিয়ে খেলুন: সদস্য কেন্দ্রে নিজের জমার সীমা ঠিক করুন।',
    'সীমা সঙ্গে সঙ্গে কার্যকর হয় এবং আপনার বাজেট রক্ষা করে।',
  ],
  [
    'notice-cockfight',
    'PL',
    null,
    null,
    '/sports?category=COCKFIGHT',
    null,
    'The cockfight arena opens every evening at 19:00.',
    'Live matches every evening.',
    'মোরগ লড়াই অ্যারেনা প্রতিদিন সন্ধ্যা ৭টায় খোলে।',
    'প্রতিদিন সন্ধ্যায় লাইভ ম্যাচ।',
  ],
  [
    'popup-welcome',
    'PU',
    null,
    'B',
    '/promotions',
    null,
    'Welcome to Khela',
    'Slots, live casino, sports and lottery in one place. Claim your welcome bonus.',
    'খেলায় স্বাগতম',
    'স্লট, লাইভ ক্যাসিনো, খেলাধুলা আর লটারি — সব এক জায়গায়। আপনার স্বাগতম বোনাস নিন।',
  ],
  [
    'popup-first-login',
    'PU',
    null,
    'F',
    '/member/depositv2',
    null,
    'Your account is ready',
    'Make your first deposit to start playing for real.',
    'আপনার অ্যাকাউন্ট প্রস্তুত',
    'আসল খেলা শুরু করতে প্রথম জমা দিন।',
  ],
  [
    'promo-cashback',
    'PR',
    null,
    'B',
    '/promotions',
    'REBATE',
    'Weekly cashback: 5% on slots',
    "Every Monday, 5% of last week's net slot losses back to your wallet.",
    'সাপ্তাহিক ক্যাশব্যাক: স্লটে ৫%',
    'প্রতি সোমবার, গত সপ্তাহের স্লটের নিট ক্ষতির ৫% আপনার ওয়ালেটে ফেরত।',
  ],
];

export const CONTENT_SEED_VERSION = '1';

/**
 * Inserts the announcements that are missing (by their seed key), once per seed version: an
 * announcement an operator removed does not come back, and none is ever changed. With
 * KHELA_SEED_POPUPS=off the popups are seeded switched off (the end-to-end tests' server: a popup
 * after every login would cover what the other tests click; an operator can switch them on).
 */
export async function seedAnnouncements(db: Db, popupsActive = process.env.KHELA_SEED_POPUPS !== 'off'): Promise<void> {
  const done = await db.one<{ value: string }>(`SELECT value FROM catalogue_meta WHERE key = 'content_seed_version'`);
  if (done?.value === CONTENT_SEED_VERSION) return;
  await db.tx(async (q) => {
    await q.query(
      `INSERT INTO announcements (seed_key, type, group_name, execution, link, promotion_type, title_en, content_en, title_bn, content_bn, sort, active)
       SELECT k, t, g, e, l, p, te, ce, tb, cb, ord * 10, t <> 'PU' OR $2
         FROM ROWS FROM (jsonb_to_recordset($1::jsonb)
                AS (k text, t text, g text, e text, l text, p text, te text, ce text, tb text, cb text)) WITH ORDINALITY
           AS x(k, t, g, e, l, p, te, ce, tb, cb, ord)
       ON CONFLICT (seed_key) DO NOTHING`,
      [
        JSON.stringify(ANNOUNCEMENTS.map(([k, t, g, e, l, p, te, ce, tb, cb]) => ({ k, t, g, e, l, p, te, ce, tb, cb }))),
        popupsActive,
      ],
    );
    await q.query(
      `INSERT INTO catalogue_meta (key, value) VALUES ('content_seed_version', $1)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [CONTENT_SEED_VERSION],
    );
  });
}
