import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Pointer } from '@khela/api/src/remotes';

/** Escapes JSON for an inline <script>: no "</script>" or line separators can end it early. */
const inlineJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The page's boot script: the pointer (so the shell needs no extra round trip) and the system
 * status request, started before any script of ours has downloaded.
 */
function bootScript(pointer: Pointer, clientConfig: Record<string, unknown> | undefined): string {
  const status =
    "fetch('/wps/system/status',{headers:{Device:'web'}}).then(function(r){return r.json()})" +
    '.then(function(e){if(!e||!e.success)throw e;return e.value})';
  const config = clientConfig ? `window.__KHELA_CONFIG__=${inlineJson(clientConfig)};` : '';
  // the lobby's manifest is needed by every home page; while a canary of the lobby runs, which
  // manifest a browser needs depends on its bucket: the shell preloads it then
  const lobby = pointer.remotes.lobby;
  const preloads = lobby && !lobby.canary ? `<link rel="preload" href="${lobby.url}" as="fetch" crossorigin="anonymous">` : '';
  return (
    `${preloads}<script>${config}window.__KHELA_BOOT__={pointer:${inlineJson(pointer)},status:${status}};` +
    'window.__KHELA_BOOT__.status.catch(function(){});</script>'
  );
}

/** The page: the shell version's index.html with its folder and the pointer filled in. */
export function renderPage(
  template: string,
  pointer: Pointer & { shell: string },
  clientConfig?: Record<string, unknown>,
): string {
  return template
    .replaceAll('/__KHELA_SHELL_BASE__/', `/shell/${pointer.shell}/`)
    .replace('<!--KHELA_BOOT-->', bootScript(pointer, clientConfig));
}

/**
 * `<releases>/index.html`: the page for the pointer, rendered by the release tool at every pointer
 * change, so that a static origin (nginx, an object store behind a CDN) serves the same page as
 * the Node origin, with no code (see deploy/README.md). Replaced atomically, like the pointer.
 */
export async function writeStaticPage(releasesDir: string, pointer: Pointer): Promise<void> {
  if (!pointer.shell) return;
  const template = await readFile(path.join(releasesDir, 'shell', pointer.shell, 'index.html'), 'utf8');
  const file = path.join(releasesDir, 'index.html');
  const tmp = `${file}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
  try {
    await writeFile(tmp, renderPage(template, { ...pointer, shell: pointer.shell }), { flush: true });
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}
