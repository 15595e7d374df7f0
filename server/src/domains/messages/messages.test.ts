import { runOps } from '../../cli/ops';
import { opsCall, TEST_OPS_KEY } from '../../test-support/test-db';
import { connectLive, listen, nextEvent } from '../live/live.test-support';
import { createRecordsTestApi, get, member, type RecordsMember, type RecordsTestApi } from '../records/records.test-support';

jest.setTimeout(60_000);

let t: RecordsTestApi;
let base: string;
beforeAll(async () => {
  t = await createRecordsTestApi();
  base = await listen(t.app);
});
afterAll(() => t.dispose());

const INBOX = '/wps/relay/CSP_getInbox';
const send = (payload: object) => opsCall(t.app, 'POST', '/ops/messages', payload);
async function post(url: string, token: string | undefined, payload: object = {}) {
  const res = await t.app.inject({ method: 'POST', url, payload, headers: token ? { authorization: token } : {} });
  return { status: res.statusCode, body: res.json() };
}
const inbox = async (m: RecordsMember, query = '') => (await get(t, INBOX + query, m.token)).body.value;
const unread = async (m: RecordsMember) => (await get(t, '/wps/relay/CSP_unreadCount', m.token)).body.value.message;
const rowCount = async () => (await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM member_messages`))!.n;

describe('roles', () => {
  it.each([
    ['GET', INBOX],
    ['POST', '/wps/relay/CSP_readInbox'],
    ['POST', '/wps/relay/CSP_readAllInbox'],
    ['POST', '/wps/relay/CSP_deleteInbox'],
  ])('%s %s: a guest 401, a trial account 403', async (method, url) => {
    const trial = await member(t, 4);
    const payload = { ids: [1] };
    const call = (token?: string) =>
      method === 'GET' ? get(t, url, token) : post(url, token, url.endsWith('AllInbox') ? {} : payload);
    expect(await call()).toMatchObject({ status: 401, body: { errorCode: 'NOT_LOGGED_IN' } });
    expect(await call(trial.token)).toMatchObject({ status: 403, body: { errorCode: 'NEED_REAL_ACCOUNT' } });
  });

  it('the ops route needs the operator key', async () => {
    const m = await member(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/messages',
      payload: { account: m.account, title: 'x', content: 'y' },
    });
    expect(res.statusCode).toBe(401);
    expect(await inbox(m)).toMatchObject({ total: 0 });
  });
});

describe('POST /ops/messages', () => {
  it('sends sanitised content and a plain title to one account', async () => {
    const m = await member(t);
    const res = await send({
      account: m.account.toUpperCase(),
      title: '<b>Hello</b> there',
      content:
        '<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:evil()">a</a><a href="https://khela.example">b</a></p>',
    });
    expect(res).toMatchObject({ status: 201, body: { value: { sent: 1 } } });
    const value = await inbox(m);
    expect(value).toMatchObject({ total: 1, unread: 1, page: 1, totalPages: 1 });
    expect(value.list[0]).toMatchObject({ title: 'Hello there', category: 'SYSTEM', read: false });
    expect(value.list[0].content).not.toMatch(/script|onclick|javascript/);
    expect(value.list[0].content).toContain('href="https://khela.example"');
    expect(await unread(m)).toBe(1);
  });

  it.each([
    ['no target', (a: string) => ({ title: 't', content: 'c', account: undefined, _a: a })],
    ['two targets', (a: string) => ({ account: a, all: true, title: 't', content: 'c' })],
    ['an empty title', (a: string) => ({ account: a, title: '', content: 'c' })],
    ['a title that is only markup', (a: string) => ({ account: a, title: '<i></i>', content: 'c' })],
    ['content that is only a script', (a: string) => ({ account: a, title: 't', content: '<script>x</script>' })],
    ['an unknown category', (a: string) => ({ account: a, title: 't', content: 'c', category: 'SPAM' })],
    ['an unknown field', (a: string) => ({ account: a, title: 't', content: 'c', sender: 'x' })],
    ['a missing account among several', (a: string) => ({ accounts: [a, 'nobody-here'], title: 't', content: 'c' })],
    ['a too long title', (a: string) => ({ account: a, title: 'x'.repeat(201), content: 'c' })],
  ])('refuses %s and changes nothing', async (_name, body) => {
    const m = await member(t);
    const before = await rowCount();
    const payload = body(m.account) as Record<string, unknown>;
    delete payload._a;
    const res = await send(payload);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.success).toBe(false);
    expect(await rowCount()).toBe(before);
  });

  it('refuses a trial account, even among real ones, and sends nothing', async () => {
    const [real, trial] = [await member(t), await member(t, 4)];
    const before = await rowCount();
    expect(await send({ accounts: [real.account, trial.account], title: 't', content: 'c' })).toMatchObject({
      status: 422,
      body: { errorCode: 'TRIAL_ACCOUNT' },
    });
    expect(await rowCount()).toBe(before);
  });

  it('sends one row per recipient to a list, and to every real member but no trial account with all', async () => {
    const [a, b] = [await member(t), await member(t)];
    const trial = await member(t, 4);
    expect(await send({ accounts: [a.account, b.account], title: 'List', content: 'c' })).toMatchObject({
      body: { value: { sent: 2 } },
    });
    const members = (await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM members WHERE type <> 4`))!.n;
    expect(await send({ all: true, title: 'All', content: 'c', category: 'PROMOTION' })).toMatchObject({
      body: { value: { sent: members } },
    });
    expect((await inbox(a)).list.map((x: { title: string }) => x.title)).toEqual(['All', 'List']);
    const trialRows = await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM member_messages WHERE member_id = $1`, [
      trial.id,
    ]);
    expect(trialRows!.n).toBe(0);
  });
});

describe('marketing and responsible gambling', () => {
  it('a promotion never reaches a member in a time-out or self-exclusion; a system message still does', async () => {
    const [open, resting] = [await member(t), await member(t)];
    const ex = await opsCall(t.app, 'POST', '/ops/rg/exclusions', {
      account: resting.account,
      period: '24h',
      operator: 'tester',
    });
    expect(ex.status).toBeLessThan(300);
    expect(
      await send({ accounts: [open.account, resting.account], title: 'Offer', content: 'c', category: 'PROMOTION' }),
    ).toMatchObject({
      body: { value: { sent: 1 } },
    });
    const before = (await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM member_messages WHERE member_id = $1`, [
      resting.id,
    ]))!.n;
    await send({ all: true, title: 'Offer for all', content: 'c', category: 'PROMOTION' });
    const after = (await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM member_messages WHERE member_id = $1`, [
      resting.id,
    ]))!.n;
    expect(after).toBe(before);
    expect(
      (await t.db.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM member_messages WHERE member_id = $1 AND title = 'Offer for all'`,
        [open.id],
      ))!.n,
    ).toBe(1);
    // an account notice is not marketing
    expect(
      await send({ account: resting.account, title: 'Your withdrawal was paid', content: 'c', category: 'ACCOUNT' }),
    ).toMatchObject({
      body: { value: { sent: 1 } },
    });
  });
});

describe('the inbox', () => {
  it('pages newest first and shows a member only their own messages', async () => {
    const [m, other] = [await member(t), await member(t)];
    for (const i of [1, 2, 3]) await send({ account: m.account, title: `m${i}`, content: 'c' });
    await send({ account: other.account, title: 'theirs', content: 'c' });
    const p1 = await inbox(m, '?page=1&size=2');
    expect(p1).toMatchObject({ total: 3, totalPages: 2, unread: 3, size: 2 });
    expect(p1.list.map((x: { title: string }) => x.title)).toEqual(['m3', 'm2']);
    expect((await inbox(m, '?page=2&size=2')).list.map((x: { title: string }) => x.title)).toEqual(['m1']);
    expect((await get(t, INBOX + '?size=51', m.token)).status).toBe(400);
  });

  it("reads and deletes only the member's own messages; another's ids change nothing", async () => {
    const [m, other] = [await member(t), await member(t)];
    await send({ accounts: [m.account, other.account], title: 'both', content: 'c' });
    await send({ account: m.account, title: 'second', content: 'c' });
    const mine = (await inbox(m)).list.map((x: { id: number }) => x.id);
    const theirs = (await inbox(other)).list.map((x: { id: number }) => x.id);

    expect((await post('/wps/relay/CSP_readInbox', m.token, { ids: theirs })).body.value).toEqual({ changed: 0, unread: 2 });
    expect((await post('/wps/relay/CSP_deleteInbox', m.token, { ids: theirs })).body.value).toEqual({ changed: 0, unread: 2 });
    expect(await inbox(other)).toMatchObject({ total: 1, unread: 1 });

    expect((await post('/wps/relay/CSP_readInbox', m.token, { ids: [mine[0]] })).body.value).toEqual({ changed: 1, unread: 1 });
    expect((await post('/wps/relay/CSP_readInbox', m.token, { ids: [mine[0]] })).body.value).toEqual({ changed: 0, unread: 1 });
    expect((await inbox(m)).list[0]).toMatchObject({ id: mine[0], read: true });

    expect((await post('/wps/relay/CSP_deleteInbox', m.token, { ids: [mine[1]] })).body.value).toEqual({ changed: 1, unread: 0 });
    expect(await inbox(m)).toMatchObject({ total: 1, unread: 0 });
    expect(await unread(m)).toBe(0);
    expect(await unread(other)).toBe(1);
  });

  it('marks all read, and refuses bad ids without a change', async () => {
    const m = await member(t);
    for (const i of [1, 2]) await send({ account: m.account, title: `a${i}`, content: 'c' });
    for (const ids of [[], [0], ['x'], Array.from({ length: 101 }, (_, i) => i + 1)]) {
      expect((await post('/wps/relay/CSP_readInbox', m.token, { ids })).status).toBe(400);
    }
    expect(await unread(m)).toBe(2);
    expect((await post('/wps/relay/CSP_readAllInbox', m.token)).body.value).toEqual({ changed: 2, unread: 0 });
    expect(await unread(m)).toBe(0);
  });
});

describe('the badges event', () => {
  it('reaches the member (and nobody else) when a message arrives, is read or deleted', async () => {
    const [m, other] = [await member(t), await member(t)];
    const [a, c] = await Promise.all([connectLive(base, { token: m.token }), connectLive(base, { token: other.token })]);
    try {
      let got = nextEvent<{ message: number }>(a, 'badges');
      await send({ account: m.account, title: 'live', content: 'c' });
      expect(await got).toMatchObject({ message: 1, mission: 0, reward: 0 });
      const id = (await inbox(m)).list[0].id;

      got = nextEvent(a, 'badges');
      await post('/wps/relay/CSP_readInbox', m.token, { ids: [id] });
      expect(await got).toMatchObject({ message: 0 });

      got = nextEvent(a, 'badges');
      await send({ account: m.account, title: 'again', content: 'c' });
      expect(await got).toMatchObject({ message: 1 });
      got = nextEvent(a, 'badges');
      const again = (await inbox(m)).list[0].id;
      await post('/wps/relay/CSP_deleteInbox', m.token, { ids: [again] });
      expect(await got).toMatchObject({ message: 0 });

      // the other member gets a round trip of their own through the server, after which theirs is the only one
      const theirs = nextEvent(c, 'badges');
      await send({ account: other.account, title: 'theirs', content: 'c' });
      expect(await theirs).toMatchObject({ message: 1 });
      expect(c.received.filter(([e]) => e === 'badges')).toHaveLength(1);
    } finally {
      a.close();
      c.close();
    }
  });
});

describe('a broadcast', () => {
  it('pushes the badges to a connected member', async () => {
    const m = await member(t);
    const a = await connectLive(base, { token: m.token });
    try {
      const got = nextEvent<{ message: number }>(a, 'badges');
      const before = await unread(m);
      await send({ all: true, title: 'everyone', content: 'c' });
      expect(await got).toMatchObject({ message: before + 1 });
    } finally {
      a.close();
    }
  });
});

describe('npm run ops -- message', () => {
  it('sends to one or several accounts and refuses a call without a title', async () => {
    const [a, b] = [await member(t), await member(t)];
    const lines: string[] = [];
    const run = (...argv: string[]) => runOps(argv, { baseUrl: base, opsKey: TEST_OPS_KEY, print: (l) => lines.push(l) });
    await run('message', a.account, '--title', 'From the CLI', '--content', '<p>Hi</p>');
    await run('message', a.account, b.account, '--title', 'Both', '--content', 'x', '--category', 'ACCOUNT');
    expect(lines).toEqual(['message sent to 1 member', 'message sent to 2 members']);
    expect((await inbox(a)).list.map((x: { title: string }) => x.title)).toEqual(['Both', 'From the CLI']);
    await expect(run('message', a.account, '--content', 'x')).rejects.toThrow(/needs/);
    await expect(run('message', 'nobody-here', '--title', 't', '--content', 'x')).rejects.toThrow(/404 USER_NOT_EXIST/);
  });
});
