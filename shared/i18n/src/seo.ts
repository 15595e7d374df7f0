/**
 * Each route's title and meta description, in both languages: the origin writes them into the page
 * it serves (so a search engine reads them without running the app), and the shell keeps them in
 * step as the visitor moves between routes or changes the language. Route names come from
 * @khela/api's entryRoute().
 */
type Lang = 'BN' | 'EN';
type Texts = Record<Lang, [title: string, description?: string]>;

const BRAND: Record<Lang, string> = { BN: 'খেলা', EN: 'Khela' };

const DEFAULT_DESCRIPTION: Record<Lang, string> = {
  BN: 'খেলা: বাংলাদেশের খেলোয়াড়দের জন্য অনলাইন ক্যাসিনো, স্লট, লাইভ ক্যাসিনো, স্পোর্টস বেটিং, মাছ ধরার গেম ও লটারি, বাংলা ও ইংরেজিতে। দায়িত্ব নিয়ে খেলুন: শুধুমাত্র ১৮+।',
  EN: 'Khela: online casino, slots, live casino, sports betting, fishing games and lottery for players in Bangladesh, in Bengali and English. Play responsibly: 18+ only.',
};

const ROUTES: Record<string, Texts> = {
  home: {
    BN: ['অনলাইন ক্যাসিনো, স্পোর্টস বেটিং ও লটারি'],
    EN: ['Online casino, sports betting and lottery'],
  },
  hot: {
    BN: ['জনপ্রিয় গেম', 'খেলা-র সবচেয়ে জনপ্রিয় স্লট, লাইভ ক্যাসিনো, মাছ ধরা ও কার্ড গেম এক জায়গায়।'],
    EN: ['Hot games', "Khela's most played slots, live casino, fishing and card games in one place."],
  },
  rng: {
    BN: ['স্লট গেম', 'শীর্ষ প্রদানকারীদের শত শত স্লট গেম: নতুন ও জনপ্রিয় গেম, প্রদানকারী ও ধরন অনুযায়ী খুঁজুন।'],
    EN: ['Slot games', 'Hundreds of slot games from the top providers: new and hot games, search by provider and kind.'],
  },
  fish: {
    BN: ['মাছ ধরার গেম', 'খেলা-তে মাছ ধরার গেম: প্রদানকারী অনুযায়ী সব গেম।'],
    EN: ['Fishing games', 'Fishing games on Khela, from every provider.'],
  },
  pvp: {
    BN: ['কার্ড গেম', 'তিন পাত্তি, রামি ও আরও কার্ড গেম খেলুন খেলা-তে।'],
    EN: ['Card games', 'Teen patti, rummy and more card games on Khela.'],
  },
  sports: {
    BN: ['স্পোর্টস বেটিং', 'ক্রিকেট, ফুটবল ও আরও খেলায় বাজি ধরুন।'],
    EN: ['Sports betting', 'Bet on cricket, football and more.'],
  },
  esports: { BN: ['ই-স্পোর্টস', 'ই-স্পোর্টস প্রতিযোগিতায় বাজি ধরুন।'], EN: ['E-sports', 'Bet on e-sports tournaments.'] },
  live: {
    BN: ['লাইভ ক্যাসিনো', 'লাইভ ডিলারের সাথে বাকারাট, রুলেট ও আরও টেবিল গেম।'],
    EN: ['Live casino', 'Baccarat, roulette and more table games with live dealers.'],
  },
  lott: { BN: ['লটারি', 'লটারি ও নম্বর গেম খেলা-তে।'], EN: ['Lottery', 'Lottery and number games on Khela.'] },
  elott: { BN: ['ই-লটারি', 'ই-লটারি গেম খেলা-তে।'], EN: ['E-lottery', 'E-lottery games on Khela.'] },
  promotions: {
    BN: ['প্রমোশন', 'খেলা-র বোনাস, রিবেট ও প্রমোশন: নতুন ও নিয়মিত খেলোয়াড়দের জন্য।'],
    EN: ['Promotions', "Khela's bonuses, rebates and promotions for new and regular players."],
  },
  notice: { BN: ['সংবাদ ও নোটিশ', 'খেলা-র সংবাদ ও নোটিশ।'], EN: ['News and notices', 'News and notices from Khela.'] },
  helpCentre: {
    BN: ['সহায়তা কেন্দ্র', 'অ্যাকাউন্ট, জমা, উত্তোলন ও খেলার নিয়ম নিয়ে প্রশ্নের উত্তর।'],
    EN: ['Help centre', 'Answers about accounts, deposits, withdrawals and the rules of play.'],
  },
  pointMall: {
    BN: ['পয়েন্ট মল', 'খেলে পয়েন্ট জমান, পুরস্কার নিন।'],
    EN: ['Points mall', 'Collect points as you play and redeem them.'],
  },
  agent: { BN: ['এজেন্ট', 'খেলা-র এজেন্ট হয়ে কমিশন আয় করুন।'], EN: ['Agents', 'Become a Khela agent and earn commission.'] },
  member: { BN: ['সদস্য কেন্দ্র'], EN: ['Member centre'] },
  agentHome: { BN: ['এজেন্ট কেন্দ্র'], EN: ['Agent centre'] },
  favorite: { BN: ['প্রিয় গেম'], EN: ['Favourite games'] },
  recent: { BN: ['সাম্প্রতিক গেম'], EN: ['Recent games'] },
  lottery: { BN: ['লটারি'], EN: ['Lottery'] },
  seaLottery: { BN: ['লটারি'], EN: ['Lottery'] },
  vnLottery: { BN: ['লটারি'], EN: ['Lottery'] },
  game: { BN: ['গেম'], EN: ['Game'] },
  verify: {
    BN: ['প্রমাণযোগ্য ন্যায্যতা: রাউন্ড যাচাই', 'খেলার যেকোনো রাউন্ড তার সিড ও ননস থেকে আপনার ব্রাউজারেই আবার হিসাব করে দেখুন।'],
    EN: ['Provably fair: verify a round', 'Recompute any round of our games from its seeds and nonce, in your own browser.'],
  },
};

/** The page title and meta description of a route (by its entryRoute name) in a language. */
export function routeMeta(name: string, language: string): { title: string; description: string } {
  const lang: Lang = language.toUpperCase() === 'EN' ? 'EN' : 'BN';
  const texts = ROUTES[name]?.[lang] ?? ROUTES.home[lang];
  return { title: `${texts[0]} | ${BRAND[lang]}`, description: texts[1] ?? DEFAULT_DESCRIPTION[lang] };
}

/** The cookie that tells the origin the visitor's language (the choice itself stays under hisLang). */
export const LANGUAGE_COOKIE = 'hisLang';
