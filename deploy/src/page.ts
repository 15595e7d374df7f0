import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Pointer } from '@khela/api/remotes';
import { FIRST_TILES } from '@khela/api/first-data';
import { routeMeta } from '@khela/i18n/seo';
import { PreloadReader } from './preloads';

/** Escapes JSON for an inline <script>: no "</script>", "<!--" or line separators can end it early. */
export const inlineJson = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What the page of one request carries besides the shell's own template. */
export interface PageContext {
  /** the page's language: BN or EN */
  lang?: string;
  /** the route's name (@khela/api's entryRoute) for its title and description */
  route?: string;
  /** absolute address of the page without its query, for <link rel="canonical"> */
  canonical?: string;
  /** <link rel="preload"> hints, in the order the page needs them */
  preloads?: Preload[];
  /** the inlined first data: the JSON text of an InlinedData (see @khela/api's inlined.ts) */
  data?: string;
  /** operator or test configuration for the client (e.g. the remote load time-out) */
  clientConfig?: Record<string, unknown>;
  /**
   * A members' route's area: the shell loads its module while it reads the session (the area is
   * rendered only once member info has arrived), so the area renders at once then.
   */
  memberArea?: { remote: string; module: string };
  /**
   * The route's first view, drawn into the page's first frame before any script runs: the home's
   * first banner image (the page's largest paint), at the place and size the lobby draws it; or the
   * HTML the route's area drew for it (its version's first-view.js: a game list's first tiles, the
   * member centre's frame), which the shell keeps on screen until the area renders in its place.
   */
  firstView?: { banner?: string; html?: string };
  /**
   * The shell version's after-paint loader (its folder's address), when it has one. With a first
   * view to draw, the page then names no script in its head: the loader adds the entry and the
   * script and area hints once the first view (its image, if it has one) is painted (see
   * shell/src/boot/after-paint.js).
   */
  afterPaint?: string;
}

export interface Preload {
  href: string;
  as: 'script' | 'style' | 'fetch' | 'font' | 'image';
  /** a stylesheet applied at once (the first paint needs it), not only fetched */
  apply?: boolean;
  /**
   * an applied stylesheet's key in the chunk loader of the build it belongs to (`data-rspack`):
   * the loader then takes the page's link for its own instead of linking the file again
   */
  key?: string;
  /** fetches and fonts are CORS requests: the hint must say so to be used */
  crossorigin?: boolean;
  type?: string;
  fetchpriority?: 'high' | 'low';
}

const preloadTag = (p: Preload) =>
  p.apply
    ? `<link rel="stylesheet" href="${escapeHtml(p.href)}"${p.key ? ` data-rspack="${escapeHtml(p.key)}"` : ''}>`
    : `<link rel="preload" href="${escapeHtml(p.href)}" as="${p.as}"` +
      (p.type ? ` type="${p.type}"` : '') +
      (p.crossorigin ? ' crossorigin="anonymous"' : '') +
      (p.fetchpriority ? ` fetchpriority="${p.fetchpriority}"` : '') +
      '>';

/**
 * The head the origin adds: description, canonical address, preload hints, and the boot data as
 * JSON elements (no script of ours runs inline, so a Content-Security-Policy needs no exception:
 * the shell reads them with JSON.parse).
 */
function bootHead(
  pointer: Pointer,
  ctx: PageContext,
  meta: { description: string },
  after?: { loader: string; later: Later },
): string {
  const boot = JSON.stringify({
    pointer,
    config: ctx.clientConfig ?? {},
    ...(ctx.memberArea ? { area: ctx.memberArea } : {}),
    ...(after ? { later: after.later } : {}),
  });
  const now = after ? (ctx.preloads ?? []).filter(paintsFirst) : (ctx.preloads ?? []);
  return [
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    ctx.canonical ? `<link rel="canonical" href="${escapeHtml(ctx.canonical)}">` : '',
    ...now.map(preloadTag),
    after ? `<script async src="${escapeHtml(after.loader)}"></script>` : '',
    `<script type="application/json" id="khela-boot">${inlineJson(boot)}</script>`,
    ctx.data ? `<script type="application/json" id="khela-data">${inlineJson(ctx.data)}</script>` : '',
  ]
    .filter(Boolean)
    .join('\n    ');
}

/** What the after-paint loader adds, in order: the hints, then the shell's entry. */
export interface Later {
  main: string;
  preloads: Omit<Preload, 'apply' | 'key'>[];
}

/** The hints the first frame needs (its stylesheets and images); the rest can wait for its paint. */
const paintsFirst = (p: Preload) => p.apply || p.as === 'image';

/** The shell's entry script as the build put it into the template. */
const ENTRY_SCRIPT = /<script defer(?:="[^"]*")? src="(\/__KHELA_SHELL_BASE__\/[^"]+\.js)"><\/script>/;

/** An image address the page may name: this origin's path or an https address (never `//…`, `data:` or `javascript:`). */
const safeImage = (url: string) => /^(\/(?!\/)|https:\/\/)/.test(url);

/** How many of a game list's first tiles are preloaded (see @khela/api's FIRST_TILES). */
export { FIRST_TILES };
/** Of those, the first row at a phone's width: fetched at high priority. */
const FIRST_ROW = 3;

/**
 * The images of a route's first screen that its remote finds only once it has drawn: the home's
 * first banner, and a game list's first tiles (the list's largest paint). Named in the head, they
 * load beside the scripts instead of after them; the banner and the first row first.
 */
export function firstImagePreloads(images: { banner?: string; tiles?: readonly string[] }): Preload[] {
  if (images.banner) return safeImage(images.banner) ? [{ href: images.banner, as: 'image', fetchpriority: 'high' }] : [];
  return (images.tiles ?? [])
    .filter(safeImage)
    .slice(0, FIRST_TILES)
    .map((href, i) => (i < FIRST_ROW ? { href, as: 'image', fetchpriority: 'high' } : { href, as: 'image' }));
}

/**
 * What the frame painted before the scripts shows in the main area: the first banner (the shell
 * keeps it on screen until the lobby draws the same image at the same place), the view the route's
 * area drew (its own version's code: trusted as the area's bundle is), else a spinner.
 */
export function firstViewHtml(view: PageContext['firstView']): string {
  if (view?.html) return `<div class="k-first-area" data-first-view="area">${view.html}</div>`;
  if (view?.banner && safeImage(view.banner))
    return (
      `<div class="k-first-view"><div class="k-first-banner" data-first-view="banner">` +
      `<img src="${escapeHtml(view.banner)}" alt="" width="1200" height="400" fetchpriority="high" decoding="sync"></div></div>`
    );
  return '<span class="k-spinner"></span>';
}

/** The page: the shell version's index.html with its folder, language, head and boot data filled in. */
export function renderPage(template: string, pointer: Pointer & { shell: string }, ctx: PageContext = {}): string {
  const lang = ctx.lang === 'EN' ? 'EN' : 'BN';
  const meta = routeMeta(ctx.route ?? 'home', lang);
  const title = `<title>${escapeHtml(meta.title)}</title>`;
  const hasTitle = /<title>[^<]*<\/title>/.test(template);
  // a first view that is the page's largest paint (the home's banner, an area's frame): the
  // scripts come after it is painted
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  const drawsFirst = !!ctx.firstView?.html || (!!ctx.firstView?.banner && safeImage(ctx.firstView.banner));
  const after =
    ctx.afterPaint && entry && drawsFirst
      ? {
          loader: ctx.afterPaint,
          later: {
            main: entry.replace('/__KHELA_SHELL_BASE__/', `/shell/${pointer.shell}/`),
            preloads: (ctx.preloads ?? []).filter((p) => !paintsFirst(p)).map(({ key: _key, ...hint }) => hint),
          },
        }
      : undefined;
  return (after ? template.replace(ENTRY_SCRIPT, '') : template)
    .replaceAll('/__KHELA_SHELL_BASE__/', `/shell/${pointer.shell}/`)
    .replace(
      /<html(\s[^>]*)?>/,
      (_m, attrs: string = '') => `<html lang="${lang.toLowerCase()}"${attrs.replace(/\s+lang="[^"]*"/, '')}>`,
    )
    .replace(/<title>[^<]*<\/title>/, title)
    .replace('<!--KHELA_BOOT-->', (boot) => (hasTitle ? boot : `${title}${boot}`))
    .replace('<!--KHELA_BRAND-->', lang === 'EN' ? 'Khela' : 'খেলা')
    .replace('<!--KHELA_FIRST_VIEW-->', () => firstViewHtml(ctx.firstView))
    .replace('<!--KHELA_BOOT-->', () => bootHead(pointer, ctx, meta, after));
}

/** The robots.txt of the storefront: everything public may be crawled, members' pages and the API not. */
export function robotsTxt(): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /member/',
    'Disallow: /agentHome',
    'Disallow: /seamless',
    'Disallow: /wps/',
    'Disallow: /lgw/',
    'Disallow: /ops/',
    'Disallow: /dev/',
    '',
  ].join('\n');
}

/**
 * `<releases>/index.html`: the page for the pointer, rendered by the release tool at every pointer
 * change, so that a static origin (nginx, an object store behind a CDN) serves the same page as
 * the Node origin, with no code (see deploy/README.md). Replaced atomically, like the pointer. It
 * has no per-request data: the shell asks the API for what the Node origin would have inlined.
 */
export async function writeStaticPage(releasesDir: string, pointer: Pointer): Promise<void> {
  if (!pointer.shell) return;
  const template = await readFile(path.join(releasesDir, 'shell', pointer.shell, 'index.html'), 'utf8');
  // one page for every route: the shell's boot files and the home's area (the usual first visit)
  const reader = new PreloadReader(releasesDir, false);
  const [shell, home] = await Promise.all([
    reader.shell(pointer.shell, template),
    reader.area(pointer.remotes.lobby, 'HomePage'),
  ]);
  const preloads = [...shell, ...home];
  await writeAtomically(
    path.join(releasesDir, 'index.html'),
    renderPage(template, { ...pointer, shell: pointer.shell }, { preloads }),
  );
  await writeAtomically(path.join(releasesDir, 'robots.txt'), robotsTxt());
}

async function writeAtomically(file: string, content: string) {
  const tmp = `${file}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
  try {
    await writeFile(tmp, content, { flush: true });
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
