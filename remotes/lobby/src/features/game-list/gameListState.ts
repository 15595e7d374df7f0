/**
 * The game list's state machine (spec section 4, "Game list type"):
 * - list types ALL, HOT, NEW, FAV, RECENT;
 * - choosing a vendor, a classification or a search resets the page to 1 and the list type to ALL;
 *   choosing a vendor also resets the classification to ALL;
 * - choosing HOT, NEW, FAV or RECENT sets that type, resets the page to 1 and clears the search text;
 * - choosing ALL resets the vendor and the classification to ALL (and the page to 1);
 * - a page change beyond totalPages is ignored;
 * - changing the language reloads page 1.
 */
export const LIST_TYPES = ['ALL', 'NEW', 'HOT', 'FAV', 'RECENT'] as const;
export type ListType = (typeof LIST_TYPES)[number];

export interface GameListState {
  listType: ListType;
  /** vendor code or ALL */
  vendor: string;
  /** classify key or ALL */
  classify: string;
  search: string;
  page: number;
  totalPages: number;
  /** bumped by a language change, so page 1 is loaded again even when the page was already 1 */
  reloads: number;
}

export type GameListAction =
  | { type: 'vendor'; vendor: string }
  | { type: 'classify'; classify: string }
  | { type: 'search'; search: string }
  | { type: 'listType'; listType: ListType }
  | { type: 'page'; page: number }
  | { type: 'loaded'; totalPages: number }
  | { type: 'language' };

export function initialState(init: Partial<Pick<GameListState, 'listType' | 'vendor'>> = {}): GameListState {
  return {
    listType: init.listType ?? 'ALL',
    vendor: init.vendor ?? 'ALL',
    classify: 'ALL',
    search: '',
    page: 1,
    totalPages: 0,
    reloads: 0,
  };
}

export function gameListReducer(state: GameListState, action: GameListAction): GameListState {
  switch (action.type) {
    case 'vendor':
      return { ...state, vendor: action.vendor, classify: 'ALL', listType: 'ALL', page: 1 };
    case 'classify':
      return { ...state, classify: action.classify, listType: 'ALL', page: 1 };
    case 'search':
      return { ...state, search: action.search, listType: 'ALL', page: 1 };
    case 'listType':
      return action.listType === 'ALL'
        ? { ...state, listType: 'ALL', vendor: 'ALL', classify: 'ALL', page: 1 }
        : { ...state, listType: action.listType, search: '', page: 1 };
    case 'page':
      if (!Number.isInteger(action.page) || action.page < 1 || action.page > state.totalPages || action.page === state.page)
        return state;
      return { ...state, page: action.page };
    case 'loaded':
      return action.totalPages === state.totalPages ? state : { ...state, totalPages: action.totalPages };
    case 'language':
      return { ...state, page: 1, reloads: state.reloads + 1 };
    default:
      return state;
  }
}
