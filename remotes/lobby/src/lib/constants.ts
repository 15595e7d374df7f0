/** The spec's business constants for the lobby (section 9). */

/** Game lists: page size, and pagination with 2 margin pages and a range of 5. */
export const PAGE_SIZE = 18;
export const PAGINATION_MARGIN = 2;
export const PAGINATION_RANGE = 5;

export const SEARCH_DEBOUNCE_MS = 500;
export const FAVOURITE_THROTTLE_MS = 1000;

/** Home: at most 5 vendors, or 6 of 12 hot games; a hot or new section takes 6 items. */
export const HOME_VENDOR_LIMIT = 5;
export const HOME_HOT_FETCH = 12;
export const HOME_ITEMS = 6;
/** Recent games on the home page: page size 6, type RNG. */
export const HOME_RECENT_PAGE_SIZE = 6;
export const HOME_RECENT_TYPE = 'RNG';
/** Favourites are fetched in one page of 999. */
export const FAVOURITES_PAGE_SIZE = 999;

/** Winners board: limit 20, scrolling at 0.5 px a frame, 3 rows visible. */
export const WINNERS_LIMIT = 20;
export const WINNERS_STEP = 0.5;
export const WINNERS_VISIBLE = 3;

/** The game menu shows 6 slides with a gap of 24. */
export const MENU_SLIDES = 6;
export const MENU_GAP = 24;

export const CLIENT_TYPE = 3;
export const PLATFORMS = 'flash,html5-desktop';

/** Lazy images: threshold 0.1, one retry. */
export const LAZY_THRESHOLD = 0.1;
export const LAZY_RETRIES = 1;

/** Banners change every few seconds. */
export const BANNER_INTERVAL_MS = 6000;
