import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { resolveEntry, type PointerEntry } from '@khela/api/remotes';
import type { Preload } from './page';

interface BootAssets {
  /** the after-paint loader (shell versions built before it have none) */
  afterPaint?: string;
  scripts: string[];
  styles: string[];
  fonts: string[];
}

interface ManifestAssets {
  js: { sync: string[] };
  css: { sync: string[] };
}
interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { name: string; path?: string; assets: ManifestAssets }[];
}

/**
 * The preload hints of a page, read from the published versions: the shell's boot-assets.json and
 * a remote version's mf-manifest.json. What is read from a version is kept (a version never changes).
 */
export class PreloadReader {
  private readonly files = new Map<string, Promise<unknown>>();

  constructor(
    private readonly releasesDir: string,
    private readonly keep = true,
  ) {}

  private readJson<T>(file: string): Promise<T | null> {
    let hit = this.files.get(file) as Promise<T | null> | undefined;
    if (!hit) {
      hit = readFile(path.join(this.releasesDir, file), 'utf8').then(
        (t) => JSON.parse(t) as T,
        () => null,
      );
      if (this.keep) this.files.set(file, hit);
    }
    return hit;
  }

  /**
   * The key rspack's CSS chunk loader gives each stylesheet of a version (its css-chunks.json, see
   * @khela/mf-config/rspack): the page's links carry it, so the loader takes them for its own.
   */
  private async cssKeys(dir: string): Promise<(file: string) => string | undefined> {
    const keys = await this.readJson<Record<string, unknown>>(`${dir}css-chunks.json`);
    return (file) => {
      const key = keys?.[file];
      return typeof key === 'string' && /^[\w.@/-]+:chunk-[\w.-]+$/.test(key) ? key : undefined;
    };
  }

  /** The shell's entry and what it loads straight away (see shell/rspack.config.ts). */
  async shell(shell: string, template: string): Promise<Preload[]> {
    const base = `/shell/${shell}/`;
    const [boot, key] = await Promise.all([
      this.readJson<BootAssets>(`shell/${shell}/boot-assets.json`),
      this.cssKeys(`shell/${shell}/`),
    ]);
    const main = /<script[^>]* src="\/__KHELA_SHELL_BASE__\/([^"]+\.js)"/.exec(template)?.[1];
    return [
      // scripts at the priority of the deferred entry script they stand for: they never hold up the
      // first paint (the page paints its frame before any script runs), and go before the images below
      ...(main ? [{ href: base + main, as: 'script' as const, fetchpriority: 'low' as const }] : []),
      // the shell's styles paint the page's first frame (see shell/index.html): applied, not only fetched
      ...(boot?.styles ?? []).map((f) => ({ href: base + f, as: 'style' as const, apply: true, key: key(f) })),
      ...(boot?.scripts ?? []).map((f) => ({ href: base + f, as: 'script' as const, fetchpriority: 'low' as const })),
      // No hint for the web fonts: Chrome holds the first paint for a preloaded font (up to about
      // 100 ms after the stylesheet, to avoid drawing the text twice), and on a slow link the two
      // files (53 KB) take their share of the bandwidth the first banner needs. With font-display:
      // swap and no hint, the first frame draws in the system font and the face is fetched as soon
      // as that frame lays out Bengali text (the header's brand), which is at once; nothing moves
      // when it arrives (fixed line heights, rows that scroll instead of wrapping).
    ];
  }

  /** The shell version's after-paint loader (see shell/src/boot/after-paint.js), if it has one. */
  async afterPaint(shell: string): Promise<string | undefined> {
    const boot = await this.readJson<BootAssets>(`shell/${shell}/boot-assets.json`);
    return typeof boot?.afterPaint === 'string' && /^[\w.-]+\.js$/.test(boot.afterPaint)
      ? `/shell/${shell}/${boot.afterPaint}`
      : undefined;
  }

  /**
   * The manifest, entry, styles and chunks of the module the route mounts, from the version in use
   * (none while a canary of that remote runs: which version a browser loads depends on its bucket).
   */
  async area(entry: PointerEntry | undefined, module: string): Promise<Preload[]> {
    if (!entry || entry.canary) return [];
    const { url } = resolveEntry(entry, 100);
    const base = url.slice(0, url.lastIndexOf('/') + 1);
    const dir = base.replace(/^\/+/, '');
    const [manifest, key] = await Promise.all([this.readJson<Manifest>(`${dir}mf-manifest.json`), this.cssKeys(dir)]);
    if (!manifest) return [];
    const exposed = manifest.exposes?.find((e) => e.name === module || e.path === `./${module}`);
    const remoteEntry = manifest.metaData?.remoteEntry;
    const file = (f: string) => base + f;
    return [
      { href: url, as: 'fetch', crossorigin: true },
      ...(remoteEntry?.name
        ? [
            {
              href: file(`${remoteEntry.path ? `${remoteEntry.path}/` : ''}${remoteEntry.name}`),
              as: 'script' as const,
              fetchpriority: 'low' as const,
            },
          ]
        : []),
      ...(exposed?.assets.css.sync ?? []).map((f) => ({ href: file(f), as: 'style' as const, key: key(f) })),
      ...(exposed?.assets.js.sync ?? []).map((f) => ({ href: file(f), as: 'script' as const, fetchpriority: 'low' as const })),
    ];
  }
}
