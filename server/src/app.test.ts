import { buildApi } from './app';
import { ApiError, ok } from './http/envelope';
import { createTestApi, type TestDb } from './test-support/test-db';
import type { FastifyInstance } from 'fastify';

let t: TestDb & { app: FastifyInstance };
beforeAll(async () => {
  t = await createTestApi();
  // Extra routes can be added on the returned instance before it is ready.
  t.app.get('/extra/ok', async () => ok({ n: 1 }));
  t.app.get('/extra/refused', async () => {
    throw new ApiError(403, 'NO_RIGHT', 'Not allowed');
  });
  t.app.get('/extra/crash', async () => {
    throw new Error('secret internal detail at /srv/db.ts:12');
  });
});
afterAll(() => t.dispose());

describe('the envelope', () => {
  it('wraps a success', async () => {
    const res = await t.app.inject('/extra/ok');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'OK', value: { n: 1 } });
  });

  it('answers an unknown route with 404 NOT_FOUND', async () => {
    const res = await t.app.inject('/wps/nothing/here?x=1');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      message: 'Route GET /wps/nothing/here not found',
      value: null,
      errorCode: 'NOT_FOUND',
    });
  });

  it('answers invalid input with 400 VALIDATION_ERROR naming the field', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/wps/member/language', payload: { language: 'FR' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR', value: null });
    expect(res.json().message).toContain('body/language');
    const missing = await t.app.inject({ method: 'PUT', url: '/wps/member/language', payload: {} });
    expect(missing.json().message).toMatch(/language/);
  });

  it('answers malformed JSON with 400 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/language',
      payload: '{"language":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'BAD_REQUEST' });
  });

  it('passes an ApiError through with its status and errorCode', async () => {
    const res = await t.app.inject('/extra/refused');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: 'Not allowed', value: null, errorCode: 'NO_RIGHT' });
  });

  it('hides an unexpected error behind 500 INTERNAL_ERROR, with no stack trace', async () => {
    const res = await t.app.inject('/extra/crash');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: 'Internal server error', value: null, errorCode: 'INTERNAL_ERROR' });
    expect(res.body).not.toMatch(/secret|stack|db\.ts/);
  });
});

describe('the OpenAPI document', () => {
  it('is generated from the route schemas, the operator endpoints under the tag ops', async () => {
    const res = await t.app.inject('/wps/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/wps/system/status',
        '/wps/system/permission',
        '/wps/system/whitelabel',
        '/wps/system/domainRoute',
        '/wps/system/setting/register',
        '/wps/member/info',
        '/wps/member/language',
      ]),
    );
    const ops = Object.keys(doc.paths).filter((p) => p.startsWith('/ops'));
    expect(ops).toEqual(expect.arrayContaining(['/ops/members', '/ops/audit', '/ops/rum/health']));
    for (const p of ops) for (const op of Object.values<{ tags: string[] }>(doc.paths[p])) expect(op.tags).toEqual(['ops']);
    expect(doc.paths['/wps/system/domainRoute'].get.description).toMatch(/Decided by the server/);
  });

  it('leaves the operator endpoints out when told (the default in production)', async () => {
    const app = await buildApi({ db: t.db, migrate: false, opsKey: 'x', docsUi: false, jobs: false, opsDocs: false });
    try {
      const doc = (await app.inject('/wps/docs/json')).json();
      expect(Object.keys(doc.paths).filter((p) => p.startsWith('/ops'))).toEqual([]);
      expect(Object.keys(doc.paths)).toContain('/wps/system/status');
    } finally {
      await app.close();
    }
  });
});
