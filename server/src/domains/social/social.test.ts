import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createTestApi, opsCall, type TestDb } from '../../test-support/test-db';
import { OidcClients } from './oidc';

// Social sign-in against a real OpenID provider (oidc-provider, in a child process): the browser's
// part (the provider's login and consent pages) is driven with fetch and a cookie jar.
jest.setTimeout(120_000);

const CALLBACK = 'http://localhost/wps/session/social/callback';
let t: TestDb & { app: FastifyInstance };
let provider: ChildProcess;
let issuer: string;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  provider = spawn(process.execPath, [join(__dirname, '../../test-support/oidc-provider.mjs'), String(port), CALLBACK], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  issuer = await new Promise<string>((resolve, reject) => {
    provider.stdout!.on('data', (d: Buffer) => {
      const m = /ready (\S+)/.exec(d.toString());
      if (m) resolve(m[1]!);
    });
    provider.on('exit', (code) => reject(new Error(`the provider exited (${code})`)));
  });
  t = await createTestApi({ oidcClients: new OidcClients() });
  expect((await opsCall(t.app, 'PUT', '/ops/whitelabel/SOCIALLOGIN3', { enabled: true })).status).toBe(200);
  const configured = await opsCall(t.app, 'PUT', '/ops/social/providers/google', {
    label: 'Google',
    issuer,
    clientId: 'khela',
    clientSecret: 'khela-test-secret',
    redirectUri: CALLBACK,
  });
  expect(configured.status).toBe(200);
  expect(configured.body.value).not.toHaveProperty('clientSecret');
});

it("the provider's secret is stored under the KEK when one is set, and sign-ins still work", async () => {
  const saved = process.env.KHELA_SEAL_KEK;
  process.env.KHELA_SEAL_KEK = 'ab'.repeat(32);
  try {
    const res = await opsCall(t.app, 'PUT', '/ops/social/providers/google', {
      label: 'Google',
      issuer,
      clientId: 'khela',
      clientSecret: 'khela-test-secret',
      redirectUri: CALLBACK,
    });
    expect(res.status).toBe(200);
    const row = await t.db.one<{ client_secret: string }>(`SELECT client_secret FROM social_providers WHERE id = 'google'`);
    expect(row!.client_secret).toMatch(/^kek:/);
    expect(row!.client_secret).not.toContain('khela-test-secret');
    // no new secret: the stored one is kept
    await opsCall(t.app, 'PUT', '/ops/social/providers/google', {
      label: 'Google',
      issuer,
      clientId: 'khela',
      redirectUri: CALLBACK,
    });
    expect(
      (await t.db.one<{ client_secret: string }>(`SELECT client_secret FROM social_providers WHERE id = 'google'`))!
        .client_secret,
    ).toBe(row!.client_secret);
    const back = await signIn('kek-user');
    expect((await complete(back.social!)).status).toBe(200);
  } finally {
    if (saved === undefined) delete process.env.KHELA_SEAL_KEK;
    else process.env.KHELA_SEAL_KEK = saved;
    await opsCall(t.app, 'PUT', '/ops/social/providers/google', {
      label: 'Google',
      issuer,
      clientId: 'khela',
      clientSecret: 'khela-test-secret',
      redirectUri: CALLBACK,
    });
  }
});
afterAll(async () => {
  provider?.kill();
  await t?.dispose();
});

/** The provider's pages as a browser goes through them: login as `subject`, consent, back to the callback. */
async function throughProvider(authUrl: string, subject: string): Promise<string> {
  const jar = new Map<string, string>();
  const call = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    return res;
  };
  let url = authUrl;
  for (let step = 0; step < 12; step++) {
    const res = await call(url);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).href;
      if (next.startsWith(CALLBACK)) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected page at ${url}: ${res.status}`);
    const form = new URLSearchParams({ prompt, ...(prompt === 'login' ? { login: subject, password: 'any' } : {}) });
    const posted = await call(new URL(action, url).href, {
      method: 'POST',
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    url = new URL(posted.headers.get('location')!, url).href;
  }
  throw new Error('the provider never sent the browser back');
}

async function start(body: object, token?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/wps/session/social/google/start',
    payload: body,
    headers: token ? { authorization: token } : {},
  });
  return { status: res.statusCode, body: res.json() };
}

/** The callback as the browser reaches it: where it sends the browser back to. */
async function callback(url: string) {
  const u = new URL(url);
  const res = await t.app.inject({ url: `${u.pathname}${u.search}` });
  expect(res.statusCode).toBe(302);
  const location = res.headers.location as string;
  const [path, fragment] = location.split('#');
  return { path, ...Object.fromEntries(new URLSearchParams(fragment)) } as {
    path: string;
    social?: string;
    socialError?: string;
  };
}

async function complete(code: string) {
  const res = await t.app.inject({ method: 'POST', url: '/wps/session/social/complete', payload: { code } });
  return { status: res.statusCode, body: res.json() };
}

async function signIn(subject: string, opts: { returnTo?: string; token?: string; referralCode?: string } = {}) {
  const started = await start(
    { returnTo: opts.returnTo ?? '/', ...(opts.referralCode ? { referralCode: opts.referralCode } : {}) },
    opts.token,
  );
  expect(started.status).toBe(200);
  return callback(await throughProvider(started.body.value.url, subject));
}

describe('social sign-in (OpenID Connect)', () => {
  it('lists the providers only while SOCIALLOGIN3 is on; the authorisation address asks for a code with PKCE, state and nonce', async () => {
    const listed = await t.app.inject({ url: '/wps/session/social/providers' });
    expect(listed.json().value).toEqual([{ id: 'google', label: 'Google' }]);
    const started = await start({ returnTo: '/hot' });
    const url = new URL(started.body.value.url);
    expect(url.origin).toBe(issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'khela',
      response_type: 'code',
      redirect_uri: CALLBACK,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    for (const k of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(k)!.length).toBeGreaterThanOrEqual(32);
    await opsCall(t.app, 'PUT', '/ops/whitelabel/SOCIALLOGIN3', { enabled: false });
    try {
      expect((await t.app.inject({ url: '/wps/session/social/providers' })).json().value).toEqual([]);
      expect((await start({ returnTo: '/' })).body.errorCode).toBe('OPERATION_NOT_ENABLED');
    } finally {
      await opsCall(t.app, 'PUT', '/ops/whitelabel/SOCIALLOGIN3', { enabled: true });
    }
  });

  it('a first sign-in creates a player (verified e-mail, name, referral kept) and the next one signs the same member in', async () => {
    const back = await signIn('ayesha-77', { returnTo: '/promotions?tab=2', referralCode: 'FRIEND1' });
    expect(back.path).toBe('/promotions?tab=2');
    const first = await complete(back.social!);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({
      firstTimeLogin: true,
      defaultPassword: false,
      member: { type: 0, nickname: 'Player ayesha-77' },
    });
    const member = await t.db.one<{
      account: string;
      email: string;
      register_method: string;
      referral_code: string;
      password_hash: string | null;
    }>('SELECT account, email, register_method, referral_code, password_hash FROM members WHERE id = $1', [
      first.body.value.member.id,
    ]);
    expect(member).toMatchObject({
      email: 'ayesha-77@mail.example',
      register_method: 'SOCIAL',
      referral_code: 'FRIEND1',
      password_hash: null,
    });
    expect(member!.account).toMatch(/^s[0-9a-z]{11}$/);
    // the session works
    const me = await t.app.inject({ url: '/wps/v2/wallets/balance', headers: { authorization: first.body.value.token } });
    expect(me.statusCode).toBe(200);
    // the code is good once
    expect((await complete(back.social!)).body.errorCode).toBe('SOCIAL_LOGIN_EXPIRED');

    const again = await complete((await signIn('ayesha-77')).social!);
    expect(again.body.value).toMatchObject({ firstTimeLogin: false, member: { id: first.body.value.member.id } });
    expect(
      Number((await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM member_identities WHERE subject = 'ayesha-77'`))!.n),
    ).toBe(1);
  });

  it("a logged-in member links the provider account to itself; another member can't take it", async () => {
    const mine = await opsCall(t.app, 'POST', '/ops/members', { account: 'karim55', nickname: 'Karim', type: 0 });
    expect(mine.status).toBe(201);
    const session = await opsCall(t.app, 'POST', '/ops/sessions', { account: 'karim55' });
    const linked = await complete((await signIn('karim-google', { token: session.body.value.token })).social!);
    expect(linked.body.value.member.account).toBe('karim55');
    await opsCall(t.app, 'POST', '/ops/members', { account: 'rafiq66', nickname: 'Rafiq', type: 0 });
    const other = await opsCall(t.app, 'POST', '/ops/sessions', { account: 'rafiq66' });
    const refused = await signIn('karim-google', { token: other.body.value.token, returnTo: '/member/securityCenter' });
    expect(refused).toEqual({ path: '/member/securityCenter', socialError: 'SOCIAL_ACCOUNT_LINKED' });
    // signed in without a session, the identity still leads to its member
    expect((await complete((await signIn('karim-google')).social!)).body.value.member.account).toBe('karim55');
  });

  it('a replayed return, a forged state or a changed PKCE verifier signs nobody in', async () => {
    const started = await start({ returnTo: '/' });
    const returned = await throughProvider(started.body.value.url, 'mallory');
    // the PKCE verifier kept for this sign-in no longer matches the challenge the provider saw
    await t.db.query(`UPDATE social_logins SET code_verifier = $1 WHERE called_back_at IS NULL`, ['x'.repeat(43)]);
    expect(await callback(returned)).toEqual({ path: '/', socialError: 'SOCIAL_LOGIN_FAILED' });
    // the same return again: its state was used
    expect(await callback(returned)).toEqual({ path: '/', socialError: 'SOCIAL_LOGIN_EXPIRED' });
    const forged = new URL(returned);
    forged.searchParams.set('state', 'forged-state-value-forged-state-value-0000');
    expect(await callback(forged.href)).toEqual({ path: '/', socialError: 'SOCIAL_LOGIN_EXPIRED' });
    expect(await t.db.one(`SELECT 1 FROM member_identities WHERE subject = 'mallory'`)).toBeNull();
  });

  it('refuses bad input and changes nothing', async () => {
    const before = await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM social_logins');
    for (const body of [
      { returnTo: '//evil.example/' },
      { returnTo: 'https://evil.example/' },
      {},
      { returnTo: '/', extra: 1 },
    ]) {
      expect((await start(body)).status).toBe(400);
    }
    const unknown = await t.app.inject({ method: 'POST', url: '/wps/session/social/nobody/start', payload: { returnTo: '/' } });
    expect(unknown.json().errorCode).toBe('OPERATION_NOT_ENABLED');
    expect((await complete('short')).status).toBe(400);
    expect((await complete('a'.repeat(43))).body.errorCode).toBe('SOCIAL_LOGIN_EXPIRED');
    expect(await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM social_logins')).toEqual(before);
    const http = await opsCall(t.app, 'PUT', '/ops/social/providers/evil', {
      label: 'E',
      issuer: 'http://evil.example',
      clientId: 'x',
      clientSecret: 'y',
    });
    expect(http.status).toBe(400);
  });
});
