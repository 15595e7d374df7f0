import { isAgentType, isTrialType } from './agent';
import { languageOf } from './contract';
import { CATEGORY_PAGES, CATEGORY_ROUTES, GAME_TYPES } from './games';

describe('languageOf, the one reading of a requested language', () => {
  it.each([
    ['EN', 'EN'],
    ['en', 'EN'],
    [' en-GB ', 'EN'],
    ['BN', 'BN'],
    ['bn', 'BN'],
    ['', 'BN'],
    ['fr', 'BN'],
    [undefined, 'BN'],
    [['EN'], 'BN'],
  ])('%p is %s', (asked, lang) => expect(languageOf(asked)).toBe(lang));
});

describe('member types', () => {
  it.each([1, 2, 41, 42])('type %i is an agent', (t) => expect(isAgentType(t)).toBe(true));
  it.each([0, 3, 4, 40, null, undefined])('type %p is not an agent', (t) => expect(isAgentType(t)).toBe(false));
  it('type 4 alone is a trial account', () => {
    expect([0, 1, 4, 42].map(isTrialType)).toEqual([false, false, true, false]);
  });
});

describe('category routes', () => {
  it('lead every game type to its page, and the lobby to the RNG game lobby', () => {
    for (const type of GAME_TYPES) expect(CATEGORY_ROUTES[type]).toBe(CATEGORY_PAGES[type]);
    expect(CATEGORY_ROUTES).toMatchObject({ LOBBY: '/rng', HOT: '/hot', RECENT: '/recent', FAV: '/favorite' });
  });
});
