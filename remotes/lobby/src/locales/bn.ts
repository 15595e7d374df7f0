import type { LobbyResources } from './en';

export const bn: LobbyResources = {
  /** section titles that differ from the category names of common:nav */
  sections: {
    RECENT: 'সাম্প্রতিক গেম',
    HOT: 'জনপ্রিয় গেম',
  },
  hero: { title: 'খেলায় স্বাগতম', body: 'স্লট, লাইভ ক্যাসিনো, খেলাধুলা আর লটারি — সব এক জায়গায়।' },
  switchHot: 'জনপ্রিয়',
  switchNew: 'নতুন',
  more: 'আরও',
  back: 'হোমে ফিরুন',
  filters: { ALL: 'সব', NEW: 'নতুন', HOT: 'জনপ্রিয়', FAV: 'প্রিয়', RECENT: 'সাম্প্রতিক' },
  searchPlaceholder: 'নাম দিয়ে গেম খুঁজুন',
  noGames: 'এখানে এখনও কোনো গেম নেই।',
  winners: 'বিজয়ীরা',
  noWinners: 'এখনও দেখানোর মতো কোনো বিজয়ী নেই।',
  lottery: { title: 'লটারি', VN: 'ভিয়েতনাম লটারি', SEA: 'দক্ষিণ-পূর্ব এশিয়া লটারি', LOTTERY: 'লটারি' },
  seamless: { title: 'গেম' },
};
