import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { runOps } from '../../cli/ops';
import { createTestApi, opsCall, TEST_OPS_KEY, type TestDb } from '../../test-support/test-db';

let t: TestDb & { app: FastifyInstance };
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.dispose());

const settings = async () => (await opsCall(t.app, 'GET', '/ops/settings')).body.value;

describe('operator endpoints', () => {
  it('refuse a missing or wrong X-Ops-Key with 401 and change nothing', async () => {
    const before = await settings();
    for (const headers of [{}, { 'x-ops-key': 'wrong' }, { 'x-ops-key': TEST_OPS_KEY + 'x' }]) {
      const res = await t.app.inject({ method: 'PUT', url: '/ops/settings/maintenance', payload: { value: true }, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'OPS_KEY_INVALID' });
      expect((await t.app.inject({ url: '/ops/settings', headers })).statusCode).toBe(401);
    }
    expect(await settings()).toEqual(before);
  });

  it.each([
    ['maintenance', 'yes'],
    ['maintenance', null],
    ['regionRestriction', 1],
    ['regionAllowList', ['300.1.1.1']],
    ['regionAllowList', ['10.0.0.0/33']],
    ['regionAllowList', 'not-a-list'],
    ['customerService', [{ csType: 'fax', path: 'https://x.example' }]],
    ['imageCDNs', ['javascript:alert(1)']],
  ])('refuse a bad %s value (%j) with 400 and change nothing', async (key, value) => {
    const before = await settings();
    const res = await opsCall(t.app, 'PUT', `/ops/settings/${key}`, { value });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR' });
    expect(res.body.message).toContain('body/value');
    expect(await settings()).toEqual(before);
  });

  it('refuse an unknown setting', async () => {
    const res = await opsCall(t.app, 'PUT', '/ops/settings/colour', { value: 'red' });
    expect(res).toMatchObject({ status: 400, body: { errorCode: 'UNKNOWN_SETTING' } });
  });

  it('store a valid allow list of IPv4, CIDR and IPv6 entries', async () => {
    const value = ['203.0.113.7', '10.0.0.0/8', '2001:db8::1'];
    expect((await opsCall(t.app, 'PUT', '/ops/settings/regionAllowList', { value })).status).toBe(200);
    expect((await settings()).regionAllowList).toEqual(value);
  });

  it('create members (account lowercased, duplicates refused) and sessions', async () => {
    const created = await opsCall(t.app, 'POST', '/ops/members', { account: 'Karim_01', type: 1 });
    expect(created).toMatchObject({
      status: 201,
      body: { success: true, value: { account: 'karim_01', nickname: 'karim_01', type: 1 } },
    });
    expect(await opsCall(t.app, 'POST', '/ops/members', { account: 'KARIM_01' })).toMatchObject({
      status: 409,
      body: { errorCode: 'US_CUSTOMER_EXIST_ERROR' },
    });
    expect((await opsCall(t.app, 'POST', '/ops/members', { account: 'x y' })).status).toBe(400);
    expect((await opsCall(t.app, 'POST', '/ops/members', { account: 'okname', type: 3 })).status).toBe(400);

    const session = await opsCall(t.app, 'POST', '/ops/sessions', { account: 'KARIM_01' });
    expect(session.status).toBe(201);
    expect(session.body.value.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await opsCall(t.app, 'POST', '/ops/sessions', { account: 'nobody' })).toMatchObject({
      status: 404,
      body: { errorCode: 'USER_NOT_EXIST' },
    });
  });
});

describe('operator CLI against a listening server', () => {
  let baseUrl: string;
  const lines: string[] = [];
  const run = (...argv: string[]) => runOps(argv, { baseUrl, opsKey: TEST_OPS_KEY, print: (l) => lines.push(l) });
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  it('switches maintenance and the region restriction, and edits the allow list', async () => {
    await run('maintenance', 'on');
    expect(
      (await fetch(`${baseUrl}/wps/system/status`).then((r) => r.json() as Promise<{ value: { status: number } }>)).value.status,
    ).toBe(1);
    await run('maintenance', 'off');
    await run('region', 'on');
    await run('region', 'allow', '192.0.2.0/24');
    await run('region', 'disallow', '10.0.0.0/8');
    expect(await settings()).toMatchObject({
      maintenance: false,
      regionRestriction: true,
      regionAllowList: ['203.0.113.7', '2001:db8::1', '192.0.2.0/24'],
    });
    expect(
      (await fetch(`${baseUrl}/wps/system/status`).then((r) => r.json() as Promise<{ value: { status: number } }>)).value.status,
    ).toBe(2);
    await run('region', 'allow', '127.0.0.1');
    expect(
      (await fetch(`${baseUrl}/wps/system/status`).then((r) => r.json() as Promise<{ value: { status: number } }>)).value.status,
    ).toBe(0);
    await run('region', 'off');
    lines.length = 0;
    await run('status');
    expect(lines.join('\n')).toMatch(/maintenance:\s+off[\s\S]*region restriction:\s+off/);
  });

  it('creates a member and a session usable as the Authorization header', async () => {
    await run('create-member', 'Sumi', '--type', '4');
    lines.length = 0;
    await run('create-session', 'sumi');
    const info = await fetch(`${baseUrl}/wps/member/info`, { headers: { Authorization: lines[0] } }).then(
      (r) => r.json() as Promise<{ value: unknown }>,
    );
    expect(info.value).toMatchObject({ account: 'sumi', type: 4 });
    // and a one-time link for the browser that does not carry the token
    expect(lines[2]).toMatch(new RegExp(`^${baseUrl}/\\?login=[A-Za-z0-9_-]{43}$`));
    expect(lines[2]).not.toContain(lines[0]);
    const code = new URL(lines[2]).searchParams.get('login');
    const handed = await fetch(`${baseUrl}/wps/session/handover`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    }).then((r) => r.json() as Promise<{ value: { token: string } }>);
    expect(handed.value.token).toBe(lines[0]);
  });

  it('shows and sets any setting, validated by the server', async () => {
    lines.length = 0;
    await run('setting', 'rumSampleRate', '0.25');
    await run('setting', 'rumSampleRate');
    expect(lines).toEqual(['rumSampleRate 0.25', 'rumSampleRate 0.25']);
    await expect(run('setting', 'rumSampleRate', '2')).rejects.toThrow(/HTTP 400/);
    await expect(run('setting', 'noSuchThing', '1')).rejects.toThrow(/UNKNOWN_SETTING/);
    lines.length = 0;
    await run('setting');
    expect(lines.some((l) => /^maintenance\s+false$/.test(l))).toBe(true);
    await run('setting', 'rumSampleRate', '1');
  });

  it('fails with a helpful message', async () => {
    await expect(run('maintenance', 'maybe')).rejects.toThrow('expected "on" or "off"');
    await expect(run('region', 'allow', '999.1.1.1')).rejects.toThrow(/HTTP 400 VALIDATION_ERROR/);
    await expect(run('frobnicate')).rejects.toThrow(/unknown command[\s\S]*Usage/);
    await expect(runOps(['status'], { baseUrl, opsKey: 'wrong', print: () => undefined })).rejects.toThrow(/401 OPS_KEY_INVALID/);
    await expect(runOps(['status'], { baseUrl: 'http://127.0.0.1:1', opsKey: 'k', print: () => undefined })).rejects.toThrow(
      /cannot reach/,
    );
  });
});

describe('whitelabel flags', () => {
  const flag = async (modId: string) => {
    const res = await t.app.inject({ url: '/wps/system/whitelabel' });
    const find = (nodes: { modId: string; enabled: boolean; childrenNodes?: unknown[] }[]): boolean | undefined => {
      for (const n of nodes) {
        if (n.modId === modId) return n.enabled;
        const inner = find((n.childrenNodes ?? []) as never);
        if (inner !== undefined) return inner;
      }
      return undefined;
    };
    return find(res.json().value);
  };

  it('an operator switches a flag and the storefront sees it', async () => {
    expect(await flag('FREEPLAY3')).toBe(false);
    const on = await opsCall(t.app, 'PUT', '/ops/whitelabel/FREEPLAY3', { enabled: true });
    expect(on.status).toBe(200);
    expect(on.body.value).toEqual({ modId: 'FREEPLAY3', enabled: true });
    expect(await flag('FREEPLAY3')).toBe(true);
    await opsCall(t.app, 'PUT', '/ops/whitelabel/FREEPLAY3', { enabled: false });
    expect(await flag('FREEPLAY3')).toBe(false);
  });

  it.each([
    ['/ops/whitelabel/NOPE3', { enabled: true }, 404, 'FLAG_NOT_FOUND'],
    ['/ops/whitelabel/FREEPLAY3', { enabled: 'yes' }, 400, 'VALIDATION_ERROR'],
    ['/ops/whitelabel/FREEPLAY3', { enabled: true, extra: 1 }, 400, 'VALIDATION_ERROR'],
    ['/ops/whitelabel/bad-id', { enabled: true }, 400, 'VALIDATION_ERROR'],
  ])('refuses %s %j with %i', async (url, body, status, code) => {
    const res = await opsCall(t.app, 'PUT', url, body);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, errorCode: code });
    expect(await flag('FREEPLAY3')).toBe(false);
  });
});
