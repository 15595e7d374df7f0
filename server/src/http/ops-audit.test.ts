// The operators' audit log and network restriction (issue 15, hardening 13).
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { runOps } from '../cli/ops';
import { createTestApi, TEST_OPS_KEY, type TestDb } from '../test-support/test-db';
import { inNetworks, parseNetworks } from './ops-auth';
import { redact } from './ops-audit';

jest.setTimeout(60_000);

let t: TestDb & { app: FastifyInstance };
let baseUrl: string;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApi({ auth: { unsafeTestCrypto: true } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.dispose());

const ops = (opts: {
  method?: 'GET' | 'POST' | 'PUT';
  url: string;
  payload?: object;
  operator?: string;
  key?: string;
  ip?: string;
}) =>
  t.app.inject({
    method: opts.method ?? 'GET',
    url: opts.url,
    payload: opts.payload,
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: { 'x-ops-key': opts.key ?? TEST_OPS_KEY, ...(opts.operator ? { 'x-operator': opts.operator } : {}) },
  });

/** The audit is written after the answer: wait for the row rather than for time. */
async function auditRows(where: string, args: unknown[], count: number) {
  for (let i = 0; i < 200; i++) {
    const rows = await t.db.query<Record<string, unknown>>(`SELECT * FROM ops_audit WHERE ${where} ORDER BY id`, args);
    if (rows.length >= count) return rows;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error(`no audit rows for ${where}`);
}

describe('the audit log', () => {
  it('records every /ops call: who, from where, what (secrets redacted) and how it ended', async () => {
    const res = await ops({
      method: 'POST',
      url: '/ops/members',
      payload: { account: 'audited1', type: 0, password: 'Secret123' },
      operator: 'alice',
      ip: '192.0.2.10',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await auditRows(`operator = $1`, ['alice'], 1);
    expect(row).toMatchObject({
      operator: 'alice',
      ip: '192.0.2.10',
      method: 'POST',
      route: '/ops/members',
      status: 201,
      outcome: 'ok',
      error_code: null,
      params: { body: { account: 'audited1', type: 0, password: '[redacted]' } },
    });
    expect(JSON.stringify(row)).not.toContain('Secret123');
  });

  it('records refusals too: a wrong key, a bad request, an unknown /ops path; the route is the pattern', async () => {
    expect((await ops({ url: '/ops/settings', operator: 'mallory', key: 'wrong' })).statusCode).toBe(401);
    expect(
      (await ops({ method: 'PUT', url: '/ops/whitelabel/PHONERESET3', payload: { enabled: 'x' }, operator: 'mallory' }))
        .statusCode,
    ).toBe(400);
    expect((await ops({ url: '/ops/no-such-thing', operator: 'mallory' })).statusCode).toBe(404);
    const rows = await auditRows(`operator = $1`, ['mallory'], 3);
    expect(rows.map((r) => [r.route, r.status, r.outcome, r.error_code])).toEqual([
      ['/ops/settings', 401, 'refused', 'OPS_KEY_INVALID'],
      ['/ops/whitelabel/:modId', 400, 'refused', 'VALIDATION_ERROR'],
      ['/ops/no-such-thing', 404, 'refused', 'NOT_FOUND'],
    ]);
    expect(rows[1].params).toEqual({ params: { modId: 'PHONERESET3' }, body: { enabled: 'x' } });
  });

  it('audits only /ops: the public API writes nothing', async () => {
    expect((await t.app.inject({ url: '/wps/system/status', remoteAddress: '192.0.2.91' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/wps/no-such-thing', remoteAddress: '192.0.2.91' })).statusCode).toBe(404);
    // written after it: once the /ops call's row is there, the earlier ones would be too
    await ops({ url: '/ops/settings', ip: '192.0.2.92' });
    await auditRows(`ip = $1`, ['192.0.2.92'], 1);
    expect(await t.db.query(`SELECT * FROM ops_audit WHERE ip = $1`, ['192.0.2.91'])).toEqual([]);
  });

  it('names a caller without X-Operator "unknown", and cleans a hostile name', async () => {
    await ops({ url: '/ops/settings', ip: '192.0.2.77' });
    await ops({ url: '/ops/settings', ip: '192.0.2.78', operator: `${'x'.repeat(100)}` });
    expect((await auditRows(`ip = $1`, ['192.0.2.77'], 1))[0].operator).toBe('unknown');
    expect((await auditRows(`ip = $1`, ['192.0.2.78'], 1))[0].operator).toBe('x'.repeat(64));
  });

  it('GET /ops/audit answers the newest first, filtered and paged', async () => {
    await auditRows(`operator = $1`, ['mallory'], 3);
    const res = await ops({ url: '/ops/audit?operator=mallory&limit=2' });
    expect(res.statusCode).toBe(200);
    const page = res.json().value;
    expect(page.map((e: { route: string }) => e.route)).toEqual(['/ops/no-such-thing', '/ops/whitelabel/:modId']);
    const next = (await ops({ url: `/ops/audit?operator=mallory&before=${page[1].id}` })).json().value;
    expect(next.map((e: { route: string; errorCode: string }) => [e.route, e.errorCode])).toEqual([
      ['/ops/settings', 'OPS_KEY_INVALID'],
    ]);
    expect((await ops({ url: '/ops/audit', key: 'wrong' })).statusCode).toBe(401);
  });

  it('npm run ops -- audit prints it, and the CLI names its operator', async () => {
    const run = (...argv: string[]) =>
      runOps(argv, { baseUrl, opsKey: TEST_OPS_KEY, operator: 'cli-auditor', print: (l) => lines.push(l) });
    await run('status');
    await auditRows(`operator = $1`, ['cli-auditor'], 1);
    lines.length = 0;
    await run('audit', '--operator', 'cli-auditor', '--limit', '5');
    expect(lines[0]).toMatch(/^#\d+ \d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ cli-auditor from 127\.0\.0\.1: GET \/ops\/\S+ → 200/);
    await expect(run('audit', '--outcome', 'maybe')).rejects.toThrow(/400 VALIDATION_ERROR/);
  });

  it('redacts secret-looking fields at any depth', () => {
    expect(redact({ a: { newPassword: 'x', token: 't', kek: 'k', key: 'k', keyName: 'shown' }, b: [{ secret: 1 }] })).toEqual({
      a: { newPassword: '[redacted]', token: '[redacted]', kek: '[redacted]', key: '[redacted]', keyName: 'shown' },
      b: [{ secret: '[redacted]' }],
    });
  });
});

describe('KHELA_OPS_NETWORKS', () => {
  afterEach(() => {
    t.app.opsNetworks = null;
  });

  it('answers /ops only to the listed networks (403 elsewhere, even with the key), IPv4-mapped addresses included', async () => {
    t.app.opsNetworks = parseNetworks('10.0.0.0/8, 192.0.2.7, fd00::/8');
    expect((await ops({ url: '/ops/settings', ip: '10.20.30.40' })).statusCode).toBe(200);
    expect((await ops({ url: '/ops/settings', ip: '192.0.2.7' })).statusCode).toBe(200);
    expect((await ops({ url: '/ops/settings', ip: '::ffff:10.1.1.1' })).statusCode).toBe(200);
    expect((await ops({ url: '/ops/settings', ip: 'fd00::1' })).statusCode).toBe(200);
    const outside = await ops({ url: '/ops/settings', ip: '192.0.2.8' });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().errorCode).toBe('OPS_NETWORK_REFUSED');
    expect((await ops({ url: '/ops/audit', ip: '203.0.113.1' })).statusCode).toBe(403);
    // the public API is not affected
    expect((await t.app.inject({ url: '/wps/system/status', remoteAddress: '203.0.113.1' })).statusCode).toBe(200);
  });

  it('refuses a malformed list (a typo must not open /ops to everyone), and reads an empty one as no restriction', () => {
    for (const bad of ['10.0.0.0/33', '10.0.0/8', 'localhost', '10.0.0.0/', '::1/129', '1.2.3.4/8/1'])
      expect(() => parseNetworks(bad)).toThrow(/KHELA_OPS_NETWORKS/);
    expect(parseNetworks('')).toBeNull();
    expect(parseNetworks(' , ')).toBeNull();
    const list = parseNetworks('127.0.0.1,::1')!;
    expect(inNetworks(list, '127.0.0.1')).toBe(true);
    expect(inNetworks(list, '::1')).toBe(true);
    expect(inNetworks(list, '127.0.0.2')).toBe(false);
    expect(inNetworks(list, 'not-an-ip')).toBe(false);
  });
});
