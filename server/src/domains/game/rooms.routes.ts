import type { FastifyPluginAsync } from 'fastify';
import { ROOM_PATHS, type PvpRoom } from '@khela/api/rooms';
import { ApiError, ok, replies } from '../../http/envelope';
import { closedObject } from '../../http/schemas';
import { guardOps } from '../../http/ops-auth';
import { vendorName, type CatalogueStore } from './catalogue.store';
import { filterCode, langOf } from './game.http';
import { gameSchema, languageQuery, vendorQuery } from './game.schemas';
import {
  deleteRoom,
  gameForRoom,
  insertRoom,
  opsRoom,
  opsRooms,
  ROOM_FIELDS,
  updateRoom,
  visibleRooms,
  type RoomField,
} from './rooms.repo';

/**
 * PvP rooms (issue 13): the public room list (the spec's GLS2_roomList) and the operators' room
 * management under /ops/rooms. A room is listed while it, its game and its vendor are visible.
 */

const roomCode = { type: 'string', pattern: '^[A-Z0-9_]{2,48}$' };
const gameCode = { type: 'string', pattern: '^[A-Z0-9_]{2,48}$' };
const roomName = { type: 'string', minLength: 1, maxLength: 60, pattern: '\\S' };
/** a minimum entry in poisha: ৳0.01 to ৳10,000,000 */
const minEntry = { type: 'integer', minimum: 1, maximum: 1_000_000_000 };
const seats = { type: 'integer', minimum: 2, maximum: 10 };
const playersOnline = { type: 'integer', minimum: 0, maximum: 1_000_000 };
const sort = { type: 'integer', minimum: 0, maximum: 1_000_000 };
const strictBoolean = { enum: [true, false] };

const roomValue = {
  type: 'object',
  required: ['roomCode', 'vassalage', 'vendorName', 'roomName', 'minEntry', 'seats', 'playersOnline', 'game'],
  properties: {
    roomCode: { type: 'string' },
    vassalage: { type: 'string' },
    vendorName: { type: 'string' },
    roomName: { type: 'string' },
    minEntry: { type: 'integer', description: 'The smallest stake to sit down, in poisha' },
    seats: { type: 'integer', description: 'Players per table' },
    playersOnline: { type: 'integer' },
    game: gameSchema,
  },
};

const opsRoomValue = {
  type: 'object',
  required: ['roomCode', 'vendor', 'gameCode', 'nameEn', 'nameBn', 'minEntry', 'seats', 'playersOnline', 'sort', 'hidden'],
  properties: {
    roomCode: { type: 'string' },
    vendor: { type: 'string' },
    gameCode: { type: 'string' },
    nameEn: { type: 'string' },
    nameBn: { type: ['string', 'null'] },
    minEntry: { type: 'integer' },
    seats: { type: 'integer' },
    playersOnline: { type: 'integer' },
    sort: { type: 'integer' },
    hidden: { type: 'boolean' },
  },
};

interface RoomBody {
  roomCode: string;
  gameCode: string;
  nameEn: string;
  nameBn?: string | null;
  minEntry: number;
  seats: number;
  playersOnline?: number;
  sort?: number;
  hidden?: boolean;
}

export const roomRoutes: FastifyPluginAsync<{ store: CatalogueStore }> = async (app, { store }) => {
  app.get<{ Querystring: { vassalage?: string; language?: string } }>(
    ROOM_PATHS.roomList,
    {
      schema: {
        tags: ['game'],
        summary: 'PvP rooms',
        description:
          "The visible rooms of the card-game (PVP) vendors, by the vendors' order then the operator's order of rooms; " +
          'vassalage keeps one vendor (ALL or nothing: every vendor; an unknown vendor: an empty list). minEntry is in poisha, ' +
          'seats the players a table seats, playersOnline the players in the room now. A room whose game or vendor is hidden ' +
          'is left out. Playing a room launches its game (/wps/game/launchGame with its nodeId), which needs a login. Public.',
        querystring: { type: 'object', properties: { vassalage: vendorQuery, language: languageQuery } },
        response: replies({
          type: 'object',
          required: ['list'],
          properties: { list: { type: 'array', items: roomValue } },
        }),
      },
    },
    async (request) => {
      const vendor = filterCode(request.query.vassalage);
      const lang = langOf(request);
      const [cat, rows] = await Promise.all([store.get(), visibleRooms(app.db, vendor ?? null)]);
      const list: PvpRoom[] = [];
      for (const r of rows) {
        const game = cat.gameByNode.get(Number(r.node_id));
        const v = cat.vendorByCode.get(r.vendor_code);
        if (!game || !v) continue;
        list.push({
          roomCode: r.room_code,
          vassalage: r.vendor_code,
          vendorName: vendorName(v, lang),
          roomName: (lang === 'BN' && r.name_bn) || r.name_en,
          minEntry: Number(r.min_entry),
          seats: r.seats,
          playersOnline: r.players_online,
          game: cat.toGame(game, lang),
        });
      }
      // the vendors' order (the catalogue's), then the rooms' own
      const rank = new Map(cat.vendors.map((v, i) => [v.code, i]));
      list.sort((a, b) => rank.get(a.vassalage)! - rank.get(b.vassalage)!);
      return ok({ list });
    },
  );
};

/** The operators' rooms: list, add, change (name, entry, seats, players, order, hidden) and remove. */
export const roomOpsRoutes: FastifyPluginAsync = async (app) => {
  guardOps(app);
  const tags = ['ops'];
  const params = { type: 'object', required: ['roomCode'], properties: { roomCode } };
  const one = (code: string) => opsRoom(app.db, code);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Every PvP room, hidden ones too',
        response: replies({ type: 'array', items: opsRoomValue }),
      },
    },
    async () => ok(await opsRooms(app.db)),
  );

  app.post<{ Body: RoomBody }>(
    '/',
    {
      schema: {
        tags,
        summary: 'Add a PvP room on a PvP game',
        description:
          "The room belongs to its game's vendor. 404 GAME_NOT_FOUND, 400 NOT_A_PVP_GAME (a game that is not a PVP game), 409 ROOM_EXISTS.",
        body: closedObject(
          {
            roomCode,
            gameCode,
            nameEn: roomName,
            nameBn: { anyOf: [roomName, { type: 'null' }] },
            minEntry,
            seats,
            playersOnline,
            sort,
            hidden: strictBoolean,
          },
          ['roomCode', 'gameCode', 'nameEn', 'minEntry', 'seats'],
        ),
        response: replies(opsRoomValue),
      },
    },
    async (request, reply) => {
      const b = request.body;
      const game = await gameForRoom(app.db, b.gameCode);
      if (!game) throw new ApiError(404, 'GAME_NOT_FOUND', `No game ${b.gameCode}`);
      if (game.game_type !== 'PVP' || game.is_game !== 'GAME')
        throw new ApiError(400, 'NOT_A_PVP_GAME', `${b.gameCode} is not a PvP game`);
      const added = await insertRoom(app.db, {
        roomCode: b.roomCode,
        vendorCode: game.vendor_code,
        nodeId: game.node_id,
        nameEn: b.nameEn.trim(),
        nameBn: b.nameBn?.trim() || null,
        minEntry: b.minEntry,
        seats: b.seats,
        playersOnline: b.playersOnline ?? 0,
        sort: b.sort ?? null,
        hidden: b.hidden ?? false,
      });
      if (!added) throw new ApiError(409, 'ROOM_EXISTS', `Room ${b.roomCode} already exists`);
      reply.code(201);
      return ok(await one(b.roomCode), 'Room added');
    },
  );

  app.patch<{ Params: { roomCode: string }; Body: Partial<Omit<RoomBody, 'roomCode' | 'gameCode'>> }>(
    '/:roomCode',
    {
      schema: {
        tags,
        summary: 'Change a PvP room',
        description: '404 ROOM_NOT_FOUND.',
        params,
        body: closedObject(
          {
            nameEn: roomName,
            nameBn: { anyOf: [roomName, { type: 'null' }] },
            minEntry,
            seats,
            playersOnline,
            sort,
            hidden: strictBoolean,
          },
          [],
          { minProperties: 1 },
        ),
        response: replies(opsRoomValue),
      },
    },
    async (request) => {
      const b = request.body;
      const changes: Partial<Record<RoomField, unknown>> = {};
      for (const field of ROOM_FIELDS) {
        if (!(field in b)) continue;
        let value = (b as Record<string, unknown>)[field];
        if (typeof value === 'string') value = value.trim() || (field === 'nameBn' ? null : value);
        changes[field] = value;
      }
      if (!(await updateRoom(app.db, request.params.roomCode, changes)))
        throw new ApiError(404, 'ROOM_NOT_FOUND', `No room ${request.params.roomCode}`);
      return ok(await one(request.params.roomCode), 'Room changed');
    },
  );

  app.delete<{ Params: { roomCode: string } }>(
    '/:roomCode',
    {
      schema: {
        tags,
        summary: 'Remove a PvP room',
        description: '404 ROOM_NOT_FOUND.',
        params,
        response: replies({ type: 'object', required: ['roomCode'], properties: { roomCode: { type: 'string' } } }),
      },
    },
    async (request) => {
      const row = await deleteRoom(app.db, request.params.roomCode);
      if (!row) throw new ApiError(404, 'ROOM_NOT_FOUND', `No room ${request.params.roomCode}`);
      return ok({ roomCode: row.room_code }, 'Room removed');
    },
  );
};
