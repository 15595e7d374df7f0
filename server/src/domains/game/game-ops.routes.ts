import type { FastifyPluginAsync } from 'fastify';
import type { Queryable } from '../../db/db';
import { ApiError, ok, replies } from '../../http/envelope';
import { closedObject } from '../../http/schemas';
import { guardOps } from '../../http/ops-auth';
import { bumpCatalogueVersion, type CatalogueStore } from './catalogue.store';
import {
  applySortOrder,
  firstGames,
  insertGame,
  insertVendor,
  lockSortOrder,
  opsGame,
  opsGames,
  opsVendor,
  opsVendors,
  unknownClassify,
  updateGame,
  updateVendor,
  vendorGameTypes,
  type Sortable,
} from './game-ops.repo';
import { gameTypeEnum } from './game.schemas';

const hide = true;
const vendorCode = { type: 'string', pattern: '^[A-Z0-9_]{2,32}$' };
const gameCode = { type: 'string', pattern: '^[A-Z0-9_]{2,48}$' };
const name = { type: 'string', minLength: 1, maxLength: 60 };
const gameName = { type: 'string', minLength: 1, maxLength: 80 };
const types = { type: 'array', minItems: 1, maxItems: 9, uniqueItems: true, items: { type: 'string', enum: gameTypeEnum } };
const strictBoolean = { enum: [true, false] };

const vendorValue = {
  type: 'object',
  required: ['code', 'displayName', 'displayNameBn', 'gameTypes', 'sort', 'hidden'],
  properties: {
    code: { type: 'string' },
    displayName: { type: 'string' },
    displayNameBn: { type: ['string', 'null'] },
    gameTypes: { type: 'array', items: { type: 'string' } },
    sort: { type: 'integer' },
    hidden: { type: 'boolean' },
    games: { type: 'integer' },
  },
};

const gameValue = {
  type: 'object',
  required: ['nodeId', 'gameCode', 'vendor', 'gameType', 'isGame', 'nameEn', 'nameBn', 'hidden', 'sort'],
  properties: {
    nodeId: { type: 'integer' },
    gameCode: { type: 'string' },
    vendor: { type: 'string' },
    gameType: { type: 'string' },
    isGame: { type: 'string' },
    nameEn: { type: 'string' },
    nameBn: { type: ['string', 'null'] },
    classify: { type: ['string', 'null'] },
    gameGroupCode: { type: ['string', 'null'] },
    hotRank: { type: ['integer', 'null'] },
    isNew: { type: 'boolean' },
    supportPlay: { type: 'integer' },
    minBet: { type: 'integer' },
    lineNum: { type: 'integer' },
    sort: { type: 'integer' },
    hidden: { type: 'boolean' },
    maintenance: { type: 'boolean' },
  },
};

/** Sorts `listed` first, in the order given, then everything else in its current order (sort = 10, 20, …). */
async function reorder(q: Queryable, rows: Sortable, listed: string[], scope?: string) {
  const current = await lockSortOrder(q, rows, scope);
  const known = new Set(current);
  const missing = listed.filter((c) => !known.has(c));
  if (missing.length) {
    throw new ApiError(404, rows.table === 'games' ? 'GAME_NOT_FOUND' : 'VENDOR_NOT_FOUND', `Unknown: ${missing.join(', ')}`);
  }
  const order = [...listed, ...current.filter((k) => !listed.includes(k))];
  await applySortOrder(q, rows, order);
}

/** Refuses (rolling the edit back) a game whose classify is not one of its type's. */
async function checkClassify(q: Queryable, nodeId: number): Promise<void> {
  const bad = await unknownClassify(q, nodeId);
  if (bad) throw new ApiError(400, 'CLASSIFY_UNKNOWN', `${bad.game_type} has no classify ${bad.classify}`);
}

interface VendorBody {
  code: string;
  displayName: string;
  displayNameBn?: string | null;
  gameTypes: string[];
  sort?: number;
  hidden?: boolean;
}

interface GameBody {
  gameCode: string;
  vendor: string;
  gameType: string;
  nameEn: string;
  nameBn?: string | null;
  isGame?: string;
  classify?: string | null;
  gameGroupCode?: string | null;
  hotRank?: number | null;
  isNew?: boolean;
  supportPlay?: number;
  minBet?: number;
  lineNum?: number;
  drawInterval?: number | null;
  sort?: number;
  hidden?: boolean;
  maintenance?: boolean;
}

const gameFields = {
  nameEn: gameName,
  nameBn: { anyOf: [gameName, { type: 'null' }] },
  classify: { anyOf: [{ type: 'string', pattern: '^[A-Z0-9_]{1,32}$' }, { type: 'null' }] },
  gameGroupCode: { anyOf: [{ type: 'string', pattern: '^[A-Z0-9_]{1,32}$' }, { type: 'null' }] },
  hotRank: { anyOf: [{ type: 'integer', minimum: 1, maximum: 100000 }, { type: 'null' }] },
  isNew: strictBoolean,
  supportPlay: { enum: [0, 1] },
  minBet: { type: 'integer', minimum: 1, maximum: 1e12 },
  lineNum: { type: 'integer', minimum: 0, maximum: 100000 },
  drawInterval: { anyOf: [{ type: 'integer', minimum: 1, maximum: 604800 }, { type: 'null' }] },
  sort: { type: 'integer', minimum: -1e9, maximum: 1e9 },
  hidden: strictBoolean,
  maintenance: strictBoolean,
};
/**
 * Operator endpoints of the catalogue (X-Ops-Key): add, change, hide and reorder vendors and games.
 * Every write is one transaction that also bumps the catalogue version, so every server reloads it.
 */
export const gameOpsRoutes: FastifyPluginAsync<{ store: CatalogueStore }> = async (app, { store }) => {
  guardOps(app);

  /** Runs an edit and makes the catalogue reload (after the commit, so no reader keeps the old one). */
  const edit = async <T>(fn: (q: Queryable) => Promise<T>): Promise<T> => {
    const result = await app.db.tx(async (q) => {
      const r = await fn(q);
      await bumpCatalogueVersion(q);
      return r;
    });
    store.invalidate();
    return result;
  };

  app.get('/vendors', { schema: { hide, response: replies({ type: 'array', items: vendorValue }) } }, async () =>
    ok(await opsVendors(app.db)),
  );

  app.post<{ Body: VendorBody }>(
    '/vendors',
    {
      schema: {
        hide,
        body: closedObject(
          {
            code: vendorCode,
            displayName: name,
            displayNameBn: { anyOf: [name, { type: 'null' }] },
            gameTypes: types,
            sort: gameFields.sort,
            hidden: strictBoolean,
          },
          ['code', 'displayName', 'gameTypes'],
        ),
        response: replies(vendorValue),
      },
    },
    async (request, reply) => {
      const b = request.body;
      const vendor = await edit(async (q) => {
        const added = await insertVendor(q, {
          code: b.code,
          displayName: b.displayName,
          displayNameBn: b.displayNameBn ?? null,
          gameTypes: b.gameTypes,
          sort: b.sort ?? null,
          hidden: b.hidden ?? false,
        });
        if (!added) throw new ApiError(409, 'VENDOR_EXISTS', `Vendor ${b.code} already exists`);
        return opsVendor(q, b.code);
      });
      reply.code(201);
      return ok(vendor, 'Vendor added');
    },
  );

  app.patch<{ Params: { code: string }; Body: Partial<VendorBody> }>(
    '/vendors/:code',
    {
      schema: {
        hide,
        params: { type: 'object', required: ['code'], properties: { code: vendorCode } },
        body: closedObject(
          {
            displayName: name,
            displayNameBn: { anyOf: [name, { type: 'null' }] },
            gameTypes: types,
            sort: gameFields.sort,
            hidden: strictBoolean,
          },
          [],
          { minProperties: 1 },
        ),
        response: replies(vendorValue),
      },
    },
    async (request) => {
      const vendor = await edit(async (q) => {
        if (!(await updateVendor(q, request.params.code, request.body)))
          throw new ApiError(404, 'VENDOR_NOT_FOUND', `No vendor ${request.params.code}`);
        return opsVendor(q, request.params.code);
      });
      return ok(vendor, 'Vendor updated');
    },
  );

  app.put<{ Body: { codes: string[] } }>(
    '/vendors/order',
    {
      schema: {
        hide,
        description: 'The listed vendors first, in this order; the others after them, in their current order.',
        body: closedObject({ codes: { type: 'array', minItems: 1, maxItems: 1000, uniqueItems: true, items: vendorCode } }, [
          'codes',
        ]),
        response: replies({ type: 'array', items: vendorValue }),
      },
    },
    async (request) => {
      const vendors = await edit(async (q) => {
        await reorder(q, { table: 'game_vendors', key: 'code' }, request.body.codes);
        return opsVendors(q);
      });
      return ok(vendors, 'Vendors reordered');
    },
  );

  app.get<{ Querystring: { vendor?: string; gameType?: string; hidden?: boolean; limit: number } }>(
    '/',
    {
      schema: {
        hide,
        querystring: {
          type: 'object',
          properties: {
            vendor: vendorCode,
            gameType: { type: 'string', enum: gameTypeEnum },
            hidden: { type: 'boolean' },
            limit: { type: 'integer', minimum: 1, maximum: 5000, default: 200 },
          },
        },
        response: replies({ type: 'array', items: gameValue }),
      },
    },
    async (request) => {
      const { vendor, gameType, hidden, limit } = request.query;
      return ok(await opsGames(app.db, { vendor: vendor ?? null, gameType: gameType ?? null, hidden: hidden ?? null, limit }));
    },
  );

  app.post<{ Body: GameBody }>(
    '/',
    {
      schema: {
        hide,
        body: closedObject(
          {
            gameCode,
            vendor: vendorCode,
            gameType: { type: 'string', enum: gameTypeEnum },
            isGame: { type: 'string', enum: ['GAME', 'LOBBY', 'VASSALAGE'] },
            ...gameFields,
          },
          ['gameCode', 'vendor', 'gameType', 'nameEn'],
        ),
        response: replies(gameValue),
      },
    },
    async (request, reply) => {
      const b = request.body;
      const game = await edit(async (q) => {
        const gameTypes = await vendorGameTypes(q, b.vendor);
        if (!gameTypes) throw new ApiError(404, 'VENDOR_NOT_FOUND', `No vendor ${b.vendor}`);
        if (!gameTypes.includes(b.gameType))
          throw new ApiError(400, 'GAME_TYPE_NOT_SERVED', `${b.vendor} serves ${gameTypes.join(', ')}`);
        const nodeId = await insertGame(q, {
          gameCode: b.gameCode,
          vendor: b.vendor,
          gameType: b.gameType,
          isGame: b.isGame ?? 'GAME',
          nameEn: b.nameEn,
          nameBn: b.nameBn ?? null,
          classify: b.classify ?? null,
          gameGroupCode: b.gameGroupCode ?? null,
          hotRank: b.hotRank ?? null,
          isNew: b.isNew ?? false,
          supportPlay: b.supportPlay ?? 1,
          minBet: b.minBet ?? 100,
          lineNum: b.lineNum ?? 0,
          drawInterval: b.drawInterval ?? null,
          sort: b.sort ?? null,
          hidden: b.hidden ?? false,
          maintenance: b.maintenance ?? false,
        });
        if (nodeId === null) throw new ApiError(409, 'GAME_EXISTS', `Game ${b.gameCode} already exists`);
        await checkClassify(q, nodeId);
        return opsGame(q, nodeId);
      });
      reply.code(201);
      return ok(game, 'Game added');
    },
  );

  app.patch<{ Params: { code: string }; Body: Partial<GameBody> }>(
    '/:code',
    {
      schema: {
        hide,
        params: { type: 'object', required: ['code'], properties: { code: gameCode } },
        body: closedObject(gameFields, [], { minProperties: 1 }),
        response: replies(gameValue),
      },
    },
    async (request) => {
      const game = await edit(async (q) => {
        const nodeId = await updateGame(q, request.params.code, request.body);
        if (nodeId === null) throw new ApiError(404, 'GAME_NOT_FOUND', `No game ${request.params.code}`);
        await checkClassify(q, nodeId);
        return opsGame(q, nodeId);
      });
      return ok(game, 'Game updated');
    },
  );

  app.put<{ Body: { gameType: string; codes: string[] } }>(
    '/order',
    {
      schema: {
        hide,
        description:
          'Within one game type: the listed games first, in this order; the others after them, in their current order.',
        body: closedObject(
          {
            gameType: { type: 'string', enum: gameTypeEnum },
            codes: { type: 'array', minItems: 1, maxItems: 5000, uniqueItems: true, items: gameCode },
          },
          ['gameType', 'codes'],
        ),
        response: replies({
          type: 'object',
          required: ['gameType', 'first'],
          properties: { gameType: { type: 'string' }, first: { type: 'array', items: gameValue } },
        }),
      },
    },
    async (request) => {
      const { gameType, codes } = request.body;
      const first = await edit(async (q) => {
        await reorder(q, { table: 'games', key: 'game_code' }, codes, gameType);
        return firstGames(q, gameType, codes.length);
      });
      return ok({ gameType, first }, 'Games reordered');
    },
  );
};
