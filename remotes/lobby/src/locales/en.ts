export const en = {
  /** section titles that differ from the category names of common:nav */
  sections: {
    RECENT: 'Recent games',
    HOT: 'Hot games',
  },
  hero: { title: 'Welcome to Khela', body: 'Slots, live casino, sports and lottery in one place.' },
  switchHot: 'Hot',
  switchNew: 'New',
  more: 'More',
  back: 'Back to home',
  filters: { ALL: 'All', NEW: 'New', HOT: 'Hot', FAV: 'Favourites', RECENT: 'Recent' },
  searchPlaceholder: 'Search games by name',
  noGames: 'No games here yet.',
  winners: 'Winners',
  noWinners: 'No winners to show yet.',
  lottery: { title: 'Lottery', VN: 'Vietnam lottery', SEA: 'South-east Asia lottery', LOTTERY: 'Lottery' },
  seamless: { title: 'Game' },
};
export type LobbyResources = typeof en;
