/**
 * Word lists the seeded catalogue's game names are made from: every name is the project's own
 * invention (no vendor's titles, no trademarks). [English, Bengali] pairs.
 */
export type Pair = readonly [en: string, bn: string];

export const ADJECTIVES: readonly Pair[] = [
  ['Golden', 'সোনালি'], ['Lucky', 'ভাগ্যবান'], ['Royal', 'রাজকীয়'], ['Wild', 'বুনো'], ['Mighty', 'পরাক্রমী'],
  ['Mystic', 'রহস্যময়'], ['Blazing', 'জ্বলন্ত'], ['Frozen', 'হিমশীতল'], ['Silver', 'রুপালি'], ['Crimson', 'রক্তিম'],
  ['Emerald', 'পান্না'], ['Sapphire', 'নীলকান্ত'], ['Ancient', 'প্রাচীন'], ['Eternal', 'চিরন্তন'], ['Secret', 'গোপন'],
  ['Hidden', 'লুকানো'], ['Electric', 'বৈদ্যুতিক'], ['Neon', 'নিয়ন'], ['Cosmic', 'মহাজাগতিক'], ['Thunder', 'বজ্র'],
  ['Midnight', 'মাঝরাতের'], ['Sunny', 'রোদেলা'], ['Jolly', 'আমুদে'], ['Brave', 'সাহসী'], ['Spinning', 'ঘূর্ণি'],
  ['Sparkling', 'ঝলমলে'], ['Roaring', 'গর্জনরত'], ['Dancing', 'নাচুনে'], ['Sweet', 'মিষ্টি'], ['Magic', 'জাদুকরী'],
  ['Fiery', 'অগ্নিময়'], ['Monsoon', 'বর্ষার'], ['Festive', 'উৎসবের'], ['Velvet', 'মখমলি'], ['Jade', 'সবুজ পাথরের'],
];

export const NOUNS: readonly Pair[] = [
  ['Tiger', 'বাঘ'], ['Lotus', 'পদ্ম'], ['Dragon', 'ড্রাগন'], ['Phoenix', 'ফিনিক্স'], ['Elephant', 'হাতি'],
  ['Peacock', 'ময়ূর'], ['Cobra', 'গোখরা'], ['Falcon', 'বাজপাখি'], ['Fortune', 'ভাগ্য'], ['Treasure', 'গুপ্তধন'],
  ['Gems', 'রত্ন'], ['Jewels', 'মণিমুক্তা'], ['Pearls', 'মুক্তা'], ['Coins', 'মুদ্রা'], ['Crown', 'মুকুট'],
  ['Palace', 'প্রাসাদ'], ['Temple', 'মন্দির'], ['Kingdom', 'রাজ্য'], ['Empire', 'সাম্রাজ্য'], ['Jungle', 'জঙ্গল'],
  ['River', 'নদী'], ['Ocean', 'সমুদ্র'], ['Mountain', 'পাহাড়'], ['Moon', 'চাঁদ'], ['Sun', 'সূর্য'],
  ['Stars', 'তারা'], ['Comet', 'ধূমকেতু'], ['Lantern', 'লণ্ঠন'], ['Kite', 'ঘুড়ি'], ['Drums', 'ঢোল'],
  ['Bells', 'ঘণ্টা'], ['Mango', 'আম'], ['Cherries', 'চেরি'], ['Fruits', 'ফল'], ['Spices', 'মসলা'],
  ['Tea Garden', 'চা বাগান'], ['Boat', 'নৌকা'], ['Rickshaw', 'রিকশা'], ['Bazaar', 'বাজার'], ['Carnival', 'কার্নিভাল'],
  ['Wizard', 'জাদুকর'], ['Pirates', 'জলদস্যু'], ['Knights', 'যোদ্ধা'], ['Queen', 'রানি'], ['King', 'রাজা'],
  ['Genie', 'জিন'], ['Monkey', 'বানর'], ['Panda', 'পান্ডা'], ['Rhino', 'গন্ডার'], ['Owl', 'পেঁচা'],
  ['Fireworks', 'আতশবাজি'], ['Rainbow', 'রংধনু'], ['Volcano', 'আগ্নেয়গিরি'], ['Oasis', 'মরূদ্যান'], ['Orchid', 'অর্কিড'],
];

export const SUFFIXES: readonly Pair[] = [
  ['', ''], ['', ''], ['', ''], [' Deluxe', ' ডিলাক্স'], [' Rush', ' রাশ'], [' Fever', ' ফিভার'], [' Blitz', ' ব্লিৎজ'],
  [' Quest', ' অভিযান'], [' Legends', ' কিংবদন্তি'], [' Riches', ' ঐশ্বর্য'], [' Hold and Win', ' হোল্ড অ্যান্ড উইন'],
  [' Jackpot', ' জ্যাকপট'], [' 1000', ' ১০০০'], [' Power', ' পাওয়ার'], [' Link', ' লিংক'], [' Spins', ' স্পিনস'],
  [' Ways', ' ওয়েজ'], [' II', ' ২'], [' Xtra', ' এক্সট্রা'],
];

/** Syllables of coined, brand-like titles: the same in both languages. */
export const SYLLABLES = ['ka', 'zu', 'ro', 'mi', 'ta', 'lo', 'vi', 'ne', 'zo', 'ra', 'bo', 'ki', 'sha', 'nu', 'po', 'dex', 'jin', 'fu'];

export const FISH: readonly Pair[] = [
  ['Shark', 'হাঙর'], ['Whale', 'তিমি'], ['Octopus', 'অক্টোপাস'], ['Crab', 'কাঁকড়া'], ['Hilsa', 'ইলিশ'], ['Turtle', 'কচ্ছপ'],
  ['Mermaid', 'মৎস্যকন্যা'], ['Kraken', 'ক্র্যাকেন'], ['Dolphin', 'ডলফিন'], ['Koi', 'কই'], ['Squid', 'স্কুইড'], ['Lobster', 'গলদা চিংড়ি'],
];
export const FISH_KINDS: readonly Pair[] = [
  ['Hunter', 'শিকারি'], ['Catch', 'শিকার'], ['Bay', 'উপসাগর'], ['Reef', 'প্রবালপ্রাচীর'], ['Party', 'পার্টি'], ['Frenzy', 'উন্মাদনা'],
];

/** [English, Bengali, classify] */
export type Titled = readonly [en: string, bn: string, classify: string];

export const LIVE_TABLES: readonly Titled[] = [
  ['Baccarat', 'বাকারাট', 'BACCARAT'], ['Speed Baccarat', 'স্পিড বাকারাট', 'BACCARAT'], ['No Commission Baccarat', 'নো কমিশন বাকারাট', 'BACCARAT'],
  ['Squeeze Baccarat', 'স্কুইজ বাকারাট', 'BACCARAT'], ['Roulette', 'রুলেট', 'ROULETTE'], ['Speed Roulette', 'স্পিড রুলেট', 'ROULETTE'],
  ['Auto Roulette', 'অটো রুলেট', 'ROULETTE'], ['Double Ball Roulette', 'ডাবল বল রুলেট', 'ROULETTE'], ['Blackjack', 'ব্ল্যাকজ্যাক', 'BLACKJACK'],
  ['Blackjack VIP', 'ব্ল্যাকজ্যাক ভিআইপি', 'BLACKJACK'], ['Dragon Tiger', 'ড্রাগন টাইগার', 'DRAGON_TIGER'], ['Sic Bo', 'সিক বো', 'SICBO'],
  ['Teen Patti', 'তিন পাত্তি', 'SOUTH_ASIAN'], ['Andar Bahar', 'আন্দার বাহার', 'SOUTH_ASIAN'], ['32 Cards', '৩২ কার্ড', 'SOUTH_ASIAN'],
  ['Lucky Seven', 'লাকি সেভেন', 'SOUTH_ASIAN'], ['Money Wheel', 'মানি হুইল', 'GAME_SHOW'], ['Dice Duel', 'ডাইস ডুয়েল', 'GAME_SHOW'],
];
export const TABLE_MARKS: readonly Pair[] = [
  ['A', 'এ'], ['B', 'বি'], ['C', 'সি'], ['D', 'ডি'], ['E', 'ই'], ['F', 'এফ'], ['G', 'জি'], ['H', 'এইচ'],
];

export const PVP_GAMES: readonly Titled[] = [
  ['Teen Patti', 'তিন পাত্তি', 'TEEN_PATTI'], ['Teen Patti 20-20', 'তিন পাত্তি ২০-২০', 'TEEN_PATTI'], ['Muflis Teen Patti', 'মুফলিস তিন পাত্তি', 'TEEN_PATTI'],
  ['Points Rummy', 'পয়েন্টস রামি', 'RUMMY'], ['Pool Rummy', 'পুল রামি', 'RUMMY'], ['Deals Rummy', 'ডিলস রামি', 'RUMMY'],
  ['Ludo', 'লুডু', 'LUDO'], ['Snakes and Ladders', 'সাপ লুডু', 'LUDO'], ["Texas Hold'em", 'টেক্সাস হোল্ডেম', 'POKER'],
  ['Omaha', 'ওমাহা', 'POKER'], ['Call Break', 'কল ব্রেক', 'CARD'], ['29 Card Game', 'টুয়েন্টি নাইন', 'CARD'],
  ['Andar Bahar', 'আন্দার বাহার', 'CARD'], ['Jhandi Munda', 'ঝান্ডি মুন্ডা', 'CASUAL'], ['Carrom', 'ক্যারম', 'CASUAL'],
  ['Dice Rush', 'ডাইস রাশ', 'CASUAL'],
];
export const PVP_VARIANTS: readonly Pair[] = [
  ['Classic', 'ক্লাসিক'], ['Pro', 'প্রো'], ['Quick', 'কুইক'], ['Royale', 'রয়্যাল'], ['Joker', 'জোকার'], ['Turbo', 'টার্বো'],
  ['Club', 'ক্লাব'], ['Master', 'মাস্টার'], ['Party', 'পার্টি'], ['Lite', 'লাইট'], ['Plus', 'প্লাস'], ['Star', 'স্টার'],
];

export const SPORTS_GAMES: readonly Pair[] = [
  ['Cricket Exchange', 'ক্রিকেট এক্সচেঞ্জ'], ['Football Live', 'ফুটবল লাইভ'], ['Kabaddi', 'কাবাডি'], ['Virtual Cricket', 'ভার্চুয়াল ক্রিকেট'],
  ['Virtual Football', 'ভার্চুয়াল ফুটবল'], ['Horse Racing', 'ঘোড়দৌড়'], ['Tennis', 'টেনিস'], ['Badminton', 'ব্যাডমিন্টন'],
];
export const ESPORTS_GAMES: readonly Pair[] = [
  ['MOBA Cup', 'মোবা কাপ'], ['Battle Royale Bets', 'ব্যাটল রয়্যাল বেট'], ['Tactical Shooter League', 'ট্যাকটিক্যাল শুটার লিগ'],
  ['Virtual Racing', 'ভার্চুয়াল রেসিং'],
];
export const COCKFIGHT_GAMES: readonly Pair[] = [
  ['Derby Night', 'ডার্বি নাইট'], ['Live Pit', 'লাইভ পিট'], ['Champions Ring', 'চ্যাম্পিয়নস রিং'],
];

/** Bangladeshi first names for the winners' board (shown masked). */
export const FIRST_NAMES = [
  'rahim', 'karim', 'sadia', 'nusrat', 'tanvir', 'arif', 'mim', 'rafi', 'joy', 'shuvo', 'priya', 'sumon', 'rakib', 'tania',
  'farhan', 'nabila', 'imran', 'sabbir', 'mitu', 'hasan', 'jannat', 'rubel', 'shakil', 'lima', 'anik', 'riya', 'masud', 'faria',
];
