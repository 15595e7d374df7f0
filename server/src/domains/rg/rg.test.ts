import { createAuthTestApi, uniqueName, type AuthTestApi } from '../auth/auth.test-support';
import { opsCall } from '../../test-support/test-db';
import { assertNotExcluded, mayReceiveMarketing } from './rg.service';

jest.setTimeout(120_000);

const PASSWORD = 'Passw0rd!x';
const HOUR = 3600_000;
const clock = {
  // the database's own clock decides logins (now()): the test clock starts at the real time
  now: new Date(),
  advance(ms: number) {
    clock.now = new Date(clock.now.getTime() + ms);
  },
};

let t: AuthTestApi;
beforeAll(async () => {
  t = await createAuthTestApi({
    payments: { now: () => clock.now, sandbox: true },
    rg: { now: () => clock.now },
  });
});
afterAll(async () => t?.dispose());

let slowInserts = false;
beforeAll(() =>
  t.app.payments.addDepositTxCheck(async () => {
    if (slowInserts) await new Promise((r) => setTimeout(r, 10));
  }),
);

let ipSeq = 10;
const nextIp = () => `10.16.0.${++ipSeq}`;

async function player() {
  const account = uniqueName('rg');
  const m = await t.member({ account, password: PASSWORD, type: 0 });
  const res = await t.call({
    url: '/wps/session/login',
    sealed: true,
    body: { type: 'username', username: account, password: PASSWORD },
    ip: nextIp(),
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return { id: m.id as number, account, token: res.body.value.token as string };
}

type Player = Awaited<ReturnType<typeof player>>;
const rg = (p: Player, method: 'GET' | 'PUT' | 'POST', url: string, body?: object, lang?: 'BN' | 'EN') =>
  t.call({ method, url: `/wps/rg${url}`, body, token: p.token, lang });
const deposit = (p: Player, amount: string, lang: 'BN' | 'EN' = 'EN') =>
  t.call({ url: '/wps/payments/deposits', body: { channel: 'BKASH', amount }, token: p.token, lang });
const auditOf = async (memberId: number) =>
  (
    await t.db.query<{ action: string; actor: string }>(`SELECT action, actor FROM rg_audit WHERE member_id = $1 ORDER BY id`, [
      memberId,
    ])
  ).map((r) => `${r.action} ${r.actor}`);

describe('GET /wps/rg', () => {
  it('needs a session; a new member has no limits and is prompted for a deposit limit', async () => {
    expect((await t.call({ method: 'GET', url: '/wps/rg' })).status).toBe(401);
    const p = await player();
    const r = await rg(p, 'GET', '');
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({
      realityCheckMinutes: null,
      sessionLimitMinutes: null,
      exclusion: null,
      promptDepositLimit: true,
    });
    expect(r.body.value.limits).toHaveLength(6);
    expect(r.body.value.limits.every((l: { amount: null }) => l.amount === null)).toBe(true);
  });
});

describe('deposit limits', () => {
  it('a deposit over the limit is refused before any order, naming the limit and when it resets', async () => {
    const p = await player();
    const set = await rg(p, 'PUT', '/limits/DEPOSIT/DAY', { amount: '100000' });
    expect(set.status).toBe(200);
    expect(set.body.value.outcome).toBe('APPLIED');
    expect(set.body.value.profile.promptDepositLimit).toBe(false);
    const first = await deposit(p, '60000');
    expect(first.status).toBe(201);
    const firstAt = clock.now;
    clock.advance(HOUR);
    const over = await deposit(p, '50000');
    expect(over.status).toBe(409);
    expect(over.body.errorCode).toBe('DEPOSIT_LIMIT_REACHED');
    expect(over.body.value).toEqual({
      period: 'DAY',
      limit: '100000',
      remaining: '40000',
      resetsAt: new Date(firstAt.getTime() + 24 * HOUR).toISOString(),
    });
    expect(over.body.message).toMatch(/24-hour deposit limit of ৳1000\.00/);
    const bn = await deposit(p, '50000', 'BN');
    expect(bn.body.message).toMatch(/ডিপোজিট সীমা/);
    const orders = await t.db.query(`SELECT 1 FROM deposit_orders WHERE member_id = $1`, [p.id]);
    expect(orders).toHaveLength(1);
    // what is left still fits
    expect((await deposit(p, '40000')).status).toBe(201);
    const profile = (await rg(p, 'GET', '')).body.value;
    expect(profile.limits.find((l: { kind: string; period: string }) => l.kind === 'DEPOSIT' && l.period === 'DAY').used).toBe(
      '100000',
    );
  });

  it('a failed or expired order does not count', async () => {
    const p = await player();
    await rg(p, 'PUT', '/limits/DEPOSIT/WEEK', { amount: '50000' });
    const o = await deposit(p, '50000');
    expect(o.status).toBe(201);
    await t.db.query(`UPDATE deposit_orders SET status = 'FAILED', closed_at = now() WHERE order_no = $1`, [
      o.body.value.orderNo,
    ]);
    expect((await deposit(p, '50000')).status).toBe(201);
  });

  it('an increase waits 24 hours and a confirmation; a decrease is at once; every change is audited', async () => {
    const p = await player();
    await rg(p, 'PUT', '/limits/DEPOSIT/DAY', { amount: '30000' });
    const up = await rg(p, 'PUT', '/limits/DEPOSIT/DAY', { amount: '90000' });
    expect(up.body.value.outcome).toBe('PENDING');
    const day = up.body.value.profile.limits.find(
      (l: { kind: string; period: string }) => l.kind === 'DEPOSIT' && l.period === 'DAY',
    );
    expect(day).toMatchObject({ amount: '30000', pending: { amount: '90000', confirmable: false } });
    // the lower limit holds meanwhile
    expect((await deposit(p, '40000')).body.errorCode).toBe('DEPOSIT_LIMIT_REACHED');
    const early = await rg(p, 'POST', '/limits/DEPOSIT/DAY/confirm');
    expect(early.status).toBe(409);
    expect(early.body.errorCode).toBe('LIMIT_CHANGE_TOO_EARLY');
    clock.advance(24 * HOUR);
    const confirmed = await rg(p, 'POST', '/limits/DEPOSIT/DAY/confirm');
    expect(confirmed.body.value.outcome).toBe('APPLIED');
    expect((await deposit(p, '40000')).status).toBe(201);
    // a removal waits too, and can be withdrawn
    expect((await rg(p, 'PUT', '/limits/DEPOSIT/DAY', { amount: null })).body.value.outcome).toBe('PENDING');
    expect((await rg(p, 'POST', '/limits/DEPOSIT/DAY/cancel')).body.value.outcome).toBe('CANCELLED');
    expect((await rg(p, 'POST', '/limits/DEPOSIT/DAY/cancel')).body.errorCode).toBe('NOTHING_PENDING');
    expect(await auditOf(p.id)).toEqual([
      `LIMIT_SET member:${p.id}`,
      `LIMIT_SET member:${p.id}`,
      `LIMIT_CONFIRM member:${p.id}`,
      `LIMIT_SET member:${p.id}`,
      `LIMIT_CANCEL member:${p.id}`,
    ]);
  });

  it('holds under concurrency: 50 parallel deposits against a limit that allows 10', async () => {
    await t.setting('paymentRules', { maxPendingDeposits: 20 });
    const p = await player();
    await rg(p, 'PUT', '/limits/DEPOSIT/DAY', { amount: '200000' });
    // widen the race: each order's transaction waits a little between the limit check and its insert
    slowInserts = true;
    const results = await Promise.all(Array.from({ length: 50 }, () => deposit(p, '20000')));
    const codes = results.map((r) => (r.status === 201 ? 'OK' : r.body.errorCode));
    expect(codes.filter((c) => c === 'OK')).toHaveLength(10);
    expect(codes.filter((c) => c === 'DEPOSIT_LIMIT_REACHED')).toHaveLength(40);
    const sum = await t.db.one<{ total: string }>(`SELECT sum(amount)::text AS total FROM deposit_orders WHERE member_id = $1`, [
      p.id,
    ]);
    expect(sum!.total).toBe('200000');
    slowInserts = false;
    await t.setting('paymentRules', {});
  });
});

describe('reality check and session limit', () => {
  it('stores the interval and answers the session summary', async () => {
    const p = await player();
    const r = await rg(p, 'PUT', '/reality-check', { minutes: 1 });
    expect(r.body.value.realityCheckMinutes).toBe(1);
    expect((await rg(p, 'PUT', '/reality-check', { minutes: 0 })).status).toBe(400);
    const s = await rg(p, 'GET', '/session');
    expect(s.body.value).toMatchObject({ realityCheckMinutes: 1, netResult: '0', endsAt: null });
    expect(Date.parse(s.body.value.startedAt)).toBeLessThanOrEqual(Date.parse(s.body.value.now));
  });

  it('a session time limit ends the session when reached (this one, and the next ones)', async () => {
    const p = await player();
    const r = await rg(p, 'PUT', '/session-limit', { minutes: 30 });
    expect(r.body.value.sessionLimitMinutes).toBe(30);
    const s = (await rg(p, 'GET', '/session')).body.value;
    expect(Date.parse(s.endsAt) - Date.parse(s.startedAt)).toBe(30 * 60_000);
    // past the limit: the session is over
    await t.db.query(
      `UPDATE sessions SET created_at = created_at - interval '31 minutes', expires_at = expires_at - interval '31 minutes' WHERE member_id = $1`,
      [p.id],
    );
    expect((await rg(p, 'GET', '')).status).toBe(401);
    const again = await t.call({
      url: '/wps/session/login',
      sealed: true,
      body: { type: 'username', username: p.account, password: PASSWORD },
      ip: nextIp(),
    });
    const row = await t.db.one<{ minutes: number }>(
      `SELECT round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes FROM sessions WHERE member_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [p.id],
    );
    expect(again.status).toBe(200);
    expect(row!.minutes).toBe(30);
  });
});

describe('time-out and self-exclusion', () => {
  it('a 24-hour time-out ends every session at once, refuses login with the end date, and blocks deposits', async () => {
    const p = await player();
    const second = await t.call({
      url: '/wps/session/login',
      sealed: true,
      body: { type: 'username', username: p.account, password: PASSWORD },
      ip: nextIp(),
    });
    const r = await rg(p, 'POST', '/exclusion', { period: '24h' });
    expect(r.status).toBe(200);
    expect(r.body.value.kind).toBe('TIMEOUT');
    expect(Date.parse(r.body.value.until) - clock.now.getTime()).toBe(24 * HOUR);
    expect((await rg(p, 'GET', '')).status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/wps/rg', token: second.body.value.token })).status).toBe(401);
    const login = await t.call({
      url: '/wps/session/login',
      sealed: true,
      body: { type: 'username', username: p.account, password: PASSWORD },
      ip: nextIp(),
    });
    expect(login.status).toBe(403);
    expect(login.body.errorCode).toBe('SELF_EXCLUDED');
    expect(login.body.value).toMatchObject({ kind: 'TIMEOUT', until: r.body.value.until });
    expect(login.body.message).toContain(r.body.value.until.slice(0, 10));
    // a wrong password still says only that (nothing about the exclusion)
    const wrong = await t.call({
      url: '/wps/session/login',
      sealed: true,
      body: { type: 'username', username: p.account, password: 'nope12345' },
      ip: nextIp(),
    });
    expect(wrong.body.errorCode).not.toBe('SELF_EXCLUDED');
    expect(await auditOf(p.id)).toEqual([`EXCLUDED member:${p.id}`]);
  });

  it('operators can exclude and see it, but cannot shorten it; a member cannot either', async () => {
    const p = await player();
    const long = await opsCall(t.app, 'POST', '/ops/rg/exclusions', { account: p.account, period: '6m', operator: 'ana' });
    expect(long.status).toBe(200);
    expect(long.body.value.kind).toBe('SELF_EXCLUSION');
    const shorter = await opsCall(t.app, 'POST', '/ops/rg/exclusions', { account: p.account, period: '30d', operator: 'ana' });
    expect(shorter.status).toBe(409);
    expect(shorter.body.errorCode).toBe('EXCLUSION_CANNOT_SHORTEN');
    const longer = await opsCall(t.app, 'POST', '/ops/rg/exclusions', {
      account: p.account,
      period: 'permanent',
      operator: 'ana',
    });
    expect(longer.body.value).toMatchObject({ kind: 'SELF_EXCLUSION', until: null, from: long.body.value.from });
    const seen = await opsCall(t.app, 'GET', `/ops/rg/members/${p.account}`);
    expect(seen.body.value.exclusion).toMatchObject({ kind: 'SELF_EXCLUSION', until: null });
    expect(seen.body.value.history.map((h: { actor: string }) => h.actor)).toEqual(['ops:ana', 'ops:ana']);
    const login = await t.call({
      url: '/wps/session/login',
      sealed: true,
      body: { type: 'username', username: p.account, password: PASSWORD },
      ip: nextIp(),
    });
    expect(login.body.errorCode).toBe('SELF_EXCLUDED');
    expect(login.body.message).toMatch(/permanently/);
    expect(
      (await opsCall(t.app, 'POST', '/ops/rg/exclusions', { account: 'nobody-here', period: '24h', operator: 'ana' })).status,
    ).toBe(404);
  });

  it('no marketing and no promotion claims while excluded', async () => {
    const p = await player();
    expect(await mayReceiveMarketing(t.db, p.id)).toBe(true);
    await rg(p, 'POST', '/exclusion', { period: '7d' });
    expect(await mayReceiveMarketing(t.db, p.id)).toBe(false);
    await expect(assertNotExcluded(t.db, p.id)).rejects.toMatchObject({ errorCode: 'SELF_EXCLUDED', statusCode: 403 });
  });

  it('the time-out ends at its end date: login works again', async () => {
    const p = await player();
    await rg(p, 'POST', '/exclusion', { period: '24h' });
    await t.db.query(`UPDATE rg_profiles SET excluded_until = now() - interval '1 second' WHERE member_id = $1`, [p.id]);
    const login = await t.call({
      url: '/wps/session/login',
      sealed: true,
      body: { type: 'username', username: p.account, password: PASSWORD },
      ip: nextIp(),
    });
    expect(login.status).toBe(200);
  });
});
