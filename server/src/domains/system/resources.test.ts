import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { createTestApi, opsCall, type TestDb } from '../../test-support/test-db';
import { absoluteUrl, MOBILE_CONFIG_PATH, mobileConfigProfile } from './resources.routes';

jest.setTimeout(60_000);

let t: TestDb & { app: FastifyInstance };
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.dispose());

describe('app downloads', () => {
  it('the permission info lists the app entries, the mobile configuration among them', async () => {
    const res = await t.app.inject({ url: '/wps/system/permission' });
    expect(res.json().value.resources.app.map((r: { labelNameEn: string }) => r.labelNameEn)).toEqual([
      'Android',
      'iOS',
      'Mobile Config',
    ]);
  });

  it("each entry's QR code encodes its address, a path of the site made absolute on the main domain", async () => {
    const android = await t.app.inject({ url: '/wps/static/qr/app/0' });
    expect(android.statusCode).toBe(200);
    expect(android.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(android.headers['content-security-policy']).toContain("default-src 'none'");
    expect(android.body).toBe(
      await QRCode.toString('https://khela.example/download/android', { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }),
    );
    const config = await t.app.inject({ url: '/wps/static/qr/app/2' });
    expect(config.body).toBe(
      await QRCode.toString(`https://khela.example${MOBILE_CONFIG_PATH}`, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }),
    );
    expect(absoluteUrl('https://x.example/a', 'khela.example')).toBe('https://x.example/a');
  });

  it('an unknown entry is a 404 and a bad address a 400, in the envelope', async () => {
    const missing = await t.app.inject({ url: '/wps/static/qr/app/9' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
    for (const url of ['/wps/static/qr/app/-1', '/wps/static/qr/a%20b/0', '/wps/static/qr/app/x']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errorCode: 'VALIDATION_ERROR' });
    }
  });

  it('the mobile configuration is a Web Clip profile of the main domain, the same at every download', async () => {
    const res = await t.app.inject({ url: MOBILE_CONFIG_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-apple-aspen-config/);
    expect(res.body).toContain('<string>https://khela.example/</string>');
    expect(res.body).toContain('<string>com.apple.webClip.managed</string>');
    expect(res.body).toMatch(
      /<key>PayloadUUID<\/key><string>[0-9A-F]{8}-[0-9A-F]{4}-5[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}<\/string>/,
    );
    expect((await t.app.inject({ url: MOBILE_CONFIG_PATH })).body).toBe(res.body);
    expect(mobileConfigProfile('other.example')).not.toBe(res.body);
    expect(mobileConfigProfile('a.example', 'K<&>')).toContain('<string>K&lt;&amp;&gt;</string>');
  });

  it('operators may point an entry at a path of the site, never at another site by a protocol-relative address', async () => {
    const resources = [{ resourceType: 'app', labelNameEn: 'Android', url: '/downloads/khela.apk' }];
    expect((await opsCall(t.app, 'PUT', '/ops/settings/resources', { value: resources })).status).toBe(200);
    const bad = await opsCall(t.app, 'PUT', '/ops/settings/resources', { value: [{ ...resources[0], url: '//evil.example/x' }] });
    expect(bad.status).toBe(400);
  });
});
