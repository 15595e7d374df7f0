import type { FastifyInstance } from 'fastify';
import type { Game, GameListResponse, VendorCardGroup } from '@khela/api/games';
import { GAME_TYPES } from '@khela/api/games';
import { createTestApi, TEST_OPS_KEY, type TestDb } from '../../test-support/test-db';
import { seedGameCatalogue, seedCatalogue } from './catalogue.seed';

let t: TestDb & { app: FastifyInstance };
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.dispose());

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ url, headers });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};
const patchGame = (code: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/ops/games/${code}`, payload, headers: { 'x-ops-key': TEST_OPS_KEY } });
const list = async (query: string) => {
  const res = await get(`/wps/relay/GCSGAME_gameList?${query}`);
  expect(res.status).toBe(200);
  return res.body.value as GameListResponse;
};

describe('the seeded catalogue', () => {
  it('has at least 40 vendors across all nine categories and at least 3,000 games', async () => {
    const vendors = await t.db.query<{ game_types: string[] }>('SELECT game_types FROM game_vendors');
    expect(vendors.length).toBeGreaterThanOrEqual(40);
    expect(new Set(vendors.flatMap((v) => v.game_types))).toEqual(new Set(GAME_TYPES));
    const games = await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM games');
    expect(games!.n).toBeGreaterThanOrEqual(3000);
    for (const type of GAME_TYPES) {
      expect((await list(`gameType=${type}&pageSize=1`)).totalElements).toBeGreaterThan(0);
    }
  });

  it('has Bengali names where they differ, and codes and names that are unique per vendor', () => {
    const { games } = seedCatalogue();
    const bn = games.filter((g) => g.name_bn);
    expect(bn.length / games.length).toBeGreaterThan(0.8);
    expect(bn.every((g) => /[\u0980-\u09FF]/.test(g.name_bn!) && g.name_bn !== g.name_en)).toBe(true);
    expect(new Set(games.map((g) => g.game_code)).size).toBe(games.length);
    expect(new Set(games.map((g) => `${g.vendor_code}|${g.name_en}`)).size).toBe(games.length);
  });

  it('is idempotent: seeding again adds nothing and keeps what an operator changed', async () => {
    const before = await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM games');
    expect((await patchGame('LOTUSREEL_0001', { nameEn: 'Renamed By Operator' })).statusCode).toBe(200);
    await t.db.query(`UPDATE catalogue_meta SET value = 'old' WHERE key = 'seed_version'`); // force the inserts to run
    await seedGameCatalogue(t.db);
    expect(await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM games')).toEqual(before);
    expect(await t.db.one(`SELECT name_en FROM games WHERE game_code = 'LOTUSREEL_0001'`)).toEqual({
      name_en: 'Renamed By Operator',
    });
  });
});

describe('GET /wps/relay/GCSGAME_gameList', () => {
  it('answers a page with its ETag, 304 when the client holds it, and the same page for another spelling of the query', async () => {
    const url = '/wps/relay/GCSGAME_gameList?gameType=RNG&pageNo=2&pageSize=5';
    const first = await t.app.inject({ url });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await t.app.inject({ url, headers: { 'if-none-match': '"other"' } })).body).toBe(first.body);
    const respelt = await t.app.inject({ url: '/wps/relay/GCSGAME_gameList?pageSize=5&pageNo=2&gameType=RNG' });
    expect(respelt.body).toBe(first.body);
    expect(respelt.headers.etag).toBe(etag);
    // the language is part of the page: the header's English is not the cached Bengali
    const en = await t.app.inject({ url, headers: { language: 'EN' } });
    expect(en.headers.etag).not.toBe(etag);
    expect((await t.app.inject({ url, headers: { language: 'EN' } })).body).toBe(en.body);
    expect((await t.app.inject({ url })).body).toBe(first.body);
  });

  it('answers pages of 18 by default with every field of the Game entity', async () => {
    const page = await list('gameType=RNG');
    expect(page.games).toHaveLength(18);
    expect(page.pageNum).toBe(1);
    expect(page.totalPages).toBe(Math.ceil(page.totalElements / 18));
    const g = page.games[0];
    for (const field of [
      'nodeId',
      'gameCode',
      'gameName',
      'displayName',
      'vassalage',
      'gameType',
      'isGame',
      'isHot',
      'isNew',
      'supportPlay',
      'iconUrl',
      'defaultIcon',
      'showIcon',
    ]) {
      expect(g).toHaveProperty(field);
    }
    expect(g.iconUrl).toMatch(/^\/wps\/static\/art\/game\/[A-Z0-9_]+\.svg\?v=\w+$/);
  });

  it('pages through the whole list without overlap, in the operator order, and a page past the last is empty', async () => {
    const first = await list('gameType=FISH&pageSize=7');
    const seen: number[] = [];
    for (let p = 1; p <= first.totalPages; p++)
      seen.push(...(await list(`gameType=FISH&pageSize=7&pageNo=${p}`)).games.map((g) => g.nodeId));
    expect(seen).toHaveLength(first.totalElements);
    expect(new Set(seen).size).toBe(seen.length);
    const sorts = await t.db.query<{ node_id: number }>(
      `SELECT g.node_id FROM games g JOIN game_vendors v ON v.code = g.vendor_code
        WHERE g.game_type = 'FISH' AND NOT g.hidden AND NOT v.hidden ORDER BY g.sort, g.node_id`,
    );
    expect(seen).toEqual(sorts.map((r) => Number(r.node_id)));
    const past = await list(`gameType=FISH&pageSize=7&pageNo=${first.totalPages + 1}`);
    expect(past.games).toEqual([]);
    expect(past.totalPages).toBe(first.totalPages);
  });

  it('filters by vendor (case-insensitive; ALL means every vendor; unknown gives none)', async () => {
    const page = await list('gameType=RNG&vassalage=tigerspin&pageSize=100');
    expect(page.totalElements).toBeGreaterThan(100);
    expect(page.games.every((g) => g.vassalage === 'TIGERSPIN')).toBe(true);
    expect((await list('gameType=RNG&vassalage=ALL')).totalElements).toBe((await list('gameType=RNG')).totalElements);
    expect((await list('gameType=RNG&vassalage=NOSUCHVENDOR')).games).toEqual([]);
  });

  it('filters by classify', async () => {
    const page = await list('gameType=LIVE&gameClassify=ROULETTE&pageSize=100');
    expect(page.totalElements).toBeGreaterThan(0);
    expect(page.games.every((g) => g.gameClassify === 'ROULETTE')).toBe(true);
  });

  it('searches the English and the Bengali name, ignoring case', async () => {
    const en = await list('gameName=tiger&pageSize=100&language=EN');
    expect(en.totalElements).toBeGreaterThan(0);
    expect(en.games.every((g) => /tiger/i.test(g.gameName))).toBe(true);
    const bn = await list(`gameName=${encodeURIComponent('বাঘ')}&pageSize=100&language=BN`);
    expect(bn.totalElements).toBeGreaterThan(0);
    expect(bn.games.every((g) => g.displayName.includes('বাঘ'))).toBe(true);
    expect((await list('gameName=zzzzqqq')).totalElements).toBe(0);
  });

  it('filters new games, min bet and min lines, and platform', async () => {
    const fresh = await list('gameType=RNG&isNew=1&pageSize=100');
    expect(fresh.totalElements).toBeGreaterThan(0);
    expect(fresh.games.every((g) => g.isNew === 1)).toBe(true);
    expect((await list('gameType=RNG&isNew=0&pageSize=100')).games.every((g) => g.isNew === 0)).toBe(true);
    const cheap = await list('gameType=RNG&minBet=20&pageSize=100');
    expect(cheap.totalElements).toBeGreaterThan(0);
    expect(cheap.games.every((g) => g.minBet <= 20)).toBe(true);
    const lines = await list('gameType=RNG&minLineNum=243&pageSize=100');
    expect(lines.totalElements).toBeGreaterThan(0);
    expect(lines.games.every((g) => g.lineNum >= 243)).toBe(true);
    const flash = await list('gameType=RNG&platform=flash');
    const both = await list('gameType=RNG&platform=flash,html5-desktop');
    expect(flash.totalElements).toBeLessThan(both.totalElements);
  });

  it('answers names in the language asked for (query, else header, else BN)', async () => {
    const code = 'gameType=RNG&pageSize=40';
    const en = await list(`${code}&language=EN`);
    const bn = await list(`${code}&language=BN`);
    const i = en.games.findIndex((g, k) => g.displayName !== bn.games[k].displayName);
    expect(i).toBeGreaterThanOrEqual(0);
    expect(en.games[i].displayName).toBe(en.games[i].gameName);
    expect(bn.games[i].displayName).toMatch(/[\u0980-\u09FF]/);
    expect((await get(`/wps/relay/GCSGAME_gameList?${code}`, { language: 'EN' })).body.value.games[i].displayName).toBe(
      en.games[i].displayName,
    );
    expect((await get(`/wps/relay/GCSGAME_gameList?${code}`)).body.value.games[i].displayName).toBe(bn.games[i].displayName);
  });

  it('lists every hot game for gameType HOT, by hot rank', async () => {
    const hot = await list('gameType=HOT&pageSize=100');
    expect(hot.totalElements).toBeGreaterThan(50);
    expect(hot.games.every((g) => g.isHot === 1)).toBe(true);
  });

  it.each([
    'pageNo=0',
    'pageNo=-1',
    'pageNo=abc',
    'pageSize=0',
    'pageSize=101',
    'gameType=XYZ',
    'gameType=rng',
    'isNew=2',
    `gameName=${'x'.repeat(51)}`,
    'language=FR',
    'minBet=0',
    'minBet=abc',
    'minLineNum=-1',
    'vassalage=bad%20code',
    'platform=java',
    'gameClassify=a%27b',
    'clientType=abc',
  ])('refuses %s with a clear 400', async (query) => {
    const res = await get(`/wps/relay/GCSGAME_gameList?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR', value: null });
    expect(res.body.message).toMatch(/^querystring\//);
  });

  it('serves repeated pages from the same bytes, and the answer validates against the document', async () => {
    const a = await t.app.inject({ url: '/wps/relay/GCSGAME_gameList?gameType=PVP&pageNo=2' });
    const b = await t.app.inject({ url: '/wps/relay/GCSGAME_gameList?gameType=PVP&pageNo=2' });
    expect(a.body).toBe(b.body);
    expect(a.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(a.body).success).toBe(true);
  });

  it('answers a page served before without checking its address again, with the same headers', async () => {
    const url = '/wps/relay/GCSGAME_gameList?gameType=FISH&pageNo=1&pageSize=7';
    const first = await t.app.inject({ url });
    const again = await t.app.inject({ url });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    // the platform's headers (security, type, entity tag) as on the first answer
    for (const name of ['content-type', 'etag', 'x-content-type-options', 'content-security-policy', 'referrer-policy'])
      expect([name, again.headers[name]]).toEqual([name, first.headers[name]]);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    // only the address as sent: one that differs in a bad value is still refused
    const bad = await t.app.inject({ url: `${url}&pageNo=0` });
    expect(bad.statusCode).toBe(400);
    const control = await t.app.inject({ url: `${url}&gameName=%01` });
    expect(control.statusCode).toBe(400);
  });
});

describe('GET /wps/relay/GCSGAME_hotGamesV2', () => {
  it('lists the hot games of a type by rank, with a limit and a vendor filter', async () => {
    const res = await get(
      '/wps/relay/GCSGAME_hotGamesV2?gameType=RNG&merchantCode=KHELA&isPlatform=2&platform=flash,html5-desktop',
    );
    const all = res.body.value.list as Game[];
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(all.every((g) => g.gameType === 'RNG' && g.isHot === 1)).toBe(true);
    const ranks = await t.db.query<{ node_id: number }>(
      `SELECT node_id FROM games WHERE game_type = 'RNG' AND hot_rank IS NOT NULL ORDER BY hot_rank`,
    );
    expect(all.map((g) => g.nodeId)).toEqual(
      ranks.map((r) => Number(r.node_id)).filter((id) => all.some((g) => g.nodeId === id)),
    );
    const twelve = (await get('/wps/relay/GCSGAME_hotGamesV2?gameType=RNG&limit=12')).body.value.list as Game[];
    expect(twelve.map((g) => g.nodeId)).toEqual(all.slice(0, 12).map((g) => g.nodeId));
    const vendor = all[0].vassalage;
    const own = (await get(`/wps/relay/GCSGAME_hotGamesV2?gameType=RNG&vassalage=${vendor}`)).body.value.list as Game[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((g) => g.vassalage === vendor)).toBe(true);
    const types = new Set(((await get('/wps/relay/GCSGAME_hotGamesV2')).body.value.list as Game[]).map((g) => g.gameType));
    expect(types.size).toBeGreaterThan(3);
  });

  it.each(['gameType=NOPE', 'limit=0', 'limit=abc', 'language=xx'])('refuses %s', async (q) => {
    expect((await get(`/wps/relay/GCSGAME_hotGamesV2?${q}`)).status).toBe(400);
  });
});

describe('vendors, vendor game types and game menus', () => {
  it('answers the vendor card groups in data.lanes; the sports lane carries the e-sports and cockfight cards', async () => {
    const res = await get('/wps/relay/GCSGAME_newGameVendor?language=EN');
    const lanes = res.body.value.data.lanes as VendorCardGroup[];
    expect(lanes.map((l) => l.gameCategory)).toEqual(['RNG', 'LIVE', 'FISH', 'SPORTS', 'PVP', 'LOTT', 'ELOTT']);
    const sports = lanes.find((l) => l.gameCategory === 'SPORTS')!;
    const cardTypes = new Set(sports.vendors.map((c) => sports.cards[c].gameType));
    expect(cardTypes).toEqual(new Set(['SPORTS', 'ESPORTS', 'COCKFIGHT']));
    const rng = lanes[0];
    expect(rng.cards[rng.vendors[0]]).toMatchObject({ code: rng.vendors[0], gameType: 'RNG' });
    expect(rng.cards[rng.vendors[0]].lagerIcon).toMatch(/^\/wps\/static\/art\/vendor\//);
    const video = rng.gameClassify.find((c) => c.key === 'VIDEO')!;
    expect(video.displayName).toBe('Video slots');
    const counted = (await list(`gameType=RNG&gameClassify=VIDEO&vassalage=${rng.vendors[0]}&pageSize=1`)).totalElements;
    expect(video.vendors[rng.vendors[0]]).toBe(counted);
    expect(lanes.find((l) => l.gameCategory === 'FISH')!.gameClassify).toEqual([]); // Fish has only All
    const bn = (await get('/wps/relay/GCSGAME_newGameVendor?language=BN')).body.value.data.lanes as VendorCardGroup[];
    expect(bn[0].cards[bn[0].vendors[0]].displayName).toMatch(/[\u0980-\u09FF]/);
  });

  it('answers the vendor game types by type and vendor', async () => {
    const { content } = (await get('/wps/relay/GCSGAME_getVassGameType')).body.value;
    expect(Object.keys(content).sort()).toEqual([...GAME_TYPES].sort());
    expect(content.LIVE.JAMUNALIVE).toEqual(expect.arrayContaining(['BACCARAT']));
    expect(content.FISH.DEEPNET).toEqual([]);
  });

  it('answers one game menu per category that has vendors, with its page and vendors', async () => {
    const { menus } = (await get('/lgw/games/game_menus?language=EN')).body.value;
    expect(menus.map((m: { type: string }) => m.type)).toEqual([
      'RNG',
      'LIVE',
      'FISH',
      'SPORTS',
      'ESPORTS',
      'PVP',
      'COCKFIGHT',
      'LOTT',
      'ELOTT',
    ]);
    expect(menus[0]).toMatchObject({ name: 'Slots', page: '/rng' });
    expect(menus.find((m: { type: string }) => m.type === 'COCKFIGHT').page).toBe('/sports?category=COCKFIGHT');
    expect(menus[0].data.vendors.length).toBeGreaterThan(10);
  });
});

describe('GET /wps/relay/GCSGAME_getRankList', () => {
  it('answers 20 winners by default, sorted by winAmount, largest first, with the game of each', async () => {
    const res = await get('/wps/relay/GCSGAME_getRankList?gameCategory=ALL&language=EN&limitNum=20');
    const rows = res.body.value.list as { vo: { customerName: string; gameName: string; iconUrl: string }; winAmount: number }[];
    expect(rows).toHaveLength(20);
    expect(rows.map((r) => r.winAmount)).toEqual([...rows.map((r) => r.winAmount)].sort((a, b) => b - a));
    expect(rows[0].vo.customerName).toMatch(/^\w{2}\*\*\*\w$/);
    expect(rows[0].vo.iconUrl).toMatch(/^\/wps\/static\/art\/game\//);
    expect((await get('/wps/relay/GCSGAME_getRankList')).body.value.list).toHaveLength(20);
    const max = await t.db.one<{ m: number }>('SELECT max(win_amount) AS m FROM game_wins');
    expect(rows[0].winAmount).toBe(Number(max!.m));
  });

  it('filters by category and honours the limit', async () => {
    const rows = (await get('/wps/relay/GCSGAME_getRankList?gameCategory=LIVE&limitNum=5')).body.value.list;
    expect(rows.length).toBeLessThanOrEqual(5);
    expect(rows.every((r: { vo: { gameType: string } }) => r.vo.gameType === 'LIVE')).toBe(true);
  });

  it.each(['limitNum=0', 'limitNum=101', 'gameCategory=NOPE', 'limitNum=x'])('refuses %s', async (q) => {
    expect((await get(`/wps/relay/GCSGAME_getRankList?${q}`)).status).toBe(400);
  });
});

describe('artwork', () => {
  it('serves a game, a vendor, a banner and a default icon as SVG, cached for a year', async () => {
    for (const url of [
      '/wps/static/art/game/LOTUSREEL_0002.svg?v=1',
      '/wps/static/art/vendor/LOTUSREEL.svg',
      '/wps/static/art/banner/home-live.svg',
      '/wps/static/art/default/FISH.svg',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(res.body).not.toMatch(/<script|href=/);
    }
  });

  it('draws the same art for the same game, different art for different games, and escapes the title', async () => {
    const a = await t.app.inject({ url: '/wps/static/art/game/LOTUSREEL_0003.svg' });
    expect((await t.app.inject({ url: '/wps/static/art/game/LOTUSREEL_0003.svg' })).body).toBe(a.body);
    expect((await t.app.inject({ url: '/wps/static/art/game/LOTUSREEL_0004.svg' })).body).not.toBe(a.body);
    expect((await patchGame('LOTUSREEL_0005', { nameEn: 'Tom & <Jerry>' })).statusCode).toBe(200);
    const esc = await t.app.inject({ url: '/wps/static/art/game/LOTUSREEL_0005.svg' });
    expect(esc.body).toContain('Tom &amp;');
    expect(esc.body).not.toContain('<Jerry>');
  });

  it.each([
    '/wps/static/art/game/NOPE.svg',
    '/wps/static/art/vendor/NOPE.svg',
    '/wps/static/art/default/NOPE.svg',
    '/wps/static/art/game/..%2Fx.svg',
    '/wps/static/art/game/a.png',
  ])('%s is a 404 or 400 in the envelope', async (url) => {
    const res = await t.app.inject({ url });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json().success).toBe(false);
  });
});

describe('GET /wps/relay/MCSFE_getListAnnouncements', () => {
  it('answers banners (with their group), player notices, popups and promotions, in the language asked for', async () => {
    const res = await get('/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR&platform=W&execution=B&language=EN');
    const v = res.body.value;
    expect(v.banners.filter((b: { groupName: string }) => b.groupName === 'w_home').length).toBeGreaterThanOrEqual(3);
    expect(new Set(v.banners.map((b: { groupName: string }) => b.groupName))).toEqual(
      new Set(['w_home', 'w_login', 'w_register', 'w_leftmenu']),
    );
    expect(v.playerNotices.length).toBeGreaterThan(0);
    expect(v.popup.every((p: { execution: string }) => p.execution === 'B')).toBe(true);
    expect(v.promotion[0].promotionType).toBe('REBATE');
    const bn = (await get('/wps/relay/MCSFE_getListAnnouncements?types=PL&language=BN')).body.value;
    expect(bn.playerNotices[0].title).toMatch(/[\u0980-\u09FF]/);
    expect(bn.banners).toEqual([]);
    const home = (await get('/wps/relay/MCSFE_getListAnnouncements?types=B&groupName=w_home')).body.value.banners;
    expect(home.every((b: { groupName: string }) => b.groupName === 'w_home')).toBe(true);
    expect(home[0].imageUrl).toMatch(/^\/wps\/static\/art\/banner\/[\w-]+\.svg$/);
  });

  it.each(['types=X', 'types=B,,PL', 'execution=Z', 'platform=Q', 'groupName=W%20HOME'])('refuses %s', async (q) => {
    expect((await get(`/wps/relay/MCSFE_getListAnnouncements?${q}`)).status).toBe(400);
  });
});

it('documents every catalogue call in the OpenAPI document', async () => {
  const doc = (await get('/wps/docs/json')).body;
  for (const path of [
    '/wps/relay/GCSGAME_gameList',
    '/wps/relay/GCSGAME_hotGamesV2',
    '/wps/relay/MCSFE_getFavoriteGames',
    '/wps/relay/MCSFE_getFavoriteGamesList',
    '/wps/relay/MCSFE_addFavoriteGameV2',
    '/wps/relay/MCSFE_removeFavoriteGameV2',
    '/wps/relay/GCS_recentGame',
    '/wps/relay/GCSGAME_newGameVendor',
    '/wps/relay/GCSGAME_getVassGameType',
    '/lgw/games/game_menus',
    '/wps/relay/GCSGAME_getRankList',
    '/wps/game/launchGame',
    '/wps/relay/GCS_gameLaunchFB',
    '/lgw/vn/games/game_menu',
    '/lgw/vn/numeros/opened/game',
    '/lotto/lgw/games/opened/numero',
    '/wps/relay/MCSFE_getListAnnouncements',
  ]) {
    expect(doc.paths).toHaveProperty([path]);
  }
  // the operators' endpoints are listed apart, under the tag ops (and left out in production)
  const opsTags = Object.entries<Record<string, { tags?: string[] }>>(doc.paths)
    .filter(([p]) => p.startsWith('/ops/'))
    .flatMap(([, methods]) => Object.values(methods).map((o) => o.tags));
  expect(opsTags.every((tags) => tags?.length === 1 && tags[0] === 'ops')).toBe(true);
});
