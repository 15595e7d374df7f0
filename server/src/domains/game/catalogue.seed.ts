import type { Db, Queryable } from '../../db/db';
import type { GameType, IsGame } from '@khela/api/games';
import {
  ADJECTIVES,
  COCKFIGHT_GAMES,
  ESPORTS_GAMES,
  FIRST_NAMES,
  FISH,
  FISH_KINDS,
  LIVE_TABLES,
  NOUNS,
  PVP_GAMES,
  PVP_VARIANTS,
  SPORTS_GAMES,
  SUFFIXES,
  SYLLABLES,
  TABLE_MARKS,
  type Pair,
} from './catalogue.words';

/**
 * The seeded catalogue: 43 invented vendors across the nine categories and about 3,200 games,
 * generated deterministically (the same codes, names and node ids on every fresh database).
 * Bump SEED_VERSION when the generator changes: a database seeded with an older version gets the
 * missing rows, and nothing an operator changed is overwritten.
 */
export const SEED_VERSION = '1';

export interface VendorSeed {
  code: string;
  en: string;
  bn: string;
  types: GameType[];
}

export interface GameSeed {
  game_code: string;
  vendor_code: string;
  game_type: GameType;
  is_game: IsGame;
  name_en: string;
  name_bn: string | null;
  classify: string | null;
  game_group_code: string | null;
  hot_rank: number | null;
  is_new: boolean;
  support_play: 0 | 1;
  min_bet: number;
  line_num: number;
  platforms: string[];
  draw_interval_s: number | null;
  sort: number;
}

export interface ClassifySeed {
  game_type: GameType;
  key: string;
  name_en: string;
  name_bn: string;
  sort: number;
}

/**
 * The seeded vendors that use a transfer wallet (the member moves money into the vendor's wallet
 * and back); every other seeded vendor is seamless. Migration 0004 applies the same list to a
 * database seeded before it.
 */
export const TRANSFER_WALLET_VENDORS: readonly string[] = [
  'DEEPNET',
  'CORALHUNT',
  'BAYFISH',
  'CARDHOUSE',
  'ADDACARDS',
  'KINGSCOURT',
  'ACETABLE',
  'BAZAARCARDS',
];

/** [code, English, Bengali, categories] in the operator's default order. */
const VENDORS: readonly [string, string, string, GameType[]][] = [
  ['LOTUSREEL', 'Lotus Reels', 'লোটাস রিলস', ['RNG']],
  ['TIGERSPIN', 'Tiger Spin Studio', 'টাইগার স্পিন স্টুডিও', ['RNG']],
  ['MONSOON', 'Monsoon Slots', 'মনসুন স্লটস', ['RNG', 'FISH']],
  ['PADMAPLAY', 'Padma Play', 'পদ্মা প্লে', ['RNG']],
  ['RIVERGOLD', 'River Gold', 'রিভার গোল্ড', ['RNG']],
  ['NEONKITE', 'Neon Kite', 'নিয়ন কাইট', ['RNG', 'FISH']],
  ['STARFRUIT', 'Starfruit Games', 'স্টারফ্রুট গেমস', ['RNG']],
  ['COPPERMINT', 'Coppermint', 'কপারমিন্ট', ['RNG']],
  ['BLUEJUTE', 'Blue Jute', 'ব্লু জুট', ['RNG']],
  ['HILSA', 'Hilsa Gaming', 'ইলিশ গেমিং', ['RNG', 'FISH']],
  ['MANGOMINT', 'Mango Mint', 'ম্যাংগো মিন্ট', ['RNG']],
  ['SAFFRON', 'Saffron Reels', 'স্যাফরন রিলস', ['RNG']],
  ['JAMUNALIVE', 'Jamuna Live', 'যমুনা লাইভ', ['LIVE']],
  ['ROYALTABLE', 'Royal Table', 'রয়্যাল টেবিল', ['LIVE']],
  ['VELVETROOM', 'Velvet Room', 'ভেলভেট রুম', ['LIVE']],
  ['MOONLIT', 'Moonlit Casino', 'মুনলিট ক্যাসিনো', ['LIVE']],
  ['CRESCENT', 'Crescent Live', 'ক্রিসেন্ট লাইভ', ['LIVE']],
  ['GOLDENDECK', 'Golden Deck', 'গোল্ডেন ডেক', ['LIVE', 'PVP']],
  ['SILKLANE', 'Silk Lane Live', 'সিল্ক লেন লাইভ', ['LIVE']],
  ['DEEPNET', 'Deep Net', 'ডিপ নেট', ['FISH']],
  ['CORALHUNT', 'Coral Hunt', 'কোরাল হান্ট', ['FISH']],
  ['BAYFISH', 'Bay Fishing', 'বে ফিশিং', ['FISH']],
  ['CARDHOUSE', 'Card House', 'কার্ড হাউস', ['PVP']],
  ['ADDACARDS', 'Adda Cards', 'আড্ডা কার্ডস', ['PVP']],
  ['KINGSCOURT', 'Kings Court', 'কিংস কোর্ট', ['PVP']],
  ['ACETABLE', 'Ace Table', 'এস টেবিল', ['PVP']],
  ['BAZAARCARDS', 'Bazaar Cards', 'বাজার কার্ডস', ['PVP']],
  ['KHELASPORTS', 'Khela Sports', 'খেলা স্পোর্টস', ['SPORTS']],
  ['GOALPOST', 'Goalpost', 'গোলপোস্ট', ['SPORTS']],
  ['CRICKLINE', 'Crick Line', 'ক্রিক লাইন', ['SPORTS']],
  ['ARENABET', 'Arena Bet', 'অ্যারেনা বেট', ['SPORTS']],
  ['PITCHSIDE', 'Pitch Side', 'পিচ সাইড', ['SPORTS']],
  ['PIXELARENA', 'Pixel Arena', 'পিক্সেল অ্যারেনা', ['ESPORTS']],
  ['NEXUSGG', 'Nexus GG', 'নেক্সাস জিজি', ['ESPORTS']],
  ['LANPARTY', 'LAN Party', 'ল্যান পার্টি', ['ESPORTS']],
  ['GOLDSPUR', 'Gold Spur', 'গোল্ড স্পার', ['COCKFIGHT']],
  ['REDCOMB', 'Red Comb', 'রেড কম্ব', ['COCKFIGHT']],
  ['LOTT', 'Khela Lotto', 'খেলা লটো', ['LOTT']],
  ['DHAKADRAW', 'Dhaka Draw', 'ঢাকা ড্র', ['LOTT']],
  ['LUCKY7', 'Lucky Seven Draw', 'লাকি সেভেন ড্র', ['LOTT']],
  ['QUICKDRAW', 'Quick Draw', 'কুইক ড্র', ['ELOTT']],
  ['KENOHUB', 'Keno Hub', 'কেনো হাব', ['ELOTT']],
  ['FASTFIVE', 'Fast Five', 'ফাস্ট ফাইভ', ['ELOTT']],
];

export const CLASSIFIES: readonly ClassifySeed[] = (
  [
    ['RNG', 'VIDEO', 'Video slots', 'ভিডিও স্লট'],
    ['RNG', 'CLASSIC', 'Classic slots', 'ক্লাসিক স্লট'],
    ['RNG', 'JACKPOT', 'Jackpots', 'জ্যাকপট'],
    ['RNG', 'ARCADE', 'Arcade', 'আর্কেড'],
    ['RNG', 'TABLE', 'Table games', 'টেবিল গেম'],
    ['LIVE', 'BACCARAT', 'Baccarat', 'বাকারাট'],
    ['LIVE', 'ROULETTE', 'Roulette', 'রুলেট'],
    ['LIVE', 'BLACKJACK', 'Blackjack', 'ব্ল্যাকজ্যাক'],
    ['LIVE', 'DRAGON_TIGER', 'Dragon Tiger', 'ড্রাগন টাইগার'],
    ['LIVE', 'SICBO', 'Sic Bo', 'সিক বো'],
    ['LIVE', 'SOUTH_ASIAN', 'South Asian games', 'দক্ষিণ এশীয় গেম'],
    ['LIVE', 'GAME_SHOW', 'Game shows', 'গেম শো'],
    ['PVP', 'TEEN_PATTI', 'Teen Patti', 'তিন পাত্তি'],
    ['PVP', 'RUMMY', 'Rummy', 'রামি'],
    ['PVP', 'LUDO', 'Ludo', 'লুডু'],
    ['PVP', 'POKER', 'Poker', 'পোকার'],
    ['PVP', 'CARD', 'Card games', 'তাসের খেলা'],
    ['PVP', 'CASUAL', 'Casual', 'ক্যাজুয়াল'],
    ['LOTT', 'VN', 'Vietnam', 'ভিয়েতনাম'],
    ['LOTT', 'FAST', 'Fast draws', 'দ্রুত ড্র'],
    ['LOTT', 'DAILY', 'Daily draws', 'দৈনিক ড্র'],
    ['LOTT', 'SEA', 'South-east Asia', 'দক্ষিণ-পূর্ব এশিয়া'],
    ['LOTT', 'NUMBERS', 'Number games', 'নম্বর গেম'],
    ['ELOTT', 'QUICK', 'Quick games', 'কুইক গেম'],
    ['ELOTT', 'KENO', 'Keno', 'কেনো'],
    ['ELOTT', 'BINGO', 'Bingo', 'বিঙ্গো'],
  ] as const
).map(([game_type, key, name_en, name_bn], sort) => ({ game_type, key, name_en, name_bn, sort }));

/** Lottery games: [code, vendor, group, English, Bengali, seconds between draws]. */
const LOTTERY: readonly [string, string, string, string, string, number][] = [
  ['VN_NORTH', 'LOTT', 'VN', 'Vietnam North', 'ভিয়েতনাম উত্তর', 86400],
  ['VN_CENTRAL', 'LOTT', 'VN', 'Vietnam Central', 'ভিয়েতনাম মধ্য', 86400],
  ['VN_SOUTH', 'LOTT', 'VN', 'Vietnam South', 'ভিয়েতনাম দক্ষিণ', 86400],
  ['VN_FAST_5M', 'LOTT', 'VN', 'Vietnam 5-minute', 'ভিয়েতনাম ৫ মিনিট', 300],
  ['KHELA_1M', 'LOTT', 'FAST', 'Khela 1-minute', 'খেলা ১ মিনিট', 60],
  ['KHELA_3M', 'LOTT', 'FAST', 'Khela 3-minute', 'খেলা ৩ মিনিট', 180],
  ['KHELA_5M', 'LOTT', 'FAST', 'Khela 5-minute', 'খেলা ৫ মিনিট', 300],
  ['KHELA_10M', 'LOTT', 'FAST', 'Khela 10-minute', 'খেলা ১০ মিনিট', 600],
  ['DHAKA_DAILY', 'DHAKADRAW', 'DAILY', 'Dhaka Daily 6/45', 'ঢাকা দৈনিক ৬/৪৫', 86400],
  ['CTG_DAILY', 'DHAKADRAW', 'DAILY', 'Chattogram Daily 6/45', 'চট্টগ্রাম দৈনিক ৬/৪৫', 86400],
  ['SYLHET_DAILY', 'DHAKADRAW', 'DAILY', 'Sylhet Daily 6/45', 'সিলেট দৈনিক ৬/৪৫', 86400],
  ['KHULNA_DAILY', 'DHAKADRAW', 'DAILY', 'Khulna Daily 6/45', 'খুলনা দৈনিক ৬/৪৫', 86400],
  ['RAJSHAHI_DAILY', 'DHAKADRAW', 'DAILY', 'Rajshahi Daily 6/45', 'রাজশাহী দৈনিক ৬/৪৫', 86400],
  ['DHAKA_3D', 'DHAKADRAW', 'NUMBERS', 'Dhaka 3D Hourly', 'ঢাকা ৩ডি প্রতি ঘণ্টা', 3600],
  ['SEA_4D_MORNING', 'LUCKY7', 'SEA', 'SEA 4D Morning', 'এসইএ ৪ডি সকাল', 86400],
  ['SEA_4D_NOON', 'LUCKY7', 'SEA', 'SEA 4D Noon', 'এসইএ ৪ডি দুপুর', 86400],
  ['SEA_4D_EVENING', 'LUCKY7', 'SEA', 'SEA 4D Evening', 'এসইএ ৪ডি সন্ধ্যা', 86400],
  ['LUCKY_PICK2', 'LUCKY7', 'NUMBERS', 'Lucky Pick 2', 'লাকি পিক ২', 300],
  ['LUCKY_PICK3', 'LUCKY7', 'NUMBERS', 'Lucky Pick 3', 'লাকি পিক ৩', 600],
  ['QD_FAST3', 'QUICKDRAW', 'QUICK', 'Fast 3', 'ফাস্ট ৩', 60],
  ['QD_FAST5', 'QUICKDRAW', 'QUICK', 'Fast 5', 'ফাস্ট ৫', 60],
  ['QD_RACE10', 'QUICKDRAW', 'QUICK', 'Race 10', 'রেস ১০', 120],
  ['QD_TRIPLE_DICE', 'QUICKDRAW', 'QUICK', 'Triple Dice', 'ট্রিপল ডাইস', 60],
  ['KH_KENO80', 'KENOHUB', 'KENO', 'Keno 80', 'কেনো ৮০', 90],
  ['KH_KENO_EXPRESS', 'KENOHUB', 'KENO', 'Keno Express', 'কেনো এক্সপ্রেস', 60],
  ['KH_BINGO75', 'KENOHUB', 'BINGO', 'Bingo 75', 'বিঙ্গো ৭৫', 120],
  ['FF_5D', 'FASTFIVE', 'QUICK', 'Five Digits', 'পাঁচ অঙ্ক', 60],
  ['FF_LUCKY_BALL', 'FASTFIVE', 'BINGO', 'Lucky Ball', 'লাকি বল', 180],
  ['FF_COLOUR', 'FASTFIVE', 'QUICK', 'Colour Draw', 'কালার ড্র', 60],
];

/** FNV-1a: a stable 32-bit hash of a string. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small deterministic PRNG. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)];
const between = (rand: Rand, lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The Bengali genitive: -র after a vowel sign or vowel, -ের after a consonant. */
function genitive(word: string): string {
  // eslint-disable-next-line no-misleading-character-class -- vowel signs, one at a time, are what the class is for
  return /[\u0985-\u0994\u09BE-\u09CC\u09D7]$/.test(word) ? `${word}র` : `${word}ের`;
}

/** A slot title, in both languages (the Bengali one null for a coined title that reads the same). */
function slotTitle(rand: Rand): Pair | readonly [string, null] {
  const r = rand();
  if (r < 0.08) {
    const word = titleCase(pick(rand, SYLLABLES) + pick(rand, SYLLABLES) + (rand() < 0.5 ? pick(rand, SYLLABLES) : ''));
    return [`${word}${rand() < 0.5 ? ' 7' : ' X'}`, null];
  }
  if (r < 0.2) {
    const [a, aBn] = pick(rand, NOUNS);
    const [b, bBn] = pick(rand, NOUNS);
    if (a === b) return slotTitle(rand);
    return [`${a} of the ${b}`, `${genitive(bBn)} ${aBn}`];
  }
  const [adj, adjBn] = pick(rand, ADJECTIVES);
  const [noun, nounBn] = pick(rand, NOUNS);
  const [suffix, suffixBn] = pick(rand, SUFFIXES);
  return [`${adj} ${noun}${suffix}`, `${adjBn} ${nounBn}${suffixBn}`];
}

const RNG_CLASSIFY: readonly [string, number][] = [
  ['VIDEO', 0.6],
  ['CLASSIC', 0.15],
  ['JACKPOT', 0.1],
  ['ARCADE', 0.1],
  ['TABLE', 0.05],
];
function weighted(rand: Rand, table: readonly [string, number][]): string {
  let r = rand();
  for (const [key, w] of table) {
    if ((r -= w) < 0) return key;
  }
  return table[0][0];
}

export interface SeedCatalogue {
  vendors: VendorSeed[];
  classifies: readonly ClassifySeed[];
  games: GameSeed[];
}

let memo: SeedCatalogue | null = null;

/** The generated catalogue (memoised: pure and deterministic). */
export function seedCatalogue(): SeedCatalogue {
  if (memo) return memo;
  const vendors = VENDORS.map(([code, en, bn, types]) => ({ code, en, bn, types }));
  const games: GameSeed[] = [];

  const add = (
    vendor: string,
    type: GameType,
    n: number,
    en: string,
    bn: string | null,
    extra: Partial<GameSeed> & { rand: Rand },
  ) => {
    const { rand, ...rest } = extra;
    games.push({
      game_code: `${vendor}_${String(n).padStart(4, '0')}`,
      vendor_code: vendor,
      game_type: type,
      is_game: 'GAME',
      name_en: en,
      name_bn: bn && bn !== en ? bn : null,
      classify: null,
      game_group_code: null,
      hot_rank: null,
      is_new: rand() < 0.08,
      support_play: 1,
      min_bet: 100,
      line_num: 0,
      platforms: ['html5-desktop', 'flash'],
      draw_interval_s: null,
      sort: 0,
      ...rest,
    });
  };

  for (const v of vendors) {
    const rand = prng(hash32(`vendor:${v.code}`));
    let n = 0;
    const used = new Set<string>();
    const fresh = <T extends readonly [string, ...unknown[]]>(make: () => T): T | null => {
      for (let tries = 0; tries < 50; tries++) {
        const t = make();
        if (!used.has(t[0])) {
          used.add(t[0]);
          return t;
        }
      }
      return null;
    };
    for (const type of v.types) {
      const lobby = (en: string, bn: string) =>
        add(v.code, type, ++n, en, bn, { rand, is_game: 'LOBBY', min_bet: 1000, support_play: 1, is_new: false });
      switch (type) {
        case 'RNG': {
          const count = between(rand, 180, 240);
          for (let i = 0; i < count; i++) {
            const title = fresh(() => slotTitle(rand));
            if (!title) continue;
            add(v.code, type, ++n, title[0], title[1], {
              rand,
              classify: weighted(rand, RNG_CLASSIFY),
              support_play: rand() < 0.45 ? 0 : 1,
              min_bet: pick(rand, [10, 20, 50, 100, 200]),
              line_num: pick(rand, [5, 9, 10, 20, 25, 30, 40, 50, 243, 1024]),
              platforms: rand() < 0.1 ? ['html5-desktop'] : ['html5-desktop', 'flash'],
            });
          }
          break;
        }
        case 'FISH': {
          const count = v.types.length > 1 ? between(rand, 6, 10) : between(rand, 18, 26);
          for (let i = 0; i < count; i++) {
            const title = fresh(() => {
              const [a, aBn] = pick(rand, ADJECTIVES);
              const [f, fBn] = pick(rand, FISH);
              const [k, kBn] = pick(rand, FISH_KINDS);
              return [`${a} ${f} ${k}`, `${aBn} ${fBn} ${kBn}`] as const;
            });
            if (!title) continue;
            add(v.code, type, ++n, title[0], title[1], {
              rand,
              support_play: rand() < 0.5 ? 0 : 1,
              min_bet: pick(rand, [10, 50, 100]),
            });
          }
          break;
        }
        case 'LIVE': {
          lobby(`${v.en} Lobby`, `${v.bn} লবি`);
          add(v.code, type, ++n, `${v.en}: all tables`, `${v.bn}: সব টেবিল`, {
            rand,
            is_game: 'VASSALAGE',
            min_bet: 1000,
            is_new: false,
          });
          const count = between(rand, 30, 38);
          for (let i = 0; i < count; i++) {
            const title = fresh(() => {
              const [en, bn, classify] = pick(rand, LIVE_TABLES);
              const [m, mBn] = pick(rand, TABLE_MARKS);
              return [`${en} ${m}`, `${bn} ${mBn}`, classify] as const;
            });
            if (!title) continue;
            add(v.code, type, ++n, title[0], title[1], {
              rand,
              classify: title[2],
              min_bet: pick(rand, [1000, 2000, 5000, 10000]),
            });
          }
          break;
        }
        case 'PVP': {
          add(v.code, type, ++n, `${v.en}: all rooms`, `${v.bn}: সব রুম`, {
            rand,
            is_game: 'VASSALAGE',
            min_bet: 100,
            is_new: false,
          });
          const count = v.types.length > 1 ? between(rand, 10, 14) : between(rand, 36, 44);
          for (let i = 0; i < count; i++) {
            const title = fresh(() => {
              const [en, bn, classify] = pick(rand, PVP_GAMES);
              const [m, mBn] = pick(rand, PVP_VARIANTS);
              return [`${en} ${m}`, `${bn} ${mBn}`, classify] as const;
            });
            if (!title) continue;
            add(v.code, type, ++n, title[0], title[1], {
              rand,
              classify: title[2],
              support_play: rand() < 0.3 ? 0 : 1,
              min_bet: pick(rand, [100, 500, 1000]),
            });
          }
          break;
        }
        case 'SPORTS':
        case 'ESPORTS':
        case 'COCKFIGHT': {
          const [lobbyEn, lobbyBn, list] =
            type === 'SPORTS'
              ? ['Sportsbook', 'স্পোর্টসবুক', SPORTS_GAMES]
              : type === 'ESPORTS'
                ? ['E-sports Arena', 'ই-স্পোর্টস অ্যারেনা', ESPORTS_GAMES]
                : ['Cockfight Arena', 'মোরগ লড়াই অ্যারেনা', COCKFIGHT_GAMES];
          lobby(`${v.en} ${lobbyEn}`, `${v.bn} ${lobbyBn}`);
          const count = between(rand, 2, Math.min(5, list.length));
          for (let i = 0; i < count; i++) {
            const title = fresh(() => pick(rand, list));
            if (title) add(v.code, type, ++n, title[0], title[1], { rand, min_bet: 1000 });
          }
          break;
        }
        case 'LOTT':
        case 'ELOTT': {
          lobby(`${v.en} Lobby`, `${v.bn} লবি`);
          for (const [code, vendor, group, en, bn, interval] of LOTTERY) {
            if (vendor !== v.code) continue;
            games.push({
              game_code: code,
              vendor_code: v.code,
              game_type: type,
              is_game: 'GAME',
              name_en: en,
              name_bn: bn,
              classify: group,
              game_group_code: group,
              hot_rank: null,
              is_new: rand() < 0.15,
              support_play: 1,
              min_bet: pick(rand, [100, 200]),
              line_num: 0,
              platforms: ['html5-desktop', 'flash'],
              draw_interval_s: interval,
              sort: 0,
            });
          }
          break;
        }
      }
    }
  }

  // The operator's default order within each type: shuffled, with the hot games first (ranked).
  const hotPerType: Record<GameType, number> = {
    RNG: 24,
    LIVE: 12,
    FISH: 12,
    PVP: 12,
    SPORTS: 4,
    ESPORTS: 2,
    COCKFIGHT: 1,
    LOTT: 6,
    ELOTT: 6,
  };
  const byType = new Map<GameType, GameSeed[]>();
  for (const g of games) byType.set(g.game_type, [...(byType.get(g.game_type) ?? []), g]);
  for (const [type, list] of byType) {
    // lottery games keep their draw-table order; everything else is shuffled
    const rand = prng(hash32(`order:${type}`));
    const lottery = type === 'LOTT' || type === 'ELOTT';
    const order = list.map((g, i) => ({ g, k: lottery ? i : rand() }));
    order.sort((a, b) => a.k - b.k);
    const hot = order.filter(({ g }) => g.is_game === 'GAME').slice(0, hotPerType[type]);
    hot.forEach(({ g }, i) => (g.hot_rank = i + 1));
    const rest = order.filter(({ g }) => g.hot_rank === null);
    [...hot, ...rest].forEach(({ g }, i) => (g.sort = (i + 1) * 10));
  }
  memo = { vendors, classifies: CLASSIFIES, games };
  return memo;
}

/** Masked like the original board: first two letters, stars, last letter. */
export const maskName = (name: string) => `${name.slice(0, 2)}***${name.slice(-1)}`;

/** Inserts what is missing, in a few bulk statements; skipped when this seed version is in. */
export async function seedGameCatalogue(db: Db): Promise<void> {
  const done = await db.one<{ value: string }>(`SELECT value FROM catalogue_meta WHERE key = 'seed_version'`);
  if (done?.value === SEED_VERSION) return;
  const { vendors, classifies, games } = seedCatalogue();
  await db.tx(async (q) => {
    await q.query(
      `INSERT INTO game_vendors (code, display_name, display_name_bn, game_types, sort, wallet_mode)
       SELECT code, en, bn, types, sort, wallet_mode FROM jsonb_to_recordset($1::jsonb)
         AS x(code text, en text, bn text, types text[], sort integer, wallet_mode text)
       ON CONFLICT (code) DO NOTHING`,
      [
        JSON.stringify(
          vendors.map((v, i) => ({
            ...v,
            sort: (i + 1) * 10,
            wallet_mode: TRANSFER_WALLET_VENDORS.includes(v.code) ? 'TRANSFER' : 'SEAMLESS',
          })),
        ),
      ],
    );
    await q.query(
      `INSERT INTO game_classifies (game_type, key, name_en, name_bn, sort)
       SELECT game_type, key, name_en, name_bn, sort FROM jsonb_to_recordset($1::jsonb)
         AS x(game_type text, key text, name_en text, name_bn text, sort integer)
       ON CONFLICT (game_type, key) DO NOTHING`,
      [JSON.stringify(classifies)],
    );
    await q.query(
      `INSERT INTO games (game_code, vendor_code, game_type, is_game, name_en, name_bn, classify, game_group_code, hot_rank,
                          is_new, support_play, min_bet, line_num, platforms, draw_interval_s, sort)
       SELECT game_code, vendor_code, game_type, is_game, name_en, name_bn, classify, game_group_code, hot_rank,
              is_new, support_play, min_bet, line_num, platforms, draw_interval_s, sort
         FROM ROWS FROM (jsonb_to_recordset($1::jsonb)
                AS (game_code text, vendor_code text, game_type text, is_game text, name_en text, name_bn text, classify text,
                    game_group_code text, hot_rank integer, is_new boolean, support_play smallint, min_bet bigint, line_num integer,
                    platforms text[], draw_interval_s integer, sort integer)) WITH ORDINALITY
           AS x(game_code, vendor_code, game_type, is_game, name_en, name_bn, classify, game_group_code, hot_rank, is_new,
                support_play, min_bet, line_num, platforms, draw_interval_s, sort, ord)
        ORDER BY ord
       ON CONFLICT (game_code) DO NOTHING`,
      [JSON.stringify(games)],
    );
    await seedWins(q);
    await q.query(
      `INSERT INTO catalogue_meta (key, value) VALUES ('seed_version', $1)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [SEED_VERSION],
    );
  });
}

/** The winners' board starts with 150 past wins of the last week (only on an empty board). */
async function seedWins(q: Queryable): Promise<void> {
  if (await q.one('SELECT 1 FROM game_wins LIMIT 1')) return;
  const rand = prng(hash32('wins'));
  const wins = Array.from({ length: 150 }, () => ({
    name: maskName(pick(rand, FIRST_NAMES)),
    // log-uniform between ৳500 and ৳250,000, in poisha
    amount: Math.round(Math.exp(Math.log(500) + rand() * (Math.log(250_000) - Math.log(500)))) * 100,
    pick: rand(),
    ago: Math.floor(rand() * 7 * 86400),
  }));
  await q.query(
    `WITH playable AS (
       SELECT node_id, row_number() OVER (ORDER BY node_id) - 1 AS i, count(*) OVER () AS n
         FROM games WHERE is_game = 'GAME' AND game_type IN ('RNG', 'LIVE', 'FISH', 'PVP')
     )
     INSERT INTO game_wins (customer_name, node_id, win_amount, won_at)
     SELECT w.name, p.node_id, w.amount, now() - make_interval(secs => w.ago)
       FROM jsonb_to_recordset($1::jsonb) AS w(name text, amount bigint, pick float8, ago integer)
       JOIN playable p ON p.i = floor(w.pick * p.n)`,
    [JSON.stringify(wins)],
  );
}
