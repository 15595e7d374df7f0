import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { renderPage } from './page';
import { defaultReleasesDir, distDir, readPointer, REMOTES, repoRoot, withVersion, writePointer, type Pointer } from './releases';

export interface OriginOptions {
  releasesDir?: string;
  /** serve the dist folders directly as version "dev" (npm run dev) */
  dev?: boolean;
  /** written into the page as window.__KHELA_CONFIG__ (e.g. the remote load time-out) */
  clientConfig?: Record<string, unknown>;
}

const API_PREFIXES = ['/wps/', '/lgw/', '/ops/', '/socket.io/', '/wallet/', '/studio/'];
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Development: a releases folder whose "dev" versions are links to the live dist folders, and a
 * pointer naming them, so the page always loads the latest watch build.
 */
async function linkDevReleases(): Promise<string> {
  const dir = path.join(repoRoot, '.data', 'dev-releases');
  const link = async (target: string, at: string) => {
    await mkdir(path.dirname(at), { recursive: true });
    await rm(at, { recursive: true, force: true });
    await symlink(target, at, 'dir');
  };
  // npm run dev's builds write dist-dev/, so a production dist/ (npm start, the e2e tests) is never
  // replaced by a development build under someone's feet
  const devDist = (name: 'shell' | (typeof REMOTES)[number]) => path.join(path.dirname(distDir(name)), 'dist-dev');
  await link(devDist('shell'), path.join(dir, 'shell', 'dev'));
  let pointer: Pointer = { remotes: {} };
  for (const name of REMOTES) {
    await link(devDist(name), path.join(dir, 'remotes', name, 'dev'));
    pointer = withVersion(pointer, name, 'dev');
  }
  await writePointer(withVersion(pointer, 'shell', 'dev'), dir);
  return dir;
}

/**
 * Serves what the browser loads: the page (never cached), /remotes.json (never cached), and the
 * immutable version folders of the shell and the remotes (cached for a year).
 */
export async function registerOrigin(app: FastifyInstance, opts: OriginOptions = {}): Promise<void> {
  const dev = opts.dev ?? process.env.KHELA_DEV === '1';
  const releasesDir = dev ? await linkDevReleases() : (opts.releasesDir ?? defaultReleasesDir());
  const templates = new Map<string, string>();

  async function page(reply: FastifyReply) {
    const pointer = await readPointer(releasesDir);
    if (!pointer.shell) {
      return reply.code(503).type('text/plain').send('No shell is published yet: run npm run build, then npm start.');
    }
    let template = dev ? undefined : templates.get(pointer.shell);
    if (!template) {
      template = await readFile(path.join(releasesDir, 'shell', pointer.shell, 'index.html'), 'utf8');
      templates.set(pointer.shell, template); // a version never changes, so its page can be kept
    }
    const html = renderPage(template, { ...pointer, shell: pointer.shell }, opts.clientConfig);
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }

  // Read per request (the release tool replaces the file atomically; several origins can share
  // it), revalidated by browsers on every use, answered 304 when unchanged.
  app.get('/remotes.json', async (req, reply) => {
    const body = JSON.stringify(await readPointer(releasesDir));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    reply.header('Cache-Control', 'no-cache').header('ETag', etag);
    if (req.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json').send(body);
  });

  // Files are looked up per request (new versions appear while the origin runs); only paths
  // inside a version folder are served, and they are immutable.
  await app.register(fastifyStatic, {
    root: releasesDir,
    serve: false,
    index: false,
    cacheControl: false,
    dotfiles: 'deny',
    preCompressed: !dev, // publish wrote .br and .gz beside every text asset
    // @fastify/static 10 hands the reply, not the raw response, to setHeaders
    setHeaders: (reply: unknown) => (reply as FastifyReply).header('Cache-Control', dev ? 'no-cache' : IMMUTABLE),
  });
  // a version folder's files; no segment may start with a dot (.release.json, .tmp-…, .trash-…)
  const VERSIONED = /^(shell\/\w[\w.-]*|remotes\/[\w-]+\/\w[\w.-]*)(\/\w[\w.-]*)+$/;
  app.get('/shell/*', (req, reply) => sendVersioned(`shell/${(req.params as { '*': string })['*']}`, reply));
  app.get('/remotes/*', (req, reply) => sendVersioned(`remotes/${(req.params as { '*': string })['*']}`, reply));
  function sendVersioned(rel: string, reply: FastifyReply) {
    if (!VERSIONED.test(rel) || rel.includes('..')) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    return reply.sendFile(rel);
  }

  // Every other GET is a route of the single-page application.
  app.get('/*', async (req, reply) => {
    if (API_PREFIXES.some((p) => req.url.startsWith(p))) return reply.callNotFound();
    return page(reply);
  });
  app.get('/', async (_req, reply) => page(reply));
}
