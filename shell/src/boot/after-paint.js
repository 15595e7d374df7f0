/*
 * The loader of a page whose first frame already shows its largest paint (the home's first banner,
 * or an area's frame such as the member centre's, drawn by the origin: see deploy/src/page.ts).
 * Such a page names no script and no script preload
 * in its head: on a phone's link the browser would fetch the shell's and the lobby's twenty files
 * beside the banner and its stylesheet, and the banner would wait for their bandwidth. This file
 * (loaded async, a few hundred bytes) waits until the banner is painted (a view without an image:
 * the frame after the first one), then adds the shell's
 * entry and the hints the origin put in the boot data's `later` list, in their order.
 * Plain ES2017 with no imports: it is copied into the shell's version folder as it is (see
 * BootAssetsPlugin in shell/rspack.config.ts). Not run through the build, not inline (no CSP
 * exception).
 */
/* global document, requestAnimationFrame, setTimeout */
(function () {
  'use strict';
  var boot = document.getElementById('khela-boot');
  var later;
  try {
    later = JSON.parse(boot.textContent).later;
  } catch (e) {
    later = undefined;
  }
  if (!later || typeof later.main !== 'string') return;

  var started = false;
  function start() {
    if (started) return;
    started = true;
    var head = document.head;
    var hints = Array.isArray(later.preloads) ? later.preloads : [];
    for (var i = 0; i < hints.length; i++) {
      var p = hints[i];
      var link = document.createElement('link');
      link.rel = 'preload';
      link.href = p.href;
      link.as = p.as;
      if (p.crossorigin) link.crossOrigin = 'anonymous';
      if (p.type) link.type = p.type;
      if (p.fetchpriority) link.setAttribute('fetchpriority', p.fetchpriority);
      head.appendChild(link);
    }
    var script = document.createElement('script');
    script.src = later.main;
    head.appendChild(script);
  }

  // the frame after the one that drew the image: requestAnimationFrame runs before that paint,
  // the task it queues after it
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  var image = document.querySelector('[data-first-view] img');
  if (!image || image.complete) afterPaint();
  else {
    image.addEventListener('load', afterPaint);
    image.addEventListener('error', afterPaint);
  }
  // a stalled image, or a tab in the background (no frames), never keeps the app from starting
  setTimeout(start, typeof later.waitMs === 'number' ? later.waitMs : 1500);
})();
