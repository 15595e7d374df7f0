import { opsCall } from '../../test-support/test-db';
import { connectLive, listen, nextEvent } from '../live/live.test-support';
import { bet, createRecordsTestApi, get, member, rollback, win, type RecordsTestApi } from '../records/records.test-support';
import { createBadgeRegistry, registerBadgeCounter } from './badges';
import { DEFAULT_VIP_LEVELS, vipLevelOf } from './vip';

jest.setTimeout(60_000);

let t: RecordsTestApi;
let base: string;
/** the mission counter a test sets (the promotions domain registers the real one) */
const unread = new Map<number, number>();
beforeAll(async () => {
  t = await createRecordsTestApi();
  // the registry on its own: a fresh one in place of the app's (where every badge's domain has
  // registered its counter), with a test counter for one badge and none for the others
  t.app.badges = createBadgeRegistry(t.app);
  registerBadgeCounter(t.app, 'mission', async (_q, memberId) => unread.get(memberId) ?? 0);
  base = await listen(t.app);
});
afterAll(() => t.dispose());

const URLS = ['/wps/relay/CSP_unreadCount', '/wps/member/summary'];

describe('roles', () => {
  it.each(URLS)('a guest gets 401 NOT_LOGGED_IN, a trial account 403 NEED_REAL_ACCOUNT: %s', async (url) => {
    expect(await get(t, url)).toMatchObject({ status: 401, body: { errorCode: 'NOT_LOGGED_IN' } });
    const trial = await member(t, 4);
    expect(await get(t, url, trial.token)).toMatchObject({ status: 403, body: { errorCode: 'NEED_REAL_ACCOUNT' } });
  });

  it.each([0, 1, 2, 41, 42])('member type %i is answered', async (type) => {
    const m = await member(t, type);
    for (const url of URLS) expect((await get(t, url, m.token)).status).toBe(200);
  });
});

describe('GET /wps/relay/CSP_unreadCount', () => {
  it('counts a badge no domain has registered as 0, and a registered one by its counter', async () => {
    const m = await member(t);
    unread.set(m.id, 3);
    const res = await get(t, URLS[0], m.token);
    expect(res.body.value).toEqual({ mission: 3, message: 0, reward: 0 });
  });

  it('refuses a second counter for the same badge', () => {
    expect(() => registerBadgeCounter(t.app, 'mission', async () => 1)).toThrow(/registered already/);
  });

  it('push sends the counts to every connection of the member, and to nobody else', async () => {
    const m = await member(t);
    const other = await member(t);
    const [a, b, c] = await Promise.all([
      connectLive(base, { token: m.token }),
      connectLive(base, { token: m.token }),
      connectLive(base, { token: other.token }),
    ]);
    try {
      unread.set(m.id, 2);
      const got = Promise.all([nextEvent(a, 'badges'), nextEvent(b, 'badges')]);
      await t.app.badges.push(m.id);
      expect(await got).toEqual([expect.objectContaining({ mission: 2, reward: 0 }), expect.objectContaining({ mission: 2 })]);
      // the other member's socket gets a round trip through the server, after which nothing came
      await t.app.badges.push(other.id);
      await nextEvent(c, 'badges');
      expect(c.received.filter(([e]) => e === 'badges')).toHaveLength(1);
    } finally {
      for (const s of [a, b, c]) s.close();
    }
  });
});

describe('GET /wps/member/summary', () => {
  it('answers the account, the nickname and the VIP level reached by the valid bet', async () => {
    const m = await member(t);
    const res = await get(t, URLS[1], m.token);
    expect(res.body.value).toEqual({
      account: m.account,
      nickname: expect.any(String),
      hasVip: true,
      vipRankLevel: 0,
      vipLabelName: 'VIP 0',
    });
  });

  it("follows the operator's levels and the member's bets; a rolled-back bet counts for nothing", async () => {
    const levels = [
      { level: 1, labelName: 'Silver', minValidBet: '0' },
      { level: 2, labelName: 'Gold', minValidBet: '5000' },
    ];
    expect((await opsCall(t.app, 'PUT', '/ops/settings/vipLevels', { value: levels })).status).toBe(200);
    try {
      const m = await member(t);
      await t.app.ledger.post({
        key: `centre-dep-${m.id}`,
        kind: 'DEPOSIT',
        memberId: m.id,
        reference: `CD${m.id}`,
        createdBy: 'system',
        legs: [
          { account: { member: m.id }, amount: 100000n },
          { account: { house: 'PAYMENT_CLEARING' }, amount: -100000n },
        ],
      });
      await bet(t, m, 0, `cb1-${m.id}`, 6000n);
      await rollback(t, m, 0, `cb1-${m.id}`);
      expect((await get(t, URLS[1], m.token)).body.value).toMatchObject({ vipRankLevel: 1, vipLabelName: 'Silver' });
      await bet(t, m, 0, `cb2-${m.id}`, 5000n);
      await win(t, m, 0, `cb2-${m.id}`, 0n); // a bet's valid bet counts once it is settled
      expect((await get(t, URLS[1], m.token)).body.value).toMatchObject({ vipRankLevel: 2, vipLabelName: 'Gold' });

      expect((await opsCall(t.app, 'PUT', '/ops/settings/vipLevels', { value: [] })).status).toBe(200);
      expect((await get(t, URLS[1], m.token)).body.value).toMatchObject({
        hasVip: false,
        vipRankLevel: null,
        vipLabelName: null,
      });
    } finally {
      await opsCall(t.app, 'PUT', '/ops/settings/vipLevels', { value: DEFAULT_VIP_LEVELS });
    }
  });

  it("shows a higher level an operator set, and keeps a level reached by bets as the member's vip_level", async () => {
    const levels = [
      { level: 0, labelName: 'Bronze', minValidBet: '0' },
      { level: 1, labelName: 'Silver', minValidBet: '5000' },
      { level: 3, labelName: 'Gold', minValidBet: '900000000' },
    ];
    expect((await opsCall(t.app, 'PUT', '/ops/settings/vipLevels', { value: levels })).status).toBe(200);
    try {
      const m = await member(t);
      const stored = async () =>
        (await t.db.one<{ vip_level: number }>(`SELECT vip_level FROM members WHERE id = $1`, [m.id]))!.vip_level;
      // an operator raises the member (promotions' VIP rules read the same level)
      expect((await opsCall(t.app, 'POST', '/ops/promotions/vip', { account: m.account, level: 3 })).status).toBe(200);
      expect((await get(t, URLS[1], m.token)).body.value).toMatchObject({ vipRankLevel: 3, vipLabelName: 'Gold' });
      await opsCall(t.app, 'POST', '/ops/promotions/vip', { account: m.account, level: 0 });
      expect((await get(t, URLS[1], m.token)).body.value).toMatchObject({ vipRankLevel: 0, vipLabelName: 'Bronze' });
      await t.app.ledger.post({
        key: `centre-vdep-${m.id}`,
        kind: 'DEPOSIT',
        memberId: m.id,
        reference: `CV${m.id}`,
        createdBy: 'system',
        legs: [
          { account: { member: m.id }, amount: 100000n },
          { account: { house: 'PAYMENT_CLEARING' }, amount: -100000n },
        ],
      });
      await bet(t, m, 0, `cv1-${m.id}`, 5000n);
      await win(t, m, 0, `cv1-${m.id}`, 0n);
      expect((await get(t, URLS[1], m.token)).body.value).toMatchObject({ vipRankLevel: 1, vipLabelName: 'Silver' });
      expect(await stored()).toBe(1);
    } finally {
      await opsCall(t.app, 'PUT', '/ops/settings/vipLevels', { value: DEFAULT_VIP_LEVELS });
    }
  });

  it.each([
    [[{ level: 1, labelName: '', minValidBet: '0' }]],
    [[{ level: 1, labelName: 'A', minValidBet: '-1' }]],
    [[{ level: 1, labelName: 'A', minValidBet: '01' }]],
    [[{ level: 1, labelName: 'A' }]],
    ['VIP'],
  ])('an operator setting of bad levels is refused and changes nothing: %j', async (value) => {
    const before = (await opsCall(t.app, 'GET', '/ops/settings')).body.value.vipLevels;
    expect((await opsCall(t.app, 'PUT', '/ops/settings/vipLevels', { value })).status).toBe(400);
    expect((await opsCall(t.app, 'GET', '/ops/settings')).body.value.vipLevels).toEqual(before);
  });
});

describe('vipLevelOf', () => {
  it('picks the highest threshold reached, in any order of levels', () => {
    const levels = [...DEFAULT_VIP_LEVELS].reverse();
    expect(vipLevelOf(levels, 0n)?.level).toBe(0);
    expect(vipLevelOf(levels, 999999n)?.level).toBe(0);
    expect(vipLevelOf(levels, 1000000n)?.level).toBe(1);
    expect(vipLevelOf(levels, 10n ** 15n)?.level).toBe(4);
    expect(vipLevelOf([{ level: 1, labelName: 'x', minValidBet: '10' }], 9n)).toBeNull();
  });
});
