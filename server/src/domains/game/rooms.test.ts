import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { runOps } from '../../cli/ops';
import type { OpsRoom, PvpRoom } from '@khela/api/rooms';
import { createTestApi, TEST_OPS_KEY, type TestDb } from '../../test-support/test-db';
import { seedPvpRooms } from './rooms.seed';

let t: TestDb & { app: FastifyInstance };
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.dispose());

const ops = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, key = TEST_OPS_KEY) => {
  const res = await t.app.inject({ method, url, payload, headers: { 'x-ops-key': key } });
  return { status: res.statusCode, body: res.json() };
};
const rooms = async (query = '') => {
  const res = await t.app.inject({ url: `/wps/relay/GLS2_roomList${query}` });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.success).toBe(true);
  return body.value.list as PvpRoom[];
};
const snapshot = async () => JSON.stringify(await t.db.query('SELECT * FROM pvp_rooms ORDER BY id'));

describe('the room list (GLS2_roomList)', () => {
  it('lists the seeded rooms of the vendors that have rooms, to guests, in the vendors’ order', async () => {
    const list = await rooms('?language=EN');
    expect(list.map((r) => r.roomCode)).toEqual([
      'CARDHOUSE_BEGINNER',
      'CARDHOUSE_CLASSIC',
      'CARDHOUSE_HIGH',
      'ADDACARDS_ADDA',
      'ADDACARDS_DUEL',
      'KINGSCOURT_ROYAL',
    ]);
    const first = list[0];
    expect(first).toMatchObject({
      vassalage: 'CARDHOUSE',
      vendorName: 'Card House',
      roomName: 'Beginners table',
      minEntry: 1000,
      seats: 6,
      playersOnline: 128,
    });
    // each room is played on a PvP game of its own vendor
    for (const r of list) expect([r.game.gameType, r.game.vassalage, r.game.isGame]).toEqual(['PVP', r.vassalage, 'GAME']);
  });

  it('names rooms in Bengali by default and keeps one vendor with vassalage', async () => {
    const list = await rooms('?vassalage=addacards');
    expect(list.map((r) => [r.roomName, r.vendorName])).toEqual([
      ['আড্ডা কর্নার', 'আড্ডা কার্ডস'],
      ['মুখোমুখি', 'আড্ডা কার্ডস'],
    ]);
    expect(await rooms('?vassalage=ACETABLE')).toEqual([]);
    expect(await rooms('?vassalage=NOSUCH')).toEqual([]);
    expect((await rooms('?vassalage=ALL')).length).toBe(6);
  });

  it('refuses bad input with the error envelope', async () => {
    for (const q of ['?vassalage=a%20b', '?language=FR']) {
      const res = await t.app.inject({ url: `/wps/relay/GLS2_roomList${q}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  it('seeds once: a removed room does not come back at the next start', async () => {
    expect((await ops('DELETE', '/ops/rooms/KINGSCOURT_ROYAL')).status).toBe(200);
    await seedPvpRooms(t.db);
    expect((await rooms('?vassalage=KINGSCOURT')).length).toBe(0);
  });
});

describe('operators manage rooms', () => {
  it('refuses a missing or wrong key', async () => {
    for (const [method, url] of [
      ['GET', '/ops/rooms'],
      ['POST', '/ops/rooms'],
      ['PATCH', '/ops/rooms/CARDHOUSE_HIGH'],
      ['DELETE', '/ops/rooms/CARDHOUSE_HIGH'],
    ] as const) {
      const res = await ops(method, url, {}, 'wrong');
      expect([res.status, res.body.errorCode]).toEqual([401, 'OPS_KEY_INVALID']);
    }
  });

  it('adds a room on a PvP game, changes it, hides it and removes it', async () => {
    const [game] = await t.db.query<{ game_code: string }>(
      `SELECT game_code FROM games WHERE vendor_code = 'ACETABLE' AND game_type = 'PVP' AND is_game = 'GAME' ORDER BY sort LIMIT 1`,
    );
    const added = await ops('POST', '/ops/rooms', {
      roomCode: 'ACE_NIGHT',
      gameCode: game.game_code,
      nameEn: 'Night table',
      nameBn: 'রাতের টেবিল',
      minEntry: 2500,
      seats: 5,
    });
    expect(added.status).toBe(201);
    expect(added.body.value).toMatchObject<Partial<OpsRoom>>({ vendor: 'ACETABLE', playersOnline: 0, hidden: false });
    expect((await rooms('?vassalage=ACETABLE&language=EN')).map((r) => [r.roomName, r.minEntry, r.seats])).toEqual([
      ['Night table', 2500, 5],
    ]);

    const changed = await ops('PATCH', '/ops/rooms/ACE_NIGHT', { playersOnline: 17, nameBn: null });
    expect(changed.body.value).toMatchObject({ playersOnline: 17, nameBn: null });
    // without a Bengali name the English one is shown
    expect((await rooms('?vassalage=ACETABLE'))[0]).toMatchObject({ roomName: 'Night table', playersOnline: 17 });

    await ops('PATCH', '/ops/rooms/ACE_NIGHT', { hidden: true });
    expect(await rooms('?vassalage=ACETABLE')).toEqual([]);
    expect((await ops('GET', '/ops/rooms')).body.value.some((r: OpsRoom) => r.roomCode === 'ACE_NIGHT' && r.hidden)).toBe(true);

    expect((await ops('DELETE', '/ops/rooms/ACE_NIGHT')).status).toBe(200);
    expect((await ops('DELETE', '/ops/rooms/ACE_NIGHT')).body.errorCode).toBe('ROOM_NOT_FOUND');
  });

  it('a room whose game is hidden is not listed', async () => {
    const [{ game_code }] = await t.db.query<{ game_code: string }>(
      `SELECT g.game_code FROM pvp_rooms r JOIN games g ON g.node_id = r.node_id WHERE r.room_code = 'CARDHOUSE_HIGH'`,
    );
    expect((await ops('PATCH', `/ops/games/${game_code}`, { hidden: true })).status).toBe(200);
    expect((await rooms('?vassalage=CARDHOUSE')).map((r) => r.roomCode)).not.toContain('CARDHOUSE_HIGH');
    await ops('PATCH', `/ops/games/${game_code}`, { hidden: false });
    expect((await rooms('?vassalage=CARDHOUSE')).map((r) => r.roomCode)).toContain('CARDHOUSE_HIGH');
  });

  it('refuses bad rooms with a clear error and changes nothing', async () => {
    const before = await snapshot();
    const cases: [string, string, object, number, string][] = [
      [
        'POST',
        '/ops/rooms',
        { roomCode: 'X_1', gameCode: 'NOSUCH_GAME', nameEn: 'x', minEntry: 1, seats: 2 },
        404,
        'GAME_NOT_FOUND',
      ],
      ['POST', '/ops/rooms', { roomCode: 'CARDHOUSE_CLASSIC', gameCode: 'X', nameEn: 'x', minEntry: 0, seats: 2 }, 400, ''],
      ['POST', '/ops/rooms', { roomCode: 'X_2', gameCode: 'X', nameEn: 'x', minEntry: 100, seats: 11 }, 400, ''],
      ['POST', '/ops/rooms', { roomCode: 'X_3', gameCode: 'X', nameEn: '   ', minEntry: 100, seats: 2 }, 400, ''],
      ['PATCH', '/ops/rooms/NOSUCH', { seats: 4 }, 404, 'ROOM_NOT_FOUND'],
      ['PATCH', '/ops/rooms/CARDHOUSE_CLASSIC', {}, 400, ''],
      ['PATCH', '/ops/rooms/CARDHOUSE_CLASSIC', { playersOnline: -1 }, 400, ''],
    ];
    for (const [method, url, body, status, code] of cases) {
      const res = await ops(method as 'POST', url, body);
      expect(res.status).toBe(status);
      expect(res.body.success).toBe(false);
      if (code) expect(res.body.errorCode).toBe(code);
    }
    const [slot] = await t.db.query<{ game_code: string }>(`SELECT game_code FROM games WHERE game_type = 'RNG' LIMIT 1`);
    const res = await ops('POST', '/ops/rooms', {
      roomCode: 'X_4',
      gameCode: slot.game_code,
      nameEn: 'x',
      minEntry: 1,
      seats: 2,
    });
    expect([res.status, res.body.errorCode]).toEqual([400, 'NOT_A_PVP_GAME']);
    const dup = await ops('POST', '/ops/rooms', {
      roomCode: 'CARDHOUSE_CLASSIC',
      gameCode: (
        await t.db.query<{ game_code: string }>(
          `SELECT game_code FROM games WHERE game_type = 'PVP' AND is_game = 'GAME' LIMIT 1`,
        )
      )[0].game_code,
      nameEn: 'x',
      minEntry: 1,
      seats: 2,
    });
    expect([dup.status, dup.body.errorCode]).toEqual([409, 'ROOM_EXISTS']);
    expect(await snapshot()).toBe(before);
  });
});

describe('operator CLI: room commands', () => {
  const lines: string[] = [];
  let baseUrl = '';
  const run = (...argv: string[]) => runOps(argv, { baseUrl, opsKey: TEST_OPS_KEY, print: (l) => lines.push(l) });
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  it('adds a room in taka, changes it, hides, shows and removes it', async () => {
    const [{ game_code }] = await t.db.query<{ game_code: string }>(
      `SELECT game_code FROM games WHERE vendor_code = 'BAZAARCARDS' AND game_type = 'PVP' AND is_game = 'GAME' LIMIT 1`,
    );
    await run(
      'room-add',
      'bazaar_eve',
      'Evening',
      'table',
      '--game',
      game_code,
      '--min-entry',
      '12.50',
      '--seats',
      '4',
      '--bn',
      'সন্ধ্যা',
    );
    expect(lines.at(-1)).toBe(`room BAZAAR_EVE added on ${game_code}`);
    await run('room-set', 'BAZAAR_EVE', '--online', '33', '--min-entry', '20');
    expect(lines.at(-1)).toBe('room BAZAAR_EVE: from ৳20.00, 4 seats, 33 online');
    await run('rooms');
    expect(lines.some((l) => /^BAZAAR_EVE\s.*Evening table\s+from ৳20\.00\s+4 seats\s+33 online$/.test(l))).toBe(true);
    expect((await rooms('?vassalage=BAZAARCARDS'))[0]).toMatchObject({ roomName: 'সন্ধ্যা', minEntry: 2000, playersOnline: 33 });
    await run('room-hide', 'bazaar_eve');
    expect(await rooms('?vassalage=BAZAARCARDS')).toEqual([]);
    await run('room-show', 'bazaar_eve');
    expect(await rooms('?vassalage=BAZAARCARDS')).toHaveLength(1);
    await run('room-remove', 'bazaar_eve');
    expect(lines.at(-1)).toBe('room BAZAAR_EVE removed');
    expect(await rooms('?vassalage=BAZAARCARDS')).toEqual([]);
    await expect(run('room-add', 'X_1', 'x', '--game', game_code, '--min-entry', '-1', '--seats', '2')).rejects.toThrow(
      'is not an amount of taka',
    );
  });
});
