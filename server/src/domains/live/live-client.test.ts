// The browser's side of the live channel (shell/src/features/live/channel.ts) against the real
// server: connects with the session, takes pushed events, is refused for good with a dead session,
// and comes back on its own (and says so, so the page reads the balance again) after the server
// restarts.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
// eslint-disable-next-line khela/layout -- the shell's own channel client against the real server, on purpose
import { openChannel, type Channel, type ChannelStatus } from '../../../../shell/src/features/live/channel';
import { buildApi } from '../../app';
import { createTestDb, opsCall, TEST_OPS_KEY, type TestDb } from '../../test-support/test-db';

jest.setTimeout(60_000);

let d: TestDb;
let app: FastifyInstance;
let port: number;
const channels: Channel[] = [];

const start = async (listenPort = 0) => {
  app = await buildApi({
    db: d.db,
    opsKey: TEST_OPS_KEY,
    docsUi: false,
    live: { redisUrl: null, sessionCheckMs: 0, coalesceMs: 5 },
  });
  await app.listen({ port: listenPort, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
};

beforeAll(async () => {
  d = await createTestDb({ migrated: true });
  await start();
});
afterAll(async () => {
  for (const c of channels) c.close();
  await app.close();
  await d.dispose();
});

async function session(account: string) {
  await opsCall(app, 'POST', '/ops/members', { account });
  return (await opsCall(app, 'POST', '/ops/sessions', { account })).body.value.token as string;
}

function open(token: string | null) {
  const log = { statuses: [] as ChannelStatus[], connected: 0, events: [] as [string, unknown][], refused: [] as string[] };
  let wake = () => undefined as void;
  const changed = () => wake();
  const channel = openChannel({
    url: `http://127.0.0.1:${port}`,
    auth: () => ({ token, language: 'EN' }),
    onStatus: (s) => (log.statuses.push(s), changed()),
    onConnected: () => (log.connected++, changed()),
    onEvent: (e, p) => (log.events.push([e, p]), changed()),
    onRefused: (code) => (log.refused.push(code), changed()),
    backoff: { minMs: 20, maxMs: 200 },
  });
  channels.push(channel);
  /** resolves once `done()` holds (checked at every callback) */
  const until = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      if (done()) return resolve();
      wake = () => done() && resolve();
    });
  return { log, until, channel };
}

it('connects with the session and delivers what the server pushes', async () => {
  const token = await session('client1');
  const c = open(token);
  await c.until(() => c.log.connected === 1);
  expect(c.log.statuses).toEqual(['connecting', 'online']);
  await opsCall(app, 'POST', '/ops/wallet/adjustments', { account: 'client1', amount: '4200', operator: 't', reason: 'push' });
  await c.until(() => c.log.events.length > 0);
  expect(c.log.events[0]).toEqual(['balance', expect.objectContaining({ sumBalance: '4200' })]);
  c.channel.close();
});

it('stops for good when the session is refused', async () => {
  const c = open('x'.repeat(43));
  await c.until(() => c.log.refused.length > 0);
  expect(c.log.refused).toEqual(['NOT_LOGGED_IN']);
  expect(c.log.connected).toBe(0);
});

it('reconnects on its own after the server restarts, and says so (the page then reads the balance again)', async () => {
  const token = await session('client2');
  const c = open(token);
  await c.until(() => c.log.connected === 1);
  const samePort = port;
  await app.close();
  await c.until(() => c.log.statuses.at(-1) === 'offline');
  await start(samePort);
  await c.until(() => c.log.connected === 2);
  expect(c.log.statuses.slice(-1)).toEqual(['online']);
  c.channel.close();
});
