import type { FastifyInstance } from 'fastify';
import type { Game, GameMenuEntry, VendorCardGroup } from '@khela/api/games';
import { createTestApi, TEST_OPS_KEY, type TestDb } from '../../test-support/test-db';
import type { AddressInfo } from 'node:net';
import { runOps } from '../../cli/ops';
import { createCatalogueStore } from './catalogue.store';

let t: TestDb & { app: FastifyInstance };
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.dispose());

const ops = async (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object, key = TEST_OPS_KEY) => {
  const res = await t.app.inject({ method, url, payload, headers: { 'x-ops-key': key } });
  return { status: res.statusCode, body: res.json() };
};
const list = async (query: string) => (await t.app.inject({ url: `/wps/relay/GCSGAME_gameList?${query}` })).json().value;
const lanes = async () =>
  (await t.app.inject({ url: '/wps/relay/GCSGAME_newGameVendor?language=EN' })).json().value.data.lanes as VendorCardGroup[];
const snapshot = () =>
  t.db
    .query('SELECT * FROM games ORDER BY node_id')
    .then((g) => JSON.stringify(g))
    .then(async (g) => g + JSON.stringify(await t.db.query('SELECT * FROM game_vendors ORDER BY code')));

describe('operator access', () => {
  it('refuses a missing or wrong key on every catalogue endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/ops/games/vendors'],
      ['POST', '/ops/games/vendors'],
      ['PATCH', '/ops/games/LOTUSREEL_0001'],
      ['PUT', '/ops/games/order'],
      ['GET', '/ops/games'],
    ] as const) {
      const res = await ops(method, url, {}, 'wrong');
      expect([res.status, res.body.errorCode]).toEqual([401, 'OPS_KEY_INVALID']);
    }
  });
});

describe('vendors', () => {
  it('adds a vendor (it appears in the lanes and menus once it has a game), refusing a duplicate', async () => {
    const added = await ops('POST', '/ops/games/vendors', {
      code: 'NEWSTUDIO',
      displayName: 'New Studio',
      displayNameBn: 'নতুন স্টুডিও',
      gameTypes: ['RNG', 'FISH'],
    });
    expect(added.status).toBe(201);
    expect(added.body.value).toMatchObject({ code: 'NEWSTUDIO', gameTypes: ['RNG', 'FISH'], hidden: false, games: 0 });
    const rng = (await lanes()).find((l) => l.gameCategory === 'RNG')!;
    expect(rng.vendors.at(-1)).toBe('NEWSTUDIO');
    expect(rng.cards.NEWSTUDIO.displayName).toBe('New Studio');
    expect(
      (await ops('POST', '/ops/games/vendors', { code: 'NEWSTUDIO', displayName: 'Again', gameTypes: ['RNG'] })).body.errorCode,
    ).toBe('VENDOR_EXISTS');
  });

  it('hides and shows a vendor: its games leave every list at once, and come back', async () => {
    const before = (await list('gameType=RNG&vassalage=TIGERSPIN')).totalElements;
    expect(before).toBeGreaterThan(0);
    expect((await ops('PATCH', '/ops/games/vendors/TIGERSPIN', { hidden: true })).body.value.hidden).toBe(true);
    expect((await list('gameType=RNG&vassalage=TIGERSPIN')).totalElements).toBe(0);
    expect((await lanes()).find((l) => l.gameCategory === 'RNG')!.vendors).not.toContain('TIGERSPIN');
    const menus = (await t.app.inject({ url: '/lgw/games/game_menus' })).json().value.menus as GameMenuEntry[];
    expect(menus[0].data.vendors.map((v) => v.code)).not.toContain('TIGERSPIN');
    await ops('PATCH', '/ops/games/vendors/TIGERSPIN', { hidden: false });
    expect((await list('gameType=RNG&vassalage=TIGERSPIN')).totalElements).toBe(before);
  });

  it('reorders vendors: the listed ones first, the others after in their order', async () => {
    const res = await ops('PUT', '/ops/games/vendors/order', { codes: ['SAFFRON', 'HILSA'] });
    expect(res.status).toBe(200);
    const rng = (await lanes()).find((l) => l.gameCategory === 'RNG')!;
    // Khela Originals comes first by default
    expect(rng.vendors.slice(0, 3)).toEqual(['SAFFRON', 'HILSA', 'KHELA']);
  });

  it('refuses bad vendor edits, changing nothing', async () => {
    const before = await snapshot();
    const cases: [string, string, object, number, string][] = [
      ['POST', '/ops/games/vendors', { code: 'lower', displayName: 'x', gameTypes: ['RNG'] }, 400, 'VALIDATION_ERROR'],
      ['POST', '/ops/games/vendors', { code: 'OKAY', displayName: '', gameTypes: ['RNG'] }, 400, 'VALIDATION_ERROR'],
      ['POST', '/ops/games/vendors', { code: 'OKAY', displayName: 'x', gameTypes: [] }, 400, 'VALIDATION_ERROR'],
      ['POST', '/ops/games/vendors', { code: 'OKAY', displayName: 'x', gameTypes: ['CHESS'] }, 400, 'VALIDATION_ERROR'],
      ['PATCH', '/ops/games/vendors/NOSUCH', { hidden: true }, 404, 'VENDOR_NOT_FOUND'],
      ['PATCH', '/ops/games/vendors/HILSA', {}, 400, 'VALIDATION_ERROR'],
      ['PATCH', '/ops/games/vendors/HILSA', { hidden: 'yes' }, 400, 'VALIDATION_ERROR'],
      ['PATCH', '/ops/games/vendors/HILSA', { code: 'X' }, 400, 'VALIDATION_ERROR'],
      ['PUT', '/ops/games/vendors/order', { codes: ['HILSA', 'NOSUCH'] }, 404, 'VENDOR_NOT_FOUND'],
      ['PUT', '/ops/games/vendors/order', { codes: ['HILSA', 'HILSA'] }, 400, 'VALIDATION_ERROR'],
      ['PUT', '/ops/games/vendors/order', { codes: [] }, 400, 'VALIDATION_ERROR'],
    ];
    for (const [method, url, body, status, code] of cases) {
      const res = await ops(method as 'POST', url, body);
      expect([url, res.status, res.body.errorCode]).toEqual([url, status, code]);
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('games', () => {
  it('adds a game: it is listed, searchable and has art; a duplicate is refused', async () => {
    const res = await ops('POST', '/ops/games', {
      gameCode: 'NEWSTUDIO_0001',
      vendor: 'NEWSTUDIO',
      gameType: 'RNG',
      nameEn: 'Operator Special',
      nameBn: 'অপারেটর স্পেশাল',
      classify: 'VIDEO',
      isNew: true,
      hotRank: 1,
    });
    expect(res.status).toBe(201);
    expect(res.body.value).toMatchObject({ gameCode: 'NEWSTUDIO_0001', isNew: true, hidden: false });
    const found = (await list('gameName=operator%20special&language=EN')).games as Game[];
    expect(found.map((g) => g.gameCode)).toEqual(['NEWSTUDIO_0001']);
    expect(found[0]).toMatchObject({ isNew: 1, isHot: 1, gameClassify: 'VIDEO' });
    expect((await t.app.inject({ url: found[0].iconUrl })).statusCode).toBe(200);
    expect(
      (await ops('POST', '/ops/games', { gameCode: 'NEWSTUDIO_0001', vendor: 'NEWSTUDIO', gameType: 'RNG', nameEn: 'x' })).body
        .errorCode,
    ).toBe('GAME_EXISTS');
  });

  it('hides, renames and reorders games; every change shows at once', async () => {
    const first = (await list('gameType=PVP&pageSize=3&language=EN')).games as Game[];
    await ops('PATCH', `/ops/games/${first[0].gameCode}`, { hidden: true });
    expect(((await list('gameType=PVP&pageSize=3')).games as Game[]).map((g) => g.nodeId)).not.toContain(first[0].nodeId);
    await ops('PATCH', `/ops/games/${first[0].gameCode}`, { hidden: false, nameEn: 'Renamed Table' });
    const back = (await list('gameType=PVP&pageSize=3&language=EN')).games as Game[];
    expect(back[0]).toMatchObject({ nodeId: first[0].nodeId, displayName: 'Renamed Table' });
    expect(back[0].iconUrl).not.toBe(first[0].iconUrl); // the art's address follows the name
    const res = await ops('PUT', '/ops/games/order', { gameType: 'PVP', codes: [first[2].gameCode, first[1].gameCode] });
    expect(res.body.value.first.map((g: { gameCode: string }) => g.gameCode)).toEqual([first[2].gameCode, first[1].gameCode]);
    expect(((await list('gameType=PVP&pageSize=3')).games as Game[]).map((g) => g.nodeId)).toEqual([
      first[2].nodeId,
      first[1].nodeId,
      first[0].nodeId,
    ]);
  });

  it('marks games hot and new, and lists them for the operator', async () => {
    await ops('PATCH', '/ops/games/DEEPNET_0002', { hotRank: 1, isNew: true });
    const hot = (await t.app.inject({ url: '/wps/relay/GCSGAME_hotGamesV2?gameType=FISH' })).json().value.list as Game[];
    expect(hot.some((g) => g.gameCode === 'DEEPNET_0002')).toBe(true);
    await ops('PATCH', '/ops/games/DEEPNET_0002', { hotRank: null });
    const after = (await t.app.inject({ url: '/wps/relay/GCSGAME_hotGamesV2?gameType=FISH' })).json().value.list as Game[];
    expect(after.some((g) => g.gameCode === 'DEEPNET_0002')).toBe(false);
    const listed = await ops('GET', '/ops/games?vendor=DEEPNET&limit=5');
    expect(listed.body.value).toHaveLength(5);
    expect(listed.body.value.every((g: { vendor: string }) => g.vendor === 'DEEPNET')).toBe(true);
  });

  it('refuses bad game edits, changing nothing', async () => {
    const before = await snapshot();
    const cases: [string, string, object, number, string][] = [
      ['POST', '/ops/games', { gameCode: 'X_1', vendor: 'NOSUCH', gameType: 'RNG', nameEn: 'x' }, 404, 'VENDOR_NOT_FOUND'],
      ['POST', '/ops/games', { gameCode: 'X_1', vendor: 'DEEPNET', gameType: 'LIVE', nameEn: 'x' }, 400, 'GAME_TYPE_NOT_SERVED'],
      [
        'POST',
        '/ops/games',
        { gameCode: 'X_1', vendor: 'DEEPNET', gameType: 'FISH', nameEn: 'x', classify: 'VIDEO' },
        400,
        'CLASSIFY_UNKNOWN',
      ],
      ['POST', '/ops/games', { gameCode: 'x-1', vendor: 'DEEPNET', gameType: 'FISH', nameEn: 'x' }, 400, 'VALIDATION_ERROR'],
      [
        'POST',
        '/ops/games',
        { gameCode: 'X_1', vendor: 'DEEPNET', gameType: 'FISH', nameEn: 'x'.repeat(81) },
        400,
        'VALIDATION_ERROR',
      ],
      [
        'POST',
        '/ops/games',
        { gameCode: 'X_1', vendor: 'DEEPNET', gameType: 'FISH', nameEn: 'x', minBet: 0 },
        400,
        'VALIDATION_ERROR',
      ],
      ['PATCH', '/ops/games/NOPE_0001', { hidden: true }, 404, 'GAME_NOT_FOUND'],
      ['PATCH', '/ops/games/DEEPNET_0001', { classify: 'ROULETTE' }, 400, 'CLASSIFY_UNKNOWN'],
      ['PATCH', '/ops/games/DEEPNET_0001', { supportPlay: 2 }, 400, 'VALIDATION_ERROR'],
      ['PATCH', '/ops/games/DEEPNET_0001', { gameType: 'RNG' }, 400, 'VALIDATION_ERROR'],
      ['PUT', '/ops/games/order', { gameType: 'FISH', codes: ['LOTUSREEL_0001'] }, 404, 'GAME_NOT_FOUND'],
      ['PUT', '/ops/games/order', { gameType: 'NOPE', codes: ['DEEPNET_0001'] }, 400, 'VALIDATION_ERROR'],
    ];
    for (const [method, url, body, status, code] of cases) {
      const res = await ops(method as 'POST', url, body);
      expect([url, JSON.stringify(body), res.status, res.body.errorCode]).toEqual([url, JSON.stringify(body), status, code]);
    }
    expect(await snapshot()).toBe(before);
  });
});

describe('the catalogue cache', () => {
  it('another server sees an edit once it checks the catalogue version', async () => {
    const other = createCatalogueStore(t.db, 0);
    const seen = await other.get();
    const g = seen.games.find((x) => x.gameType === 'ELOTT')!;
    expect((await ops('PATCH', `/ops/games/${g.gameCode}`, { nameEn: 'Seen Elsewhere' })).status).toBe(200);
    expect((await other.get()).gameByNode.get(g.nodeId)!.nameEn).not.toBe('Seen Elsewhere'); // still the old snapshot…
    for (let i = 0; i < 50 && (await other.get()).gameByNode.get(g.nodeId)!.nameEn !== 'Seen Elsewhere'; i++) {
      await new Promise((r) => setTimeout(r, 20)); // …until its background check finds the new version
    }
    expect((await other.get()).gameByNode.get(g.nodeId)!.nameEn).toBe('Seen Elsewhere');
  });
});

describe('operator CLI: catalogue commands', () => {
  let baseUrl: string;
  const lines: string[] = [];
  const run = (...argv: string[]) => runOps(argv, { baseUrl, opsKey: TEST_OPS_KEY, print: (l) => lines.push(l) });
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    lines.length = 0;
  });

  it('adds, hides, shows and reorders a vendor', async () => {
    await run('vendor-add', 'clivendor', 'Cli', 'Vendor', '--types', 'pvp', '--bn', 'ক্লি');
    expect(lines).toEqual(['vendor CLIVENDOR added']);
    await run('vendors');
    expect(lines.some((l) => /^CLIVENDOR\s+Cli Vendor\s+PVP/.test(l))).toBe(true);
    await run('vendor-order', 'clivendor');
    expect(lines.at(-1)).toMatch(/^order: CLIVENDOR, /);
    await run('vendor-hide', 'CLIVENDOR');
    expect((await ops('GET', '/ops/games/vendors')).body.value.find((v: { code: string }) => v.code === 'CLIVENDOR').hidden).toBe(
      true,
    );
    await run('vendor-show', 'CLIVENDOR');
    expect((await ops('GET', '/ops/games/vendors')).body.value.find((v: { code: string }) => v.code === 'CLIVENDOR').hidden).toBe(
      false,
    );
  });

  it('adds a game, flags it, reorders, hides and shows it; the storefront follows', async () => {
    await run(
      'game-add',
      'cli_0001',
      '--vendor',
      'CLIVENDOR',
      '--type',
      'PVP',
      '--name',
      'Cli Rummy',
      '--classify',
      'rummy',
      '--new',
      '--trial',
    );
    expect(lines.at(-1)).toMatch(/^game CLI_0001 added \(node \d+\)$/);
    await run('game-hot', 'CLI_0001', '2');
    await run('game-order', 'PVP', 'CLI_0001');
    const first = (await list('gameType=PVP&pageSize=1&language=EN')).games[0];
    expect(first).toMatchObject({ gameCode: 'CLI_0001', isHot: 1, isNew: 1, supportPlay: 0, gameClassify: 'RUMMY' });
    await run('game-maintenance', 'CLI_0001', 'on');
    expect((await list('gameType=PVP&pageSize=1')).games[0].maintenance).toBe(1);
    await run('game-hide', 'CLI_0001');
    expect((await list('gameType=PVP&pageSize=1')).games[0].gameCode).not.toBe('CLI_0001');
    await run('games', '--vendor', 'CLIVENDOR', '--hidden');
    expect(lines.at(-1)).toMatch(/^CLI_0001 .* Cli Rummy {2}\[hot#2 new HIDDEN MAINTENANCE\]$/);
    await run('game-show', 'CLI_0001');
    await run('game-new', 'CLI_0001', 'off');
    await run('game-hot', 'CLI_0001', 'off');
    expect((await list('gameType=PVP&pageSize=1')).games[0]).toMatchObject({ gameCode: 'CLI_0001', isHot: 0, isNew: 0 });
  });

  it('explains wrong usage and server refusals', async () => {
    await expect(run('vendor-add', 'X')).rejects.toThrow(/needs a code, a name and --types/);
    await expect(run('game-hot', 'CLI_0001', 'high')).rejects.toThrow(/rank or "off"/);
    await expect(run('game-new', 'CLI_0001', 'maybe')).rejects.toThrow(/expected "on" or "off"/);
    await expect(run('game-hide', 'NOPE_0001')).rejects.toThrow(/404 GAME_NOT_FOUND/);
    await expect(run('vendor-order', 'NOPE')).rejects.toThrow(/404 VENDOR_NOT_FOUND/);
  });
});
