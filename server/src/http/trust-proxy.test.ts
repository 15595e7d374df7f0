// Behind a proxy (issue 15, hardening 7): without trust a forged X-Forwarded-For is ignored; with a hop
// count or the proxies' addresses the client is the address the outermost trusted proxy saw, never
// what the client wrote in front of it.
import type { FastifyInstance } from 'fastify';
import { buildApi } from '../app';
import { parseTrustProxy } from '../config';
import { createTestApi, TEST_OPS_KEY, type TestDb } from '../test-support/test-db';

let t: TestDb & { app: FastifyInstance };
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(async () => {
  for (const app of apps.values()) await (await app).close();
  await t.dispose();
});

/**
 * One API per setting (the spellings of "no trust" share one: the parser gives them all `false`), on the database
 * createTestApi migrated and seeded: no second migration, seed or job timers per app.
 */
const apps = new Map<string, Promise<FastifyInstance>>();

async function ipSeen(env: string | undefined, remoteAddress: string, xff?: string): Promise<string> {
  const trustProxy = parseTrustProxy(env);
  const key = trustProxy === false ? 'none' : String(env);
  if (!apps.has(key))
    apps.set(key, buildApi({ db: t.db, opsKey: TEST_OPS_KEY, docsUi: false, migrate: false, jobs: false, trustProxy }));
  const app = (await apps.get(key))!;
  const headers = xff === undefined ? {} : { 'x-forwarded-for': xff };
  return (await app.inject({ url: '/wps/system/status', remoteAddress, headers })).json().value.ip;
}

// the client wrote 6.6.6.6 itself; the proxy at 10.0.0.2 appended the address it saw, 198.51.100.7
const FORGED = '6.6.6.6, 198.51.100.7';

it('without trust a forged X-Forwarded-For is ignored', async () => {
  for (const env of [undefined, '', 'false', '0']) expect(await ipSeen(env, '203.0.113.5', '6.6.6.6')).toBe('203.0.113.5');
});

it('a hop count takes the address the outermost proxy saw, not what the client wrote', async () => {
  expect(await ipSeen('1', '10.0.0.2', FORGED)).toBe('198.51.100.7');
  expect(await ipSeen('true', '10.0.0.2', FORGED)).toBe('198.51.100.7'); // true is one hop, not everyone
  // two proxies: the CDN at 198.51.100.7 saw 6.6.6.6
  expect(await ipSeen('2', '10.0.0.2', FORGED)).toBe('6.6.6.6');
  expect(await ipSeen('1', '10.0.0.2')).toBe('10.0.0.2');
});

it("the proxies' addresses: only they may name the client", async () => {
  expect(await ipSeen('10.0.0.0/8, 192.0.2.1', '10.0.0.2', FORGED)).toBe('198.51.100.7');
  // a client that reaches the server directly can't name itself
  expect(await ipSeen('10.0.0.0/8', '203.0.113.5', '6.6.6.6')).toBe('203.0.113.5');
  expect(await ipSeen('loopback,2001:db8::/32', '2001:db8::9', '6.6.6.6')).toBe('6.6.6.6');
});

it('a malformed setting refuses to start', () => {
  for (const bad of ['yes', '10.0.0.0/33', '10.0.0.1/8/1', 'proxy.example', '999'])
    expect(() => parseTrustProxy(bad)).toThrow(/KHELA_TRUST_PROXY/);
});
