/** Side-menu categories after HOME and HOT, in the spec's configured order. */
export const SIDE_MENU_CATEGORIES: { key: string; to: string }[] = [
  { key: 'RECENT', to: '/recent' },
  { key: 'HOT', to: '/hot' },
  { key: 'LOBBY', to: '/' },
  { key: 'FAV', to: '/favorite' },
  { key: 'RNG', to: '/rng' },
  { key: 'LIVE', to: '/live' },
  { key: 'FISH', to: '/fish' },
  { key: 'SPORTS', to: '/sports' },
  { key: 'ESPORTS', to: '/esports' },
  { key: 'PVP', to: '/pvp' },
  { key: 'COCKFIGHT', to: '/sports?category=COCKFIGHT' },
  { key: 'LOTT', to: '/lott' },
];
