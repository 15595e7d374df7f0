import type { Db, Queryable } from '../../db/db';
import { GAME_TYPES, type Game, type GameType, type IsGame, type ListGameType } from '@khela/api/games';
import { hash32, type GameSeed } from './catalogue.seed';
import type { CachedPage } from './game.http';

export type Lang = 'BN' | 'EN';

export interface GameRow {
  nodeId: number;
  gameCode: string;
  vendor: string;
  gameType: GameType;
  typeIndex: number;
  isGame: IsGame;
  nameEn: string;
  nameBn: string | null;
  classify: string | null;
  groupCode: string | null;
  hotRank: number | null;
  isNew: boolean;
  supportPlay: 0 | 1;
  minBet: number;
  lineNum: number;
  platforms: string[];
  drawInterval: number | null;
  sort: number;
  maintenance: boolean;
  /** lower-case English and Bengali names: what a name search looks in */
  haystack: string;
  /** changes when what the artwork shows changes: the art URL carries it, so it can be cached for a year */
  artVersion: string;
}

export interface VendorRow {
  code: string;
  nameEn: string;
  nameBn: string | null;
  types: GameType[];
  sort: number;
  artVersion: string;
}

export interface ClassifyRow {
  gameType: GameType;
  key: string;
  nameEn: string;
  nameBn: string | null;
  sort: number;
}

export const vendorName = (v: VendorRow, lang: Lang) => (lang === 'BN' && v.nameBn) || v.nameEn;
export const classifyName = (c: ClassifyRow, lang: Lang) => (lang === 'BN' && c.nameBn) || c.nameEn;
export const gameName = (g: GameRow, lang: Lang) => (lang === 'BN' && g.nameBn) || g.nameEn;

export const gameArtUrl = (g: Pick<GameRow, 'gameCode' | 'artVersion'>) =>
  `/wps/static/art/game/${g.gameCode}.svg?v=${g.artVersion}`;
export const vendorArtUrl = (v: Pick<VendorRow, 'code' | 'artVersion'>) =>
  `/wps/static/art/vendor/${v.code}.svg?v=${v.artVersion}`;
export const defaultArtUrl = (type: GameType) => `/wps/static/art/default/${type}.svg`;

/** Filters of a game list; undefined means "any". */
export interface GameFilter {
  gameType?: ListGameType;
  vassalage?: string;
  classify?: string;
  name?: string;
  isNew?: boolean;
  /** games that can be played with this stake: their minimum bet is at most this (minor units) */
  minBet?: number;
  /** games with at least this many paylines */
  minLineNum?: number;
  /** games that run on at least one of these platforms */
  platforms?: string[];
}

/** A bounded map that forgets its oldest entries. */
class Lru<V> {
  private map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }
  get size() {
    return this.map.size;
  }
}

/**
 * One immutable snapshot of the visible catalogue (hidden vendors and games left out), with the
 * answers computed from it: filtered lists, wire objects per language, and serialised pages.
 * A new snapshot replaces it after an operator edit, so nothing here is ever invalidated piecemeal.
 */
export class Catalogue {
  readonly vendorByCode: Map<string, VendorRow>;
  readonly gameByNode: Map<number, GameRow>;
  readonly gameByCode: Map<string, GameRow>;
  /** serialised answers (whole envelopes), keyed by route and normalised query */
  readonly pages = new Lru<CachedPage>(4000);
  private readonly filtered = new Lru<GameRow[]>(1000);
  private readonly wire: Record<Lang, Map<number, Game>> = { BN: new Map(), EN: new Map() };
  readonly memo = new Map<string, unknown>();

  constructor(
    readonly version: string,
    readonly vendors: VendorRow[],
    readonly games: GameRow[],
    readonly classifies: ClassifyRow[],
  ) {
    this.vendorByCode = new Map(vendors.map((v) => [v.code, v]));
    this.gameByNode = new Map(games.map((g) => [g.nodeId, g]));
    this.gameByCode = new Map(games.map((g) => [g.gameCode, g]));
  }

  /** The wire form of a game in a language (built once per snapshot). */
  toGame(g: GameRow, lang: Lang): Game {
    let game = this.wire[lang].get(g.nodeId);
    if (!game) {
      const icon = gameArtUrl(g);
      game = {
        nodeId: g.nodeId,
        gameCode: g.gameCode,
        gameName: g.nameEn,
        displayName: gameName(g, lang),
        vassalage: g.vendor,
        gameType: g.gameType,
        isGame: g.isGame,
        isHot: g.hotRank === null ? 0 : 1,
        isNew: g.isNew ? 1 : 0,
        supportPlay: g.supportPlay,
        iconUrl: icon,
        showIcon: icon,
        defaultIcon: defaultArtUrl(g.gameType),
        gameClassify: g.classify,
        gameGroupCode: g.groupCode,
        minBet: g.minBet,
        lineNum: g.lineNum,
        maintenance: g.maintenance ? 1 : 0,
      };
      this.wire[lang].set(g.nodeId, game);
    }
    return game;
  }

  /** The games a filter selects, in list order (the operator's sort, then node id). */
  select(f: GameFilter): GameRow[] {
    const key = JSON.stringify([f.gameType, f.vassalage, f.classify, f.name, f.isNew, f.minBet, f.minLineNum, f.platforms]);
    let rows = this.filtered.get(key);
    if (rows) return rows;
    const needle = f.name?.trim().toLowerCase();
    const hotList = f.gameType === 'HOT';
    rows = this.games.filter(
      (g) =>
        (!f.gameType || (hotList ? g.hotRank !== null : g.gameType === f.gameType)) &&
        (!f.vassalage || g.vendor === f.vassalage) &&
        (!f.classify || g.classify === f.classify) &&
        (!needle || g.haystack.includes(needle)) &&
        (f.isNew === undefined || g.isNew === f.isNew) &&
        (f.minBet === undefined || g.minBet <= f.minBet) &&
        (f.minLineNum === undefined || g.lineNum >= f.minLineNum) &&
        (!f.platforms || g.platforms.some((p) => f.platforms!.includes(p))),
    );
    if (hotList) rows = [...rows].sort((a, b) => a.hotRank! - b.hotRank! || a.typeIndex - b.typeIndex || a.nodeId - b.nodeId);
    this.filtered.set(key, rows);
    return rows;
  }

  /** Hot games (of a type, or of every type when none), by hot rank. */
  hot(gameType: GameType | undefined, vassalage: string | undefined): GameRow[] {
    return this.select({ gameType: 'HOT', vassalage }).filter((g) => !gameType || g.gameType === gameType);
  }

  /** Visible vendors serving a type, in the operator's order. */
  vendorsOf(type: GameType): VendorRow[] {
    return this.vendors.filter((v) => v.types.includes(type));
  }

  classifiesOf(type: GameType): ClassifyRow[] {
    return this.classifies.filter((c) => c.gameType === type);
  }

  /** A value computed once per snapshot. */
  once<T>(key: string, make: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, make());
    return this.memo.get(key) as T;
  }
}

/** A game row as stored: the seed's columns, the node id the database gave it, and the operator's switch. */
interface DbGame extends Omit<GameSeed, 'support_play'> {
  node_id: number;
  support_play: number;
  maintenance: boolean;
}

/** The version an art address carries: it changes when what the art shows changes. */
export const artVersion = (...parts: (string | null)[]) => hash32(parts.join('\u0000')).toString(36);

/** Reads the visible catalogue into a snapshot. */
export async function loadCatalogue(q: Queryable): Promise<Catalogue> {
  const [meta, vendorRows, gameRows, classifyRows] = await Promise.all([
    q.one<{ value: string }>(`SELECT value FROM catalogue_meta WHERE key = 'version'`),
    q.query<{ code: string; display_name: string; display_name_bn: string | null; game_types: GameType[]; sort: number }>(
      'SELECT code, display_name, display_name_bn, game_types, sort FROM game_vendors WHERE NOT hidden ORDER BY sort, code',
    ),
    q.query<DbGame>(
      `SELECT g.node_id, g.game_code, g.vendor_code, g.game_type, g.is_game, g.name_en, g.name_bn, g.classify,
              g.game_group_code, g.hot_rank, g.is_new, g.support_play, g.min_bet, g.line_num, g.platforms,
              g.draw_interval_s, g.sort, g.maintenance
         FROM games g JOIN game_vendors v ON v.code = g.vendor_code
        WHERE NOT g.hidden AND NOT v.hidden
        ORDER BY g.sort, g.node_id`,
    ),
    q.query<{ game_type: GameType; key: string; name_en: string; name_bn: string | null; sort: number }>(
      'SELECT game_type, key, name_en, name_bn, sort FROM game_classifies ORDER BY sort, key',
    ),
  ]);
  const vendors: VendorRow[] = vendorRows.map((v) => ({
    code: v.code,
    nameEn: v.display_name,
    nameBn: v.display_name_bn,
    types: GAME_TYPES.filter((t) => v.game_types.includes(t)),
    sort: v.sort,
    artVersion: artVersion(v.code, v.display_name),
  }));
  const typeIndex = new Map(GAME_TYPES.map((t, i) => [t, i]));
  const games: GameRow[] = gameRows.map((g) => ({
    nodeId: Number(g.node_id),
    gameCode: g.game_code,
    vendor: g.vendor_code,
    gameType: g.game_type,
    typeIndex: typeIndex.get(g.game_type) ?? 99,
    isGame: g.is_game,
    nameEn: g.name_en,
    nameBn: g.name_bn,
    classify: g.classify,
    groupCode: g.game_group_code,
    hotRank: g.hot_rank,
    isNew: g.is_new,
    supportPlay: g.support_play === 0 ? 0 : 1,
    minBet: Number(g.min_bet),
    lineNum: g.line_num,
    platforms: g.platforms,
    drawInterval: g.draw_interval_s,
    sort: g.sort,
    maintenance: g.maintenance,
    haystack: `${g.name_en}\n${g.name_bn ?? ''}`.toLowerCase(),
    artVersion: artVersion(g.game_code, g.name_en, g.game_type, g.vendor_code, g.is_game),
  }));
  // list order: the operator's sort, then the category order, then node id
  games.sort((a, b) => a.sort - b.sort || a.typeIndex - b.typeIndex || a.nodeId - b.nodeId);
  const classifies = classifyRows.map((c) => ({
    gameType: c.game_type,
    key: c.key,
    nameEn: c.name_en,
    nameBn: c.name_bn,
    sort: c.sort,
  }));
  return new Catalogue(meta?.value ?? '0', vendors, games, classifies);
}

/** Marks the catalogue changed (inside an operator's transaction): every server reloads it. */
export async function bumpCatalogueVersion(q: Queryable): Promise<void> {
  await q.query(`UPDATE catalogue_meta SET value = (value::bigint + 1)::text WHERE key = 'version'`);
}

export interface CatalogueStore {
  /** The current snapshot. */
  get(): Promise<Catalogue>;
  /** The current snapshot when one is loaded (no promise: the hot routes' path), else null (then `get`). */
  current(): Catalogue | null;
  /** Drops the snapshot: the next `get` loads a fresh one (after this server's own edit). */
  invalidate(): void;
}

/**
 * The catalogue as an in-process snapshot. Every `ttlMs` one request triggers a check of the
 * catalogue version in the background (answers keep coming from the current snapshot meanwhile);
 * a changed version loads a new snapshot. So an edit on this server shows at once (invalidate),
 * and an edit made through another server shows within about `ttlMs`.
 */
export function createCatalogueStore(db: Db, ttlMs = 2000): CatalogueStore {
  let snapshot: Catalogue | null = null;
  let loading: Promise<Catalogue> | null = null;
  let generation = 0; // bumped by invalidate: a load started before it is not kept
  let checkedAt = 0;
  let checking = false;

  const load = (): Promise<Catalogue> => {
    if (loading) return loading;
    const gen = generation;
    const started = loadCatalogue(db).then((c) => {
      if (gen === generation) {
        snapshot = c;
        checkedAt = Date.now();
      }
      return c;
    });
    const clear = () => {
      if (loading === started) loading = null;
    };
    started.then(clear, clear);
    loading = started;
    return started;
  };

  const revalidate = (seen: Catalogue) => {
    checking = true;
    checkedAt = Date.now();
    db.one<{ value: string }>(`SELECT value FROM catalogue_meta WHERE key = 'version'`)
      .then((row) => (row && row.value !== seen.version ? load() : undefined))
      .catch(() => undefined) // the current snapshot keeps serving; the next check tries again
      .finally(() => (checking = false));
  };

  const current = (): Catalogue | null => {
    if (snapshot && !checking && Date.now() - checkedAt >= ttlMs) revalidate(snapshot);
    return snapshot;
  };

  return {
    async get() {
      return current() ?? load();
    },
    current,
    invalidate() {
      generation += 1;
      snapshot = null;
      loading = null;
    },
  };
}
