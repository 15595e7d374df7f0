import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of the page and the API. The shell's page runs no inline script: its boot
 * data are JSON elements (`<script type="application/json">`, which a policy does not govern), so scripts
 * come from the origin only, and so do the module-federation manifests and remote entries, the styles,
 * the fonts and the live channel (socket.io's WebSocket is 'self'). Images may also come from an
 * operator's https: address (banners). No page may frame ours. Development (npm run dev) adds what the
 * Rspack dev servers need: their eval'd modules and their hot-reload sockets on other ports.
 */
export function contentSecurityPolicy(dev = false): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(dev ? ["'unsafe-eval'"] : [])],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...(dev ? ['ws:', 'http://localhost:*', 'http://127.0.0.1:*'] : [])],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const serialise = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => `${kebab(name)} ${values.join(' ')}`)
    .join('; ');

/**
 * The API docs page's policy (/wps/docs): the same, but Swagger UI sets inline styles, so style-src
 * adds 'unsafe-inline' (styles only: its scripts still come from the origin).
 */
export function docsContentSecurityPolicy(dev = false): string {
  const directives = contentSecurityPolicy(dev);
  return serialise({ ...directives, styleSrc: [...directives.styleSrc, "'unsafe-inline'"] });
}

/** HSTS: one year, sent only on a request that came over TLS (directly, or per a trusted proxy's X-Forwarded-Proto). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer, the page's and the API's (@fastify/helmet): the policy above,
 * `X-Content-Type-Options: nosniff`, `Referrer-Policy: strict-origin-when-cross-origin`, framing
 * refused (frame-ancestors 'none' and X-Frame-Options: DENY), and HSTS only behind TLS: on plain HTTP
 * (development, the tests) it would be ignored at best and pin a host to HTTPS at worst. A route that
 * serves its own kind of page (the payment sandbox) sets its own, stricter, policy over this one.
 */
export async function installSecurityHeaders(app: FastifyInstance, opts: { dev?: boolean } = {}): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(opts.dev) },
    // the customer-service and payment windows are popups of the page: keep them working
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
