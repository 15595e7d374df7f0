import { act, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { dataKey, type Game, type GameListResponse, type VendorLanesResponse } from '@khela/api';
import { FIRST_REQUESTS, FIRST_TILES, type FirstViewInput } from '@khela/api/first-data';
import { apiRequest, inlineForTests } from '@khela/api-client';
import { initI18n, i18n } from '@khela/i18n';
import { sessionPhaseAtom } from '@khela/session';
import { domShape, parseHtml } from '@khela/ui/testing';
import GameList from './exposed/GameList';
import { render as drawFirstView } from './first-view';

jest.mock('@khela/api-client', () => ({ ...jest.requireActual('@khela/api-client'), apiRequest: jest.fn() }));
const api = apiRequest as jest.MockedFunction<typeof apiRequest>;

const game = (n: number, over: Partial<Game> = {}): Game => ({
  nodeId: n,
  gameCode: `LOTUSREEL_${n}`,
  gameName: `Game ${n}`,
  displayName: n === 2 ? 'বাঘ & <Tiger>' : `Game ${n}`,
  vassalage: 'LOTUSREEL',
  gameType: 'RNG',
  isGame: 'GAME',
  isHot: n % 3 === 0 ? 1 : 0,
  isNew: n % 4 === 0 ? 1 : 0,
  supportPlay: n % 2 === 0 ? 0 : 1,
  iconUrl: `/wps/static/art/game/${n}.svg`,
  showIcon: '',
  defaultIcon: '',
  gameClassify: 'VIDEO',
  gameGroupCode: null,
  minBet: 10,
  lineNum: 20,
  maintenance: 0,
  ...over,
});

const games = [
  ...Array.from({ length: 9 }, (_, i) => game(i + 1)),
  game(10, { isGame: 'VASSALAGE', displayName: 'Lotus Reels' }),
];
const list: GameListResponse = { games, totalPages: 3, pageNo: 1, pageSize: 18, total: 40 } as unknown as GameListResponse;
const vendor = (code: string, name: string) => ({
  code,
  displayName: name,
  lagerIcon: `/wps/static/art/vendor/${code}.svg`,
  gameType: 'RNG',
  gameTypes: ['RNG'],
});
const lanes: VendorLanesResponse = {
  data: {
    lanes: [
      {
        gameCategory: 'RNG',
        vendors: ['LOTUSREEL', 'TIGERSPIN'],
        cards: { LOTUSREEL: vendor('LOTUSREEL', 'লোটাস রিলস'), TIGERSPIN: vendor('TIGERSPIN', 'টাইগার স্পিন') },
        gameClassify: [
          { key: 'VIDEO', displayName: 'ভিডিও স্লট', vendors: { LOTUSREEL: 3 } },
          { key: 'CLASSIC', displayName: 'ক্লাসিক স্লট', vendors: { TIGERSPIN: 2 } },
        ],
      },
      {
        gameCategory: 'FISH',
        vendors: ['TIGERSPIN'],
        cards: { TIGERSPIN: vendor('TIGERSPIN', 'টাইগার স্পিন') },
        gameClassify: [],
      },
    ],
  },
} as unknown as VendorLanesResponse;

/** The page's first data as the origin inlines it, in the language. */
function answers(lang: 'BN' | 'EN', type = 'RNG') {
  const envelope = (value: unknown) => JSON.stringify({ success: true, value });
  const l = FIRST_REQUESTS.vendorLanes(lang);
  const g = FIRST_REQUESTS.gameList(lang, { gameType: type });
  return { [dataKey(lang, l.path, l.query)]: envelope(lanes), [dataKey(lang, g.path, g.query)]: envelope(list) };
}

const input = (path: string, lang: 'BN' | 'EN' = 'BN', more: Partial<FirstViewInput> = {}): FirstViewInput => ({
  path,
  search: '',
  lang,
  answers: answers(lang, path === '/fish' ? 'FISH' : 'RNG'),
  loginLink: false,
  ...more,
});

/** What a list looks like to a player and to the layout (see domShape): its links, names, states and images. */
const shape = (root: Element) =>
  domShape(root, {
    attrs: [
      'role',
      'href',
      'title',
      'src',
      'alt',
      'type',
      'placeholder',
      'maxlength',
      'aria-label',
      'aria-selected',
      'aria-pressed',
      'aria-hidden',
    ],
    children: (el) => (el.tagName === 'svg' ? [] : [...el.children]),
  });
const parse = parseHtml;

// the images out of view wait for an observer, as in a browser (one that never answers here)
class NoObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
beforeAll(async () => {
  (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = NoObserver;
  await initI18n('BN');
});
afterAll(() => delete (window as unknown as { IntersectionObserver?: unknown }).IntersectionObserver);
beforeEach(() => {
  api.mockReset();
  api.mockImplementation(() => new Promise<never>(() => undefined));
});
afterEach(() => inlineForTests(null));

/** GameList's first render, from the same first data inlined into the page. */
async function rendered(type: string, lang: 'BN' | 'EN') {
  await act(() => i18n.changeLanguage(lang.toLowerCase()));
  inlineForTests({
    lang,
    answers: Object.fromEntries(Object.entries(answers(lang, type)).map(([k, v]) => [k, JSON.parse(v)])),
  });
  const store = createStore();
  store.set(sessionPhaseAtom, 'ready');
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[`/${type.toLowerCase()}`]}>
        <GameList gameType={type} />
      </MemoryRouter>
    </Provider>,
  );
  await screen.findAllByRole('heading', { level: 3 });
  return view.container.querySelector('.lobby-root')!;
}

describe("a game list's first view (drawn by the origin before any script runs)", () => {
  it.each([
    ['/rng', 'RNG', 'BN'],
    ['/rng', 'RNG', 'EN'],
    ['/fish', 'FISH', 'BN'],
  ] as const)('is the list GameList renders first from the same data: %s in %s %s', async (path, type, lang) => {
    const drawn = parse(drawFirstView(input(path, lang))!);
    const root = await rendered(type, lang);
    // the list's own parts (its toast and dialogs come later, and only when needed)
    const theirs = shape(root).filter(
      (line) => !line.startsWith('div.lobby-pagination') && !/^(nav|div)\.(k-toast|lobby-toast)/.test(line),
    );
    const ours = shape(drawn);
    expect(ours).toEqual(theirs.slice(0, ours.length));
  });

  it('draws the first tiles with their images and the rest waiting, escaped', () => {
    const drawn = parse(drawFirstView(input('/rng'))!);
    const images = [...drawn.querySelectorAll('.lobby-tile__art img')];
    expect(images.filter((i) => i.hasAttribute('src'))).toHaveLength(FIRST_TILES);
    expect(images[0]).toHaveAttribute('src', '/wps/static/art/game/1.svg');
    expect(drawn.querySelectorAll('.lobby-tile')[1].querySelector('h3')?.textContent).toBe('বাঘ & <Tiger>');
  });

  it('draws nothing for what it does not draw', () => {
    expect(drawFirstView(input('/'))).toBeNull(); // the home: the origin draws its banner
    expect(drawFirstView(input('/promotions'))).toBeNull();
    expect(drawFirstView(input('/pvp'))).toBeNull(); // its rooms come first
    expect(drawFirstView(input('/rng', 'BN', { search: '?vassalage=LOTUSREEL' }))).toBeNull();
    expect(drawFirstView(input('/rng', 'BN', { search: '?gameCategory=NEW' }))).toBeNull();
    expect(drawFirstView(input('/rng', 'BN', { answers: {} }))).toBeNull();
    expect(
      drawFirstView(input('/rng', 'BN', { answers: { ...answers('BN'), [Object.keys(answers('BN'))[1]]: '{broken' } })),
    ).toBeNull();
  });
});
