import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { createTestApi, opsCall, type TestDb } from '../../test-support/test-db';

jest.setTimeout(120_000);

let t: TestDb & { app: FastifyInstance };
let seq = 0;
beforeAll(async () => {
  t = await createTestApi({ settingsCacheMs: 0 });
});
afterAll(() => t.dispose());

const name = (p = 'tr') => `${p}${Date.now().toString(36).slice(-4)}${++seq}`;
async function create(type: number, upline?: string) {
  const account = name();
  const r = await opsCall(t.app, 'POST', '/ops/members', { account, type, ...(upline ? { upline } : {}) });
  return { account, ...r };
}
async function token(account: string) {
  return (await opsCall(t.app, 'POST', '/ops/sessions', { account })).body.value.token as string;
}
const parentOf = async (account: string) =>
  (await t.db.one<{ up: string | null }>(
    'SELECT u.account AS up FROM members m LEFT JOIN members u ON u.id = m.parent_agent_id WHERE m.account = $1',
    [account],
  ))!.up;
const setUpline = (account: string, upline: string | null) =>
  t.app.inject({
    method: 'PUT',
    url: `/ops/agents/${account}/upline`,
    payload: { upline },
    headers: { 'x-ops-key': 'test-ops-key' },
  });

it('create-member --upline puts a member in an agent’s team; a non-agent upline is refused and nothing is created', async () => {
  const top = await create(1);
  const player = await create(0, top.account);
  expect(player.status).toBe(201);
  expect(await parentOf(player.account)).toBe(top.account);
  const refused = await create(0, player.account);
  expect(refused).toMatchObject({ status: 400, body: { errorCode: 'US_CUSTOMER_NO_RIGHT_TO_REGISTER_ERROR' } });
  expect(await t.db.one('SELECT 1 FROM members WHERE account = $1', [refused.account])).toBeNull();
});

// a registration with an agent's invitation code joining its team: member/register.test.ts

it('the depth: agents at most maxAgentLevel levels; players under the deepest agent are fine', async () => {
  await opsCall(t.app, 'PUT', '/ops/settings/maxAgentLevel', { value: 3 });
  try {
    const a1 = await create(1);
    const a2 = await create(2, a1.account);
    const a3 = await create(2, a2.account);
    expect([a2.status, a3.status]).toEqual([201, 201]);
    expect(await create(2, a3.account)).toMatchObject({ status: 400, body: { errorCode: 'MAX_AGENT_LEVEL_ERROR' } });
    expect((await create(0, a3.account)).status).toBe(201);
    // an agent's own registration at the deepest level
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/agent/register',
      headers: { authorization: await token(a3.account) },
      payload: { account: name(), password: 'Correct-Horse-9', kind: 'AGENT' },
    });
    expect(res.json()).toMatchObject({ errorCode: 'MAX_AGENT_LEVEL_ERROR' });
    // moving a two-level branch under a level-2 agent would make four levels
    const b1 = await create(1);
    await create(2, b1.account);
    expect((await setUpline(b1.account, a2.account)).json()).toMatchObject({ errorCode: 'MAX_AGENT_LEVEL_ERROR' });
    expect(await parentOf(b1.account)).toBeNull();
  } finally {
    await opsCall(t.app, 'PUT', '/ops/settings/maxAgentLevel', { value: 5 });
  }
});

it('a recommender (upline) is neither the member itself nor in its team', async () => {
  const a = await create(1);
  const b = await create(2, a.account);
  const c = await create(2, b.account);
  expect((await setUpline(a.account, a.account)).json()).toMatchObject({ errorCode: 'RECOMMENDER_NOT_CANNOT_BE_SELF' });
  expect((await setUpline(a.account, b.account)).json()).toMatchObject({ errorCode: 'RECOMMENDER_NOT_CANNOT_BE_SUBORDINATE' });
  expect((await setUpline(a.account, c.account)).json()).toMatchObject({ errorCode: 'RECOMMENDER_NOT_CANNOT_BE_SUBORDINATE' });
  expect(await parentOf(a.account)).toBeNull();
  const other = await create(1);
  expect((await setUpline(c.account, other.account)).statusCode).toBe(200);
  expect(await parentOf(c.account)).toBe(other.account);
});

it('rights: types 1 and 2 register players and sub-agents, 41 and 42 players only, players nothing', async () => {
  for (const [type, kind, allowed] of [
    [1, 'AGENT', true],
    [2, 'PLAYER', true],
    [41, 'AGENT', false],
    [42, 'PLAYER', true],
  ] as const) {
    const agent = await create(type);
    const account = name('rg');
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/agent/register',
      headers: { authorization: await token(agent.account) },
      payload: { account, password: 'Correct-Horse-9', kind },
    });
    if (allowed) {
      expect(res.statusCode).toBe(201);
      expect(await parentOf(account)).toBe(agent.account);
    } else {
      expect(res.json()).toMatchObject({ errorCode: 'US_CUSTOMER_NO_RIGHT_TO_REGISTER_ERROR' });
      expect(await t.db.one('SELECT 1 FROM members WHERE account = $1', [account])).toBeNull();
    }
  }
  const player = await create(0);
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/agent/register',
    headers: { authorization: await token(player.account) },
    payload: { account: name(), password: 'Correct-Horse-9', kind: 'PLAYER' },
  });
  expect(res.json()).toMatchObject({ errorCode: 'NOT_AGENT' });
});

it('property: whatever moves are asked, the tree stays acyclic and within maxAgentLevel', async () => {
  await opsCall(t.app, 'PUT', '/ops/settings/maxAgentLevel', { value: 3 });
  try {
    const agents: string[] = [];
    for (let i = 0; i < 6; i++) agents.push((await create(i % 2 ? 2 : 1)).account);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(5), fc.option(fc.nat(5), { nil: null })), { maxLength: 12 }), async (moves) => {
        for (const [m, u] of moves) await setUpline(agents[m], u === null ? null : agents[u]);
        for (const a of agents) {
          const seen = new Set<string>([a]);
          let levels = 1;
          for (let up = await parentOf(a); up !== null; up = await parentOf(up)) {
            expect(seen.has(up)).toBe(false);
            seen.add(up);
            levels++;
          }
          expect(levels).toBeLessThanOrEqual(3);
        }
      }),
      { numRuns: 15 },
    );
  } finally {
    await opsCall(t.app, 'PUT', '/ops/settings/maxAgentLevel', { value: 5 });
  }
});
