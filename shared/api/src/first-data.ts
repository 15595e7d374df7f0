import type { RemoteName } from './remotes';
import type { DataRequest } from './inlined';
import type { WhitelabelNode } from './contract';

/** The entry routes of the storefront and the first requests each makes (see inlined.ts). */

/* The storefront's requests, as its clients make them (the lobby's tests check its own against these). */
const CLIENT_TYPE = 3;
const PLATFORMS = 'flash,html5-desktop';
/**
 * A game list's first tiles: two rows at a phone's three columns, one at a desktop's six. The
 * origin preloads their images, and the list draws them at once (not when they come into view).
 */
export const FIRST_TILES = 6;

export const FIRST_REQUESTS = {
  status: (): DataRequest => ({ path: '/wps/system/status' }),
  permission: (): DataRequest => ({ path: '/wps/system/permission' }),
  gameMenus: (lang: string): DataRequest => ({ path: '/lgw/games/game_menus', query: { language: lang } }),
  announcements: (lang: string): DataRequest => ({
    path: '/wps/relay/MCSFE_getListAnnouncements',
    query: { types: 'B,PL,PU,PR', platform: 'W', execution: 'B', language: lang },
  }),
  /** the player notices alone (the news centre) */
  notices: (lang: string): DataRequest => ({
    path: '/wps/relay/MCSFE_getListAnnouncements',
    query: { types: 'PL', platform: 'W', language: lang },
  }),
  help: (lang: string): DataRequest => ({ path: '/wps/system/helpCenter', query: { lang, device: 'WEB' } }),
  /** the promotions as a guest sees them (a member's states are asked for afresh) */
  promotions: (lang: string): DataRequest => ({ path: '/wps/relay/MCSFE_getPromotionList', query: { lang } }),
  vendorLanes: (lang: string): DataRequest => ({
    path: '/wps/relay/GCSGAME_newGameVendor',
    query: { language: lang, clientType: CLIENT_TYPE },
  }),
  hotGames: (lang: string): DataRequest => ({
    path: '/wps/relay/GCSGAME_hotGamesV2',
    query: { merchantCode: 'KHELA', isPlatform: 2, platform: PLATFORMS, language: lang },
  }),
  rankList: (lang: string): DataRequest => ({
    path: '/wps/relay/GCSGAME_getRankList',
    query: { gameCategory: 'ALL', language: lang, limitNum: 20 },
  }),
  gameList: (lang: string, q: { gameType?: string; pageSize?: number; vassalage?: string; isNew?: number }): DataRequest => ({
    path: '/wps/relay/GCSGAME_gameList',
    query: { clientType: CLIENT_TYPE, platform: PLATFORMS, pageSize: 18, pageNo: 1, ...q, language: lang },
  }),
};

/** What an entry route mounts first, and the public requests it makes before its first paint. */
export interface EntryRoute {
  /** the remote area the route mounts (its manifest, entry and chunks are worth preloading) */
  area?: { remote: RemoteName; module: string };
  /** the route's own requests (the shell's are added for every route) */
  requests: DataRequest[];
  /** the route's name for its title and description (see @khela/i18n's seo) */
  name: string;
  /** a page for members only (a visitor without a session sees the home there) */
  private?: boolean;
}

const HOME_PATHS = ['/', '/index', '/index.html', '/home', '/login', '/register', '/help'];
const GAME_CENTRES = ['/sports', '/esports', '/live', '/lott', '/elott'];
const GAME_LISTS = ['/hot', '/fish', '/rng', '/pvp'];

/**
 * The entry route of a URL, as the shell's router mounts it (shell/src/app/AppRoutes.tsx): which
 * area, and the requests of its first render, in the page's language.
 */
export function entryRoute(pathname: string, search: string, lang: string): EntryRoute {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const params = new URLSearchParams(search);
  if (HOME_PATHS.includes(path)) {
    return {
      name: 'home',
      area: { remote: 'lobby', module: 'HomePage' },
      requests: [
        FIRST_REQUESTS.announcements(lang),
        FIRST_REQUESTS.vendorLanes(lang),
        FIRST_REQUESTS.hotGames(lang),
        FIRST_REQUESTS.rankList(lang),
        FIRST_REQUESTS.gameList(lang, { gameType: 'RNG', pageSize: 6 }),
      ],
    };
  }
  if (GAME_CENTRES.includes(path)) {
    // the vendors, then the centre's games (the sports centre with ?category=COCKFIGHT is the cockfight one)
    const type = path === '/sports' && params.get('category') === 'COCKFIGHT' ? 'COCKFIGHT' : path.slice(1).toUpperCase();
    const isNew = params.get('gameCategory') === 'NEW' ? 1 : undefined;
    return {
      name: path.slice(1),
      area: { remote: 'lobby', module: 'GameCentre' },
      requests: [FIRST_REQUESTS.vendorLanes(lang), FIRST_REQUESTS.gameList(lang, { gameType: type, isNew })],
    };
  }
  const fixed: Record<string, EntryRoute> = {
    '/promotions': {
      name: 'promotions',
      area: { remote: 'promotions', module: 'PromotionsPage' },
      requests: [FIRST_REQUESTS.promotions(lang)],
    },
    '/notice': {
      name: 'notice',
      area: { remote: 'promotions', module: 'NoticeCentre' },
      requests: [FIRST_REQUESTS.notices(lang)],
    },
    '/noticecontent': {
      name: 'notice',
      area: { remote: 'promotions', module: 'NoticeContent' },
      requests: [FIRST_REQUESTS.notices(lang)],
    },
    '/helpmc': {
      name: 'helpCentre',
      area: { remote: 'promotions', module: 'HelpCentre' },
      requests: [FIRST_REQUESTS.help(lang)],
    },
    '/pointMall': { name: 'pointMall', area: { remote: 'points-mall', module: 'PointMall' }, requests: [] },
    '/seamless': { name: 'game', area: { remote: 'lobby', module: 'SeamlessPage' }, requests: [], private: true },
    '/agent': { name: 'agent', area: { remote: 'auth-modals', module: 'AgentLanding' }, requests: [] },
  };
  if (fixed[path]) return fixed[path];
  // the platform's own games: the verify page is public, a game page needs its launch's token
  if (path === '/play/verify') return { name: 'verify', area: { remote: 'games', module: 'VerifyPage' }, requests: [] };
  if (path.startsWith('/play/'))
    return { name: 'game', area: { remote: 'games', module: 'GamePage' }, requests: [], private: true };
  if (path === '/member' || path.startsWith('/member/'))
    return { name: 'member', area: { remote: 'member-centre', module: 'MemberCentre' }, requests: [], private: true };
  if (path === '/agentHome' || path.startsWith('/agentHome/'))
    return { name: 'agentHome', area: { remote: 'agent-centre', module: 'AgentHome' }, requests: [], private: true };
  if (['/favorite', '/recent', '/lottery', '/seaLottery', '/vnLottery'].includes(path))
    return { name: path.slice(1), requests: [], private: true };
  // a game list; an unknown path shows the hot list
  const type = GAME_LISTS.includes(path) ? path.slice(1).toUpperCase() : 'HOT';
  const vassalage = params.get('vassalage')?.toUpperCase() || undefined;
  const isNew = params.get('gameCategory') === 'NEW' ? 1 : undefined;
  return {
    name: type.toLowerCase(),
    area: { remote: 'lobby', module: 'GameList' },
    requests: [FIRST_REQUESTS.vendorLanes(lang), FIRST_REQUESTS.gameList(lang, { gameType: type, vassalage, isNew })],
  };
}

/** The shell's own first requests, on every route. */
export const shellRequests = (lang: string): DataRequest[] => [
  FIRST_REQUESTS.status(),
  FIRST_REQUESTS.permission(),
  FIRST_REQUESTS.gameMenus(lang),
];

/**
 * What the origin hands a remote's first view: its first-view.js, a script built with the remote's
 * version that draws the remote's routes as HTML for the page's first frame, before any script of
 * the page runs (see deploy/src/first-view.ts). The remote decides what it draws; null draws nothing.
 */
export interface FirstViewInput {
  /** the address's path, and its query ('' or '?…') */
  path: string;
  search: string;
  lang: 'BN' | 'EN';
  /** the page's inlined first data: dataKey (see inlined.ts) → the API's answer as JSON text */
  answers: Record<string, string>;
  /** the operator's whitelabel flags (the permission info), when they were read */
  whitelabel?: WhitelabelNode[];
  /** the page was opened from a login link: a member's session is being handed over */
  loginLink: boolean;
}

/** A remote's first-view module: what its first-view.js exposes. */
export interface FirstViewModule {
  render(input: FirstViewInput): string | null;
}
