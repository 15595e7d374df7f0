// Two API servers on one database and one Redis: an event published on one reaches a browser
// connected to the other. Runs when TEST_REDIS_URL (or REDIS_URL) is set; on PostgreSQL each server
// has its own pool on the file's database, on PGlite both servers share the one embedded database.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { WalletBalanceDto } from '@khela/api/live';
import { buildApi } from '../../app';
import { audit } from '../wallet/ledger';
import { createTestDb, opsCall, TEST_OPS_KEY, type TestDb } from '../../test-support/test-db';
import { connectLive, eventually, listen, nextEvent, type ClientSocket } from './live.test-support';

jest.setTimeout(60_000);

const redisUrl = process.env.TEST_REDIS_URL || process.env.REDIS_URL;
const describeRedis = redisUrl ? describe : describe.skip;

describeRedis('the live channel across two servers (Redis adapter)', () => {
  let first: TestDb;
  const servers: FastifyInstance[] = [];
  const urls: string[] = [];
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    const redisKey = `khela:test:live:${randomBytes(6).toString('hex')}`;
    first = await createTestDb({ migrated: true });
    for (let i = 0; i < 2; i++) {
      const app = await buildApi({
        db: i === 0 ? first.db : first.secondPool(),
        opsKey: TEST_OPS_KEY,
        docsUi: false,
        migrate: i === 0,
        live: { redisUrl, redisKey, sessionCheckMs: 0, coalesceMs: 5 },
      });
      servers.push(app);
      urls.push(await listen(app));
    }
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    for (const s of servers) await s.close();
    await first.dispose();
  });

  let seq = 0;
  async function member() {
    const account = `fan${++seq}`;
    const created = await opsCall(servers[0], 'POST', '/ops/members', { account });
    const session = await opsCall(servers[1], 'POST', '/ops/sessions', { account });
    return { id: created.body.value.id as number, account, token: session.body.value.token as string };
  }
  async function connect(server: number, token: string) {
    const s = await connectLive(urls[server], { token, language: 'EN' });
    sockets.push(s);
    return s;
  }

  it('a movement committed on server A pushes the balance to a browser connected to server B', async () => {
    const m = await member();
    const onB = await connect(1, m.token);
    const pushed = nextEvent<WalletBalanceDto>(onB, 'balance');
    const res = await opsCall(servers[0], 'POST', '/ops/wallet/adjustments', {
      account: m.account,
      amount: '25000',
      operator: 'tester',
      reason: 'fan-out',
    });
    expect(res.status).toBe(200);
    expect((await pushed).sumBalance).toBe('25000');
  });

  it("an operator's popup published on server A reaches members connected to server B", async () => {
    const m = await member();
    const onB = await connect(1, m.token);
    const told = nextEvent<{ id: number; type: string }>(onB, 'announcement');
    const res = await opsCall(servers[0], 'POST', '/ops/content/announcements', {
      type: 'PU',
      execution: 'B',
      titleEn: 'Cup final tonight',
    });
    expect(res.status).toBe(201);
    expect(await told).toEqual({ id: res.body.value.id, type: 'PU' });
  });

  it('app.live.toMember on server A reaches every connection of the member on A and B, and no one else', async () => {
    const m = await member();
    const other = await member();
    const onA = await connect(0, m.token);
    const onB = await connect(1, m.token);
    const otherOnB = await connect(1, other.token);
    const both = [nextEvent(onA, 'logout'), nextEvent(onB, 'logout')];
    servers[0].live.toMember(m.id, 'logout', { reason: 'FORCED' });
    expect(await Promise.all(both)).toEqual([{ reason: 'FORCED' }, { reason: 'FORCED' }]);
    // the other member's first event is its own
    servers[1].live.toMember(other.id, 'logout', { reason: 'SESSION_ENDED' });
    await eventually(otherOnB, 'logout', () => true);
    expect(otherOnB.received).toEqual([['logout', { reason: 'SESSION_ENDED' }]]);
  });

  it('disconnectMember on server B closes the member’s connection on server A', async () => {
    const m = await member();
    const onA = await connect(0, m.token);
    const gone = new Promise((resolve) => onA.once('disconnect', resolve));
    servers[1].live.disconnectMember(m.id, 'FORCED');
    await gone;
    expect(onA.received).toContainEqual(['logout', { reason: 'FORCED' }]);
    expect((await audit(first.db)).anomalies).toEqual([]);
  });
});
