import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { promote, publishAndPromoteAll } from './release-tool';
import { publish, readPointer, RELEASE_NAMES, repoRoot, type ReleaseName } from './releases';
import { remoteBuild, workspace } from './testing/fixtures';

// The origin runs in its own process (as in production): @fastify/static is ESM that Jest's
// CommonJS transform does not load.
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill()));

async function origin() {
  const ws = await workspace();
  const dists = Object.fromEntries(RELEASE_NAMES.map((n) => [n, ws.dist(n)])) as Record<ReleaseName, string>;
  await publishAndPromoteAll(ws.releases, { who: 'test', dists });
  const tsx = path.join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const child = spawn(process.execPath, [tsx, path.join(__dirname, 'testing', 'serve-origin.ts'), ws.releases], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`origin exited ${code}`)));
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${port}${url}`, { headers, redirect: 'manual' });
  return { get, ws };
}

describe('origin', () => {
  it('serves the pointer no-cache with an ETag (304 when unchanged), and a changed pointer at once', async () => {
    const { get, ws } = await origin();
    const first = await get('/remotes.json');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag')!;
    expect((await get('/remotes.json', { 'if-none-match': etag })).status).toBe(304);

    const dir = await remoteBuild(ws.dist('lobby', 'next'), 'lobby', { marker: 'next' });
    const { version } = await publish('lobby', ws.releases, { dist: dir });
    await promote('lobby', version, { releasesDir: ws.releases });
    const next = await get('/remotes.json', { 'if-none-match': etag });
    expect(next.status).toBe(200);
    expect(((await next.json()) as { remotes: Record<string, { version: string }> }).remotes.lobby.version).toBe(version);
  });

  it('serves versions immutable and precompressed, never the tool’s own files', async () => {
    const { get, ws } = await origin();
    const { remotes } = await readPointer(ws.releases);
    const base = `/remotes/lobby/${remotes.lobby!.version}`;
    const entry = await get(`${base}/remoteEntry.js`, { 'accept-encoding': 'br' });
    expect(entry.status).toBe(200);
    expect(entry.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // sent as the precompressed .br file (fetch decodes it)
    expect(await entry.text()).toContain('khela_lobby');
    expect(entry.headers.get('content-encoding')).toBe('br');
    for (const url of [
      `${base}/.release.json`,
      '/remotes/lobby/.tmp-x/remoteEntry.js',
      `/remotes/lobby/x/%2e%2e/%2e%2e/remotes.json`,
    ]) {
      expect([url, (await get(url)).status]).toEqual([url, 404]);
    }
  });

  it('serves the page no-cache with the pointer inlined, for every app route', async () => {
    const { get, ws } = await origin();
    const { shell, remotes } = await readPointer(ws.releases);
    for (const url of ['/', '/promotions', '/member/withdraw']) {
      const res = await get(url);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const body = await res.text();
      expect(body).toContain(`/shell/${shell}/main.js`);
      expect(body).toContain(`"lobby":{"version":"${remotes.lobby!.version}"`);
    }
    // the tool's history is not a file of the site: never the history
    expect(await (await get('/.history/lobby.jsonl')).text()).not.toContain('"action"');
    // nor is any other file's address a page: the icon a browser asks for when a page names none,
    // a crawler's guesses (the page's own index.html is the home)
    for (const url of ['/favicon.ico', '/apple-touch-icon.png', '/sitemap.xml', '/promotions/banner.webp?x=1']) {
      const res = await get(url);
      expect([url, res.status, res.headers.get('content-type')]).toEqual([url, 404, 'text/plain']);
    }
    expect((await get('/index.html')).status).toBe(200);
  });

  it('renders each route with its language, title, description, canonical link and the preloads it needs', async () => {
    const { get, ws } = await origin();
    const { shell, remotes } = await readPointer(ws.releases);
    const home = await (await get('/')).text();
    expect(home).toContain('<html lang="bn"');
    expect(home).toMatch(/<title>[^<]*খেলা<\/title>/);
    expect(home).toMatch(/<meta name="description" content="[^"]+">/);
    expect(home).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/">/);
    // the home mounts the lobby's HomePage: its manifest, entry and exposed chunk load with the shell
    const lobby = `/remotes/lobby/${remotes.lobby!.version}`;
    expect(home).toContain(`<link rel="preload" href="${lobby}/mf-manifest.json" as="fetch" crossorigin="anonymous">`);
    expect(home).toContain(`<link rel="preload" href="${lobby}/remoteEntry.js" as="script"`);
    expect(home).toContain(`<link rel="preload" href="${lobby}/__federation_expose_HomePage.js" as="script"`);
    expect(home).toContain(`<link rel="preload" href="/shell/${shell}/main.js" as="script"`);
    // the boot data is JSON, not a script that runs
    expect(home).toMatch(/<script type="application\/json" id="khela-boot">\{"pointer":/);
    expect(home).not.toMatch(/<script>/);

    const english = await (await get('/promotions', { cookie: 'hisLang=EN' })).text();
    expect(english).toContain('<html lang="en"');
    expect(english).toContain('<title>Promotions | Khela</title>');
    const promotions = `/remotes/promotions/${remotes.promotions!.version}`;
    expect(english).toContain(`href="${promotions}/__federation_expose_PromotionsPage.js"`);
    expect(english).not.toContain('__federation_expose_HomePage.js');
    // a member's page has no address of its own to index
    const member = await (await get('/member/withdraw')).text();
    expect(member).not.toContain('rel="canonical"');
    // and its boot data names its area, whose module the shell loads while it reads the session
    const boot = (html: string) =>
      JSON.parse(/<script type="application\/json" id="khela-boot">(.*?)<\/script>/.exec(html)![1]) as { area?: unknown };
    expect(boot(member).area).toEqual({ remote: 'member-centre', module: 'MemberCentre' });
    expect(boot(home).area).toBeUndefined(); // a public page renders its area at once: nothing to load early

    // compressed when the browser takes it
    const br = await get('/', { 'accept-encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('no-cache');
    expect(await br.text()).toContain('<html lang="bn"');
  });

  it("draws a route's first view with its area's script: a members' area only on a login link", async () => {
    const { get, ws } = await origin();
    // the area's first-view.js (see shared/mf-config's rspack.js): what it draws, from what it is given
    const script = `var khelaFirstView = { render: function (i) {
      return '<div class="member"><h2>' + i.lang + ' ' + i.path + (i.loginLink ? ' link' : '') + '</h2></div>';
    } };`;
    const dir = await remoteBuild(ws.dist('member-centre', 'drawn'), 'member-centre', {
      marker: 'drawn',
      css: ['member.css'],
      files: { 'first-view.js': script },
    });
    const { version } = await publish('member-centre', ws.releases, { dist: dir });
    await promote('member-centre', version, { releasesDir: ws.releases });
    const base = `/remotes/member-centre/${version}`;

    const linked = await (await get('/member?login=abc')).text();
    expect(linked).toContain(
      '<div class="k-boot__main"><div class="k-first-area" data-first-view="area"><div class="member"><h2>BN /member link</h2>',
    );
    // the view is drawn with the area's own styles: a stylesheet in the head, not only a preload
    expect(linked).toContain(`<link rel="stylesheet" href="${base}/member.css">`);
    // in the visitor's language, for the address asked for
    expect(await (await get('/member/withdraw?login=abc', { cookie: 'hisLang=EN' })).text()).toContain(
      '<h2>EN /member/withdraw link</h2>',
    );
    // no login link: the origin cannot tell a member from a guest (the session is in the tab's storage)
    const plain = await (await get('/member')).text();
    expect(plain).not.toContain('data-first-view');
    expect(plain).toContain('<span class="k-spinner"></span>');
    expect(plain).toContain(`<link rel="preload" href="${base}/member.css" as="style">`);
    // an area that publishes no first view draws none
    expect(await (await get('/promotions?login=abc')).text()).not.toContain('data-first-view="area"');
  });

  it('serves a robots.txt that lets the storefront be crawled, but not the API or members’ pages', async () => {
    const { get } = await origin();
    const res = await get('/robots.txt');
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const line of lines.slice(1)) expect(line).toMatch(/^(Allow|Disallow): \/\S*$/);
    expect(lines).toEqual(expect.arrayContaining(['Allow: /', 'Disallow: /wps/', 'Disallow: /member/']));
  });
});
