import {
  type DataRequest,
  type AnnouncementsResponse,
  type FavouriteIdsResponse,
  type FavouriteListResponse,
  type Game,
  type GameListRequest,
  type GameListResponse,
  type GameType,
  type HotListResponse,
  type LaunchDetail,
  type LaunchResponse,
  type LotteryMenusResponse,
  type OpenedNumbersResponse,
  type RankListResponse,
  type RecentListResponse,
  type VendorCardGroup,
  type VendorLanesResponse,
} from '@khela/api';
import { apiRequest } from '@khela/api-client';
import { dataKey } from '@khela/api';
import { takeInlined } from '@khela/api-client';
import type { LotteryBetType as MathBetType } from '@khela/games-math';
import { FIRST_REQUESTS } from '@khela/api/first-data';
import { readSession, SESSION_KEYS, writeSession } from '@khela/session';
import { CLIENT_TYPE, FAVOURITES_PAGE_SIZE, PAGE_SIZE, PLATFORMS, WINNERS_LIMIT } from './constants';

export type Lang = 'BN' | 'EN';
type Query = Record<string, string | number | boolean | undefined>;

/** Session-storage cache of one key: a map of entries (by language and filters). */
function sessionCache<T>(key: string) {
  const read = (): Record<string, T> => {
    try {
      return JSON.parse(readSession(key) ?? '{}') as Record<string, T>;
    } catch {
      return {};
    }
  };
  return {
    get: (entry: string): T | undefined => read()[entry],
    set(entry: string, value: T) {
      try {
        writeSession(key, JSON.stringify({ ...read(), [entry]: value }));
      } catch {
        /* storage full or disabled: the answer is simply not kept */
      }
    },
  };
}

const hotCache = sessionCache<Game[]>(SESSION_KEYS.hotGames);
const vendorCache = sessionCache<VendorCardGroup[]>(SESSION_KEYS.gameVendor);

export function fetchGameList(req: GameListRequest, signal?: AbortSignal): Promise<GameListResponse> {
  return apiRequest('/wps/relay/GCSGAME_gameList', {
    query: { clientType: CLIENT_TYPE, platform: PLATFORMS, pageSize: PAGE_SIZE, pageNo: 1, ...req } as Query,
    signal,
  });
}

/**
 * Hot games of a type (every type without one), cached in the session (HOT_GAMES) and refreshed
 * on demand (`refresh`).
 */
export async function fetchHotGames(
  lang: Lang,
  gameType?: GameType,
  opts: { refresh?: boolean; signal?: AbortSignal } = {},
): Promise<Game[]> {
  const entry = `${lang}|${gameType ?? 'ALL'}`;
  const cached = opts.refresh ? undefined : hotCache.get(entry);
  if (cached) return cached;
  const req = FIRST_REQUESTS.hotGames(lang);
  const { list } = await apiRequest<HotListResponse>(req.path, { query: { ...req.query, gameType }, signal: opts.signal });
  hotCache.set(entry, list);
  return list;
}

/** The vendor card groups (data.lanes), cached in the session (gameVendor) unless a flush is asked for. */
export async function fetchVendorLanes(
  lang: Lang,
  opts: { flush?: boolean; signal?: AbortSignal } = {},
): Promise<VendorCardGroup[]> {
  const cached = opts.flush ? undefined : vendorCache.get(lang);
  if (cached) return cached;
  const req = FIRST_REQUESTS.vendorLanes(lang);
  const { data } = await apiRequest<VendorLanesResponse>(req.path, { query: req.query, signal: opts.signal });
  vendorCache.set(lang, data.lanes);
  return data.lanes;
}

export const fetchFavouriteIds = () => apiRequest<FavouriteIdsResponse>('/wps/relay/MCSFE_getFavoriteGames').then((v) => v.ids);

export function fetchFavouriteList(lang: Lang, signal?: AbortSignal): Promise<FavouriteListResponse> {
  return apiRequest('/wps/relay/MCSFE_getFavoriteGamesList', {
    query: { clientType: CLIENT_TYPE, platform: PLATFORMS, language: lang, pageNo: 1, pageSize: FAVOURITES_PAGE_SIZE },
    signal,
  });
}

const target = (g: Game) => ({ nodeId: g.nodeId, vendor: g.vassalage, gameType: g.gameType });

export const addFavourite = (g: Game) => apiRequest('/wps/relay/MCSFE_addFavoriteGameV2', { method: 'POST', body: target(g) });
export const removeFavourite = (g: Game) =>
  apiRequest('/wps/relay/MCSFE_removeFavoriteGameV2', { method: 'DELETE', query: target(g) });

export function fetchRecent(
  req: { page: number; pageSize: number; gameType?: GameType; vassalage?: string; language: Lang },
  signal?: AbortSignal,
): Promise<RecentListResponse> {
  return apiRequest('/wps/relay/GCS_recentGame', { query: { ...req, clientType: CLIENT_TYPE }, signal });
}

export function fetchRankList(lang: Lang, signal?: AbortSignal): Promise<RankListResponse> {
  const req = FIRST_REQUESTS.rankList(lang);
  return apiRequest(req.path, { query: { ...req.query, limitNum: WINNERS_LIMIT }, signal });
}

export function fetchAnnouncements(lang: Lang, signal?: AbortSignal): Promise<AnnouncementsResponse> {
  const req = FIRST_REQUESTS.announcements(lang);
  return apiRequest(req.path, { query: req.query, signal });
}

/**
 * Inlined answers taken for a first render that has not been committed yet. A first render can be
 * thrown away (a component below suspends while the language's strings load, and React mounts the
 * tree again): the second try must find the same answer, not ask the API for it. Once a render
 * that used them is committed (`settleFirstData`, from useAsync), they are forgotten.
 */
const takenForFirstRender = new Map<string, unknown>();

/** A render that showed first data was committed: later renders ask the API (see useAsync). */
export function settleFirstData(): void {
  takenForFirstRender.clear();
}

/**
 * The page's first data, when the origin inlined it (see @khela/api's inlined.ts): what a
 * component's first render shows without waiting. Each is taken once; later renders ask the API.
 */
function inlined<T>(req: DataRequest, lang: Lang): T | undefined {
  const key = dataKey(lang, req.path, req.query);
  if (takenForFirstRender.has(key)) return takenForFirstRender.get(key) as T;
  const value = takeInlined<T>(req, lang);
  if (value !== undefined) takenForFirstRender.set(key, value);
  return value;
}
export const firstData = {
  announcements: (lang: Lang) => inlined<AnnouncementsResponse>(FIRST_REQUESTS.announcements(lang), lang),
  rankList: (lang: Lang) => inlined<RankListResponse>({ ...FIRST_REQUESTS.rankList(lang) }, lang),
  vendorLanes(lang: Lang): VendorCardGroup[] | undefined {
    const cached = vendorCache.get(lang);
    if (cached) return cached;
    const lanes = inlined<VendorLanesResponse>(FIRST_REQUESTS.vendorLanes(lang), lang)?.data.lanes;
    if (lanes) vendorCache.set(lang, lanes);
    return lanes;
  },
  hotGames(lang: Lang): Game[] | undefined {
    const entry = `${lang}|ALL`;
    const cached = hotCache.get(entry);
    if (cached) return cached;
    const list = inlined<HotListResponse>(FIRST_REQUESTS.hotGames(lang), lang)?.list;
    if (list) hotCache.set(entry, list);
    return list;
  },
  gameList: (lang: Lang, q: { gameType?: string; pageSize?: number; vassalage?: string; isNew?: number }) =>
    inlined<GameListResponse>(FIRST_REQUESTS.gameList(lang, q), lang),
};

export interface LaunchTarget {
  game?: Game;
  vendor?: { code: string; gameType: GameType };
  lotto?: { area: string; prizeMode: string; gameCode: string };
}

export function launchGame(t: LaunchTarget, accountType: 0 | 1, lang: Lang): Promise<LaunchResponse> {
  const query: Query = { accountType, platform: PLATFORMS, clientType: CLIENT_TYPE, language: lang };
  if (t.lotto) {
    Object.assign(query, {
      launchMode: 'LOTT',
      lottoArea: t.lotto.area,
      lottoPrizeMode: t.lotto.prizeMode,
      lottoGameCode: t.lotto.gameCode,
      lottoView: 'betting',
      device: 'WEB',
      backUrl: window.location.pathname,
    });
  } else if (t.game)
    Object.assign(query, { launchMode: 'GAME', nodeId: t.game.nodeId, gameId: t.game.gameCode, vassalage: t.game.vassalage });
  else if (t.vendor) Object.assign(query, { launchMode: 'VENDOR', vassalage: t.vendor.code, gameType: t.vendor.gameType });
  return apiRequest('/wps/game/launchGame', { query });
}

export const fetchLaunch = (ticket: string, lang: Lang, signal?: AbortSignal) =>
  apiRequest<LaunchDetail>(`/wps/game/launch/${encodeURIComponent(ticket)}`, { query: { language: lang }, signal });

export const fetchLotteryMenus = (lang: Lang, signal?: AbortSignal) =>
  apiRequest<LotteryMenusResponse>('/lgw/vn/games/game_menu', { query: { language: lang, device: 'WEB' }, signal });

export const fetchLotteryRecent = (lang: Lang, signal?: AbortSignal) =>
  apiRequest<LotteryMenusResponse>('/lgw/vn/games/game_menu/recent', { query: { language: lang, device: 'WEB' }, signal });

export const fetchOpened = (gameCode: string, signal?: AbortSignal) =>
  apiRequest<OpenedNumbersResponse>('/lgw/vn/numeros/opened/game', { query: { gameCode, size: 10 }, signal });

// ---- lottery betting (issue 17) -------------------------------------------------------------------

/** A bet type of the platform's lottery (`@khela/games-math` LOTTERY_BET_TYPES: which a game offers depends on its draws). */
export type LotteryBetType = MathBetType;
export type LotteryPrizeMode = 'LOTT' | 'ZY' | 'ELOTT' | 'SEA';

export interface LotteryDraw {
  index: number;
  numero: string;
  drawAt: string;
  closesAt: string;
  serverSeedHash: string;
}

export interface LotteryBettingGame {
  gameCode: string;
  /** the game's group: with the game code, the shape of its draws (`drawKindOf`), e.g. VN, SEA, FAST, DAILY, NUMBERS, QUICK, KENO, BINGO */
  groupCode?: string;
  prizeMode?: LotteryPrizeMode;
  prizeModes?: LotteryPrizeMode[];
  draws: LotteryDraw[];
  /** odds: the highest, in hundredths; oddsTable: by unit or "picks:matches" for the types that have one */
  betTypes: { type: LotteryBetType; odds: number; oddsTable?: Record<string, number> | null; digits: number; pair: boolean }[];
  minStake: string;
  maxStake: string;
  /** the most one bet pays, poisha (absent from an older server: uncapped) */
  maxPayout?: string;
  closeBeforeS: number;
}

export interface LotteryBet {
  id: number;
  gameCode: string;
  drawIndex: number;
  numero: string;
  drawAt: string;
  betType: LotteryBetType;
  numbers: string[];
  stakePerNumber: string;
  stake: string;
  odds: number;
  oddsTable?: Record<string, number> | null;
  prizeMode?: LotteryPrizeMode;
  potentialWin: string;
  hits?: { number: string; hits: number }[] | null;
  status: 'BETTING' | 'OPEN' | 'WON' | 'LOST' | 'VOID' | 'ROLLED_BACK';
  payout: string;
  drawnNumbers: string[] | null;
  placedAt: string;
}

export const fetchLotteryBetting = (gameCode: string, signal?: AbortSignal, prizeMode?: LotteryPrizeMode) =>
  apiRequest<LotteryBettingGame>(`/lottery/v1/games/${encodeURIComponent(gameCode)}`, {
    query: prizeMode ? { prizeMode } : undefined,
    signal,
  });

export const fetchLotteryBets = (gameCode: string, signal?: AbortSignal) =>
  apiRequest<{ list: LotteryBet[] }>('/lottery/v1/bets', { query: { gameCode, limit: 10 }, signal });

export const placeLotteryBet = (body: {
  gameCode: string;
  drawIndex: number;
  betType: LotteryBetType;
  numbers: string[];
  stakePerNumber: string;
  prizeMode?: LotteryPrizeMode;
}) => apiRequest<{ bet: LotteryBet; balance: string }>('/lottery/v1/bets', { method: 'POST', body });
