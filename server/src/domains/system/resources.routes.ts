import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import QRCode from 'qrcode';
import { ApiError } from '../../http/envelope';

/** Opened on its own, an SVG can run nothing and load nothing. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";
export const MOBILE_CONFIG_PATH = '/wps/static/khela.mobileconfig';

/** A resource's address as a phone must open it: a path of the site is made absolute on its main domain. */
export function absoluteUrl(url: string, mainDomain: string): string {
  return url.startsWith('/') ? `https://${mainDomain}${url}` : url;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A stable UUID (name-based, SHA-1 like RFC 4122 version 5) so the same domain gives the same profile. */
function stableUuid(name: string): string {
  const h = createHash('sha1').update(`khela-mobileconfig:${name}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex').toUpperCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The iOS mobile configuration: a configuration profile with one Web Clip, which puts the storefront
 * on the home screen as a full-screen app (what the right bar's "mobile configuration" entry installs
 * where no App Store app is offered). Unsigned: iOS shows it as unverified unless an operator signs
 * it with the site's certificate at the edge.
 */
export function mobileConfigProfile(mainDomain: string, label = 'Khela'): string {
  const url = `https://${mainDomain}/`;
  const clip = stableUuid(`clip:${mainDomain}`);
  const profile = stableUuid(`profile:${mainDomain}`);
  const id = mainDomain.split('.').reverse().join('.');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>PayloadContent</key>
  <array>
    <dict>
      <key>FullScreen</key><true/>
      <key>IsRemovable</key><true/>
      <key>Label</key><string>${xml(label)}</string>
      <key>URL</key><string>${xml(url)}</string>
      <key>PayloadType</key><string>com.apple.webClip.managed</string>
      <key>PayloadVersion</key><integer>1</integer>
      <key>PayloadIdentifier</key><string>${xml(id)}.webclip</string>
      <key>PayloadUUID</key><string>${clip}</string>
      <key>PayloadDisplayName</key><string>${xml(label)}</string>
    </dict>
  </array>
  <key>PayloadDisplayName</key><string>${xml(label)}</string>
  <key>PayloadIdentifier</key><string>${xml(id)}.profile</string>
  <key>PayloadRemovalDisallowed</key><false/>
  <key>PayloadType</key><string>Configuration</string>
  <key>PayloadUUID</key><string>${profile}</string>
  <key>PayloadVersion</key><integer>1</integer>
</dict>
</plist>
`;
}

/**
 * The right bar's app downloads: a QR code per resource entry (drawn by the qrcode library on the
 * server, so the storefront carries no QR code of its own), and the mobile configuration profile.
 */
export const resourceRoutes: FastifyPluginAsync = async (app) => {
  const drawn = new Map<string, Promise<string>>();
  app.get<{ Params: { resourceType: string; index: number } }>(
    '/wps/static/qr/:resourceType/:index',
    {
      schema: {
        tags: ['system'],
        summary: "A resource entry's QR code (SVG): scanned with a phone, it opens the entry's address",
        description: 'index counts the entries of that resourceType in the permission info, from 0.',
        params: {
          type: 'object',
          required: ['resourceType', 'index'],
          properties: {
            resourceType: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,50}$' },
            index: { type: 'integer', minimum: 0, maximum: 99 },
          },
        },
        response: { 200: { description: 'image/svg+xml', type: 'string' } },
      },
    },
    async (request, reply) => {
      const settings = await app.settings.get();
      const entries = (settings.resources ?? []).filter((r) => r.resourceType === request.params.resourceType);
      const entry = entries[request.params.index];
      if (!entry) throw new ApiError(404, 'NOT_FOUND', 'No such resource entry');
      const url = absoluteUrl(entry.url, settings.mainDomain);
      let svg = drawn.get(url);
      if (!svg) {
        if (drawn.size > 200) drawn.clear();
        svg = QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
        drawn.set(url, svg);
      }
      return reply
        .header('Cache-Control', 'public, max-age=300')
        .header('Content-Security-Policy', SVG_CSP)
        .header('X-Content-Type-Options', 'nosniff')
        .type('image/svg+xml; charset=utf-8')
        .send(await svg);
    },
  );

  app.get(
    MOBILE_CONFIG_PATH,
    {
      schema: {
        tags: ['system'],
        summary: 'The iOS mobile configuration profile: a Web Clip of the storefront for the home screen',
        response: { 200: { description: 'application/x-apple-aspen-config', type: 'string' } },
      },
    },
    async (_request, reply) => {
      const settings = await app.settings.get();
      return reply
        .header('Cache-Control', 'public, max-age=300')
        .header('Content-Disposition', 'attachment; filename="khela.mobileconfig"')
        .type('application/x-apple-aspen-config')
        .send(mobileConfigProfile(settings.mainDomain));
    },
  );
};
