import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { ReactNode } from 'react';
import type { Game } from '@khela/api';
import { initI18n, i18n } from '@khela/i18n';
import { GUEST, loginStateAtom, loginStateFor, modalAtom, sessionPhaseAtom, setToken } from '@khela/session';
import '../i18n';
import * as api from '../lib/api';
import { favouriteIdsAtom, favouriteListAtom, resetFavouriteThrottle } from '../hooks/useFavourites';
import { toastAtom } from '../hooks/toast';
import { leaveFor } from '../hooks/useLaunch';
import { GameTile } from './GameTile';
import { LazyImage, DEFAULT_ICON } from './LazyImage';
import { GameGrid } from './GameGrid';
import { Pagination } from './Pagination';
import { ClassifyMenu, SearchBox } from '../features/game-list/ListControls';
import { HomeSection } from '../features/home/HomeSection';

jest.mock('../lib/api', () => ({
  addFavourite: jest.fn(),
  removeFavourite: jest.fn(),
  launchGame: jest.fn(),
  fetchFavouriteIds: jest.fn(() => Promise.resolve([])),
}));
const mocked = api as jest.Mocked<typeof api>;

const game = (over: Partial<Game> = {}): Game => ({
  nodeId: 7,
  gameCode: 'LOTUSREEL_0007',
  gameName: 'Golden Tiger',
  displayName: 'Golden Tiger',
  vassalage: 'LOTUSREEL',
  gameType: 'RNG',
  isGame: 'GAME',
  isHot: 0,
  isNew: 0,
  supportPlay: 1,
  iconUrl: '/art/7.svg',
  showIcon: '/art/7.svg',
  defaultIcon: '/d.svg',
  gameClassify: 'VIDEO',
  gameGroupCode: null,
  minBet: 10,
  lineNum: 20,
  maintenance: 0,
  ...over,
});

let store: ReturnType<typeof createStore>;
const wrap = (ui: ReactNode) =>
  render(
    <Provider store={store}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Provider>,
  );
const member = (type = 0) => act(() => store.set(loginStateAtom, loginStateFor({ id: 1, account: 'p', nickname: 'p', type })));

beforeAll(async () => {
  await initI18n('EN');
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  store = createStore();
  resetFavouriteThrottle();
  jest.clearAllMocks();
});

describe('game tile', () => {
  it('offers a free trial only when supportPlay is 0, and a hot badge only when isHot is 1', () => {
    const { rerender } = wrap(<GameTile game={game()} />);
    expect(screen.getByRole('button', { name: 'Play now' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Free trial' })).toBeNull();
    expect(screen.queryByTestId('hot-badge')).toBeNull();
    rerender(
      <Provider store={store}>
        <MemoryRouter>
          <GameTile game={game({ supportPlay: 0, isHot: 1 })} />
        </MemoryRouter>
      </Provider>,
    );
    expect(screen.getByRole('button', { name: 'Free trial' })).toBeInTheDocument();
    expect(screen.getByTestId('hot-badge')).toHaveTextContent('Hot');
  });

  it('a VASSALAGE entry offers its games, not play or favourite', () => {
    wrap(<GameTile game={game({ isGame: 'VASSALAGE', supportPlay: 0 })} />);
    expect(screen.getByRole('button', { name: 'View games' })).toBeInTheDocument();
    expect(screen.queryByTestId('favourite-toggle')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Free trial' })).toBeNull();
  });

  it('favourites need login: a guest gets the login popup, a trial account the real-account dialog', () => {
    store.set(loginStateAtom, GUEST);
    wrap(<GameTile game={game()} />);
    fireEvent.click(screen.getByTestId('favourite-toggle'));
    expect(store.get(modalAtom)).toEqual({ key: 'loginPopupModal' });
    member(4);
    act(() => store.set(modalAtom, null));
    fireEvent.click(screen.getByTestId('favourite-toggle'));
    expect(store.get(modalAtom)).toEqual({ key: 'publicModal', props: { messageKey: 'dialogs.needRealAccount' } });
    expect(mocked.addFavourite).not.toHaveBeenCalled();
  });

  it('a favourite click while the session token is still being checked waits for the check: a refused token gets the login popup', () => {
    setToken('t'.repeat(43));
    try {
      act(() => store.set(sessionPhaseAtom, 'pending'));
      wrap(<GameTile game={game()} />);
      fireEvent.click(screen.getByTestId('favourite-toggle'));
      expect(store.get(modalAtom)).toBeNull(); // neither a guest nor a member yet
      act(() => store.set(sessionPhaseAtom, 'ready')); // the token was refused: a guest now
      expect(store.get(modalAtom)).toEqual({ key: 'loginPopupModal' }); // the kept click, answered
      expect(mocked.addFavourite).not.toHaveBeenCalled();
    } finally {
      setToken(null);
    }
  });

  it('a Play now click while the session token is being checked launches once it is a member’s (once, however often clicked)', async () => {
    setToken('t'.repeat(43));
    try {
      act(() => store.set(sessionPhaseAtom, 'pending'));
      const Where = () => <span data-testid="where">{useLocation().pathname + useLocation().search}</span>;
      mocked.launchGame.mockResolvedValue({ content: { game_url: '/play/KHELA_DICE?token=abc', ticket: 't' } });
      wrap(
        <>
          <GameTile game={game()} />
          <Where />
        </>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Play now' }));
      fireEvent.click(screen.getByRole('button', { name: 'Play now' }));
      expect(mocked.launchGame).not.toHaveBeenCalled();
      expect(store.get(modalAtom)).toBeNull();
      // the check ends: a member, in the same update as the phase (as the shell sets them)
      await act(async () => {
        store.set(loginStateAtom, loginStateFor({ id: 1, account: 'p', nickname: 'p', type: 0 }));
        store.set(sessionPhaseAtom, 'ready');
      });
      expect(mocked.launchGame).toHaveBeenCalledTimes(1);
      expect(mocked.launchGame).toHaveBeenCalledWith({ game: expect.objectContaining({ gameCode: 'LOTUSREEL_0007' }) }, 1, 'EN');
      expect(screen.getByTestId('where')).toHaveTextContent('/play/KHELA_DICE?token=abc');
      expect(store.get(modalAtom)).toBeNull();
    } finally {
      setToken(null);
    }
  });

  it('a launch opens the game page the server answers: ours in the app, a connected vendor’s site by leaving it', async () => {
    member();
    const Where = () => <span data-testid="where">{useLocation().pathname + useLocation().search}</span>;
    mocked.launchGame.mockResolvedValueOnce({ content: { game_url: '/play/KHELA_DICE?token=abc', ticket: 't' } });
    wrap(
      <>
        <GameTile game={game()} />
        <Where />
      </>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Play now' })));
    expect(screen.getByTestId('where')).toHaveTextContent('/play/KHELA_DICE?token=abc');
    const go = jest.spyOn(leaveFor, 'go').mockImplementation(() => undefined);
    mocked.launchGame.mockResolvedValueOnce({ content: { game_url: 'https://games.vendor.example/launch?t=abc', ticket: 't' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Play now' })));
    expect(go).toHaveBeenCalledWith('https://games.vendor.example/launch?t=abc');
    expect(screen.getByTestId('where')).toHaveTextContent('/play/KHELA_DICE?token=abc');
    go.mockRestore();
  });

  it('playing for real as a guest opens the login popup and launches nothing', () => {
    wrap(<GameTile game={game()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Play now' }));
    expect(store.get(modalAtom)).toEqual({ key: 'loginPopupModal' });
    expect(mocked.launchGame).not.toHaveBeenCalled();
  });
});

describe('favourite toggle', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('adding updates the id list at once, and a second toggle within 1000 ms is ignored', async () => {
    member();
    let resolve!: () => void;
    mocked.addFavourite.mockReturnValue(new Promise((r) => (resolve = () => r(undefined))));
    wrap(<GameTile game={game()} />);
    fireEvent.click(screen.getByTestId('favourite-toggle'));
    expect(store.get(favouriteIdsAtom)).toEqual([7]); // before the server answers
    expect(screen.getByTestId('favourite-toggle')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByTestId('favourite-toggle'));
    expect(mocked.addFavourite).toHaveBeenCalledTimes(1);
    expect(mocked.removeFavourite).not.toHaveBeenCalled();
    await act(async () => resolve());
  });

  it('removing takes the game out of both lists at once', () => {
    member();
    mocked.removeFavourite.mockResolvedValue(undefined);
    store.set(favouriteIdsAtom, [3, 7]);
    store.set(favouriteListAtom, [game({ nodeId: 3 }), game()]);
    wrap(<GameTile game={game()} />);
    fireEvent.click(screen.getByTestId('favourite-toggle'));
    expect(store.get(favouriteIdsAtom)).toEqual([3]);
    expect(store.get(favouriteListAtom)!.map((g) => g.nodeId)).toEqual([3]);
    expect(mocked.removeFavourite).toHaveBeenCalledTimes(1);
  });

  it('is throttled to one toggle a second, and a refused call puts the lists back with a message', async () => {
    member();
    mocked.addFavourite.mockResolvedValue(undefined);
    mocked.removeFavourite.mockRejectedValue(new Error('down'));
    wrap(<GameTile game={game()} />);
    fireEvent.click(screen.getByTestId('favourite-toggle'));
    act(() => jest.advanceTimersByTime(999));
    fireEvent.click(screen.getByTestId('favourite-toggle'));
    expect(mocked.removeFavourite).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    fireEvent.click(screen.getByTestId('favourite-toggle'));
    expect(mocked.removeFavourite).toHaveBeenCalledTimes(1);
    expect(store.get(favouriteIdsAtom)).toEqual([]);
    await act(async () => undefined);
    expect(store.get(favouriteIdsAtom)).toEqual([7]);
    expect(store.get(toastAtom)).toEqual({ key: 'favouriteFailed' });
  });

  it('adding an id that is already in the list is skipped (it removes instead, as a toggle)', () => {
    member();
    mocked.removeFavourite.mockResolvedValue(undefined);
    store.set(favouriteIdsAtom, [7]);
    wrap(<GameTile game={game()} />);
    fireEvent.click(screen.getByTestId('favourite-toggle'));
    expect(mocked.addFavourite).not.toHaveBeenCalled();
  });
});

describe('lazy image', () => {
  it('retries once, then shows the default game icon', () => {
    render(<LazyImage src="/art/x.svg?v=1" alt="x" />);
    const img = screen.getByAltText('x') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/art/x.svg?v=1');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/art/x.svg?v=1&retry=1');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(DEFAULT_ICON);
    expect(img).toHaveAttribute('data-state', 'fallback');
  });

  it('waits until a tenth of it is in view', () => {
    let callback!: IntersectionObserverCallback;
    const observe = jest.fn();
    const options: IntersectionObserverInit[] = [];
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      constructor(cb: IntersectionObserverCallback, o: IntersectionObserverInit) {
        callback = cb;
        options.push(o);
      }
      observe = observe;
      disconnect() {}
    };
    try {
      render(<LazyImage src="/art/y.svg" alt="y" />);
      const img = screen.getByAltText('y');
      expect(img.getAttribute('src')).toBeNull();
      expect(options[0].threshold).toBe(0.1);
      act(() => callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
      expect(img.getAttribute('src')).toBe('/art/y.svg');
    } finally {
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });

  it("an eager one (a list's first tiles) has its address in its first render, and watches nothing", () => {
    const observe = jest.fn();
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      observe = observe;
      disconnect() {}
    };
    try {
      render(<LazyImage src="/art/z.svg" alt="z" eager />);
      expect(screen.getByAltText('z').getAttribute('src')).toBe('/art/z.svg');
      expect(observe).not.toHaveBeenCalled();
    } finally {
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });

  it("a list draws its first tiles' images at once, the rest when they come into view", () => {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      observe() {}
      disconnect() {}
    };
    try {
      const games = Array.from({ length: 8 }, (_, i) => game({ nodeId: i + 1, gameCode: `G${i}`, iconUrl: `/art/${i}.svg` }));
      wrap(<GameGrid games={games} loading={false} eager={6} />);
      const srcs = screen.getAllByTestId('game-tile').map((t) => t.querySelector('img')!.getAttribute('src'));
      expect(srcs).toEqual(['/art/0.svg', '/art/1.svg', '/art/2.svg', '/art/3.svg', '/art/4.svg', '/art/5.svg', null, null]);
    } finally {
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });
});

describe('list controls', () => {
  it('pagination shows only with more than one page', () => {
    const { container, rerender } = render(<Pagination page={1} totalPages={1} onPage={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
    const onPage = jest.fn();
    rerender(<Pagination page={1} totalPages={3} onPage={onPage} />);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onPage).toHaveBeenCalledWith(2);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  });

  it('the classify menu shows only with more than one entry (Fish has only All)', () => {
    const { container, rerender } = render(<ClassifyMenu options={[]} active="ALL" onSelect={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<ClassifyMenu options={[{ key: 'VIDEO', displayName: 'Video slots' }]} active="ALL" onSelect={() => undefined} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['All', 'Video slots']);
  });

  it('search is debounced 500 ms', () => {
    jest.useFakeTimers();
    try {
      const onSearch = jest.fn();
      render(<SearchBox value="" onSearch={onSearch} />);
      fireEvent.change(screen.getByTestId('game-search'), { target: { value: 'ti' } });
      act(() => jest.advanceTimersByTime(300));
      fireEvent.change(screen.getByTestId('game-search'), { target: { value: 'tiger' } });
      act(() => jest.advanceTimersByTime(499));
      expect(onSearch).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(1));
      expect(onSearch).toHaveBeenCalledTimes(1);
      expect(onSearch).toHaveBeenCalledWith('tiger');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('home section', () => {
  it('More leads to the type, and to ?gameCategory=NEW with the New switch, in EN and BN', async () => {
    wrap(
      <HomeSection type="LIVE" title="Live casino" more={(n) => (n ? '/live?gameCategory=NEW' : '/live')}>
        {(showNew) => <p>{showNew ? 'new games' : 'hot games'}</p>}
      </HomeSection>,
    );
    expect(screen.getByRole('link', { name: 'More' })).toHaveAttribute('href', '/live');
    expect(screen.getByText('hot games')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    expect(screen.getByRole('link', { name: 'More' })).toHaveAttribute('href', '/live?gameCategory=NEW');
    expect(screen.getByText('new games')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('bn'));
    expect(screen.getByRole('link', { name: 'আরও' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
  });
});
