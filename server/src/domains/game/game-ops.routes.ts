import type { FastifyPluginAsync } from 'fastify';
import type { Queryable } from '../../db/db';
import { ApiError, ok, replies } from '../../http/envelope';
import { guardOps } from '../../http/ops-auth';
import { bumpCatalogueVersion, type CatalogueStore } from './catalogue.store';
import { gameTypeEnum, strictObject } from './game.schemas';

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

const VENDOR_SQL = `SELECT v.code, v.display_name AS "displayName", v.display_name_bn AS "displayNameBn", v.game_types AS "gameTypes",
       v.sort, v.hidden, (SELECT count(*)::int FROM games g WHERE g.vendor_code = v.code) AS games
  FROM game_vendors v`;
const GAME_SQL = `SELECT node_id AS "nodeId", game_code AS "gameCode", vendor_code AS vendor, game_type AS "gameType", is_game AS "isGame",
       name_en AS "nameEn", name_bn AS "nameBn", classify, game_group_code AS "gameGroupCode", hot_rank AS "hotRank",
       is_new AS "isNew", support_play AS "supportPlay", min_bet AS "minBet", line_num AS "lineNum", sort, hidden, maintenance
  FROM games`;

/** Sorts `listed` first, in the order given, then everything else in its current order (sort = 10, 20, …). */
async function reorder(
  q: Queryable,
  table: 'game_vendors' | 'games',
  key: 'code' | 'game_code',
  listed: string[],
  scope?: string,
) {
  const where = scope ? 'WHERE game_type = $1' : '';
  const rows = await q.query<{ k: string }>(
    `SELECT ${key} AS k FROM ${table} ${where} ORDER BY sort, ${key} FOR UPDATE`,
    scope ? [scope] : [],
  );
  const known = new Set(rows.map((r) => r.k));
  const missing = listed.filter((c) => !known.has(c));
  if (missing.length) {
    throw new ApiError(404, table === 'games' ? 'GAME_NOT_FOUND' : 'VENDOR_NOT_FOUND', `Unknown: ${missing.join(', ')}`);
  }
  const order = [...listed, ...rows.map((r) => r.k).filter((k) => !listed.includes(k))];
  await q.query(
    `UPDATE ${table} t SET sort = o.i * 10, updated_at = now()
       FROM jsonb_array_elements_text($1::jsonb) WITH ORDINALITY AS o(k, i)
      WHERE t.${key} = o.k`,
    [JSON.stringify(order)],
  );
}

/** Refuses (rolling the edit back) a game whose classify is not one of its type's. */
async function checkClassify(q: Queryable, nodeId: number): Promise<void> {
  const bad = await q.one<{ classify: string; game_type: string }>(
    `SELECT g.classify, g.game_type FROM games g
      WHERE g.node_id = $1 AND g.classify IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM game_classifies c WHERE c.game_type = g.game_type AND c.key = g.classify)`,
    [nodeId],
  );
  if (bad) throw new ApiError(400, 'CLASSIFY_UNKNOWN', `${bad.game_type} has no classify ${bad.classify}`);
}

/** Builds "SET a = $2, b = $3" from the fields present in a body (column names from a fixed map). */
function setClause(body: Record<string, unknown>, columns: Record<string, string>, first: number) {
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const [field, column] of Object.entries(columns)) {
    if (field in body) {
      params.push(body[field]);
      sets.push(`${column} = $${first + params.length - 1}`);
    }
  }
  return { sets, params };
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
const GAME_COLUMNS: Record<string, string> = {
  nameEn: 'name_en',
  nameBn: 'name_bn',
  classify: 'classify',
  gameGroupCode: 'game_group_code',
  hotRank: 'hot_rank',
  isNew: 'is_new',
  supportPlay: 'support_play',
  minBet: 'min_bet',
  lineNum: 'line_num',
  drawInterval: 'draw_interval_s',
  sort: 'sort',
  hidden: 'hidden',
  maintenance: 'maintenance',
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
    ok(await app.db.query(`${VENDOR_SQL} ORDER BY v.sort, v.code`)),
  );

  app.post<{ Body: VendorBody }>(
    '/vendors',
    {
      schema: {
        hide,
        body: strictObject(
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
        const row = await q.one(
          `INSERT INTO game_vendors (code, display_name, display_name_bn, game_types, sort, hidden)
         VALUES ($1, $2, $3, $4, COALESCE($5, (SELECT COALESCE(max(sort), 0) + 10 FROM game_vendors)), $6)
         ON CONFLICT (code) DO NOTHING RETURNING code`,
          [b.code, b.displayName, b.displayNameBn ?? null, b.gameTypes, b.sort ?? null, b.hidden ?? false],
        );
        if (!row) throw new ApiError(409, 'VENDOR_EXISTS', `Vendor ${b.code} already exists`);
        return q.one(`${VENDOR_SQL} WHERE v.code = $1`, [b.code]);
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
        body: strictObject(
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
      const { sets, params } = setClause(
        request.body,
        {
          displayName: 'display_name',
          displayNameBn: 'display_name_bn',
          gameTypes: 'game_types',
          sort: 'sort',
          hidden: 'hidden',
        },
        2,
      );
      const vendor = await edit(async (q) => {
        const row = await q.one(`UPDATE game_vendors SET ${sets.join(', ')}, updated_at = now() WHERE code = $1 RETURNING code`, [
          request.params.code,
          ...params,
        ]);
        if (!row) throw new ApiError(404, 'VENDOR_NOT_FOUND', `No vendor ${request.params.code}`);
        return q.one(`${VENDOR_SQL} WHERE v.code = $1`, [request.params.code]);
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
        body: strictObject({ codes: { type: 'array', minItems: 1, maxItems: 1000, uniqueItems: true, items: vendorCode } }, [
          'codes',
        ]),
        response: replies({ type: 'array', items: vendorValue }),
      },
    },
    async (request) => {
      const vendors = await edit(async (q) => {
        await reorder(q, 'game_vendors', 'code', request.body.codes);
        return q.query(`${VENDOR_SQL} ORDER BY v.sort, v.code`);
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
      return ok(
        await app.db.query(
          `${GAME_SQL} WHERE ($1::text IS NULL OR vendor_code = $1) AND ($2::text IS NULL OR game_type = $2) AND ($3::boolean IS NULL OR hidden = $3)
       ORDER BY game_type, sort, node_id LIMIT $4`,
          [vendor ?? null, gameType ?? null, hidden ?? null, limit],
        ),
      );
    },
  );

  app.post<{ Body: GameBody }>(
    '/',
    {
      schema: {
        hide,
        body: strictObject(
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
        const vendor = await q.one<{ game_types: string[] }>('SELECT game_types FROM game_vendors WHERE code = $1', [b.vendor]);
        if (!vendor) throw new ApiError(404, 'VENDOR_NOT_FOUND', `No vendor ${b.vendor}`);
        if (!vendor.game_types.includes(b.gameType))
          throw new ApiError(400, 'GAME_TYPE_NOT_SERVED', `${b.vendor} serves ${vendor.game_types.join(', ')}`);
        const row = await q.one<{ node_id: number }>(
          `INSERT INTO games (game_code, vendor_code, game_type, is_game, name_en, name_bn, classify, game_group_code, hot_rank, is_new,
                            support_play, min_bet, line_num, draw_interval_s, sort, hidden, maintenance)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14,
                 COALESCE($15, (SELECT COALESCE(max(sort), 0) + 10 FROM games WHERE game_type = $3)), $16, $17)
         ON CONFLICT (game_code) DO NOTHING RETURNING node_id`,
          [
            b.gameCode,
            b.vendor,
            b.gameType,
            b.isGame ?? 'GAME',
            b.nameEn,
            b.nameBn ?? null,
            b.classify ?? null,
            b.gameGroupCode ?? null,
            b.hotRank ?? null,
            b.isNew ?? false,
            b.supportPlay ?? 1,
            b.minBet ?? 100,
            b.lineNum ?? 0,
            b.drawInterval ?? null,
            b.sort ?? null,
            b.hidden ?? false,
            b.maintenance ?? false,
          ],
        );
        if (!row) throw new ApiError(409, 'GAME_EXISTS', `Game ${b.gameCode} already exists`);
        await checkClassify(q, row.node_id);
        return q.one(`${GAME_SQL} WHERE node_id = $1`, [row.node_id]);
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
        body: strictObject(gameFields, [], { minProperties: 1 }),
        response: replies(gameValue),
      },
    },
    async (request) => {
      const { sets, params } = setClause(request.body, GAME_COLUMNS, 2);
      const game = await edit(async (q) => {
        const row = await q.one<{ node_id: number }>(
          `UPDATE games SET ${sets.join(', ')}, updated_at = now() WHERE game_code = $1 RETURNING node_id`,
          [request.params.code, ...params],
        );
        if (!row) throw new ApiError(404, 'GAME_NOT_FOUND', `No game ${request.params.code}`);
        await checkClassify(q, row.node_id);
        return q.one(`${GAME_SQL} WHERE node_id = $1`, [row.node_id]);
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
        body: strictObject(
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
        await reorder(q, 'games', 'game_code', codes, gameType);
        return q.query(`${GAME_SQL} WHERE game_type = $1 ORDER BY sort, node_id LIMIT $2`, [gameType, codes.length]);
      });
      return ok({ gameType, first }, 'Games reordered');
    },
  );
};
