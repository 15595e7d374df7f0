import { readFileSync } from 'node:fs';
import path from 'node:path';

// the loader as the page gets it: a plain script, run in the page's global scope
const source = readFileSync(path.join(__dirname, 'after-paint.js'), 'utf8');
const run = () => new Function(source)();

const LATER = {
  main: '/shell/v1/main.abc.js',
  preloads: [
    { href: '/shell/v1/160.js', as: 'script', fetchpriority: 'low' },
    { href: '/remotes/lobby/v2/mf-manifest.json', as: 'fetch', crossorigin: true },
    { href: '/remotes/lobby/v2/244.css', as: 'style' },
  ],
};

function page(later: unknown, image: { complete: boolean } | null) {
  document.head.innerHTML = `<script type="application/json" id="khela-boot">${JSON.stringify({ pointer: {}, later })}</script>`;
  document.body.innerHTML = image
    ? '<div id="root"><div class="k-first-banner" data-first-view="banner"><img src="/banner.svg" width="1200" height="400"></div></div>'
    : '<div id="root"></div>';
  const img = document.querySelector('img');
  if (img && image) Object.defineProperty(img, 'complete', { value: image.complete });
  return img;
}

/** What the loader added to the head, in order. */
const added = () =>
  [...document.head.querySelectorAll('link, script[src]')].map((el) =>
    el instanceof HTMLLinkElement
      ? `${el.rel} ${el.getAttribute('href')} ${el.as}${el.crossOrigin ? ' cors' : ''}${el.getAttribute('fetchpriority') ? ` ${el.getAttribute('fetchpriority')}` : ''}`
      : `script ${el.getAttribute('src')}`,
  );

const EXPECTED = [
  'preload /shell/v1/160.js script low',
  'preload /remotes/lobby/v2/mf-manifest.json fetch cors',
  'preload /remotes/lobby/v2/244.css style',
  'script /shell/v1/main.abc.js',
];

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('the after-paint loader', () => {
  it('adds nothing until the first view’s image has loaded and a frame has been painted after it', () => {
    const img = page(LATER, { complete: false })!;
    run();
    jest.advanceTimersByTime(1000);
    expect(added()).toEqual([]);
    img.dispatchEvent(new Event('load'));
    expect(added()).toEqual([]); // not in the load event itself: the frame that draws the image comes first
    jest.advanceTimersToNextFrame();
    expect(added()).toEqual([]); // the frame's callback runs before its paint
    jest.advanceTimersByTime(1);
    expect(added()).toEqual(EXPECTED); // the hints in their order, then the shell's entry
  });

  it('starts once: the fallback timer after a start adds nothing twice', () => {
    page(LATER, { complete: true });
    run();
    jest.advanceTimersToNextFrame();
    jest.advanceTimersByTime(5000);
    expect(added()).toEqual(EXPECTED);
  });

  it('goes on when the image fails to load', () => {
    const img = page(LATER, { complete: false })!;
    run();
    img.dispatchEvent(new Event('error'));
    jest.advanceTimersToNextFrame();
    jest.advanceTimersByTime(1);
    expect(added()).toEqual(EXPECTED);
  });

  it('never keeps the app waiting on a stalled image (or a tab in the background, which paints no frame)', () => {
    page({ ...LATER, waitMs: 800 }, { complete: false });
    run();
    jest.advanceTimersByTime(799);
    expect(added()).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(added()).toEqual(EXPECTED);
  });

  it('starts after the next frame when the page has no first-view image', () => {
    page(LATER, null);
    run();
    jest.advanceTimersToNextFrame();
    jest.advanceTimersByTime(1);
    expect(added()).toEqual(EXPECTED);
  });

  it('does nothing on a page whose boot data has no later list (the origin put the scripts in the head)', () => {
    page(undefined, { complete: true });
    run();
    jest.advanceTimersByTime(5000);
    expect(added()).toEqual([]);
    document.head.innerHTML = '<script type="application/json" id="khela-boot">{broken</script>';
    run();
    jest.advanceTimersByTime(5000);
    expect(added()).toEqual([]);
  });
});
