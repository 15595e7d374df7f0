// Test helpers of the sign-in domains: an API with cheap test crypto, bodies sealed exactly as the
// browser seals them (shared/api/src/seal.ts), captcha answers, members, the outbox.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { importSealKey, sealWith, type ImportedSealKey } from '@khela/api/seal-crypto';
import type { ApiOptions } from '../../app';
import { createMemoryRateLimiter, type RateLimiter } from '../../services/rate-limit';
import { createTestApi, opsCall, TEST_OPS_KEY, type TestDb } from '../../test-support/test-db';

export type TestApi = TestDb & { app: FastifyInstance };

export interface AuthTestApi extends TestApi {
  captchas: Map<string, string>;
  limiter: RateLimiter;
  /** a body sealed for `path` with the server's current key */
  seal(path: string, payload: object, now?: number): Promise<object>;
  /** inject with JSON, and a sealed body when `sealed` */
  call(opts: {
    method?: InjectOptions['method'];
    url: string;
    body?: object;
    sealed?: boolean;
    token?: string;
    ip?: string;
    lang?: 'BN' | 'EN';
    headers?: Record<string, string>;
  }): Promise<{
    status: number;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read any answer's JSON through this one helper
    body: { success: boolean; message: string; value: any; errorCode?: string };
    headers: Record<string, unknown>;
  }>;
  /** a new captcha and its answer */
  captcha(ip?: string): Promise<{ id: string; answer: string }>;
  member(fields: Record<string, unknown>): Promise<{ id: number; account: string; affiliateCode?: string }>;
  outbox(to: string): Promise<{ channel: string; recipient: string; subject: string | null; body: string }[]>;
  /** the newest 6-digit code sent to `to` */
  lastCode(to: string): Promise<string>;
  flag(modId: string, enabled: boolean): Promise<void>;
  setting(key: string, value: unknown): Promise<void>;
}

export async function createAuthTestApi(opts: ApiOptions = {}): Promise<AuthTestApi> {
  const captchas = new Map<string, string>();
  const limiter = opts.auth?.limiter ?? createMemoryRateLimiter();
  const t = await createTestApi({
    settingsCacheMs: 0,
    ...opts,
    auth: { unsafeTestCrypto: true, limiter, onCaptcha: (id, answer) => captchas.set(id, answer), ...opts.auth },
  });
  let key: ImportedSealKey | null = null;
  const sealKey = async () => {
    if (!key) {
      const res = await t.app.inject({ url: '/wps/crypto/key' });
      key = await importSealKey(res.json().value);
    }
    return key;
  };
  const api: AuthTestApi = {
    ...t,
    captchas,
    limiter,
    seal: async (path, payload, now) => sealWith(await sealKey(), path, payload, now),
    async call({ method = 'POST', url, body, sealed, token, ip, lang, headers = {} }) {
      const payload = body === undefined ? undefined : sealed ? await api.seal(url.split('?')[0], body) : body;
      const res = await t.app.inject({
        method,
        url,
        payload: payload as InjectOptions['payload'],
        remoteAddress: ip ?? '127.0.0.1',
        headers: {
          ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: token } : {}),
          ...(lang ? { language: lang } : {}),
          ...headers,
        },
      });
      return { status: res.statusCode, body: res.json(), headers: res.headers };
    },
    async captcha(ip = '127.0.0.1') {
      const res = await t.app.inject({ url: '/wps/captcha', remoteAddress: ip });
      if (res.statusCode !== 200) throw new Error(`captcha: ${res.body}`);
      const id = res.headers['captcha-id'] as string;
      return { id, answer: captchas.get(id)! };
    },
    async member(fields) {
      const res = await opsCall(t.app, 'POST', '/ops/members', fields);
      if (res.status !== 201) throw new Error(`member: ${JSON.stringify(res.body)}`);
      return res.body.value;
    },
    async outbox(to) {
      const res = await t.app.inject({ url: `/ops/outbox?to=${encodeURIComponent(to)}`, headers: { 'x-ops-key': TEST_OPS_KEY } });
      return res.json().value;
    },
    async lastCode(to) {
      const [latest] = await api.outbox(to);
      const code = latest?.body.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code sent to ${to}`);
      return code;
    },
    async flag(modId, enabled) {
      const res = await opsCall(t.app, 'PUT', `/ops/whitelabel/${modId}`, { enabled });
      if (res.status !== 200) throw new Error(`flag: ${JSON.stringify(res.body)}`);
    },
    async setting(key, value) {
      const res = await opsCall(t.app, 'PUT', `/ops/settings/${key}`, { value });
      if (res.status !== 200) throw new Error(`setting: ${JSON.stringify(res.body)}`);
    },
  };
  return api;
}

/** The rows of the tables sign-in writes, to show that a refusal changed nothing. */
export async function snapshot(t: TestApi): Promise<Record<string, unknown[]>> {
  const tables = [
    'members',
    'sessions',
    'member_known_ips',
    'verification_codes',
    'remember_tokens',
    'login_verifications',
    'affiliate_codes',
  ];
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    out[table] = await t.db.query(`SELECT * FROM ${table} ORDER BY 1`);
  }
  return out;
}

let seq = 0;
export const uniqueName = (prefix = 'user') => `${prefix}${Date.now().toString(36).slice(-4)}${++seq}`;
