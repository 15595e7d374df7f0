import type { FastifyPluginAsync } from 'fastify';
import type { GameType } from '@khela/api/games';
import { requireMember } from '../../http/auth';
import { ApiError, ok, replies } from '../../http/envelope';
import { closedObject } from '../../http/schemas';
import type { Catalogue, CatalogueStore, GameRow } from './catalogue.store';
import { filterCode, langOf, paginate, refuseTrial } from './game.http';
import {
  deleteFavourite,
  favouriteCount,
  favouriteNodes,
  insertFavourite,
  isFavourite,
  lockMember,
  recentGames,
} from './game.repo';
import {
  clientTypeQuery,
  favouriteIdsValue,
  favouriteListValue,
  gameTypeEnum,
  languageQuery,
  pageNoQuery,
  platformQuery,
  recentListValue,
  vendorQuery,
} from './game.schemas';

const tags = ['game'];
const security = [{ token: [] }];

/** Favourites a member can keep (the storefront fetches them in one page of 999). */
export const MAX_FAVOURITES = 999;

interface ListQuery {
  pageNo: number;
  pageSize: number;
  gameType?: GameType | 'ALL';
  vendor?: string;
  vassalage?: string;
  language?: string;
}

interface FavouriteTarget {
  nodeId: number;
  vendor: string;
  gameType: GameType;
}

const targetProperties = {
  nodeId: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
  vendor: vendorQuery,
  gameType: { type: 'string', enum: gameTypeEnum },
};
const targetBody = closedObject(targetProperties, ['nodeId', 'vendor', 'gameType']);
const targetQuery = { type: 'object', required: ['nodeId', 'vendor', 'gameType'], properties: targetProperties };

const typeFilter = (t: string | undefined) => (t && t !== 'ALL' ? (t as GameType) : undefined);

/** The member's visible games among `nodeIds` (kept in that order), filtered by type and vendor. */
function visible(cat: Catalogue, nodeIds: number[], gameType?: GameType, vendor?: string): GameRow[] {
  const rows: GameRow[] = [];
  for (const id of nodeIds) {
    const g = cat.gameByNode.get(id);
    if (g && (!gameType || g.gameType === gameType) && (!vendor || g.vendor === vendor)) rows.push(g);
  }
  return rows;
}

/** The game a favourite call names; its vendor and type must be the game's. */
function target(cat: Catalogue, t: FavouriteTarget): GameRow {
  const g = cat.gameByNode.get(t.nodeId);
  if (!g) throw new ApiError(404, 'GAME_NOT_FOUND', `No game ${t.nodeId}`);
  if (g.vendor !== t.vendor.toUpperCase() || g.gameType !== t.gameType) {
    throw new ApiError(400, 'GAME_MISMATCH', `Game ${t.nodeId} is a ${g.gameType} game of ${g.vendor}`);
  }
  return g;
}

/** Each member's favourites and recently played games. */
export const memberGamesRoutes: FastifyPluginAsync<{ store: CatalogueStore }> = async (app, { store }) => {
  app.get(
    '/wps/relay/MCSFE_getFavoriteGames',
    {
      preHandler: requireMember,
      schema: {
        tags,
        security,
        summary: "The member's favourite game ids",
        description: 'value.ids: node ids of the visible favourites, newest first. 401 NOT_LOGGED_IN for a guest.',
        response: replies(favouriteIdsValue),
      },
    },
    async (request) => {
      const cat = await store.get();
      const rows = await favouriteNodes(app.db, request.member!.id);
      return ok({ ids: rows.map((r) => Number(r.node_id)).filter((id) => cat.gameByNode.has(id)) });
    },
  );

  app.get<{ Querystring: ListQuery }>(
    '/wps/relay/MCSFE_getFavoriteGamesList',
    {
      preHandler: requireMember,
      schema: {
        tags,
        security,
        summary: "The member's favourite games",
        description: 'value.content, newest first, up to 999 a page; filtered by gameType and vendor (or vassalage).',
        querystring: {
          type: 'object',
          properties: {
            clientType: clientTypeQuery,
            platform: platformQuery,
            language: languageQuery,
            token: { type: 'string', description: 'Accepted and ignored: the token travels in the Authorization header' },
            pageNo: pageNoQuery,
            pageSize: { type: 'integer', minimum: 1, maximum: MAX_FAVOURITES, default: 18 },
            gameType: { type: 'string', enum: ['ALL', ...gameTypeEnum] },
            vendor: vendorQuery,
            vassalage: vendorQuery,
          },
        },
        response: replies(favouriteListValue),
      },
    },
    async (request) => {
      const q = request.query;
      const cat = await store.get();
      const lang = langOf(request);
      const rows = await favouriteNodes(app.db, request.member!.id);
      const games = visible(
        cat,
        rows.map((r) => Number(r.node_id)),
        typeFilter(q.gameType),
        filterCode(q.vendor ?? q.vassalage),
      );
      const page = paginate(games, q.pageNo, q.pageSize);
      return ok({
        content: page.items.map((g) => cat.toGame(g, lang)),
        pageNum: page.pageNum,
        totalPages: page.totalPages,
        totalElements: page.totalElements,
      });
    },
  );

  app.post<{ Body: FavouriteTarget }>(
    '/wps/relay/MCSFE_addFavoriteGameV2',
    {
      preHandler: requireMember,
      schema: {
        tags,
        security,
        summary: 'Adds a favourite',
        description:
          'Adding a game already kept succeeds and changes nothing (added: false). 404 GAME_NOT_FOUND, 400 GAME_MISMATCH ' +
          "(vendor or type not the game's), 403 NEED_REAL_ACCOUNT for a trial account, 409 FAVOURITES_FULL past 999.",
        body: targetBody,
        response: replies({
          type: 'object',
          required: ['nodeId', 'added'],
          properties: { nodeId: { type: 'integer' }, added: { type: 'boolean' } },
        }),
      },
    },
    async (request) => {
      refuseTrial(request);
      const g = target(await store.get(), request.body);
      const memberId = request.member!.id;
      const added = await app.db.tx(async (q) => {
        // one add at a time per member, so the limit holds under concurrent calls
        await lockMember(q, memberId);
        const count = await favouriteCount(q, memberId);
        if (await insertFavourite(q, memberId, g.nodeId, count, MAX_FAVOURITES)) return true;
        if (await isFavourite(q, memberId, g.nodeId)) return false;
        throw new ApiError(409, 'FAVOURITES_FULL', `At most ${MAX_FAVOURITES} favourites`);
      });
      return ok({ nodeId: g.nodeId, added }, added ? 'Favourite added' : 'Already a favourite');
    },
  );

  app.delete<{ Querystring: FavouriteTarget }>(
    '/wps/relay/MCSFE_removeFavoriteGameV2',
    {
      preHandler: requireMember,
      schema: {
        tags,
        security,
        summary: 'Removes a favourite',
        description:
          'nodeId, vendor and gameType in the query. Removing a game that is not a favourite succeeds (removed: false).',
        querystring: targetQuery,
        response: replies({
          type: 'object',
          required: ['nodeId', 'removed'],
          properties: { nodeId: { type: 'integer' }, removed: { type: 'boolean' } },
        }),
      },
    },
    async (request) => {
      refuseTrial(request);
      const cat = await store.get();
      const { nodeId } = request.query;
      // a favourite whose game has been hidden since can still be removed
      if (cat.gameByNode.has(nodeId)) target(cat, request.query);
      const removed = await app.db.tx((q) => deleteFavourite(q, request.member!.id, nodeId));
      return ok({ nodeId, removed }, removed ? 'Favourite removed' : 'Not a favourite');
    },
  );

  app.get<{ Querystring: ListQuery & { page: number } }>(
    '/wps/relay/GCS_recentGame',
    {
      preHandler: requireMember,
      schema: {
        tags,
        security,
        summary: "The member's recently played games",
        description: 'value.list, last played first, with totalPages; every launch puts the game on top.',
        querystring: {
          type: 'object',
          properties: {
            page: { ...pageNoQuery, description: 'Page number (from 1)' },
            pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 18 },
            gameType: { type: 'string', enum: ['ALL', ...gameTypeEnum] },
            vassalage: vendorQuery,
            language: languageQuery,
            clientType: clientTypeQuery,
          },
        },
        response: replies(recentListValue),
      },
    },
    async (request) => {
      const q = request.query;
      const cat = await store.get();
      const lang = langOf(request);
      const rows = await recentGames(app.db, request.member!.id);
      const playedAt = new Map(rows.map((r) => [Number(r.node_id), new Date(r.last_played_at).toISOString()]));
      const games = visible(cat, [...playedAt.keys()], typeFilter(q.gameType), filterCode(q.vassalage));
      const page = paginate(games, q.page, q.pageSize);
      return ok({
        list: page.items.map((g) => ({ ...cat.toGame(g, lang), lastPlayedAt: playedAt.get(g.nodeId)! })),
        pageNum: page.pageNum,
        totalPages: page.totalPages,
        totalElements: page.totalElements,
      });
    },
  );
};
