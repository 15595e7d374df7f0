import { CATEGORY_ROUTES, type CategoryKey } from '@khela/api';

/** Side-menu categories after HOME and HOT, in the spec's configured order; their routes are the contract's. */
export const SIDE_MENU_CATEGORIES: { key: CategoryKey; to: string }[] = (
  ['RECENT', 'HOT', 'LOBBY', 'FAV', 'RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'COCKFIGHT', 'LOTT'] as const
).map((key) => ({ key, to: CATEGORY_ROUTES[key] }));
