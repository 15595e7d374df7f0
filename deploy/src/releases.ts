import { createHash, randomBytes } from 'node:crypto';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { manifestUrl, MOUNTED_MODULES, REMOTES, type Pointer, type RemoteName } from '@khela/api/remotes';
import { inspectRemoteBuild, inspectShellBuild } from './gates';
import { ReleaseRefusal } from './refusal';

export { REMOTES, type Pointer, type RemoteName };
export type ReleaseName = RemoteName | 'shell';
export const RELEASE_NAMES: readonly ReleaseName[] = ['shell', ...REMOTES];

/**
 * The releases folder, the one layout every origin serves (this Fastify origin, nginx, an object
 * store behind a CDN):
 *
 *   remotes.json                       the pointer (no-cache)
 *   shell/<version>/…                  immutable versions of the shell
 *   remotes/<name>/<version>/…         immutable versions of each remote
 *   …/<version>/.release.json          what a version is (package version, who published it, when)
 *   .history/<name>.jsonl              every pointer change of one remote (append-only)
 *   .lock                              held while the pointer changes
 *
 * A version is the content hash of its build. It appears whole (built in a temporary folder, then
 * renamed) and is never changed; only `prune` deletes one, and never one that is in use or recent.
 */

export const repoRoot = path.resolve(__dirname, '..', '..');
export const defaultReleasesDir = () => process.env.KHELA_RELEASES_DIR ?? path.join(repoRoot, '.releases');

export const distDir = (name: ReleaseName) =>
  name === 'shell' ? path.join(repoRoot, 'shell', 'dist') : path.join(repoRoot, 'remotes', name, 'dist');

/** Where a version lives, on disk and on the origin. */
export const versionPath = (name: ReleaseName, version: string) =>
  name === 'shell' ? `shell/${version}` : `remotes/${name}/${version}`;

export const versionDir = (releasesDir: string, name: ReleaseName, version: string) =>
  path.join(releasesDir, versionPath(name, version));
const nameDir = (releasesDir: string, name: ReleaseName) =>
  path.join(releasesDir, name === 'shell' ? 'shell' : `remotes/${name}`);

export const isReleaseName = (s: string): s is ReleaseName => (RELEASE_NAMES as readonly string[]).includes(s);
/** Version folder names: no path tricks, no dot files (temporary and trashed folders start with a dot). */
export const isVersionName = (s: string) => /^[\w][\w.-]{0,63}$/.test(s);

export const lockFile = (releasesDir: string) => path.join(releasesDir, '.lock');

/** Who is operating: --who, else KHELA_RELEASE_WHO, else the login name. */
export function currentUser(): string {
  if (process.env.KHELA_RELEASE_WHO) return process.env.KHELA_RELEASE_WHO;
  if (process.env.USER) return process.env.USER;
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), rel)));
    else if (!entry.name.endsWith('.map') && entry.name !== 'mf-manifest-stats.json' && !entry.name.startsWith('.'))
      out.push(rel);
  }
  return out.sort();
}

/** A version is the content hash of the build's files (names and bytes): the same build, the same version. */
export async function contentVersion(dir: string): Promise<{ version: string; files: string[] }> {
  const files = await listFiles(dir);
  const hash = createHash('sha256');
  for (const f of files) {
    hash.update(f + '\0');
    hash.update(await readFile(path.join(dir, f)));
  }
  return { version: hash.digest('hex').slice(0, 12), files };
}

/** `.release.json` in a version folder. */
export interface ReleaseMeta {
  name: ReleaseName;
  version: string;
  /** package.json version of the build, beside the content hash */
  packageVersion: string;
  publishedAt: string;
  publishedBy: string;
  files: number;
  bytes: number;
  /** shell only: the modules this shell version mounts from each remote */
  mounts?: Partial<Record<RemoteName, readonly string[]>>;
}

export const RELEASE_META = '.release.json';

export async function readRelease(releasesDir: string, name: ReleaseName, version: string): Promise<ReleaseMeta | null> {
  try {
    return JSON.parse(await readFile(path.join(versionDir(releasesDir, name, version), RELEASE_META), 'utf8')) as ReleaseMeta;
  } catch {
    return null;
  }
}

export const isPublished = (releasesDir: string, name: ReleaseName, version: string) =>
  isVersionName(version) && existsSync(versionDir(releasesDir, name, version));

/** Published versions of one name, oldest first (by publish time). */
export async function listVersions(
  releasesDir: string,
  name: ReleaseName,
): Promise<{ version: string; meta: ReleaseMeta | null; mtimeMs: number }[]> {
  let entries;
  try {
    entries = await readdir(nameDir(releasesDir, name), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const out: { version: string; meta: ReleaseMeta | null; mtimeMs: number }[] = [];
  for (const e of entries) {
    if (!e.isDirectory() || !isVersionName(e.name)) continue;
    const meta = await readRelease(releasesDir, name, e.name);
    const { mtimeMs } = await stat(versionDir(releasesDir, name, e.name));
    out.push({ version: e.name, meta, mtimeMs });
  }
  const time = (v: (typeof out)[number]) => (v.meta ? Date.parse(v.meta.publishedAt) : v.mtimeMs);
  return out.sort((a, b) => time(a) - time(b));
}

const COMPRESSIBLE = /\.(js|css|json|html|svg|txt)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function packageVersionOf(name: ReleaseName, dist: string): Promise<string> {
  try {
    const m = JSON.parse(await readFile(path.join(dist, 'mf-manifest.json'), 'utf8'));
    if (typeof m?.metaData?.buildInfo?.buildVersion === 'string') return m.metaData.buildInfo.buildVersion;
  } catch {
    /* no manifest: the package.json beside the default dist folder */
  }
  try {
    const pkg = JSON.parse(await readFile(path.join(path.dirname(distDir(name)), 'package.json'), 'utf8'));
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

export interface PublishOptions {
  /** the build to publish (default: the name's dist folder in this checkout) */
  dist?: string;
  who?: string;
}

export interface PublishResult {
  name: ReleaseName;
  version: string;
  packageVersion: string;
  /** false: this exact build was already published (nothing was written) */
  created: boolean;
  files: number;
}

/**
 * Copies a build into its immutable version folder, with .br and .gz beside every text asset.
 * The build is checked first (a remote's manifest and entry, the shell's page and scripts); an
 * existing version is never touched.
 */
export async function publish(
  name: ReleaseName,
  releasesDir = defaultReleasesDir(),
  opts: PublishOptions = {},
): Promise<PublishResult> {
  const dir = path.resolve(opts.dist ?? distDir(name));
  if (!existsSync(dir)) {
    throw new ReleaseRefusal({
      message: `${name} has no build at ${dir}`,
      hint: opts.dist ? 'check the --dist folder' : 'run npm run build first (or pass --dist <folder>)',
    });
  }
  const build =
    name === 'shell'
      ? await inspectShellBuild(dir, `the ${name} build at ${dir}`)
      : await inspectRemoteBuild(dir, name, `the ${name} build at ${dir}`);
  // a shell that lists no shared versions can still be published (it is refused at promote)
  if (build.problems.length) throw new ReleaseRefusal(build.problems);
  const { version, files } = await contentVersion(dir);
  const packageVersion = await packageVersionOf(name, dir);
  const target = versionDir(releasesDir, name, version);
  if (existsSync(target)) return { name, version, packageVersion, created: false, files: files.length };

  const tmp = path.join(path.dirname(target), `.tmp-${version}-${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(tmp, { recursive: true });
  try {
    let bytes = 0;
    await Promise.all(
      files.map(async (f) => {
        const from = path.join(dir, f);
        const to = path.join(tmp, f);
        await mkdir(path.dirname(to), { recursive: true });
        await copyFile(from, to);
        const data = await readFile(from);
        bytes += data.length;
        if (COMPRESSIBLE.test(f)) {
          // compressed once here, at the highest levels, instead of on every request
          const [br, gzipped] = await Promise.all([
            brotli(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }),
            gz(data, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${to}.br`, br), writeFile(`${to}.gz`, gzipped)]);
        }
      }),
    );
    const meta: ReleaseMeta = {
      name,
      version,
      packageVersion,
      publishedAt: new Date().toISOString(),
      publishedBy: opts.who ?? currentUser(),
      files: files.length,
      bytes,
      ...(name === 'shell' ? { mounts: MOUNTED_MODULES } : {}),
    };
    await writeFile(path.join(tmp, RELEASE_META), JSON.stringify(meta, null, 2) + '\n');
    try {
      await rename(tmp, target); // the version appears whole or not at all
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if ((code === 'ENOTEMPTY' || code === 'EEXIST') && existsSync(target)) {
        return { name, version, packageVersion, created: false, files: files.length }; // published meanwhile
      }
      throw err;
    }
    return { name, version, packageVersion, created: true, files: files.length };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

export const pointerFile = (releasesDir = defaultReleasesDir()) => path.join(releasesDir, 'remotes.json');

export async function readPointer(releasesDir = defaultReleasesDir()): Promise<Pointer> {
  try {
    const pointer = JSON.parse(await readFile(pointerFile(releasesDir), 'utf8')) as Pointer;
    return { ...pointer, remotes: pointer.remotes ?? {} };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { remotes: {} };
    throw err;
  }
}

/**
 * Replaces the pointer atomically: write a temporary file beside it, flush it, then rename it over
 * the old one, so a reader sees the old pointer or the new one, never a mix. Change the pointer
 * through the release tool, which also holds the lock (read-modify-write) and writes the history.
 */
export async function writePointer(pointer: Pointer, releasesDir = defaultReleasesDir()): Promise<void> {
  await mkdir(releasesDir, { recursive: true });
  const file = pointerFile(releasesDir);
  const tmp = `${file}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
  try {
    await writeFile(tmp, JSON.stringify(pointer, null, 2) + '\n', { flush: true });
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** The pointer with `name` at `version` for all browsers (a canary of that remote ends). */
export function withVersion(pointer: Pointer, name: ReleaseName, version: string): Pointer {
  if (name === 'shell') return { ...pointer, shell: version };
  return {
    ...pointer,
    remotes: { ...pointer.remotes, [name]: { version, url: manifestUrl(name, version) } },
  };
}

export async function isDirectory(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isDirectory();
  } catch {
    return false;
  }
}
