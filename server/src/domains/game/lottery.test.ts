import type { FastifyInstance } from 'fastify';
import type { LotteryMenu } from '@khela/api/games';
import { createTestApi, opsCall, type TestDb } from '../../test-support/test-db';
import { drawNumbersFromSeed, verifyDraw } from '@khela/games-math';
import { nodeSha256 } from '@khela/games-math/node';
import { drawNumbers, drawSeed, lotterySecret, numero, openedDraws, prizeModesOf } from './lottery.draws';

const S = 'a'.repeat(64);

let t: TestDb & { app: FastifyInstance };
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.dispose());

const get = async (url: string, token?: string) => {
  const res = await t.app.inject({ url, headers: token ? { authorization: token } : {} });
  return { status: res.statusCode, body: res.json() };
};

async function token(type = 0) {
  const account = `lotto${Math.random().toString(36).slice(2, 10)}`;
  await opsCall(t.app, 'POST', '/ops/members', { account, type });
  return (await opsCall(t.app, 'POST', '/ops/sessions', { account })).body.value.token as string;
}

describe('lottery menus', () => {
  it('groups the lottery games by gameGroupCode; every game carries its group', async () => {
    const menus = (await get('/lgw/vn/games/game_menu?language=EN&device=WEB')).body.value.gameMenus as LotteryMenu[];
    expect(menus.map((m) => m.gameGroupCode)).toEqual(
      expect.arrayContaining(['VN', 'FAST', 'DAILY', 'SEA', 'NUMBERS', 'QUICK', 'KENO', 'BINGO']),
    );
    for (const m of menus) expect(m.games.every((g) => g.gameGroupCode === m.gameGroupCode)).toBe(true);
    const vn = menus.find((m) => m.gameGroupCode === 'VN')!;
    expect(vn.name).toBe('Vietnam');
    expect(vn.games[0]).toMatchObject({
      gameCode: 'VN_NORTH',
      displayName: 'Vietnam North',
      vassalage: 'LOTT',
      prizeModes: ['LOTT', 'ELOTT'],
    });
  });

  it('filters by prize mode; the lottery game list does too', async () => {
    const sea = (await get('/lgw/vn/games/game_menu?prizeMode=SEA')).body.value.gameMenus as LotteryMenu[];
    expect(sea.map((m) => m.gameGroupCode)).toEqual(['SEA']);
    const games = (await get('/lgw/vn/games?prizeMode=ELOTT&device=WEB')).body.value.games;
    expect(games.length).toBeGreaterThan(0);
    expect(games.every((g: { prizeModes: string[] }) => g.prizeModes.includes('ELOTT'))).toBe(true);
    expect((await get('/lgw/vn/games?prizeMode=NOPE')).status).toBe(400);
  });

  it('the recent lottery menu needs a session and lists lottery games played', async () => {
    expect((await get('/lgw/vn/games/game_menu/recent')).status).toBe(401);
    const m = await token();
    expect((await get('/lgw/vn/games/game_menu/recent', m)).body.value.gameMenus).toEqual([]);
    const launched = await get(
      '/wps/game/launchGame?launchMode=LOTT&lottoArea=VN&lottoPrizeMode=ELOTT&lottoGameCode=VN_NORTH&lottoView=betting&device=WEB&backUrl=/lott&language=EN',
      m,
    );
    expect(launched.status).toBe(200);
    const recent = (await get('/lgw/vn/games/game_menu/recent?language=EN', m)).body.value.gameMenus;
    expect(recent).toHaveLength(1);
    expect(recent[0].games.map((g: { gameCode: string }) => g.gameCode)).toEqual(['VN_NORTH']);
    const detail = (await get(`/wps/game/launch/${launched.body.value.content.ticket}`, m)).body.value;
    expect(detail).toMatchObject({
      launchMode: 'LOTT',
      lotto: { area: 'VN', prizeMode: 'ELOTT', view: 'betting' },
      connected: true,
    });
    // every lottery the platform draws takes bets: a FAST game and a DAILY one open their betting view too
    for (const [code, mode] of [
      ['KHELA_1M', 'LOTT'],
      ['DHAKA_DAILY', 'ZY'],
      ['KH_KENO80', 'ELOTT'],
    ]) {
      const l = await get(
        `/wps/game/launchGame?launchMode=LOTT&lottoArea=VN&lottoPrizeMode=${mode}&lottoGameCode=${code}&lottoView=betting&device=WEB&language=EN`,
        m,
      );
      expect([code, (await get(`/wps/game/launch/${l.body.value.content.ticket}`, m)).body.value.connected]).toEqual([
        code,
        true,
      ]);
    }
  });

  it('refuses a prize mode the game does not have, and a non-lottery game in LOTT mode', async () => {
    const m = await token();
    expect((await get('/wps/game/launchGame?launchMode=LOTT&lottoGameCode=VN_NORTH&lottoPrizeMode=SEA', m)).body.errorCode).toBe(
      'PRIZE_MODE_UNSUPPORTED',
    );
    expect((await get('/wps/game/launchGame?launchMode=LOTT&lottoGameCode=LOTUSREEL_0001', m)).body.errorCode).toBe(
      'GAME_NOT_FOUND',
    );
    expect((await get('/wps/game/launchGame?launchMode=LOTT&lottoGameCode=VN_NORTH&lottoView=grid', m)).status).toBe(400);
  });
});

describe('opened numbers', () => {
  it('answers the last draws of a game, newest first, and the next draw time', async () => {
    const res = (await get('/lgw/vn/numeros/opened/game?gameCode=KHELA_1M&size=5')).body.value;
    expect(res.gameCode).toBe('KHELA_1M');
    expect(res.list).toHaveLength(5);
    const times = res.list.map((d: { openedAt: string }) => Date.parse(d.openedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times[0] - times[1]).toBe(60_000);
    expect(Date.parse(res.nextDrawAt) - times[0]).toBe(60_000);
    expect(times[0]).toBeLessThanOrEqual(Date.now());
    expect(res.list[0].openedNumbers).toHaveLength(5);
    expect((await get('/lgw/vn/numeros/opened/game?gameCode=KHELA_1M')).body.value.list).toHaveLength(10);
  });

  it('answers the latest draw of every lottery game, or of the codes asked for', async () => {
    const all = (await get('/lotto/lgw/games/opened/numero')).body.value.list;
    expect(all.length).toBeGreaterThan(20);
    const two = (await get('/lotto/lgw/games/opened/numero?gameCodes=VN_NORTH,kh_keno80')).body.value.list;
    expect(two.map((d: { gameCode: string }) => d.gameCode)).toEqual(['VN_NORTH', 'KH_KENO80']);
    expect(two[1].openedNumbers).toHaveLength(20);
  });

  it.each([
    ['/lgw/vn/numeros/opened/game', 400],
    ['/lgw/vn/numeros/opened/game?gameCode=NOPE', 404],
    ['/lgw/vn/numeros/opened/game?gameCode=LOTUSREEL_0001', 404],
    ['/lgw/vn/numeros/opened/game?gameCode=VN_NORTH&size=0', 400],
    ['/lgw/vn/numeros/opened/game?gameCode=VN_NORTH&size=51', 400],
    ['/lotto/lgw/games/opened/numero?gameCodes=VN_NORTH,NOPE', 404],
    ['/lotto/lgw/games/opened/numero?gameCodes=,', 400],
  ])('%s → %i', async (url, status) => {
    const res = await get(url as string);
    expect(res.status).toBe(status);
    expect(res.body.success).toBe(false);
  });

  it('draws are deterministic per game and index, shaped by group, and numbered by the Dhaka date', () => {
    expect(drawNumbers(S, 'VN_NORTH', 'VN', 10)).toEqual(drawNumbers(S, 'VN_NORTH', 'VN', 10));
    expect(drawNumbers(S, 'VN_NORTH', 'VN', 10)).not.toEqual(drawNumbers(S, 'VN_NORTH', 'VN', 11));
    const daily = drawNumbers(S, 'DHAKA_DAILY', 'DAILY', 3).map(Number);
    expect(new Set(daily).size).toBe(6);
    expect(daily.every((n) => n >= 1 && n <= 45)).toBe(true);
    expect(drawNumbers(S, 'QD_TRIPLE_DICE', 'QUICK', 1).every((d) => /^[1-6]$/.test(d))).toBe(true);
    expect([...drawNumbers(S, 'QD_RACE10', 'QUICK', 1)].sort()).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
    ]);
    // 2024-01-01T18:00Z is 2024-01-02 00:00 in Dhaka: the first one-minute draw of that day
    const index = Date.UTC(2024, 0, 1, 18, 0) / 1000 / 60;
    expect(numero(index, 60)).toBe('20240102-0001');
    expect(numero(Date.UTC(2024, 0, 1) / 1000 / 86400, 86400)).toBe('20240101');
    const { list } = openedDraws(S, { gameCode: 'X', groupCode: 'FAST', drawInterval: 300 }, 2, Date.UTC(2024, 0, 1, 0, 7));
    expect(list.map((d) => d.openedAt)).toEqual(['2024-01-01T00:05:00.000Z', '2024-01-01T00:00:00.000Z']);
  });

  it('opened draws show their revealed seed, which matches its commitment and gives the numbers; the next draw only its commitment', async () => {
    const res = (await get('/lgw/vn/numeros/opened/game?gameCode=VN_NORTH&size=2')).body.value;
    const index = Math.floor(Date.parse(res.list[0].openedAt) / 1000 / 86400);
    const d = res.list[0];
    expect(d.openedNumbers).toHaveLength(27);
    expect(d.serverSeed).toBe(drawSeed(t.app.lottery.secret, 'VN_NORTH', index));
    expect(drawNumbersFromSeed(d.serverSeed, 'VN_NORTH', 'VN', index)).toEqual(d.openedNumbers);
    expect(await verifyDraw(nodeSha256, { ...d, gameCode: 'VN_NORTH', group: 'VN', index, numbers: d.openedNumbers })).toBe(true);
    expect(res.nextDraw).toMatchObject({ drawAt: res.nextDrawAt, serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(res)).not.toContain(drawSeed(t.app.lottery.secret, 'VN_NORTH', index + 1));
  });

  it('prize modes by group', () => {
    expect(prizeModesOf('LOTT', 'VN')).toEqual(['LOTT', 'ELOTT']);
    expect(prizeModesOf('LOTT', 'SEA')).toEqual(['SEA']);
    expect(prizeModesOf('ELOTT', 'KENO')).toEqual(['ELOTT']);
    expect(prizeModesOf('LOTT', 'DAILY')).toEqual(['LOTT', 'ZY']);
  });
});

describe('the lottery secret', () => {
  it('is stored under the KEK when one is set (the database alone does not give the coming draws); a bare one still reads', async () => {
    const kek = Buffer.alloc(32, 7);
    await t.db.query('DELETE FROM lottery_secret');
    const secret = await lotterySecret(t.db, kek);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    const stored = (await t.db.one<{ secret: string }>('SELECT secret FROM lottery_secret'))!.secret;
    expect(stored).toMatch(/^kek:/);
    expect(stored).not.toContain(secret);
    expect(await lotterySecret(t.db, kek)).toBe(secret);
    await expect(lotterySecret(t.db, Buffer.alloc(32, 8))).rejects.toThrow();
    // an earlier version's bare secret
    await t.db.query('UPDATE lottery_secret SET secret = $1', [S]);
    expect(await lotterySecret(t.db, kek)).toBe(S);
  });
});
