import type { FastifyInstance } from 'fastify';
import type { WalletBalanceDto } from '@khela/api/live';
import { buildApi } from '../../app';
import { audit } from '../wallet/ledger';
import { createTestApi, createTestDb, opsCall, TEST_OPS_KEY, type TestDb } from '../../test-support/test-db';
import { connectLive, eventually, listen, nextEvent, type ClientSocket } from './live.test-support';

jest.setTimeout(60_000);

let t: TestDb & { app: FastifyInstance };
let url: string;
let seq = 0;
const open: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApi({ live: { redisUrl: null, sessionCheckMs: 0, coalesceMs: 5 } });
  url = await listen(t.app);
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(() => t.dispose());

async function member(type = 0, language?: 'BN' | 'EN') {
  const account = `live${++seq}`;
  const created = await opsCall(t.app, 'POST', '/ops/members', { account, type, ...(language ? { language } : {}) });
  expect(created.status).toBe(201);
  const session = await opsCall(t.app, 'POST', '/ops/sessions', { account });
  return { id: created.body.value.id as number, account, token: session.body.value.token as string };
}

async function connect(auth: Record<string, unknown>, headers?: Record<string, string>) {
  const socket = await connectLive(url, auth, headers);
  open.push(socket);
  return socket;
}

const adjust = (account: string, amount: string) =>
  opsCall(t.app, 'POST', '/ops/wallet/adjustments', { account, amount, operator: 'tester', reason: 'live test' });

describe('the handshake', () => {
  it('refuses a connection without a token', async () => {
    await expect(connect({})).rejects.toThrow('NOT_LOGGED_IN');
  });

  it('refuses a malformed, an unknown and a revoked token', async () => {
    await expect(connect({ token: 'not-a-token' })).rejects.toThrow('NOT_LOGGED_IN');
    await expect(connect({ token: 'A'.repeat(43) })).rejects.toThrow('NOT_LOGGED_IN');
    const m = await member();
    await t.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: { authorization: m.token } });
    await expect(connect({ token: m.token })).rejects.toThrow('NOT_LOGGED_IN');
  });

  it('refuses a trial account', async () => {
    const trial = await member(4);
    await expect(connect({ token: trial.token })).rejects.toThrow('NEED_REAL_ACCOUNT');
    expect(t.app.live.localConnections()).toBe(0);
  });

  it('accepts a member by auth.token or by the Authorization header, players and agents alike', async () => {
    const player = await member(0);
    const agent = await member(1);
    await connect({ token: player.token });
    await connect({}, { authorization: agent.token });
    expect(t.app.live.localConnections()).toBe(2);
  });
});

describe('events reach their member only', () => {
  it('pushes the new balances after a movement, to every tab of that member and to nobody else', async () => {
    const a = await member();
    const b = await member();
    const a1 = await connect({ token: a.token, language: 'EN' });
    const a2 = await connect({ token: a.token, language: 'EN' });
    const b1 = await connect({ token: b.token, language: 'EN' });

    const [first, second] = [nextEvent<WalletBalanceDto>(a1, 'balance'), nextEvent<WalletBalanceDto>(a2, 'balance')];
    expect((await adjust(a.account, '12345')).status).toBe(200);
    for (const value of await Promise.all([first, second])) {
      expect(value).toMatchObject({ sumBalance: '12345', currency: 'BDT', currencySymbol: '৳', isSingle: false });
      expect(value.wallets[0]).toEqual({ walletCode: 'MAIN', walletName: 'Main wallet', type: 'MAIN', balance: '12345' });
      // the same value the balance call answers
      const res = await t.app.inject({ url: '/wps/v2/wallets/balance', headers: { authorization: a.token, language: 'EN' } });
      expect(value).toEqual(res.json().value);
    }

    // b's first event is b's own balance: a's movement never reached b
    const bFirst = nextEvent<WalletBalanceDto>(b1, 'balance');
    await adjust(b.account, '700');
    expect((await bFirst).sumBalance).toBe('700');
    expect(b1.received.filter(([e]) => e === 'balance')).toHaveLength(1);
  });

  it('app.live.toMember reaches the member only; toAllMembers reaches everyone connected', async () => {
    const a = await member();
    const b = await member(2);
    const a1 = await connect({ token: a.token });
    const b1 = await connect({ token: b.token });
    const got = nextEvent(a1, 'logout');
    t.app.live.toMember(a.id, 'logout', { reason: 'FORCED' });
    expect(await got).toEqual({ reason: 'FORCED' });
    const both = [nextEvent(a1, 'balance'), nextEvent(b1, 'balance')];
    const payload: WalletBalanceDto = { sumBalance: '1', currency: 'BDT', currencySymbol: '৳', isSingle: true, wallets: [] };
    t.app.live.toAllMembers('balance', payload);
    expect(await Promise.all(both)).toEqual([payload, payload]);
    expect(b1.received.map(([e]) => e)).toEqual(['balance']);
  });

  it('names wallets in the language of the connection, which the page may change', async () => {
    const m = await member(0, 'BN');
    const s = await connect({ token: m.token });
    const bn = nextEvent<WalletBalanceDto>(s, 'balance');
    await adjust(m.account, '100');
    expect((await bn).wallets[0].walletName).toBe('প্রধান ওয়ালেট');
    expect(await s.emitWithAck('language', 'EN')).toBe('EN');
    // the next movement's push follows the new language
    await adjust(m.account, '100');
    const en = await eventually<WalletBalanceDto>(s, 'balance', (v) => v.sumBalance === '200');
    expect(en.wallets[0].walletName).toBe('Main wallet');
  });

  it('sends the newest balance last when movements come fast', async () => {
    const m = await member();
    const s = await connect({ token: m.token });
    await Promise.all(Array.from({ length: 20 }, () => adjust(m.account, '100')));
    const last = await eventually<WalletBalanceDto>(s, 'balance', (v) => v.sumBalance === '2000');
    expect(last.sumBalance).toBe('2000');
    const sums = s.received.filter(([e]) => e === 'balance').map(([, v]) => BigInt((v as WalletBalanceDto).sumBalance));
    expect(sums.every((v, i) => i === 0 || v >= sums[i - 1])).toBe(true);
    expect((await audit(t.db)).anomalies).toEqual([]);
  });
});

describe('sessions that end', () => {
  it('a logout elsewhere ends the connection at the next session check', async () => {
    const m = await member();
    const s = await connect({ token: m.token });
    const gone = new Promise((resolve) => s.once('disconnect', resolve));
    const told = nextEvent(s, 'logout');
    await t.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: { authorization: m.token } });
    await t.app.live.checkSessions();
    expect(await told).toEqual({ reason: 'SESSION_ENDED' });
    await gone;
    expect(t.app.live.localConnections()).toBe(0);
  });

  it('disconnectMember tells and closes every connection of the member', async () => {
    const m = await member();
    const other = await member();
    const s = await connect({ token: m.token });
    const keep = await connect({ token: other.token });
    const gone = new Promise((resolve) => s.once('disconnect', resolve));
    t.app.live.disconnectMember(m.id, 'FORCED');
    await gone;
    expect(s.received).toContainEqual(['logout', { reason: 'FORCED' }]);
    expect(keep.connected).toBe(true);
  });
});

describe('without a socket server', () => {
  let d: TestDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    d = await createTestDb({ migrated: true });
    app = await buildApi({ db: d.db, opsKey: TEST_OPS_KEY, docsUi: false, live: { enabled: false } });
  });
  afterAll(async () => {
    await app.close();
    await d.dispose();
  });

  it('app.live is a safe no-op, and movements still commit', async () => {
    expect(app.live.enabled).toBe(false);
    expect(() => app.live.toMember(1, 'logout', { reason: 'FORCED' })).not.toThrow();
    await opsCall(app, 'POST', '/ops/members', { account: 'quiet1' });
    expect(
      (await opsCall(app, 'POST', '/ops/wallet/adjustments', { account: 'quiet1', amount: '5', operator: 'o', reason: 'why' }))
        .status,
    ).toBe(200);
  });
});
