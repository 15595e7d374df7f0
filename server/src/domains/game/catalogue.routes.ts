import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { GameListRequest, GameMenuEntry, GameType, VendorCardGroup, VendorItem, WinnerEntry } from '@khela/api/games';
import { ok, replies } from '../../http/envelope';
import {
  classifyName,
  vendorArtUrl,
  vendorName,
  gameArtUrl,
  gameName,
  type Catalogue,
  type CatalogueStore,
  type Lang,
} from './catalogue.store';
import {
  CATEGORY_NAMES,
  CATEGORY_PAGES,
  MENU_ORDER,
  cachedPage,
  cachedReply,
  filterCode,
  flagOf,
  langOf,
  paginate,
  sendPage,
} from './game.http';
import {
  clientTypeQuery,
  flagQuery,
  gameListValue,
  gameMenusValue,
  gameTypeEnum,
  hotListValue,
  lanesValue,
  languageQuery,
  pageNoQuery,
  platformQuery,
  rankListValue,
  vendorGameTypesValue,
  vendorQuery,
} from './game.schemas';
import { topWins } from './game.repo';

const tags = ['game'];

export const GAME_LIST_PAGE_SIZE = 18;
export const RANK_LIST_LIMIT = 20;

/** The contract's request as the query schema delivers it (page defaults applied, flags as text). */
type GameListQuery = Omit<GameListRequest, 'pageNo' | 'pageSize' | 'language' | 'isNew'> & {
  pageNo: number;
  pageSize: number;
  language?: string;
  isNew?: string;
};

/** The lanes of the vendor card groups: the SPORTS lane also carries the e-sports and cockfight cards. */
const LANES: [GameType, GameType[]][] = [
  ['RNG', ['RNG']],
  ['LIVE', ['LIVE']],
  ['FISH', ['FISH']],
  ['SPORTS', ['SPORTS', 'ESPORTS', 'COCKFIGHT']],
  ['PVP', ['PVP']],
  ['LOTT', ['LOTT']],
  ['ELOTT', ['ELOTT']],
];

function vendorCard(cat: Catalogue, code: string, lang: Lang, type: GameType): VendorItem {
  const v = cat.vendorByCode.get(code)!;
  return { code, displayName: vendorName(v, lang), lagerIcon: vendorArtUrl(v), gameType: type, gameTypes: v.types };
}

export function buildLanes(cat: Catalogue, lang: Lang): VendorCardGroup[] {
  const lanes: VendorCardGroup[] = [];
  for (const [category, types] of LANES) {
    const vendors = cat.vendors.filter((v) => v.types.some((t) => types.includes(t)));
    if (!vendors.length) continue;
    const cards: Record<string, VendorItem> = {};
    for (const v of vendors)
      cards[v.code] = vendorCard(
        cat,
        v.code,
        lang,
        v.types.find((t) => types.includes(t))!,
      );
    const gameClassify = cat.classifiesOf(category).flatMap((c) => {
      const counts: Record<string, number> = {};
      for (const g of cat.select({ gameType: category, classify: c.key })) counts[g.vendor] = (counts[g.vendor] ?? 0) + 1;
      return Object.keys(counts).length ? [{ key: c.key, displayName: classifyName(c, lang), vendors: counts }] : [];
    });
    lanes.push({ gameCategory: category, vendors: vendors.map((v) => v.code), cards, gameClassify });
  }
  return lanes;
}

export function buildGameMenus(cat: Catalogue, lang: Lang): GameMenuEntry[] {
  return MENU_ORDER.flatMap((type) => {
    const vendors = cat.vendorsOf(type);
    return vendors.length
      ? [
          {
            name: CATEGORY_NAMES[type][lang],
            page: CATEGORY_PAGES[type],
            type,
            data: {
              vendors: vendors.map((v) => ({ code: v.code, displayName: vendorName(v, lang), lagerIcon: vendorArtUrl(v) })),
            },
          },
        ]
      : [];
  });
}

/** The public catalogue: game list, hot games, vendors, vendor game types, game menus, winners. */
export const catalogueRoutes: FastifyPluginAsync<{ store: CatalogueStore }> = async (app, { store }) => {
  app.get<{ Querystring: GameListQuery }>(
    '/wps/relay/GCSGAME_gameList',
    {
      schema: {
        tags,
        summary: 'Game list',
        description:
          "Visible games in the operator's order, 18 a page by default. gameType HOT lists every hot game (by hot rank). " +
          'gameName matches the English or Bengali name, ignoring case. minBet (minor units) keeps games ' +
          'playable with that stake (their minimum bet is at most minBet); minLineNum keeps games with at least that many ' +
          'lines. An unknown vendor or classify gives an empty list. A page past the last is empty. The list is the same ' +
          'for guests and members, so the token is not needed. Answers come from an in-process cache of the catalogue.',
        querystring: {
          type: 'object',
          properties: {
            clientType: clientTypeQuery,
            platform: platformQuery,
            merchant: { type: 'string', pattern: '^[A-Za-z0-9_]{1,32}$' },
            gameType: { type: 'string', enum: [...gameTypeEnum, 'HOT'] },
            vassalage: vendorQuery,
            gameClassify: { type: 'string', pattern: '^[A-Za-z0-9_]{1,32}$', description: 'Classify key (ALL: every classify)' },
            gameName: { type: 'string', maxLength: 50 },
            minBet: { type: 'integer', minimum: 1, maximum: 1e12 },
            minLineNum: { type: 'integer', minimum: 0, maximum: 100000 },
            pageNo: pageNoQuery,
            pageSize: { type: 'integer', minimum: 1, maximum: 100, default: GAME_LIST_PAGE_SIZE },
            language: languageQuery,
            isNew: flagQuery('1: new games only; 0: games that are not new'),
          },
        },
        response: replies(gameListValue),
      },
      // the platform's busiest call: a page served before, found by the address as sent (the
      // answer depends on nothing else but the language), is answered here, before the query's
      // schema, the request guards and the pre-handlers run again for an address that passed them
      // when it was first served (the platform's own onRequest hooks, its headers, have run)
      onRequest: (request, reply, done) => {
        const sent = store.current()?.pages.get(`glq|${langOf(request)}|${request.url}`);
        if (sent) void sendPage(reply, sent);
        else done();
      },
    },
    (request, reply) => {
      // a miss, without a promise when it can (a loaded snapshot): reads the filters and finds or
      // builds the page by their normal form, and keeps it under the address as sent
      const cat = store.current();
      if (!cat) return store.get().then((loaded) => void listPage(request, reply, loaded));
      void listPage(request, reply, cat);
      return undefined; // sent: nothing for Fastify to send
    },
  );

  function listPage(request: FastifyRequest<{ Querystring: GameListQuery }>, reply: FastifyReply, cat: Catalogue) {
    const q = request.query;
    const lang = langOf(request);
    const platforms = q.platform?.split(',');
    const name = q.gameName?.trim() || undefined;
    const filter = {
      gameType: q.gameType,
      vassalage: filterCode(q.vassalage),
      classify: filterCode(q.gameClassify),
      name,
      isNew: flagOf(q.isNew),
      minBet: q.minBet,
      minLineNum: q.minLineNum,
      platforms,
    };
    const page = cachedPage(reply, cat, `gl|${lang}|${q.pageNo}|${q.pageSize}|${JSON.stringify(filter)}`, () => {
      const rows = paginate(cat.select(filter), q.pageNo, q.pageSize);
      return {
        games: rows.items.map((g) => cat.toGame(g, lang)),
        pageNum: rows.pageNum,
        totalPages: rows.totalPages,
        totalElements: rows.totalElements,
      };
    });
    cat.pages.set(`glq|${lang}|${request.url}`, page);
    return sendPage(reply, page);
  }

  app.get<{ Querystring: { gameType?: string; vassalage?: string; limit?: number; language?: string } }>(
    '/wps/relay/GCSGAME_hotGamesV2',
    {
      schema: {
        tags,
        summary: 'Hot games',
        description: 'Hot games of a type (every type when gameType is absent, ALL or HOT), by hot rank; limit caps the list.',
        querystring: {
          type: 'object',
          properties: {
            merchantCode: { type: 'string', pattern: '^[A-Za-z0-9_]{1,32}$' },
            isPlatform: { type: 'integer', minimum: 0, maximum: 9 },
            gameType: { type: 'string', enum: [...gameTypeEnum, 'HOT', 'ALL'] },
            vassalage: vendorQuery,
            platform: platformQuery,
            language: languageQuery,
            limit: { type: 'integer', minimum: 1, maximum: 200 },
          },
        },
        response: replies(hotListValue),
      },
    },
    async (request, reply) => {
      const q = request.query;
      const cat = await store.get();
      const lang = langOf(request);
      const type = q.gameType && q.gameType !== 'HOT' && q.gameType !== 'ALL' ? (q.gameType as GameType) : undefined;
      const vendor = filterCode(q.vassalage);
      return cachedReply(reply, cat, `hot|${lang}|${type}|${vendor}|${q.limit}`, () => {
        const rows = cat.hot(type, vendor);
        return { list: (q.limit ? rows.slice(0, q.limit) : rows).map((g) => cat.toGame(g, lang)) };
      });
    },
  );

  app.get(
    '/wps/relay/GCSGAME_newGameVendor',
    {
      schema: {
        tags,
        summary: 'Game vendors: the vendor card groups',
        description:
          "value.data.lanes: one card group per category with vendors, in the operator's order. The SPORTS lane also " +
          'carries the e-sports and cockfight vendor cards (their card gameType says which), for the storefront to split out.',
        querystring: { type: 'object', properties: { language: languageQuery, clientType: clientTypeQuery } },
        response: replies(lanesValue),
      },
    },
    async (request, reply) => {
      const cat = await store.get();
      const lang = langOf(request);
      return cachedReply(reply, cat, `lanes|${lang}`, () => ({ data: { lanes: buildLanes(cat, lang) } }));
    },
  );

  app.get(
    '/wps/relay/GCSGAME_getVassGameType',
    {
      schema: {
        tags,
        summary: 'Vendor game types',
        description: 'value.content: game type → vendor code → the classify keys that vendor has in that type.',
        querystring: { type: 'object', properties: { language: languageQuery } },
        response: replies(vendorGameTypesValue),
      },
    },
    async (_request, reply) => {
      const cat = await store.get();
      return cachedReply(reply, cat, 'vassGameType', () => {
        const content: Record<string, Record<string, string[]>> = {};
        for (const g of cat.games) {
          const byVendor = (content[g.gameType] ??= {});
          const keys = (byVendor[g.vendor] ??= []);
          if (g.classify && !keys.includes(g.classify)) keys.push(g.classify);
        }
        return { content };
      });
    },
  );

  app.get(
    '/lgw/games/game_menus',
    {
      schema: {
        tags,
        summary: 'Game menus',
        description:
          'One entry per category that has vendors (name, page, type, and its vendors in data.vendors), in the menu order.',
        querystring: { type: 'object', properties: { language: languageQuery } },
        response: replies(gameMenusValue),
      },
    },
    async (request, reply) => {
      const cat = await store.get();
      const lang = langOf(request);
      return cachedReply(reply, cat, `menus|${lang}`, () => ({ menus: buildGameMenus(cat, lang) }));
    },
  );

  // The winners' board changes with every win: its answer is kept for a few seconds only.
  const rankCache = new Map<string, { at: number; version: string; value: Promise<{ list: WinnerEntry[] }> }>();
  app.get<{ Querystring: { gameCategory: string; limitNum: number; language?: string } }>(
    '/wps/relay/GCSGAME_getRankList',
    {
      schema: {
        tags,
        summary: 'Winners board',
        description: 'The largest wins (value.list, each { vo, winAmount }), sorted by winAmount, largest first; 20 by default.',
        querystring: {
          type: 'object',
          properties: {
            gameCategory: { type: 'string', enum: ['ALL', ...gameTypeEnum], default: 'ALL' },
            language: languageQuery,
            limitNum: { type: 'integer', minimum: 1, maximum: 100, default: RANK_LIST_LIMIT },
          },
        },
        response: replies(rankListValue),
      },
    },
    async (request) => {
      const { gameCategory, limitNum } = request.query;
      const cat = await store.get();
      const lang = langOf(request);
      const key = `${gameCategory}|${limitNum}|${lang}`;
      let entry = rankCache.get(key);
      if (!entry || entry.version !== cat.version || Date.now() - entry.at > 5000) {
        const value = loadRankList(app.db, cat, gameCategory, limitNum, lang);
        entry = { at: Date.now(), version: cat.version, value };
        rankCache.set(key, entry);
        value.catch(() => rankCache.delete(key));
      }
      return ok(await entry.value);
    },
  );
};

async function loadRankList(
  db: import('../../db/db').Queryable,
  cat: Catalogue,
  category: string,
  limit: number,
  lang: Lang,
): Promise<{ list: WinnerEntry[] }> {
  // more rows than asked for: wins on games hidden since are left out below
  const rows = await topWins(db, category, limit * 2);
  const list: WinnerEntry[] = [];
  for (const r of rows) {
    const g = cat.gameByNode.get(Number(r.node_id));
    if (!g || list.length >= limit) continue;
    list.push({
      vo: {
        customerName: r.customer_name,
        gameName: gameName(g, lang),
        iconUrl: gameArtUrl(g),
        gameCode: g.gameCode,
        gameType: g.gameType,
        vassalage: g.vendor,
        wonAt: new Date(r.won_at).toISOString(),
      },
      winAmount: Number(r.win_amount),
    });
  }
  return { list };
}
