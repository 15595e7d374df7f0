import Fastify, { type FastifyInstance } from 'fastify';
import { buildApi } from '../app';
import { createTestDb, TEST_OPS_KEY, type TestDb } from '../test-support/test-db';
import { lazyCompilersFactory } from './lazy-schemas';

/** One route with a body, a query, a header and a response schema, on Fastify's compilers or the lazy ones. */
async function app(lazy: boolean, extra?: (a: FastifyInstance) => void): Promise<FastifyInstance> {
  const a = Fastify({
    ajv: { customOptions: { removeAdditional: false } },
    ...(lazy ? { schemaController: { compilersFactory: lazyCompilersFactory() } } : {}),
  });
  a.post(
    '/echo',
    {
      schema: {
        body: {
          type: 'object',
          required: ['n'],
          additionalProperties: false,
          properties: { n: { type: 'integer', minimum: 1 } },
        },
        querystring: { type: 'object', properties: { lang: { type: 'string', enum: ['BN', 'EN'] } } },
        headers: { type: 'object', required: ['x-khela-signature'], properties: { 'x-khela-signature': { type: 'string' } } },
        response: { 200: { type: 'object', properties: { n: { type: 'integer' }, lang: { type: 'string' } } } },
      },
    },
    // `secret` is not in the response schema: the serializer leaves it out
    async (req) => ({ ...(req.body as object), lang: (req.query as { lang?: string }).lang ?? 'BN', secret: 'x' }),
  );
  extra?.(a);
  await a.ready();
  return a;
}

const calls = [
  { payload: { n: 2 }, query: 'lang=EN', signed: true },
  { payload: { n: 0 }, query: '', signed: true },
  { payload: { n: 2, extra: 1 }, query: '', signed: true },
  { payload: { n: 2 }, query: 'lang=FR', signed: true },
  { payload: { n: 2 }, query: '', signed: false },
  { payload: { n: 3 }, query: '', signed: true },
];

describe('schemas compiled on first use', () => {
  it('answer every call exactly as the compilers at ready do: status, validation message, serialized body', async () => {
    const eager = await app(false);
    const lazy = await app(true);
    for (const c of calls) {
      const req = {
        method: 'POST' as const,
        url: `/echo${c.query ? `?${c.query}` : ''}`,
        payload: c.payload,
        headers: c.signed ? { 'x-khela-signature': 'sig' } : {},
      };
      const [e, l] = [await eager.inject(req), await lazy.inject(req)];
      expect({ status: l.statusCode, body: l.body }).toEqual({ status: e.statusCode, body: e.body });
    }
    const ok = await lazy.inject({ method: 'POST', url: '/echo', payload: { n: 2 }, headers: { 'x-khela-signature': 's' } });
    expect(ok.json()).toEqual({ n: 2, lang: 'BN' });
    await Promise.all([eager.close(), lazy.close()]);
  });

  it('leave a schema that does not compile to its first request; at ready, it fails the start', async () => {
    const broken = (a: FastifyInstance) =>
      a.get(
        '/broken',
        { schema: { querystring: { type: 'object', properties: { q: { type: 'no-such-type' } } } } },
        async () => ({}),
      );
    await expect(app(false, broken)).rejects.toThrow(/no-such-type|schema/i);
    const lazy = await app(true, broken);
    expect((await lazy.inject('/broken?q=1')).statusCode).toBe(500);
    expect(
      (await lazy.inject({ method: 'POST', url: '/echo', payload: { n: 1 }, headers: { 'x-khela-signature': 's' } })).statusCode,
    ).toBe(200);
    await lazy.close();
  });
});

describe("the API's own schemas", () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ migrated: true });
  });
  afterAll(() => t.dispose());

  // the test APIs compile lazily: this one builds it as a server does, so every route's schema is
  // compiled here once
  it('all compile when the API starts', async () => {
    const api = await buildApi({ db: t.db, opsKey: TEST_OPS_KEY, docsUi: false, jobs: false });
    await expect(api.ready()).resolves.toBeDefined();
    await api.close();
  });
});
