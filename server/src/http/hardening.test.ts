// What a review of the running server found (issue 15, hardening), each refused centrally: every route of
// the OpenAPI document is tried, so a route added later is covered as it comes.
import type { FastifyInstance } from 'fastify';
import { createAuthTestApi, type AuthTestApi } from '../domains/auth/auth.test-support';
import { createTestApi } from '../test-support/test-db';
import { opsCall, TEST_OPS_KEY } from '../test-support/test-db';
import { firstBad } from './request-guards';
import { docsContentSecurityPolicy } from './security-headers';

let t: AuthTestApi & { app: FastifyInstance };
let player: string;
let agent: string;
beforeAll(async () => {
  t = await createAuthTestApi();
  const session = async (account: string, type: number) => {
    expect((await opsCall(t.app, 'POST', '/ops/members', { account, type })).status).toBe(201);
    return (await opsCall(t.app, 'POST', '/ops/sessions', { account })).body.value.token as string;
  };
  player = await session('hardplayer', 0);
  agent = await session('hardagent', 4);
});
afterAll(() => t.dispose());

interface Param {
  name: string;
  in: string;
  schema?: { type?: string | string[] };
}
interface Operation {
  parameters?: Param[];
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** Every operation of the OpenAPI document with its parameters; path parameters filled with 1. */
function operations() {
  const doc = (t.app as unknown as { swagger(): OpenApi }).swagger();
  const ops: { method: string; path: string; url: string; params: Param[] }[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      ops.push({ method: method.toUpperCase(), path, url: path.replace(/\{[^}]+\}/g, '1'), params: op.parameters ?? [] });
    }
  }
  return ops;
}
const isNumeric = (p: Param) => {
  const type = p.schema?.type;
  return (
    type === 'integer' || type === 'number' || (Array.isArray(type) && (type.includes('integer') || type.includes('number')))
  );
};
const credentials = [
  { who: 'a player', headers: () => ({ authorization: player, 'x-ops-key': TEST_OPS_KEY }) },
  { who: 'an agent', headers: () => ({ authorization: agent, 'x-ops-key': TEST_OPS_KEY }) },
];

describe('numbers in query strings', () => {
  it('refuses 1e400, Infinity and -1e400 on every route with a numeric query parameter (400, never 500 nor an unbounded answer)', async () => {
    const tried: string[] = [];
    const wrong: string[] = [];
    for (const op of operations()) {
      for (const param of op.params.filter((p) => p.in === 'query' && isNumeric(p))) {
        for (const { who, headers } of credentials) {
          // a route these credentials may not call may refuse before reading its query: that refusal stands
          const baseline = await t.app.inject({ method: op.method, url: `${op.url}?${param.name}=1`, headers: headers() });
          const refusals = [400, ...(baseline.statusCode === 401 || baseline.statusCode === 403 ? [baseline.statusCode] : [])];
          for (const value of ['1e400', 'Infinity', '-1e400', '-Infinity']) {
            const res = await t.app.inject({
              method: op.method,
              url: `${op.url}?${param.name}=${encodeURIComponent(value)}`,
              headers: headers(),
            });
            tried.push(`${op.method} ${op.path} ${param.name}`);
            if (!refusals.includes(res.statusCode))
              wrong.push(`${op.method} ${op.path}?${param.name}=${value} as ${who}: ${res.statusCode}`);
          }
        }
      }
    }
    expect(new Set(tried).size).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
  });

  it('refuses a non-finite number in a JSON body too (1e400 parses to Infinity)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops/members',
      headers: { 'x-ops-key': TEST_OPS_KEY, 'content-type': 'application/json' },
      payload: '{"account":"infinite1","type":1e400}',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('control characters in strings', () => {
  const controls = ['\u0000', '\u0007', '\u001b', '\u007f'];

  it('refuses them in the login username (a sealed body): 400, not 500', async () => {
    for (const c of controls) {
      const res = await t.call({
        url: '/wps/session/login',
        sealed: true,
        body: { username: `ab${c}c`, password: 'x', type: 'username' },
      });
      expect({ c, status: res.status, errorCode: res.body.errorCode }).toEqual({ c, status: 400, errorCode: 'VALIDATION_ERROR' });
    }
  });

  it('refuses them in the forgot-password form and in a JSON body', async () => {
    for (const c of controls) {
      const form = await t.app.inject({
        method: 'POST',
        url: '/wps/member/password/email',
        payload: new URLSearchParams({ username: 'someone', email: `a${c}@example.com` }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect({ c, status: form.statusCode }).toEqual({ c, status: 400 });
      const json = await t.call({ url: '/wps/member/password/email', body: { username: `some${c}one`, email: 'a@example.com' } });
      expect({ c, status: json.status }).toEqual({ c, status: 400 });
    }
  });

  it('still takes ordinary text', async () => {
    const res = await t.call({ url: '/wps/member/password/email', body: { username: 'rahim', email: 'rahim@example.com' } });
    expect(res.status).toBe(200);
  });

  it('finds them anywhere in a request, but lets tab and line breaks through (free text) and Bengali', () => {
    expect(firstBad({ a: [{ b: 'x\u0000' }] }, 'body')).toBe('body/a/0/b must not contain control characters');
    expect(firstBad({ 'k\u0001': 1 }, 'body')).toBe('body must not contain control characters');
    expect(firstBad({ n: -Infinity }, 'querystring')).toBe('querystring/n must be a finite number');
    expect(firstBad({ n: 2 ** 53 }, 'body')).toBe('body/n must be between -2^53 and 2^53');
    expect(firstBad({ n: -(2 ** 53) + 1, m: 1e300 }, 'body')).toBe('body/m must be between -2^53 and 2^53');
    expect(firstBad({ a: 'রহিম\tনাম\r\n', n: 1.5, b: null, c: [true] }, 'body')).toBeNull();
  });
});

describe('content types', () => {
  it('answers a text/plain body 415 on the API', async () => {
    for (const url of ['/wps/member/password/email', '/wps/session/login', '/ops/members']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: 'username=a&email=b',
        headers: { 'content-type': 'text/plain', 'x-ops-key': TEST_OPS_KEY },
      });
      expect({ url, status: res.statusCode, errorCode: res.json().errorCode }).toEqual({
        url,
        status: 415,
        errorCode: expect.any(String),
      });
    }
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy (scripts from the origin only, no framing), nosniff and a Referrer-Policy on the API', async () => {
    for (const url of ['/wps/system/status', '/wps/relay/GCSGAME_gameList', '/nothing-here']) {
      const res = await t.app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      // plain HTTP: no HSTS
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('keeps the payment sandbox page’s own stricter policy', async () => {
    const res = await t.app.inject({ url: '/wps/payments/sandbox/pay/NOSUCHORDER' });
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  });

  describe('behind a proxy', () => {
    let second: Awaited<ReturnType<typeof createTestApi>>;
    beforeAll(async () => {
      second = await createTestApi({ trustProxy: true });
    });
    afterAll(() => second.dispose());

    it('sends HSTS only on a request that came over TLS (here: per the trusted proxy)', async () => {
      const tls = await second.app.inject({ url: '/wps/system/status', headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const plain = await second.app.inject({ url: '/wps/system/status', headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    });

    it('lets the API docs page (Swagger UI) have inline styles, never inline scripts (the page itself: e2e shell.spec)', () => {
      const csp = docsContentSecurityPolicy();
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
    });
  });
});
