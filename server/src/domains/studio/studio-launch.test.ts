import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { runOps } from '../../cli/ops';
import { createTestApi, opsCall, TEST_OPS_KEY, type TestDb } from '../../test-support/test-db';
import { findWalletSession, walletTokenHash } from '../wallet/wallet-sessions';
import { CARDS, DICE, SLOT, studioHelpers } from './studio.test-support';

jest.setTimeout(60_000);

let t: TestDb & { app: FastifyInstance };
const h = studioHelpers(() => t.app, 'sl');
const { member, launch, studio, fund, play } = h;

beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.dispose());

const firstGame = async (where: string) =>
  (await t.db.one<{ game_code: string; vendor_code: string; node_id: number }>(
    `SELECT game_code, vendor_code, node_id FROM games WHERE ${where} ORDER BY node_id LIMIT 1`,
  ))!;

describe('Khela Originals in the catalogue', () => {
  it('the vendor and its three games are seeded, listed, with art, and free trial allowed', async () => {
    const rng = (await t.app.inject({ url: '/wps/relay/GCSGAME_gameList?gameType=RNG&vassalage=KHELA&language=EN' })).json()
      .value;
    expect(rng.games.map((g: { gameCode: string }) => g.gameCode)).toEqual([SLOT, DICE]);
    const pvp = (await t.app.inject({ url: '/wps/relay/GCSGAME_gameList?gameType=PVP&vassalage=KHELA&language=BN' })).json()
      .value;
    expect(pvp.games).toMatchObject([{ gameCode: CARDS, displayName: 'আন্দার বাহার', supportPlay: 0, isNew: 1 }]);
    for (const g of [...rng.games, ...pvp.games]) {
      const art = await t.app.inject({ url: g.iconUrl });
      expect(art.statusCode).toBe(200);
      expect(art.headers['content-type']).toMatch(/image\/svg\+xml/);
    }
    const vendorArt = await t.app.inject({ url: '/wps/static/art/vendor/KHELA.svg' });
    expect(vendorArt.body).toContain('Khela Originals');
  });
});

describe('launches', () => {
  it('a game an engine plays opens /play/<code> with a wallet token of the launch (real or trial)', async () => {
    const m = await member();
    for (const [game, accountType] of [
      [SLOT, 1],
      [DICE, 0],
      [CARDS, 1],
    ] as const) {
      const l = await launch(m, game, accountType);
      expect(l.status).toBe(200);
      expect(l.url).toMatch(new RegExp(`^/play/${game}\\?token=[A-Za-z0-9_-]{43}$`));
      const session = await findWalletSession(t.db, l.token!);
      expect(session).toMatchObject({ memberId: m.id, vendorCode: 'KHELA', accountType, expired: false });
    }
    // every launch call of the spec answers the same way
    for (const path of ['/wps/relay/GCS_gameLaunchFB', '/wps/relay/GCS_gameTrialLaunch']) {
      const res = await t.app.inject({ url: `${path}?gameId=${SLOT}`, headers: { authorization: m.token } });
      expect(res.json().value.content.game_url).toMatch(/^\/play\/KHELA_TIGER_REELS\?token=/);
    }
  });

  it('seeded vendors: RNG and FISH on the slot, PVP on the card engine; LIVE, SPORTS, ESPORTS and COCKFIGHT stay "not connected"', async () => {
    const m = await member();
    for (const type of ['RNG', 'FISH', 'PVP']) {
      const g = await firstGame(`game_type = '${type}' AND is_game = 'GAME' AND vendor_code <> 'KHELA'`);
      const l = await launch(m, g.game_code);
      expect(l.url).toMatch(new RegExp(`^/play/${g.game_code}\\?token=`));
      const s = await studio('GET', '/session', l.token);
      expect(s.body.value.game.engine).toBe(type === 'PVP' ? 'andarbahar' : 'slot');
    }
    for (const type of ['LIVE', 'SPORTS', 'ESPORTS', 'COCKFIGHT']) {
      const g = await firstGame(`game_type = '${type}' AND is_game = 'GAME'`);
      const l = await launch(m, g.game_code);
      expect(l.url).toBe(`/seamless?ticket=${l.body.value.content.ticket}`);
    }
    // a vendor launch (its lobby or first game) follows the same rule
    const slotsVendor = await t.app.inject({
      url: '/wps/game/launchGame?vassalage=LOTUSREEL&launchMode=VENDOR',
      headers: { authorization: m.token },
    });
    expect(slotsVendor.json().value.content.game_url).toMatch(/^\/play\/LOTUSREEL_\d{4}\?token=/);
    // a lottery keeps its launch page
    const lott = await t.app.inject({
      url: '/wps/game/launchGame?launchMode=LOTT&lottoGameCode=VN_NORTH&lottoPrizeMode=ELOTT',
      headers: { authorization: m.token },
    });
    expect(lott.json().value.content.game_url).toMatch(/^\/seamless\?ticket=/);
  });

  it('the launch refusals still hold (guest, trial of a real-only game, maintenance)', async () => {
    expect((await t.app.inject({ url: `/wps/game/launchGame?gameId=${SLOT}` })).statusCode).toBe(401);
    const m = await member();
    const realOnly = await firstGame(`game_type = 'RNG' AND is_game = 'GAME' AND support_play = 1`);
    expect((await launch(m, realOnly.game_code, 0)).body.errorCode).toBe('TRIAL_NOT_SUPPORTED');
    await t.app.inject({
      method: 'PATCH',
      url: `/ops/games/${DICE}`,
      payload: { maintenance: true },
      headers: { 'x-ops-key': TEST_OPS_KEY },
    });
    try {
      expect((await launch(m, DICE)).body.errorCode).toBe('GAME_MAINTENANCE');
    } finally {
      await t.app.inject({
        method: 'PATCH',
        url: `/ops/games/${DICE}`,
        payload: { maintenance: false },
        headers: { 'x-ops-key': TEST_OPS_KEY },
      });
    }
  });
});

describe('a game lives no longer than the sign-in that launched it (issue 16)', () => {
  const expiryOf = async (token: string) =>
    (await t.db.one<{ expires_at: Date }>(
      `SELECT expires_at FROM wallet_sessions WHERE session_token_hash IS NOT NULL AND token_hash = $1`,
      [walletTokenHash(token)],
    ))!.expires_at;
  const signinExpiryOf = async (memberId: number) =>
    (await t.db.one<{ expires_at: Date }>(
      `SELECT expires_at FROM sessions WHERE member_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [memberId],
    ))!.expires_at;

  it('its wallet token expires with the sign-in, and logging out ends the open game', async () => {
    const m = await member();
    await fund(m, 100);
    const l = await launch(m, SLOT, 1);
    expect((await expiryOf(l.token!)).getTime()).toBeLessThanOrEqual((await signinExpiryOf(m.id)).getTime());
    expect((await play(l.token!, 100)).status).toBe(200);
    const out = await t.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: { authorization: m.token } });
    expect(out.statusCode).toBe(200);
    const after = await play(l.token!, 100);
    expect(after.status).toBe(401);
    expect(await findWalletSession(t.db, l.token!)).toBeNull();
  });

  it('a session time limit set while a game is open ends the game when the limit is reached', async () => {
    const m = await member();
    await fund(m, 100);
    const l = await launch(m, SLOT, 1);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/wps/rg/session-limit',
      headers: { authorization: m.token },
      payload: { minutes: 30 },
    });
    expect(set.statusCode).toBe(200);
    const ends = await signinExpiryOf(m.id);
    expect((await expiryOf(l.token!)).getTime()).toBe(ends.getTime());
    // a later launch under the limited sign-in gets the same end
    const l2 = await launch(m, DICE, 1);
    expect((await expiryOf(l2.token!)).getTime()).toBe(ends.getTime());
    // the limit is reached: the sign-in and both games are over (bets refused)
    await t.db.query(
      `UPDATE sessions SET created_at = created_at - interval '31 minutes', expires_at = expires_at - interval '31 minutes' WHERE member_id = $1`,
      [m.id],
    );
    await t.db.query(`UPDATE wallet_sessions SET expires_at = expires_at - interval '31 minutes' WHERE member_id = $1`, [m.id]);
    expect((await play(l.token!, 100)).status).toBe(401);
    expect((await play(l2.token!, 100, { direction: 'OVER', target: 4999 })).status).toBe(401);
  });

  it("log out everywhere else ends the other sign-ins' games, not this one's", async () => {
    const m = await member();
    await fund(m, 100);
    const other = await launch(m, SLOT, 1);
    const { createSession, revokeMemberSessions, hashToken } = await import('../../http/auth');
    const second = await createSession(t.db, m.id);
    const mine = await launch({ ...m, token: second.token }, SLOT, 1);
    await revokeMemberSessions(t.db, m.id, hashToken(second.token));
    expect(await findWalletSession(t.db, other.token!)).toBeNull();
    expect(await findWalletSession(t.db, mine.token!)).toMatchObject({ memberId: m.id, expired: false });
  });
});

describe('connecting a real vendor', () => {
  const connect = (code: string, launchUrl: string) =>
    t.app.inject({
      method: 'POST',
      url: `/ops/studio/vendors/${code}/connect`,
      payload: { launchUrl },
      headers: { 'x-ops-key': TEST_OPS_KEY },
    });
  const disconnect = (code: string) =>
    t.app.inject({ method: 'POST', url: `/ops/studio/vendors/${code}/disconnect`, headers: { 'x-ops-key': TEST_OPS_KEY } });

  it('its games launch at its address, filled in; the studio no longer plays them; a disconnect brings them back', async () => {
    const m = await member();
    const g = await firstGame(`vendor_code = 'TIGERSPIN' AND is_game = 'GAME' AND support_play = 0`);
    const before = await launch(m, g.game_code);
    expect(before.url).toMatch(/^\/play\//);

    const res = await connect(
      'tigerspin',
      'https://games.tigerspin.example/launch?t={token}&g={gameCode}&l={lang}&c={currency}&m={mode}',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ code: 'TIGERSPIN', connected: true, playedBy: 'VENDOR' });
    const after = await launch(m, g.game_code, 0);
    const url = new URL(after.url!);
    expect(url.origin + url.pathname).toBe('https://games.tigerspin.example/launch');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ g: g.game_code, l: 'en', c: 'BDT', m: 'DEMO' });
    expect(await findWalletSession(t.db, url.searchParams.get('t')!)).toMatchObject({
      memberId: m.id,
      vendorCode: 'TIGERSPIN',
      accountType: 0,
    });
    // the token the studio had is not the studio's any more
    expect((await studio('GET', '/session', before.token)).body.errorCode).toBe('INVALID_TOKEN');

    // a live-casino vendor: "not connected" until it is
    const live = await firstGame(`vendor_code = 'JAMUNALIVE' AND is_game = 'GAME'`);
    expect((await launch(m, live.game_code)).url).toMatch(/^\/seamless/);
    await connect('JAMUNALIVE', 'https://live.jamuna.example/play/{gameCode}?session={token}');
    expect((await launch(m, live.game_code)).url).toMatch(
      new RegExp(`^https://live\\.jamuna\\.example/play/${live.game_code}\\?session=`),
    );

    expect((await disconnect('TIGERSPIN')).json().value).toMatchObject({
      connected: false,
      playedBy: 'STUDIO',
      launchUrlTemplate: null,
    });
    expect((await disconnect('JAMUNALIVE')).json().value.playedBy).toBe('NOT_CONNECTED');
    expect((await launch(m, g.game_code)).url).toMatch(/^\/play\//);
    expect((await launch(m, live.game_code)).url).toMatch(/^\/seamless/);
  });

  it('refuses a bad launch address or an unknown vendor, changing nothing', async () => {
    for (const [url, why] of [
      ['http://games.example/launch?t={token}', /https/],
      ['https://games.example/launch', /\{token\}/],
      ['https://games.example/launch?t={token}&x={secret}', /Unknown placeholder \{secret\}/],
      ['https://games.example/launch?t={token', /unmatched/],
      ['games.example/launch?t={token}', /absolute/],
      ['https://user:pw@games.example/?t={token}', /user name/],
      ['https://games.example/ launch?t={token}', /spaces/],
    ] as const) {
      const res = await connect('LOTUSREEL', url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 'LAUNCH_URL_INVALID', message: expect.stringMatching(why) });
    }
    expect((await connect('NOSUCHVENDOR', 'https://games.example/?t={token}')).json().errorCode).toBe('VENDOR_NOT_FOUND');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/ops/studio/vendors/LOTUSREEL/connect',
          payload: { launchUrl: 'https://x.example/?t={token}' },
        })
      ).statusCode,
    ).toBe(401);
    const lotus = (await opsCall(t.app, 'GET', '/ops/studio/vendors')).body.value.find(
      (v: { code: string }) => v.code === 'LOTUSREEL',
    );
    expect(lotus).toMatchObject({ connected: false, playedBy: 'STUDIO' });
  });

  describe('npm run ops -- vendor-connect | vendor-disconnect | vendor-connections | studio-settle', () => {
    let baseUrl: string;
    const lines: string[] = [];
    const run = (...argv: string[]) => runOps(argv, { baseUrl, opsKey: TEST_OPS_KEY, print: (l) => lines.push(l) });
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    beforeEach(() => (lines.length = 0));

    it('connects, lists and disconnects', async () => {
      await run('vendor-connect', 'padmaplay', '--launch-url', 'https://padma.example/go?token={token}&game={gameCode}');
      expect(lines[0]).toBe(
        'vendor PADMAPLAY connected: its games launch at https://padma.example/go?token={token}&game={gameCode}',
      );
      expect(lines[1]).toMatch(/vendor-secret PADMAPLAY/);
      lines.length = 0;
      await run('vendor-connections');
      expect(lines.find((l) => l.startsWith('PADMAPLAY'))).toMatch(/connected\s+https:\/\/padma\.example/);
      expect(lines.find((l) => l.startsWith('KHELA '))).toMatch(/played by the platform studio/);
      expect(lines.find((l) => l.startsWith('ROYALTABLE'))).toMatch(/not connected/);
      lines.length = 0;
      await run('vendor-disconnect', 'PADMAPLAY');
      expect(lines[0]).toBe('vendor PADMAPLAY disconnected: played by the platform studio');
      await expect(run('vendor-connect', 'PADMAPLAY', '--launch-url', 'https://padma.example/go')).rejects.toThrow(
        /LAUNCH_URL_INVALID/,
      );
      await expect(run('vendor-connect', 'PADMAPLAY')).rejects.toThrow(/--launch-url/);
      await expect(run('vendor-disconnect')).rejects.toThrow(/exactly one vendor/);
      lines.length = 0;
      await run('studio-settle');
      expect(lines[0]).toBe('settled 0 round(s), rolled back 0, 0 still waiting for the wallet');
    });
  });
});
