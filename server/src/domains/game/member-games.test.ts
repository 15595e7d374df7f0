import type { FastifyInstance } from 'fastify';
import type { Game } from '@khela/api/games';
import { createTestApi, opsCall, TEST_OPS_KEY, type TestDb } from '../../test-support/test-db';

let t: TestDb & { app: FastifyInstance };
let seq = 0;
let rng: Game[];
let live: Game[];

beforeAll(async () => {
  t = await createTestApi();
  rng = (await t.app.inject({ url: '/wps/relay/GCSGAME_gameList?gameType=RNG&pageSize=30&language=EN' })).json().value.games;
  live = (await t.app.inject({ url: '/wps/relay/GCSGAME_gameList?gameType=LIVE&pageSize=60&language=EN' })).json().value.games;
});
afterAll(() => t.dispose());

async function member(type = 0) {
  const account = `gamer${++seq}`;
  const created = await opsCall(t.app, 'POST', '/ops/members', { account, type });
  const session = await opsCall(t.app, 'POST', '/ops/sessions', { account });
  return { id: created.body.value.id as number, token: session.body.value.token as string };
}

const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) => {
  const res = await t.app.inject({ method, url, payload, headers: token ? { authorization: token } : {} });
  return { status: res.statusCode, body: res.json() };
};
const add = (g: Game, token?: string) =>
  call('POST', '/wps/relay/MCSFE_addFavoriteGameV2', token, { nodeId: g.nodeId, vendor: g.vassalage, gameType: g.gameType });
const remove = (g: Game, token?: string) =>
  call('DELETE', `/wps/relay/MCSFE_removeFavoriteGameV2?nodeId=${g.nodeId}&vendor=${g.vassalage}&gameType=${g.gameType}`, token);
const ids = async (token: string) => (await call('GET', '/wps/relay/MCSFE_getFavoriteGames', token)).body.value.ids as number[];
const launch = (query: string, token?: string) => call('GET', `/wps/game/launchGame?${query}`, token);
const recent = async (token: string, query = '') => (await call('GET', `/wps/relay/GCS_recentGame?${query}`, token)).body.value;

describe('favourites', () => {
  it('need a session: a guest gets 401 NOT_LOGGED_IN on every call', async () => {
    for (const res of [
      await call('GET', '/wps/relay/MCSFE_getFavoriteGames'),
      await call('GET', '/wps/relay/MCSFE_getFavoriteGamesList'),
      await add(rng[0]),
      await remove(rng[0]),
      await call('GET', '/wps/relay/GCS_recentGame'),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.errorCode).toBe('NOT_LOGGED_IN');
    }
  });

  it('adds, lists (newest first) and removes; adding twice and removing a non-favourite change nothing', async () => {
    const m = await member();
    expect((await add(rng[0], m.token)).body.value).toEqual({ nodeId: rng[0].nodeId, added: true });
    expect((await add(rng[1], m.token)).body.value.added).toBe(true);
    expect((await add(rng[0], m.token)).body.value).toEqual({ nodeId: rng[0].nodeId, added: false });
    expect(await ids(m.token)).toEqual([rng[1].nodeId, rng[0].nodeId]);
    const page = (await call('GET', '/wps/relay/MCSFE_getFavoriteGamesList?pageNo=1&pageSize=999&language=EN', m.token)).body
      .value;
    expect(page).toMatchObject({ pageNum: 1, totalPages: 1, totalElements: 2 });
    expect(page.content.map((g: Game) => g.nodeId)).toEqual([rng[1].nodeId, rng[0].nodeId]);
    expect(page.content[0]).toEqual(rng[1]);

    expect((await remove(rng[1], m.token)).body.value).toEqual({ nodeId: rng[1].nodeId, removed: true });
    expect((await remove(rng[1], m.token)).body.value).toEqual({ nodeId: rng[1].nodeId, removed: false });
    expect(await ids(m.token)).toEqual([rng[0].nodeId]);
  });

  it('are kept per member', async () => {
    const a = await member();
    const b = await member();
    await add(rng[2], a.token);
    expect(await ids(b.token)).toEqual([]);
    await remove(rng[2], b.token);
    expect(await ids(a.token)).toEqual([rng[2].nodeId]);
  });

  it('list filters by game type and vendor, pages up to 999 and refuses bigger pages', async () => {
    const m = await member();
    for (const g of [...rng.slice(0, 5), ...live.slice(0, 3)]) await add(g, m.token);
    const list = (q: string) => call('GET', `/wps/relay/MCSFE_getFavoriteGamesList?${q}`, m.token);
    expect((await list('gameType=LIVE')).body.value.totalElements).toBe(3);
    expect((await list('gameType=ALL')).body.value.totalElements).toBe(8);
    const vendor = rng[0].vassalage;
    const byVendor = (await list(`vendor=${vendor}&pageSize=999`)).body.value.content as Game[];
    expect(byVendor.length).toBe(rng.slice(0, 5).filter((g) => g.vassalage === vendor).length);
    expect((await list(`vassalage=${vendor}`)).body.value.totalElements).toBe(byVendor.length);
    const paged = (await list('pageSize=3&pageNo=3')).body.value;
    expect(paged).toMatchObject({ pageNum: 3, totalPages: 3, totalElements: 8 });
    expect(paged.content).toHaveLength(2);
    for (const q of ['pageSize=1000', 'pageSize=0', 'pageNo=0', 'gameType=X', 'vendor=a%20b']) {
      const res = await list(q);
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe('VALIDATION_ERROR');
    }
  });

  it('refuses a trial account, an unknown game, a wrong vendor or type, and bad bodies, changing nothing', async () => {
    const trial = await member(4);
    const res = await add(rng[0], trial.token);
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('NEED_REAL_ACCOUNT');
    expect(await t.db.query('SELECT 1 FROM favourite_games WHERE member_id = $1', [trial.id])).toEqual([]);

    const m = await member();
    const before = await t.db.query('SELECT node_id FROM favourite_games WHERE member_id = $1', [m.id]);
    const cases: [object, number, string][] = [
      [{ nodeId: 99999999, vendor: 'LOTUSREEL', gameType: 'RNG' }, 404, 'GAME_NOT_FOUND'],
      [{ nodeId: rng[0].nodeId, vendor: 'OTHERVENDOR', gameType: rng[0].gameType }, 400, 'GAME_MISMATCH'],
      [{ nodeId: rng[0].nodeId, vendor: rng[0].vassalage, gameType: 'LIVE' }, 400, 'GAME_MISMATCH'],
      [{ nodeId: 'abc', vendor: 'X', gameType: 'RNG' }, 400, 'VALIDATION_ERROR'],
      [{ nodeId: rng[0].nodeId }, 400, 'VALIDATION_ERROR'],
      [{ nodeId: rng[0].nodeId, vendor: rng[0].vassalage, gameType: 'RNG', extra: 1 }, 400, 'VALIDATION_ERROR'],
      [{ nodeId: -1, vendor: rng[0].vassalage, gameType: 'RNG' }, 400, 'VALIDATION_ERROR'],
    ];
    for (const [payload, status, code] of cases) {
      const r = await call('POST', '/wps/relay/MCSFE_addFavoriteGameV2', m.token, payload);
      expect([r.status, r.body.errorCode]).toEqual([status, code]);
    }
    const raw = await t.app.inject({
      method: 'POST',
      url: '/wps/relay/MCSFE_addFavoriteGameV2',
      headers: { authorization: m.token, 'content-type': 'application/json' },
      payload: '{bad json',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().success).toBe(false);
    expect(await t.db.query('SELECT node_id FROM favourite_games WHERE member_id = $1', [m.id])).toEqual(before);
    expect((await call('DELETE', '/wps/relay/MCSFE_removeFavoriteGameV2?nodeId=1', m.token)).status).toBe(400);
  });

  it('leave out games hidden since, and such a favourite can still be removed', async () => {
    const m = await member();
    const g = rng[10];
    await add(g, m.token);
    const hide = (hidden: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/ops/games/${g.gameCode}`,
        payload: { hidden },
        headers: { 'x-ops-key': TEST_OPS_KEY },
      });
    expect((await hide(true)).statusCode).toBe(200);
    try {
      expect(await ids(m.token)).toEqual([]);
      expect((await add(g, m.token)).status).toBe(404);
      expect((await remove(g, m.token)).body.value.removed).toBe(true);
    } finally {
      await hide(false);
    }
  });
});

describe('launch and recent games', () => {
  it('a launch answers the platform launch page and puts the game on top of the recent list', async () => {
    const m = await member();
    expect((await recent(m.token)).list).toEqual([]);
    const first = await launch(`nodeId=${rng[0].nodeId}&accountType=1&language=EN&platform=html5-desktop&clientType=3`, m.token);
    expect(first.status).toBe(200);
    // a slot of a vendor not connected: the studio plays it, the address carries the launch's wallet token
    expect(first.body.value.content.game_url).toMatch(new RegExp(`^/play/${rng[0].gameCode}\\?token=[A-Za-z0-9_-]{43}$`));
    const liveGame = live.find((g) => g.isGame === 'GAME')!;
    const liveLaunch = await launch(`nodeId=${liveGame.nodeId}`, m.token);
    expect(liveLaunch.body.value.content.game_url).toBe(`/seamless?ticket=${liveLaunch.body.value.content.ticket}`);
    await launch(`gameId=${rng[1].gameCode}`, m.token);
    await launch(`nodeId=${rng[0].nodeId}`, m.token);
    const list = await recent(m.token, 'page=1&pageSize=6&language=EN');
    expect(list.list.map((g: Game) => g.nodeId)).toEqual([rng[0].nodeId, rng[1].nodeId, liveGame.nodeId]);
    expect(list).toMatchObject({ totalPages: 1, totalElements: 3 });
    expect((await recent(m.token, 'gameType=LIVE')).list.map((g: Game) => g.nodeId)).toEqual([liveGame.nodeId]);
    expect(Date.parse(list.list[0].lastPlayedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(
      await t.db.one('SELECT play_count FROM recent_games WHERE member_id = $1 AND node_id = $2', [m.id, rng[0].nodeId]),
    ).toEqual({ play_count: 2 });
    expect((await recent(m.token, `gameType=RNG&vassalage=${rng[1].vassalage}`)).list.length).toBeGreaterThan(0);
    expect((await call('GET', '/wps/relay/GCS_recentGame?page=0', m.token)).status).toBe(400);
    expect((await call('GET', '/wps/relay/GCS_recentGame?pageSize=101', m.token)).status).toBe(400);
  });

  it('the launch page shows the game to the member who launched it only, and honestly says it is not connected', async () => {
    const m = await member();
    const other = await member();
    const { ticket } = (await launch(`nodeId=${rng[3].nodeId}`, m.token)).body.value.content;
    const detail = await call('GET', `/wps/game/launch/${ticket}?language=EN`, m.token);
    expect(detail.status).toBe(200);
    expect(detail.body.value).toMatchObject({ ticket, accountType: 1, launchMode: 'GAME', connected: false, lotto: null });
    expect(detail.body.value.game).toEqual(rng[3]);
    expect(detail.body.value.vendor.code).toBe(rng[3].vassalage);
    expect((await call('GET', `/wps/game/launch/${ticket}`, other.token)).body.errorCode).toBe('LAUNCH_NOT_FOUND');
    expect((await call('GET', `/wps/game/launch/${ticket}`)).status).toBe(401);
    expect((await call('GET', '/wps/game/launch/short', m.token)).status).toBe(400);
    await t.db.query(`UPDATE game_launches SET created_at = now() - interval '25 hours' WHERE ticket = $1`, [ticket]);
    expect((await call('GET', `/wps/game/launch/${ticket}`, m.token)).status).toBe(404);
  });

  it('launches a vendor (its lobby) from the vendor code alone', async () => {
    const m = await member();
    const res = await launch('vassalage=KHELASPORTS&gameType=SPORTS&launchMode=VENDOR', m.token);
    const detail = (await call('GET', `/wps/game/launch/${res.body.value.content.ticket}`, m.token)).body.value;
    expect(detail.game).toMatchObject({ vassalage: 'KHELASPORTS', isGame: 'LOBBY' });
  });

  it('free trial: only for games with supportPlay 0; a trial account plays trial only', async () => {
    const trialOk = rng.find((g) => g.supportPlay === 0)!;
    const realOnly = rng.find((g) => g.supportPlay === 1)!;
    const trial = await member(4);
    expect((await launch(`nodeId=${realOnly.nodeId}`, trial.token)).body.errorCode).toBe('NEED_REAL_ACCOUNT');
    expect((await launch(`nodeId=${trialOk.nodeId}&accountType=0`, trial.token)).status).toBe(200);
    expect((await call('GET', `/wps/relay/GCS_gameTrialLaunch?nodeId=${trialOk.nodeId}`, trial.token)).status).toBe(200);
    const m = await member();
    expect((await launch(`nodeId=${realOnly.nodeId}&accountType=0`, m.token)).body.errorCode).toBe('TRIAL_NOT_SUPPORTED');
    expect((await call('GET', `/wps/relay/GCS_gameLaunchFB?nodeId=${realOnly.nodeId}`, m.token)).status).toBe(200);
  });

  it('refuses guests, missing or unknown targets, a VASSALAGE entry, a game under maintenance and bad input, recording nothing', async () => {
    const m = await member();
    const vassalage = live.find((g) => g.isGame === 'VASSALAGE')!;
    const cases: [string, number, string][] = [
      ['', 400, 'LAUNCH_TARGET_MISSING'],
      ['nodeId=99999999', 404, 'GAME_NOT_FOUND'],
      ['gameId=NOPE_0001', 404, 'GAME_NOT_FOUND'],
      [`nodeId=${vassalage.nodeId}`, 400, 'NOT_LAUNCHABLE'],
      [`nodeId=${rng[0].nodeId}&vassalage=OTHERVENDOR`, 400, 'GAME_MISMATCH'],
      ['vassalage=NOSUCHVENDOR', 404, 'GAME_NOT_FOUND'],
      ['nodeId=abc', 400, 'VALIDATION_ERROR'],
      ['nodeId=1&accountType=2', 400, 'VALIDATION_ERROR'],
      ['nodeId=1&launchMode=FLASH', 400, 'VALIDATION_ERROR'],
      ['nodeId=1&backUrl=https://evil.example', 400, 'VALIDATION_ERROR'],
      ['nodeId=1&backUrl=//evil.example', 400, 'VALIDATION_ERROR'],
      ['launchMode=LOTT', 400, 'LAUNCH_TARGET_MISSING'],
    ];
    for (const [q, status, code] of cases) {
      const res = await launch(q, m.token);
      expect([q, res.status, res.body.errorCode]).toEqual([q, status, code]);
    }
    expect((await launch(`nodeId=${rng[0].nodeId}`)).status).toBe(401);
    const g = rng[5];
    const maintenance = (on: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/ops/games/${g.gameCode}`,
        payload: { maintenance: on },
        headers: { 'x-ops-key': TEST_OPS_KEY },
      });
    await maintenance(true);
    try {
      const res = await launch(`nodeId=${g.nodeId}`, m.token);
      expect([res.status, res.body.errorCode]).toEqual([409, 'GAME_MAINTENANCE']);
    } finally {
      await maintenance(false);
    }
    expect(await t.db.query('SELECT 1 FROM game_launches WHERE member_id = $1', [m.id])).toEqual([]);
    expect(await t.db.query('SELECT 1 FROM recent_games WHERE member_id = $1', [m.id])).toEqual([]);
  });
});
