import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { entryRoute, shellRequests, type EntryRoute } from '@khela/api/first-data';
import { languageOf, type PermissionInfo } from '@khela/api/contract';
import type { GameListResponse } from '@khela/api/games';
import { dataKey, type DataRequest } from '@khela/api/inlined';
import { LANGUAGE_COOKIE } from '@khela/i18n/seo';
import { firstImagePreloads, renderPage, robotsTxt } from './page';
import { PreloadReader } from './preloads';
import { FirstViews } from './first-view';
import { defaultReleasesDir, distDir, readPointer, REMOTES, repoRoot, withVersion, writePointer, type Pointer } from './releases';

export interface OriginOptions {
  releasesDir?: string;
  /** serve the dist folders directly as version "dev" (npm run dev) */
  dev?: boolean;
  /**
   * written into the page's boot data for the shell (e.g. the remote load time-out); a function is
   * asked per page (operator settings such as the real-user signals' sample rate)
   */
  clientConfig?: Record<string, unknown> | (() => Promise<Record<string, unknown>>);
  /**
   * The storefront's public address (e.g. https://khela.example) for canonical links; default
   * KHELA_PUBLIC_URL, else the request's own protocol and host.
   */
  publicUrl?: string;
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** The page's language: the visitor's choice (the shell mirrors hisLang into a cookie), else BN. */
export function pageLanguage(cookieHeader: string | undefined): 'BN' | 'EN' {
  const m = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([A-Za-z]{2})(?:;|$)`).exec(cookieHeader ?? '');
  return languageOf(m?.[1]);
}

/** A path whose last segment names a file (any extension but the page's own .html). */
const FILE_PATH = /\.(?!html$)[a-z0-9]+$/i;
const API_PREFIXES = ['/wps/', '/lgw/', '/lotto/', '/lottery/v1/', '/ops/', '/socket.io/', '/wallet/', '/studio/'];
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

  // a version never changes: what is read from it is kept (a few hundred bytes per version)
  const preloads = new PreloadReader(releasesDir, !dev);
  // and the remotes' first views (a version's script, started once)
  const firstViews = new FirstViews(releasesDir, !dev);

  /**
   * The route's first data, answered by the API in this process (as the browser would have asked
   * it, in the page's language, from the visitor's address): only public answers, never a token.
   */
  async function firstData(req: FastifyRequest, route: EntryRoute, lang: 'BN' | 'EN') {
    const answers: Record<string, string> = {};
    if (!app.hasRoute({ method: 'GET', url: '/wps/system/status' })) return { answers, open: true, whitelabel: undefined };
    const ask = async (r: DataRequest) => {
      const query = Object.fromEntries(
        Object.entries(r.query ?? {}).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
      ) as Record<string, string>;
      const res = await app.inject({
        method: 'GET',
        url: r.path,
        query,
        headers: { language: lang, device: 'web', merchant: 'KHELA', 'user-agent': req.headers['user-agent'] ?? '' },
        remoteAddress: req.ip,
      });
      if (res.statusCode !== 200 || !res.headers['content-type']?.toString().startsWith('application/json')) return null;
      const body = res.json() as { success?: boolean; value?: unknown };
      if (!body?.success) return null;
      answers[dataKey(lang, r.path, r.query)] = res.payload;
      return body.value;
    };
    const shell = shellRequests(lang);
    const shellValues = await Promise.all(shell.map(ask));
    const status = shellValues[0];
    // the operator's flags, for a first view that follows them (the member centre's menu)
    const permission = shellValues[shell.findIndex((r) => r.path === '/wps/system/permission')] as
      Partial<PermissionInfo> | null | undefined;
    const whitelabel = Array.isArray(permission?.whitelabel) ? permission.whitelabel : undefined;
    const s = status as { status?: number; maintenance?: boolean } | null;
    // the maintenance and blocked pages need only the status and the permission info
    const open = !!s && s.status === 0 && !s.maintenance;
    let bannerImage: string | undefined;
    let tileImages: string[] | undefined;
    if (open) {
      const values = await Promise.all(route.requests.map(ask));
      const answer = (suffix: string) => values[route.requests.findIndex((r) => r.path.endsWith(suffix))];
      const announcements = answer('MCSFE_getListAnnouncements') as
        { banners?: { groupName: string; imageUrl: string }[] } | undefined;
      bannerImage = announcements?.banners?.find((b) => b.groupName === 'w_home')?.imageUrl;
      // a game list's largest paint is one of its first tiles, found only once the lobby has drawn them
      if (route.area?.module === 'GameList') {
        const page = answer('GCSGAME_gameList') as Partial<GameListResponse> | undefined;
        tileImages = (page?.games ?? []).flatMap((g) => (typeof g.iconUrl === 'string' ? [g.iconUrl] : []));
      }
    }
    return { answers, open, bannerImage, tileImages, whitelabel };
  }

  async function page(req: FastifyRequest, reply: FastifyReply) {
    const pointer = await readPointer(releasesDir);
    if (!pointer.shell) {
      return reply.code(503).type('text/plain').send('No shell is published yet: run npm run build, then npm start.');
    }
    let template = dev ? undefined : templates.get(pointer.shell);
    if (!template) {
      template = await readFile(path.join(releasesDir, 'shell', pointer.shell, 'index.html'), 'utf8');
      templates.set(pointer.shell, template); // a version never changes, so its page can be kept
    }
    const url = new URL(req.url, 'http://origin');
    const lang = pageLanguage(req.headers.cookie);
    const route = entryRoute(url.pathname, url.search, lang);
    const [data, shellHints, afterPaint, clientConfig] = await Promise.all([
      firstData(req, route, lang),
      preloads.shell(pointer.shell, template),
      preloads.afterPaint(pointer.shell),
      typeof opts.clientConfig === 'function' ? opts.clientConfig().catch(() => undefined) : opts.clientConfig,
    ]);
    const areaEntry = route.area ? pointer.remotes[route.area.remote] : undefined;
    // the route's area draws its first view into the first frame (a game list's first tiles, the
    // member centre's frame), from the first data. A members' page only when opened from a login
    // link: the session is handed over, and the area renders in its place. Without a link the
    // origin cannot tell a member (the session lives in the tab's storage): the page draws the
    // loading state, and a visitor without a session sees the home and the login.
    const loginLink = url.searchParams.has('login');
    const drawn =
      route.area && data.open && route.name !== 'home' && (!route.private || loginLink)
        ? await firstViews.render(areaEntry, {
            path: url.pathname,
            search: url.search,
            lang,
            answers: data.answers,
            whitelabel: data.whitelabel,
            loginLink,
          })
        : undefined;
    const areaHints = route.area && data.open ? await preloads.area(areaEntry, route.area.module) : [];
    // a drawn view has the area's own styles: applied in the head, not only fetched
    const area = drawn ? areaHints.map((p) => (p.as === 'style' ? { ...p, apply: true } : p)) : areaHints;
    const image = firstImagePreloads({ banner: data.bannerImage, tiles: data.tileImages });
    const publicUrl = (opts.publicUrl ?? process.env.KHELA_PUBLIC_URL ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '');
    const html = renderPage(
      template,
      { ...pointer, shell: pointer.shell },
      {
        lang,
        route: route.name,
        // a members' page has no address of its own to index (a visitor without a session sees the home there)
        canonical: route.private ? undefined : publicUrl + url.pathname,
        preloads: [...shellHints, ...image, ...area],
        data: Object.keys(data.answers).length
          ? `{"lang":"${lang}","answers":{${Object.entries(data.answers)
              .map(([k, v]) => `${JSON.stringify(k)}:${v}`)
              .join(',')}}}`
          : undefined,
        clientConfig,
        memberArea: route.private ? route.area : undefined,
        // the home's first banner in the first frame: its largest paint no longer waits on the scripts
        firstView: route.name === 'home' && data.bannerImage ? { banner: data.bannerImage } : drawn ? { html: drawn } : undefined,
        // and the scripts after it is painted (on a phone's link they would share its bandwidth)
        afterPaint,
      },
    );
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding, Cookie').type('text/html; charset=utf-8');
    // the page carries its first data: compressed (quickly: it is made per request)
    const accepts = String(req.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts))
      return reply
        .header('Content-Encoding', 'br')
        .send(await brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } }));
    if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(await gz(html, { level: 6 }));
    return reply.send(html);
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

  app.get('/robots.txt', async (_req, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('text/plain').send(robotsTxt()),
  );

  // Every other GET is a route of the single-page application.
  app.get('/*', async (req, reply) => {
    if (API_PREFIXES.some((p) => req.url.startsWith(p))) return reply.callNotFound();
    // a file's address (/favicon.ico, /apple-touch-icon.png, /sitemap.xml) is no route of the
    // application: not found, instead of a page rendered with its first data for nothing
    if (FILE_PATH.test(new URL(req.url, 'http://origin').pathname)) return reply.code(404).type('text/plain').send('Not found');
    return page(req, reply);
  });
  app.get('/', async (req, reply) => page(req, reply));
}
