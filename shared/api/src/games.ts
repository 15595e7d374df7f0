/**
 * The game catalogue's wire contract: what the lobby sends and what the server answers (inside the
 * envelope's `value`). Field names follow the original platform where the spec names them.
 */

/** The nine categories, in the spec's order, plus HOT (a list, not a category of its own). */
export const GAME_TYPES = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT'] as const;
export type GameType = (typeof GAME_TYPES)[number];
export type ListGameType = GameType | 'HOT';

/** What a catalogue entry is: a game, a vendor's own lobby, or a vendor entry that opens the vendor popup list. */
export type IsGame = 'GAME' | 'LOBBY' | 'VASSALAGE';

/** 0 or 1, as the platform sends its flags. */
export type Flag = 0 | 1;

export interface Game {
  nodeId: number;
  gameCode: string;
  /** the stable English name */
  gameName: string;
  /** the name in the request's language (the English one where no translation differs) */
  displayName: string;
  /** vendor code */
  vassalage: string;
  gameType: GameType;
  isGame: IsGame;
  isHot: Flag;
  isNew: Flag;
  /** 0: a free trial is offered (the free-trial button shows); 1: real play only */
  supportPlay: Flag;
  iconUrl: string;
  showIcon: string;
  defaultIcon: string;
  /** classify key within the game type, or null */
  gameClassify: string | null;
  /** lottery group of a lottery game, else null */
  gameGroupCode: string | null;
  /** smallest stake in minor units (poisha) */
  minBet: number;
  /** paylines (0 when the game has none) */
  lineNum: number;
  /** 1 while the game is under maintenance (launching it is refused) */
  maintenance: Flag;
}

/** Where each category lives in the storefront (cockfight is a view of the sports centre). */
export const CATEGORY_PAGES: Record<GameType, string> = {
  RNG: '/rng',
  LIVE: '/live',
  FISH: '/fish',
  PVP: '/pvp',
  SPORTS: '/sports',
  ESPORTS: '/esports',
  COCKFIGHT: '/sports?category=COCKFIGHT',
  LOTT: '/lott',
  ELOTT: '/elott',
};

/** A category or list the storefront's menus and the home's sections lead to. */
export type CategoryKey = GameType | 'HOT' | 'RECENT' | 'FAV' | 'LOBBY';

/**
 * The one map of category routes (the side menu, the home's sections and their "More"): each game
 * type's page, the hot list, the account lists, and the lobby. The spec's home page has a "lobby"
 * section apart from HOME whose games are the RNG vendors' (the game lobby with its vendor carousel,
 * RNG's vendor tiles), so the lobby leads to /rng; HOME is / and is not a category.
 */
export const CATEGORY_ROUTES: Record<CategoryKey, string> = {
  HOT: '/hot',
  RECENT: '/recent',
  FAV: '/favorite',
  LOBBY: '/rng',
  ...CATEGORY_PAGES,
};

/** GET /wps/relay/GCSGAME_gameList */
export interface GameListRequest {
  clientType?: number;
  platform?: string;
  merchant?: string;
  gameType?: ListGameType;
  vassalage?: string;
  gameClassify?: string;
  gameName?: string;
  minBet?: number;
  minLineNum?: number;
  pageNo?: number;
  pageSize?: number;
  language?: 'BN' | 'EN';
  isNew?: Flag;
}

export interface GameListResponse {
  games: Game[];
  pageNum: number;
  totalPages: number;
  totalElements: number;
}

/** GET /wps/relay/MCSFE_getFavoriteGamesList */
export interface FavouriteListResponse {
  content: Game[];
  pageNum: number;
  totalPages: number;
  totalElements: number;
}

/** GET /wps/relay/MCSFE_getFavoriteGames */
export interface FavouriteIdsResponse {
  ids: number[];
}

/** GET /wps/relay/GCS_recentGame */
export interface RecentListResponse {
  list: (Game & { lastPlayedAt: string })[];
  pageNum: number;
  totalPages: number;
  totalElements: number;
}

/** GET /wps/relay/GCSGAME_hotGamesV2 */
export interface HotListResponse {
  list: Game[];
}

export interface VendorItem {
  code: string;
  displayName: string;
  /** the vendor's large icon (the platform's own spelling) */
  lagerIcon: string;
  /** the category this card belongs to (ESPORTS and COCKFIGHT cards arrive in the SPORTS lane) */
  gameType: GameType;
  /** every category the vendor serves */
  gameTypes: GameType[];
}

export interface GameClassifyEntry {
  key: string;
  displayName: string;
  /** vendor code → number of games of this classify at that vendor */
  vendors: Record<string, number>;
}

export interface VendorCardGroup {
  gameCategory: GameType;
  /** vendor codes in the operator's order */
  vendors: string[];
  cards: Record<string, VendorItem>;
  gameClassify: GameClassifyEntry[];
}

/** Game vendors: `value.data.lanes` */
export interface VendorLanesResponse {
  data: { lanes: VendorCardGroup[] };
}

/** GCSGAME_getVassGameType: game type → vendor code → the classify keys that vendor has there. */
export interface VendorGameTypesResponse {
  content: Partial<Record<GameType, Record<string, string[]>>>;
}

/** A menu entry (the spec's name, page, data, type): one per category that has vendors. */
export interface GameMenuEntry {
  name: string;
  page: string;
  type: GameType;
  data: { vendors: Pick<VendorItem, 'code' | 'displayName' | 'lagerIcon'>[] };
}

export interface GameMenusResponse {
  menus: GameMenuEntry[];
}

/** GET /wps/relay/GCSGAME_getRankList: `value.list`, sorted by winAmount, largest first. */
export interface WinnerEntry {
  vo: {
    customerName: string;
    gameName: string;
    iconUrl: string;
    gameCode: string;
    gameType: GameType;
    vassalage: string;
    wonAt: string;
  };
  /** minor units */
  winAmount: number;
}

export interface RankListResponse {
  list: WinnerEntry[];
}

/** GET /wps/game/launchGame (and GCS_gameLaunchFB, GCS_gameTrialLaunch) */
export interface LaunchResponse {
  content: { game_url: string; ticket: string };
}

/** GET /wps/game/launch/{ticket}: what the platform's launch page shows. */
export interface LaunchDetail {
  ticket: string;
  accountType: 0 | 1;
  launchMode: string;
  launchedAt: string;
  game: Game;
  vendor: { code: string; displayName: string; lagerIcon: string };
  lotto: { area: string; prizeMode: string; view: string } | null;
  /** the game provider's connection: false until the platform's own games arrive */
  connected: boolean;
}

export interface LotteryGame {
  gameCode: string;
  nodeId: number;
  gameName: string;
  displayName: string;
  gameGroupCode: string;
  vassalage: string;
  gameType: GameType;
  iconUrl: string;
  /** seconds between draws */
  drawInterval: number;
  prizeModes: string[];
}

export interface LotteryMenu {
  gameGroupCode: string;
  name: string;
  games: LotteryGame[];
}

/** GET /lgw/vn/games/game_menu */
export interface LotteryMenusResponse {
  gameMenus: LotteryMenu[];
}

export interface OpenedDraw {
  gameCode: string;
  numero: string;
  openedNumbers: string[];
  openedAt: string;
  /** The draw's revealed server seed, and its SHA-256 commitment published before the draw. */
  serverSeed?: string;
  serverSeedHash?: string;
}

/** GET /lgw/vn/numeros/opened/game */
export interface OpenedNumbersResponse {
  gameCode: string;
  list: OpenedDraw[];
  nextDrawAt: string;
  /** The next draw: its numero, time and seed commitment. */
  nextDraw?: { numero: string; drawAt: string; serverSeedHash: string };
}

export interface Banner {
  id: number;
  groupName: string;
  title: string;
  content: string;
  imageUrl: string;
  link: string | null;
}

export interface Announcement {
  id: number;
  type: 'PL' | 'PU' | 'PR';
  title: string;
  content: string;
  promotionType: string | null;
  execution: string | null;
  /** where its button leads (a path of the storefront), if anywhere */
  link?: string | null;
}

/** GET /wps/relay/MCSFE_getListAnnouncements */
export interface AnnouncementsResponse {
  banners: Banner[];
  playerNotices: Announcement[];
  popup: Announcement[];
  promotion: Announcement[];
}

/** Prize modes of the lottery launch. */
export const PRIZE_MODES = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export type PrizeMode = (typeof PRIZE_MODES)[number];
