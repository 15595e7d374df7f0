import { gameListReducer, initialState, type GameListState } from './gameListState';

/** A state somewhere in the middle: vendor, classify, search and page 3 of 5. */
const busy = (over: Partial<GameListState> = {}): GameListState => ({
  ...initialState(),
  vendor: 'LOTUSREEL',
  classify: 'VIDEO',
  search: 'tiger',
  page: 3,
  totalPages: 5,
  ...over,
});

describe('the game-list state machine (spec 4, "Game list type")', () => {
  it('starts on ALL, page 1, every vendor and classify; NEW is preselected by gameCategory=NEW', () => {
    expect(initialState()).toMatchObject({ listType: 'ALL', vendor: 'ALL', classify: 'ALL', search: '', page: 1 });
    expect(initialState({ listType: 'NEW', vendor: 'HILSA' })).toMatchObject({ listType: 'NEW', vendor: 'HILSA' });
  });

  it('choosing a vendor resets the page to 1 and the list type to ALL', () => {
    const s = gameListReducer(busy({ listType: 'HOT' }), { type: 'vendor', vendor: 'HILSA' });
    expect(s).toMatchObject({ vendor: 'HILSA', page: 1, listType: 'ALL' });
  });

  it('choosing a vendor resets the classify to ALL', () => {
    expect(gameListReducer(busy(), { type: 'vendor', vendor: 'HILSA' }).classify).toBe('ALL');
  });

  it('choosing a classify resets the page to 1 and the list type to ALL, keeping the vendor', () => {
    const s = gameListReducer(busy({ listType: 'NEW' }), { type: 'classify', classify: 'JACKPOT' });
    expect(s).toMatchObject({ classify: 'JACKPOT', page: 1, listType: 'ALL', vendor: 'LOTUSREEL' });
  });

  it('a search resets the page to 1 and the list type to ALL', () => {
    const s = gameListReducer(busy({ listType: 'FAV', search: '' }), { type: 'search', search: 'lotus' });
    expect(s).toMatchObject({ search: 'lotus', page: 1, listType: 'ALL' });
  });

  it.each(['HOT', 'NEW', 'FAV', 'RECENT'] as const)(
    'choosing %s sets it, resets the page to 1 and clears the search',
    (listType) => {
      const s = gameListReducer(busy(), { type: 'listType', listType });
      expect(s).toMatchObject({ listType, page: 1, search: '' });
      expect(s).toMatchObject({ vendor: 'LOTUSREEL', classify: 'VIDEO' }); // the filters stay
    },
  );

  it('choosing ALL resets the vendor and the classify to ALL', () => {
    const s = gameListReducer(busy({ listType: 'HOT' }), { type: 'listType', listType: 'ALL' });
    expect(s).toMatchObject({ listType: 'ALL', vendor: 'ALL', classify: 'ALL', page: 1 });
  });

  it('a page change beyond totalPages (or before the first) is ignored', () => {
    const s = busy();
    expect(gameListReducer(s, { type: 'page', page: 6 })).toBe(s);
    expect(gameListReducer(s, { type: 'page', page: 0 })).toBe(s);
    expect(gameListReducer(s, { type: 'page', page: 2.5 })).toBe(s);
    expect(gameListReducer(s, { type: 'page', page: 5 }).page).toBe(5);
    expect(gameListReducer(initialState(), { type: 'page', page: 2 }).page).toBe(1); // nothing loaded yet: no pages
  });

  it('the loaded answer sets totalPages, which bounds later page changes', () => {
    const s = gameListReducer(initialState(), { type: 'loaded', totalPages: 2 });
    expect(gameListReducer(s, { type: 'page', page: 2 }).page).toBe(2);
    expect(gameListReducer(s, { type: 'page', page: 3 }).page).toBe(1);
  });

  it('changing the language reloads page 1', () => {
    const s = gameListReducer(busy(), { type: 'language' });
    expect(s.page).toBe(1);
    expect(s.reloads).toBe(1);
    expect(gameListReducer(s, { type: 'language' }).reloads).toBe(2); // a reload even when already on page 1
  });
});
