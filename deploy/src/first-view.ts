import { readFile } from 'node:fs/promises';
import path from 'node:path';
import vm from 'node:vm';
import { resolveEntry, type PointerEntry } from '@khela/api/remotes';
import type { FirstViewInput } from '@khela/api/first-data';

/**
 * How long a remote's first view may take to draw one page before the page goes without it. A warm
 * call takes a millisecond or two, but the limit is wall time: on a machine whose cores are busy
 * (the end-to-end tests, a loaded host) a call can wait tens of milliseconds for a core. A view
 * that runs away costs each page this long (the call holds the event loop) and is reported.
 */
const RENDER_MS = 250;
/** How long its script may take to start, and its first call (its functions compiled), once per version. */
const START_MS = 1000;
/** A view larger than this is not drawn (a page's first frame, not a page's worth of list). */
const MAX_HTML = 256 * 1024;

type Render = (input: FirstViewInput) => string | undefined;

/**
 * The first views the remotes publish: a version's first-view.js (built from the remote's own
 * first-view module, see shared/mf-config's rspack.js), run here to draw the remote's routes into
 * the page's first frame, so its largest paint waits on no script of the page. Each version's
 * script runs in a context of its own with only the language's built-ins and URLSearchParams (no
 * require, no process, no network: it turns the page's first data into HTML), and every call with
 * a time limit: a broken or slow view means a page without it, never a page that fails. It is the
 * remote's own code, published and rolled back with it, trusted as the browser trusts its bundle; the sandbox
 * keeps its mistakes out of the origin, it is not a security boundary.
 */
export class FirstViews {
  private readonly scripts = new Map<string, Promise<Render | null>>();
  private readonly failed = new Set<string>();

  constructor(
    private readonly releasesDir: string,
    private readonly keep = true,
  ) {}

  /** The HTML the remote version in use draws for the address, if it draws any. */
  async render(entry: PointerEntry | undefined, input: FirstViewInput): Promise<string | undefined> {
    // none while a canary runs: the version a browser loads depends on its bucket
    if (!entry || entry.canary) return undefined;
    const { url } = resolveEntry(entry, 100);
    const file = `${url.slice(0, url.lastIndexOf('/') + 1).replace(/^\/+/, '')}first-view.js`;
    let script = this.scripts.get(file);
    if (!script) {
      script = this.load(file);
      if (this.keep) this.scripts.set(file, script);
    }
    const render = await script;
    if (!render) return undefined;
    try {
      const html = render(input);
      return typeof html === 'string' && html.length > 0 && html.length <= MAX_HTML ? html : undefined;
    } catch (err) {
      this.report(file, err);
      return undefined;
    }
  }

  private async load(file: string): Promise<Render | null> {
    let code: string;
    try {
      code = await readFile(path.join(this.releasesDir, file), 'utf8');
    } catch {
      return null; // a version that publishes no first view
    }
    try {
      // the language's built-ins, and URLSearchParams (the first data's keys are written with it)
      const context = vm.createContext(
        { URLSearchParams },
        {
          name: file,
          codeGeneration: { strings: false, wasm: false },
        },
      );
      new vm.Script(code, { filename: file }).runInContext(context, { timeout: START_MS });
      const call = new vm.Script(
        '(function (i) { var r = khelaFirstView.render(JSON.parse(i)); return typeof r === "string" ? r : undefined; })(input)',
      );
      let warm = false;
      return (input) => {
        (context as { input?: string }).input = JSON.stringify(input);
        const timeout = warm ? RENDER_MS : START_MS;
        warm = true;
        return call.runInContext(context, { timeout }) as string | undefined;
      };
    } catch (err) {
      this.report(file, err);
      return null;
    }
  }

  private report(file: string, err: unknown) {
    if (this.failed.has(file)) return;
    this.failed.add(file);
    console.error(`[khela] the first view ${file} failed (reported once), a page went without it: ${String(err)}`);
  }
}
