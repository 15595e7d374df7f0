import { createAuthTestApi, type AuthTestApi } from '../auth/auth.test-support';
import { CAPTCHA_ALPHABET, drawCaptcha, randomAnswer } from './captcha';

jest.setTimeout(60_000);

describe('drawing', () => {
  test('every character of the alphabet has a glyph; the answer is never in the markup', () => {
    for (const ch of CAPTCHA_ALPHABET) expect(() => drawCaptcha(ch.repeat(4))).not.toThrow();
    for (let i = 0; i < 20; i++) {
      const answer = randomAnswer();
      expect(answer).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{4}$`));
      const svg = drawCaptcha(answer);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).not.toMatch(/<text|<tspan|font/i);
      expect(svg.replace(/<[^>]*>/g, '')).toBe(''); // no character data at all
    }
  });

  test('the same answer is drawn differently every time (jittered glyphs, new noise)', () => {
    expect(drawCaptcha('ACDE')).not.toBe(drawCaptcha('ACDE'));
  });
});

describe('GET /wps/captcha', () => {
  let t: AuthTestApi;
  beforeAll(async () => {
    t = await createAuthTestApi();
  });
  afterAll(() => t.dispose());

  test('answers a data URL and the Captcha-Id header; stores only a hash of the answer, for 2 minutes', async () => {
    const res = await t.app.inject({ url: '/wps/captcha', remoteAddress: '10.4.0.1' });
    expect(res.statusCode).toBe(200);
    const id = res.headers['captcha-id'] as string;
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const { value } = res.json();
    expect(value).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(value.split(',')[1], 'base64').toString()).toMatch(/^<svg/);
    const row = await t.db.one<{ answer_hash: string; ip: string; ttl: number }>(
      'SELECT answer_hash, ip, extract(epoch FROM expires_at - created_at)::int AS ttl FROM captchas WHERE id = $1',
      [id],
    );
    expect(row).toMatchObject({ ip: '10.4.0.1', ttl: 120 });
    expect(row!.answer_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.answer_hash).not.toContain(t.captchas.get(id)!);
  });

  test('refreshing is limited per IP: 2 a second, 60 per 10 minutes', async () => {
    const ip = '10.4.0.2';
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await t.app.inject({ url: '/wps/captcha', remoteAddress: ip })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    const refused = await t.app.inject({ url: '/wps/captcha', remoteAddress: ip });
    expect(refused.json()).toMatchObject({ errorCode: 'TOO_MANY_REQUESTS', value: { retryAfterSeconds: 1 } });
    expect((await t.app.inject({ url: '/wps/captcha', remoteAddress: '10.4.0.3' })).statusCode).toBe(200);
    await t.setting('authLimits', { captchaPerIp: 3 });
    try {
      const ip2 = '10.4.0.4';
      for (let i = 0; i < 3; i++) {
        await t.limiter.reset(`captcha:1s:${ip2}`);
        expect((await t.app.inject({ url: '/wps/captcha', remoteAddress: ip2 })).statusCode).toBe(200);
      }
      await t.limiter.reset(`captcha:1s:${ip2}`);
      const over = await t.app.inject({ url: '/wps/captcha', remoteAddress: ip2 });
      expect(over.statusCode).toBe(429);
      expect(over.json().value.retryAfterSeconds).toBeGreaterThan(500);
    } finally {
      await t.setting('authLimits', {});
    }
  });
});
