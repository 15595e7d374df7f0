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
  });
});
