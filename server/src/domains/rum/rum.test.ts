import type { FastifyInstance } from 'fastify';
import { createTestApi, opsCall, type TestDb } from '../../test-support/test-db';

let t: TestDb & { app: FastifyInstance };
let clock = new Date('2026-11-20T10:00:30Z');
beforeAll(async () => {
  t = await createTestApi({ rum: { now: () => clock } });
});
afterAll(() => t.dispose());

const beacon = (body: unknown, ip = '198.51.100.7', contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: '/rum/v1/beacon',
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': contentType },
    remoteAddress: ip,
  });

const area = (version: string, loads: number, loaded: number, failed: Record<string, number> = {}, errors = 0) => ({
  remote: 'lobby',
  version,
  loads,
  loaded,
  failed,
  errors,
});

const health = async (minutes = 60) => (await opsCall(t.app, 'GET', `/ops/rum/health?remote=lobby&minutes=${minutes}`)).body;

describe('POST /rum/v1/beacon', () => {
  it('adds up per remote version: loads, failures by reason, boundary errors, and vitals for every version on the page', async () => {
    const versions = { lobby: 'v1aaaa', 'auth-modals': 'm1' };
    expect(
      (
        await beacon({
          route: '/',
          versions,
          areas: [area('v1aaaa', 3, 3)],
          vitals: [
            { name: 'LCP', value: 1800 },
            { name: 'CLS', value: 0.02 },
          ],
        })
      ).statusCode,
    ).toBe(204);
    await beacon({
      route: '/rng',
      versions,
      areas: [area('v1aaaa', 2, 1, { timeout: 1 }, 1)],
      vitals: [{ name: 'LCP', value: 2600 }],
    });
    await beacon({
      route: '/',
      versions: { lobby: 'v2bbbb' },
      areas: [area('v2bbbb', 10, 2, { evaluation: 7, http404: 1 })],
      vitals: [{ name: 'INP', value: 120 }],
    });
    const h = await health();
    expect(h.success).toBe(true);
    const v1 = h.value.versions.find((v: { version: string }) => v.version === 'v1aaaa');
    const v2 = h.value.versions.find((v: { version: string }) => v.version === 'v2bbbb');
    expect(v1).toMatchObject({ loads: 5, loaded: 4, failures: 1, errors: 1, failed: { timeout: 1, http404: 0 } });
    expect(v1.vitals.LCP.samples).toBe(2);
    expect(v1.vitals.LCP.p75).toBeGreaterThanOrEqual(2600);
    expect(v1.vitals.LCP.p75).toBeLessThanOrEqual(2860);
    expect(v1.vitals.CLS.p50).toBeCloseTo(0.02, 2);
    expect(v2).toMatchObject({ loads: 10, failures: 8, failed: { evaluation: 7, http404: 1 } });
    expect(v2.vitals.LCP).toEqual({ p50: null, p75: null, samples: 0 });
    // a window that starts within a minute counts that whole minute (signals are kept by the minute)
    const since = await opsCall(t.app, 'GET', '/ops/rum/health?remote=lobby&since=2026-11-20T10:00:45.000Z');
    expect(since.body.value.versions.map((v: { version: string }) => v.version).sort()).toEqual(['v1aaaa', 'v2bbbb']);
    const later = await opsCall(t.app, 'GET', '/ops/rum/health?remote=lobby&since=2026-11-20T10:01:00.000Z');
    expect(later.body.value.versions).toEqual([]);
    // the auth-modals version was on the page: it has the page's vitals, and no loads
    const modals = (await opsCall(t.app, 'GET', '/ops/rum/health?remote=auth-modals')).body.value.versions;
    expect(modals).toEqual([]);
  });

  it('refuses bad and hostile input with 400 and keeps nothing of it', async () => {
    const before = JSON.stringify((await health()).value.versions);
    const bad: unknown[] = [
      'not json',
      {},
      { route: '/', versions: {}, areas: [], vitals: [], extra: 1 },
      { route: 'https://evil.example/', versions: {}, areas: [], vitals: [] },
      { route: '/?token=abc', versions: {}, areas: [], vitals: [] },
      { route: '/', versions: { lobby: '../../etc' }, areas: [], vitals: [] },
      { route: '/', versions: {}, areas: [{ ...area('v1aaaa', 1, 1), remote: 'evil' }], vitals: [] },
      { route: '/', versions: {}, areas: [area('v1aaaa', -1, 0)], vitals: [] },
      { route: '/', versions: {}, areas: [area('v1aaaa', 1e9, 0)], vitals: [] },
      { route: '/', versions: {}, areas: [area('v1aaaa', 1, 1, { cosmic: 1 })], vitals: [] },
      { route: '/', versions: {}, areas: [], vitals: [{ name: 'LCP', value: -5 }] },
      { route: '/', versions: {}, areas: [], vitals: [{ name: 'FID', value: 5 }] },
      { route: '/', versions: {}, areas: Array.from({ length: 17 }, () => area('v1aaaa', 1, 1)), vitals: [] },
      { route: '/', versions: {}, areas: [{ ...area('v1aaaa', 1, 1), version: 'x\u0000y' }], vitals: [] },
    ];
    for (const body of bad) expect([body, (await beacon(body)).statusCode]).toEqual([body, 400]);
    const huge = await beacon({ route: '/', versions: {}, areas: [], vitals: [], pad: 'x'.repeat(10_000) });
    expect(huge.statusCode).toBe(413);
    expect(JSON.stringify((await health()).value.versions)).toBe(before);
  });

  it('is limited per address (429), other addresses go on', async () => {
    const body = { route: '/', versions: {}, areas: [], vitals: [] };
    const codes: number[] = [];
    for (let i = 0; i < 122; i++) codes.push((await beacon(body, '203.0.113.50')).statusCode);
    expect(codes.filter((c) => c === 204)).toHaveLength(120);
    expect(codes.slice(-2)).toEqual([429, 429]);
    expect((await beacon(body, '203.0.113.51')).statusCode).toBe(204);
  });
});

describe('GET /ops/rum/health and retention', () => {
  it('a time series per version for the release page', async () => {
    const r = await opsCall(t.app, 'GET', '/ops/rum/series?remote=lobby&minutes=60&slot=5');
    expect(r.status).toBe(200);
    const v2 = r.body.value.versions.find((v: { version: string }) => v.version === 'v2bbbb');
    expect(v2.points).toEqual([
      {
        t: '2026-11-20T10:00:00.000Z',
        loads: 10,
        failures: 8,
        errors: 0,
        lcpP75: null,
        inpP75: expect.any(Number),
        clsP75: null,
      },
    ]);
    expect((await t.app.inject({ url: '/ops/rum/series?remote=lobby' })).statusCode).toBe(401);
  });

  it('needs the ops key and a known remote', async () => {
    expect((await t.app.inject({ url: '/ops/rum/health?remote=lobby' })).statusCode).toBe(401);
    expect((await opsCall(t.app, 'GET', '/ops/rum/health?remote=nope')).status).toBe(400);
  });

  it('a window counts only its minutes; the retention job deletes what is older than the setting', async () => {
    clock = new Date('2026-11-20T13:00:10Z'); // three hours later
    await beacon({ route: '/', versions: { lobby: 'v3cccc' }, areas: [area('v3cccc', 4, 4)], vitals: [] }, '192.0.2.1');
    const recent = (await health(30)).value.versions.map((v: { version: string }) => v.version);
    expect(recent).toEqual(['v3cccc']);
    expect((await opsCall(t.app, 'PUT', '/ops/settings/rumRetentionHours', { value: 2 })).status).toBe(200);
    const versions = async (table: string) =>
      (await t.db.query<{ version: string }>(`SELECT DISTINCT version FROM ${table} ORDER BY version`)).map((r) => r.version);
    expect(await versions('rum_minutes')).toEqual(['v1aaaa', 'v2bbbb', 'v3cccc']);
    await t.app.jobs.runNow('rum.retention');
    expect(await versions('rum_minutes')).toEqual(['v3cccc']);
    expect(await versions('rum_vitals')).toEqual([]);
  });
});
