import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FIRST_TILES, firstImagePreloads, firstViewHtml, renderPage } from './page';
import { PreloadReader } from './preloads';

const TEMPLATE = `<!doctype html>
<html lang="bn">
  <head>
    <title>Khela | খেলা</title>
    <!--KHELA_BOOT-->
  </head>
  <body>
    <div id="root"><div class="k-boot"><div class="k-boot__bar"><span><!--KHELA_BRAND--></span></div><div class="k-boot__main"><!--KHELA_FIRST_VIEW--></div></div></div>
  </body>
</html>`;
const POINTER = { shell: 'abc123', remotes: {} };

describe('the page the origin renders', () => {
  it('draws the home’s first banner into the first frame, at the lobby’s size, fetched first', () => {
    const html = renderPage(TEMPLATE, POINTER, { route: 'home', firstView: { banner: '/wps/static/art/banner/home.svg' } });
    expect(html).toContain(
      '<div class="k-boot__main"><div class="k-first-view"><div class="k-first-banner" data-first-view="banner">' +
        '<img src="/wps/static/art/banner/home.svg" alt="" width="1200" height="400" fetchpriority="high" decoding="sync"></div></div></div>',
    );
    expect(html).not.toContain('KHELA_FIRST_VIEW');
    expect(html).not.toContain('k-spinner');
  });

  it('shows a spinner where there is no first view (other routes, no banner, the static page)', () => {
    for (const ctx of [{}, { route: 'promotions' }, { route: 'home', firstView: {} }]) {
      const html = renderPage(TEMPLATE, POINTER, ctx);
      expect(html).toContain('<div class="k-boot__main"><span class="k-spinner"></span></div>');
      expect(html).not.toContain('k-first-banner');
    }
  });

  it('draws only an image of the site or an https address, escaped', () => {
    expect(firstViewHtml({ banner: 'javascript:alert(1)' })).toBe('<span class="k-spinner"></span>');
    expect(firstViewHtml({ banner: '//evil.example/x.png' })).toBe('<span class="k-spinner"></span>');
    expect(firstViewHtml({ banner: 'http://cdn.example/x.png' })).toBe('<span class="k-spinner"></span>');
    expect(firstViewHtml({ banner: 'https://cdn.example/a.png?x="><script>' })).toContain(
      'src="https://cdn.example/a.png?x=&quot;&gt;&lt;script&gt;"',
    );
  });

  it('emits no preload for the web fonts (a preloaded font holds the first paint)', () => {
    const html = renderPage(TEMPLATE, POINTER, {
      preloads: [
        { href: '/shell/abc123/main.js', as: 'script', fetchpriority: 'low' },
        { href: '/wps/static/art/banner/home.svg', as: 'image', fetchpriority: 'high' },
      ],
    });
    expect(html).toContain('<link rel="preload" href="/wps/static/art/banner/home.svg" as="image" fetchpriority="high">');
    expect(html).not.toContain('as="font"');
  });
});

describe('the first screen’s images, preloaded', () => {
  it('the home: its first banner, fetched first', () => {
    expect(firstImagePreloads({ banner: '/wps/static/art/banner/home.svg', tiles: ['/a.svg'] })).toEqual([
      { href: '/wps/static/art/banner/home.svg', as: 'image', fetchpriority: 'high' },
    ]);
  });

  it('a game list: its first tiles in order, the first row fetched first', () => {
    const tiles = Array.from({ length: 18 }, (_, i) => `/wps/static/art/game/G${i}.svg?v=1`);
    const hints = firstImagePreloads({ tiles });
    expect(hints.map((h) => h.href)).toEqual(tiles.slice(0, FIRST_TILES));
    expect(hints.map((h) => h.fetchpriority)).toEqual(['high', 'high', 'high', undefined, undefined, undefined]);
    const html = renderPage(TEMPLATE, POINTER, { preloads: hints });
    expect(html).toContain('<link rel="preload" href="/wps/static/art/game/G0.svg?v=1" as="image" fetchpriority="high">');
    expect(html).toContain('<link rel="preload" href="/wps/static/art/game/G5.svg?v=1" as="image">');
    expect(html).not.toContain('G6.svg');
  });

  it('names only images of the site or https addresses; none for an empty list', () => {
    expect(
      firstImagePreloads({
        tiles: ['javascript:alert(1)', '//evil.example/x.svg', 'data:image/svg+xml,<svg/>', 'https://img1.khela.example/g.svg'],
      }),
    ).toEqual([{ href: 'https://img1.khela.example/g.svg', as: 'image', fetchpriority: 'high' }]);
    expect(firstImagePreloads({ banner: 'javascript:alert(1)' })).toEqual([]);
    expect(firstImagePreloads({ tiles: [] })).toEqual([]);
    expect(firstImagePreloads({})).toEqual([]);
  });
});

describe('the shell’s preload hints', () => {
  it('list the entry, the applied styles and the boot scripts, never the web fonts', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'khela-preloads-'));
    await mkdir(path.join(dir, 'shell', 'v1'), { recursive: true });
    await writeFile(
      path.join(dir, 'shell', 'v1', 'boot-assets.json'),
      JSON.stringify({ scripts: ['1.js'], styles: ['1.css'], fonts: ['fonts/bengali.woff2', 'fonts/latin.woff2'] }),
    );
    const hints = await new PreloadReader(dir).shell('v1', '<script defer src="/__KHELA_SHELL_BASE__/main.js"></script>');
    expect(hints.map((h) => [h.href, h.as])).toEqual([
      ['/shell/v1/main.js', 'script'],
      ['/shell/v1/1.css', 'style'],
      ['/shell/v1/1.js', 'script'],
    ]);
    // a version built before css-chunks.json: its stylesheets carry no chunk key
    expect(hints.find((h) => h.as === 'style')!.key).toBeUndefined();
  });

  it("give each stylesheet its chunk loader's key, from the version's css-chunks.json", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'khela-preloads-'));
    await mkdir(path.join(dir, 'shell', 'v1'), { recursive: true });
    await mkdir(path.join(dir, 'remotes', 'lobby', 'v2'), { recursive: true });
    await writeFile(
      path.join(dir, 'shell', 'v1', 'boot-assets.json'),
      JSON.stringify({ scripts: [], styles: ['1.css', 'odd.css'], fonts: [] }),
    );
    await writeFile(
      path.join(dir, 'shell', 'v1', 'css-chunks.json'),
      JSON.stringify({ '1.css': 'khela_shell:chunk-1', 'odd.css': 'x" onload="alert(1)' }),
    );
    await writeFile(
      path.join(dir, 'remotes', 'lobby', 'v2', 'mf-manifest.json'),
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [{ name: 'GameList', path: './GameList', assets: { js: { sync: ['2.js'] }, css: { sync: ['2.css'] } } }],
      }),
    );
    await writeFile(
      path.join(dir, 'remotes', 'lobby', 'v2', 'css-chunks.json'),
      JSON.stringify({ '2.css': 'khela_lobby:chunk-2' }),
    );
    const reader = new PreloadReader(dir);
    const shell = await reader.shell('v1', '');
    expect(shell.map((h) => [h.href, h.key])).toEqual([
      ['/shell/v1/1.css', 'khela_shell:chunk-1'],
      ['/shell/v1/odd.css', undefined], // not a key: left out
    ]);
    const area = await reader.area({ version: '2.0.0', url: '/remotes/lobby/v2/mf-manifest.json' }, 'GameList');
    expect(area.filter((h) => h.as === 'style')).toEqual([
      { href: '/remotes/lobby/v2/2.css', as: 'style', key: 'khela_lobby:chunk-2' },
    ]);
  });
});

describe('a page whose first view is its largest paint: the scripts after it', () => {
  const WITH_ENTRY = TEMPLATE.replace('</head>', '<script defer src="/__KHELA_SHELL_BASE__/main.abc.js"></script></head>');
  const HINTS = [
    { href: '/shell/abc123/main.abc.js', as: 'script' as const, fetchpriority: 'low' as const },
    { href: '/shell/abc123/1.css', as: 'style' as const, apply: true, key: 'khela_shell:chunk-1' },
    { href: '/shell/abc123/1.js', as: 'script' as const, fetchpriority: 'low' as const },
    { href: '/wps/static/art/banner/home.svg', as: 'image' as const, fetchpriority: 'high' as const },
    { href: '/remotes/lobby/v2/mf-manifest.json', as: 'fetch' as const, crossorigin: true },
    { href: '/remotes/lobby/v2/2.css', as: 'style' as const, key: 'khela_lobby:chunk-2' },
  ];
  const home = (ctx: Partial<Parameters<typeof renderPage>[2]> = {}) =>
    renderPage(WITH_ENTRY, POINTER, {
      route: 'home',
      preloads: HINTS,
      firstView: { banner: '/wps/static/art/banner/home.svg' },
      afterPaint: '/shell/abc123/after-paint.1.js',
      ...ctx,
    });
  const later = (html: string) =>
    (JSON.parse(/<script type="application\/json" id="khela-boot">(.*?)<\/script>/.exec(html)![1]) as { later?: unknown }).later;

  it('names only the stylesheet and the image in its head, and the loader; the rest is the loader’s list, in order', () => {
    const html = home();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/shell/abc123/1.css" data-rspack="khela_shell:chunk-1">');
    expect(head).toContain('<link rel="preload" href="/wps/static/art/banner/home.svg" as="image" fetchpriority="high">');
    expect(head).toContain('<script async src="/shell/abc123/after-paint.1.js"></script>');
    expect(head).not.toMatch(/<script[^>]* src="[^"]*main\.abc\.js"/); // the entry is not in the page
    expect(head).not.toMatch(/rel="preload"[^>]*as="(script|fetch|style)"/);
    expect(later(html)).toEqual({
      main: '/shell/abc123/main.abc.js',
      preloads: [
        { href: '/shell/abc123/main.abc.js', as: 'script', fetchpriority: 'low' },
        { href: '/shell/abc123/1.js', as: 'script', fetchpriority: 'low' },
        { href: '/remotes/lobby/v2/mf-manifest.json', as: 'fetch', crossorigin: true },
        { href: '/remotes/lobby/v2/2.css', as: 'style' },
      ],
    });
  });

  it("an area's published view: drawn as it is, the scripts after it, its styles applied", () => {
    const view = '<div class="member" data-first-view="area"><h2>নিরাপত্তা কেন্দ্র</h2></div>';
    const styled = HINTS.map((h) => (h.href.endsWith('2.css') ? { ...h, apply: true } : h));
    const html = home({ route: 'member', firstView: { html: view }, preloads: styled });
    expect(html).toContain(`<div class="k-boot__main"><div class="k-first-area" data-first-view="area">${view}</div></div>`);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/remotes/lobby/v2/2.css" data-rspack="khela_lobby:chunk-2">');
    expect(head).toContain('<script async src="/shell/abc123/after-paint.1.js"></script>');
    expect(head).not.toMatch(/<script[^>]* src="[^"]*main\.abc\.js"/);
    expect((later(html) as { main: string }).main).toBe('/shell/abc123/main.abc.js');
  });

  it('is the page as before without a first view, without a loader (an older shell), or without an entry', () => {
    const cases = [
      home({ firstView: undefined }),
      home({ route: 'promotions', firstView: undefined }),
      home({ firstView: { banner: 'javascript:alert(1)' } }),
      home({ afterPaint: undefined }),
      renderPage(TEMPLATE, POINTER, { preloads: HINTS, firstView: { banner: '/b.svg' }, afterPaint: '/shell/abc123/a.js' }),
    ];
    for (const html of cases) {
      expect(html).not.toContain('after-paint');
      expect(later(html)).toBeUndefined();
      expect(html).toContain('<link rel="preload" href="/shell/abc123/1.js" as="script" fetchpriority="low">');
    }
    expect(cases[0]).toContain('<script defer src="/shell/abc123/main.abc.js"></script>');
  });

  it('the shell version’s loader is read from its boot assets; a version without one, or a strange name, has none', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'khela-preloads-'));
    for (const [v, assets] of [
      ['v1', { afterPaint: 'after-paint.0123456789.js', scripts: [], styles: [], fonts: [] }],
      ['v2', { scripts: [], styles: [], fonts: [] }],
      ['v3', { afterPaint: '../../evil.js', scripts: [], styles: [], fonts: [] }],
    ] as const) {
      await mkdir(path.join(dir, 'shell', v), { recursive: true });
      await writeFile(path.join(dir, 'shell', v, 'boot-assets.json'), JSON.stringify(assets));
    }
    const reader = new PreloadReader(dir);
    expect(await reader.afterPaint('v1')).toBe('/shell/v1/after-paint.0123456789.js');
    expect(await reader.afterPaint('v2')).toBeUndefined();
    expect(await reader.afterPaint('v3')).toBeUndefined();
    expect(await reader.afterPaint('v4')).toBeUndefined();
  });
});
