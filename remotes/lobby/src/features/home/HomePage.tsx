import { useRef } from 'react';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { Game, GameType } from '@khela/api';
import { loginStateAtom } from '@khela/session';
import { EmptyState, useStaged } from '@khela/ui';
import { NS, titleKeys } from '../../i18n';
import {
  fetchAnnouncements,
  fetchGameList,
  fetchHotGames,
  fetchRankList,
  fetchRecent,
  fetchVendorLanes,
  firstData,
} from '../../lib/api';
import { splitCategories, CATEGORY_ROUTE, moreLink, type Category } from '../../lib/categories';
import {
  HOME_HOT_FETCH,
  HOME_ITEMS,
  HOME_RECENT_PAGE_SIZE,
  HOME_RECENT_TYPE,
  HOME_VENDOR_LIMIT,
  MENU_GAP,
  MENU_SLIDES,
} from '../../lib/constants';
import { useAsync } from '../../hooks/useAsync';
import { useFavouriteList } from '../../hooks/useFavourites';
import { useLang } from '../../hooks/useLang';
import { useLoginGate } from '../../hooks/useLoginGate';
import { GameGrid } from '../../components/GameGrid';
import { LazyImage } from '../../components/LazyImage';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/Icons';
import { LoadError, SkeletonGrid } from '../../components/States';
import { VendorTile } from '../../components/VendorTile';
import { BannerCarousel } from './BannerCarousel';
import { HomeLobby } from './HomeLobby';
import { HomeSection } from './HomeSection';
import { NoticeMarquee } from './NoticeMarquee';
import { WinnersBoard } from './WinnersBoard';

/** Sections after recent, hot, lobby and favourites: in the spec's order. */
const TYPE_SECTIONS: GameType[] = ['RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'COCKFIGHT', 'LOTT'];
/** The game menu while the vendor lanes load: the same row, so nothing moves when they arrive. */
const MENU_WHILE_LOADING: Category[] = (['RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'PVP'] as GameType[]).map((type) => ({
  type,
  vendors: [],
  lane: null,
}));

/** Categories whose section shows games; the others show their vendors. */
const GAME_SECTIONS: GameType[] = ['RNG', 'FISH', 'PVP'];

/** New games of a type (the New switch), 6 of them. */
function NewGames({ type, lang }: { type?: GameType; lang: 'BN' | 'EN' }) {
  const list = useAsync(
    (signal) => fetchGameList({ gameType: type, isNew: 1, pageSize: HOME_ITEMS, language: lang }, signal),
    [type, lang],
  );
  return <GameGrid row games={list.data?.games} loading={list.loading} error={list.error} onRetry={list.reload} />;
}

/** Hot shows the list (hot ones first); New keeps the new ones. */
const switched = (games: Game[], showNew: boolean) =>
  (showNew ? games.filter((g) => g.isNew === 1) : [...games].sort((a, b) => b.isHot - a.isHot)).slice(0, HOME_ITEMS);

/** The game menu: one slide per category, 6 visible with a gap of 24. */
function GameMenu({ categories }: { categories: Category[] }) {
  const { t } = useTranslation(NS);
  const track = useRef<HTMLElement>(null);
  const scroll = (dir: number) => track.current?.scrollBy({ left: dir * track.current.clientWidth * 0.8, behavior: 'smooth' });
  return (
    <div className="lobby-menu-wrap">
      <button type="button" className="lobby-arrow" aria-label={t('scrollLeft')} onClick={() => scroll(-1)}>
        <ChevronLeftIcon />
      </button>
      <nav
        ref={track}
        className="lobby-menu"
        aria-label={t('gameMenu')}
        style={{ ['--slides' as string]: MENU_SLIDES, ['--gap' as string]: `${MENU_GAP}px` }}
      >
        {categories.map((c) => (
          <Link key={c.type} to={CATEGORY_ROUTE[c.type]} className="lobby-menu__item" data-testid={`menu-${c.type}`}>
            <LazyImage className="lobby-menu__icon" src={`/wps/static/art/category/${c.type}.svg`} alt="" />
            <span>{t(titleKeys(c.type))}</span>
          </Link>
        ))}
      </nav>
      <button type="button" className="lobby-arrow" aria-label={t('scrollRight')} onClick={() => scroll(1)}>
        <ChevronRightIcon />
      </button>
    </div>
  );
}

/** "6 of 12 hot games": a different 6 of the 12 on each visit. */
const visitSeed = Math.random();
function sixOf(games: Game[]): Game[] {
  if (games.length <= HOME_ITEMS) return games;
  const start = Math.floor(visitSeed * games.length);
  const picked = Array.from({ length: HOME_ITEMS }, (_, i) => games[(start + i * 2) % games.length]);
  return [...new Set(picked)].length === HOME_ITEMS ? picked : games.slice(0, HOME_ITEMS);
}

export function HomePage() {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const login = useAtomValue(loginStateAtom);
  const gate = useLoginGate();
  const memberId = login.isLogin ? String(login.member?.id ?? '') : null;
  // the first render has the data the page came with (no loading state, nothing moves)
  const announcements = useAsync(
    (signal) => fetchAnnouncements(lang, signal),
    [lang],
    true,
    () => firstData.announcements(lang),
  );
  const lanes = useAsync(
    (signal) => fetchVendorLanes(lang, { signal }),
    [lang],
    true,
    () => firstData.vendorLanes(lang),
  );
  const hot = useAsync(
    (signal) => fetchHotGames(lang, undefined, { signal }),
    [lang],
    true,
    () => firstData.hotGames(lang),
  );
  const ranks = useAsync(
    (signal) => fetchRankList(lang, signal),
    [lang],
    true,
    () => firstData.rankList(lang),
  );
  const recent = useAsync(
    (signal) => fetchRecent({ page: 1, pageSize: HOME_RECENT_PAGE_SIZE, gameType: HOME_RECENT_TYPE, language: lang }, signal),
    [lang, memberId],
    !!memberId,
  );
  const favourites = useFavouriteList(lang);
  const categories = lanes.data ? splitCategories(lanes.data) : [];
  const hotOf = (type?: GameType) => (hot.data ?? []).filter((g) => !type || g.gameType === type).slice(0, HOME_HOT_FETCH);
  const title = (type: string) => t(titleKeys(type));
  const banners = announcements.data?.banners.filter((b) => b.groupName === 'w_home') ?? [];

  const hotGrid = (type: GameType | undefined, showNew: boolean) =>
    showNew ? (
      <NewGames type={type} lang={lang} />
    ) : (
      <GameGrid row games={sixOf(hotOf(type))} loading={hot.loading} error={hot.error} onRetry={hot.reload} />
    );

  const vendorCards = (c: Category) => {
    // the lottery section shows the e-lottery vendors too, up to the limit
    const extra = c.type === 'LOTT' ? (categories.find((x) => x.type === 'ELOTT')?.vendors ?? []) : [];
    return (
      <div className="lobby-vendors">
        {[...c.vendors, ...extra].slice(0, HOME_VENDOR_LIMIT).map((v) => (
          <VendorTile key={v.code} vendor={v} />
        ))}
      </div>
    );
  };

  const rng = categories.find((c) => c.type === 'RNG');
  const favouritesSection = (
    <HomeSection key="FAV" type="FAV" title={title('FAV')} more={(n) => moreLink('FAV', n)}>
      {(showNew) =>
        !login.isLogin || login.isTrial ? (
          <EmptyState>
            <span className="lobby-prompt">
              {t('favouritesNeedLogin')}
              <button type="button" className="lobby-btn lobby-btn--play" onClick={() => gate()}>
                {t(login.isLogin ? 'realAccount' : 'logIn')}
              </button>
            </span>
          </EmptyState>
        ) : favourites.error ? (
          <LoadError error={favourites.error} onRetry={favourites.reload} />
        ) : (
          <GameGrid row games={switched(favourites.list ?? [], showNew)} loading={favourites.loading} empty={t('noFavourites')} />
        )
      }
    </HomeSection>
  );
  // below the fold, in the spec's order: the lobby (slots), favourites, the category sections
  const first = [
    rng ? <HomeLobby key="LOBBY" vendors={rng.vendors} lang={lang} title={title('LOBBY')} /> : null,
    favouritesSection,
  ];
  const belowFold = [
    ...first,
    ...TYPE_SECTIONS.map((type) => {
      const c = categories.find((x) => x.type === type);
      if (!c) return null;
      return (
        <HomeSection key={type} type={type} title={title(type)} more={(n) => moreLink(type, n)}>
          {(showNew) =>
            GAME_SECTIONS.includes(type) ? (
              hotGrid(type, showNew)
            ) : showNew ? (
              <NewGames type={type} lang={lang} />
            ) : (
              vendorCards(c)
            )
          }
        </HomeSection>
      );
    }),
  ].filter((section) => section !== null);
  const staged = useStaged(belowFold.length); // (the lobby, favourites, then the category sections)
  const leading = first.filter((section) => section !== null).length;

  return (
    <div className="lobby-home">
      <h1 className="lobby-sr">{t('hero.title')}</h1>
      {announcements.error ? null : announcements.loading && !announcements.data ? (
        <div className="lobby-banners lobby-skeleton" data-testid="banners-loading" />
      ) : (
        <BannerCarousel banners={banners} />
      )}
      {announcements.loading && !announcements.data ? (
        <div className="lobby-marquee lobby-marquee--loading" aria-hidden="true" />
      ) : (
        <NoticeMarquee notices={announcements.data?.playerNotices ?? []} />
      )}
      {categories.length ? (
        <GameMenu categories={categories} />
      ) : lanes.loading ? (
        <GameMenu categories={MENU_WHILE_LOADING} />
      ) : null}
      <WinnersBoard list={ranks.data?.list} loading={ranks.loading} error={ranks.error} onRetry={ranks.reload} lang={lang} />

      {memberId && recent.data?.list.length ? (
        <HomeSection type="RECENT" title={title('RECENT')} more={(n) => moreLink('RECENT', n)}>
          {(showNew) => <GameGrid row games={switched(recent.data!.list, showNew)} loading={false} />}
        </HomeSection>
      ) : null}

      <HomeSection type="HOT" title={title('HOT')} more={(n) => moreLink('HOT', n)}>
        {(showNew) => hotGrid(undefined, showNew)}
      </HomeSection>

      {belowFold.slice(0, Math.min(staged, leading))}
      {lanes.error ? <LoadError error={lanes.error} onRetry={lanes.reload} /> : null}
      {lanes.loading && !lanes.data ? <SkeletonGrid count={HOME_VENDOR_LIMIT} className="lobby-vendors" /> : null}
      {belowFold.slice(leading, staged)}
    </div>
  );
}
