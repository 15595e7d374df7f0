import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { cp, mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REMOTES, type Pointer, type RemoteName } from '@khela/api/src/remotes';

export { REMOTES, type Pointer, type RemoteName };
export type ReleaseName = RemoteName | 'shell';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const defaultReleasesDir = () => process.env.KHELA_RELEASES_DIR ?? path.join(repoRoot, '.releases');

export const distDir = (name: ReleaseName) =>
  name === 'shell' ? path.join(repoRoot, 'shell', 'dist') : path.join(repoRoot, 'remotes', name, 'dist');

/** Where a version lives, on disk and on the origin. */
export const versionPath = (name: ReleaseName, version: string) =>
  name === 'shell' ? `shell/${version}` : `remotes/${name}/${version}`;

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const rel = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), rel)));
    else if (!entry.name.endsWith('.map') && entry.name !== 'mf-manifest-stats.json') out.push(rel);
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

const COMPRESSIBLE = /\.(js|css|json|html|svg)$/;

/** Copies a build into its immutable version folder; an existing version is never touched. */
export async function publish(name: ReleaseName, releasesDir = defaultReleasesDir()): Promise<{ version: string; created: boolean }> {
  const dir = distDir(name);
  if (!existsSync(dir)) throw new Error(`${name} has no build at ${dir}: run npm run build first`);
  const { version, files } = await contentVersion(dir);
  const target = path.join(releasesDir, versionPath(name, version));
  if (existsSync(target)) return { version, created: false };
  const tmp = `${target}.tmp-${process.pid}`;
  await mkdir(tmp, { recursive: true });
  for (const f of files) {
    await mkdir(path.dirname(path.join(tmp, f)), { recursive: true });
    await cp(path.join(dir, f), path.join(tmp, f));
    if (COMPRESSIBLE.test(f)) {
      // compressed once here, at the highest levels, instead of on every request
      const bytes = await readFile(path.join(dir, f));
      await writeFile(path.join(tmp, `${f}.br`), brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      await writeFile(path.join(tmp, `${f}.gz`), gzipSync(bytes, { level: 9 }));
    }
  }
  await rename(tmp, target); // the version appears whole or not at all
  return { version, created: true };
}

export const pointerFile = (releasesDir = defaultReleasesDir()) => path.join(releasesDir, 'remotes.json');

export async function readPointer(releasesDir = defaultReleasesDir()): Promise<Pointer> {
  try {
    return JSON.parse(await readFile(pointerFile(releasesDir), 'utf8')) as Pointer;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { remotes: {} };
    throw err;
  }
}

/** Replaces the pointer atomically: write a temporary file, then rename over the old one. */
export async function writePointer(pointer: Pointer, releasesDir = defaultReleasesDir()): Promise<void> {
  await mkdir(releasesDir, { recursive: true });
  const file = pointerFile(releasesDir);
  const tmp = `${file}.tmp-${process.pid}-${Date.now()}`;
  await writeFile(tmp, JSON.stringify(pointer, null, 2) + '\n');
  await rename(tmp, file);
}

export function withVersion(pointer: Pointer, name: ReleaseName, version: string): Pointer {
  if (name === 'shell') return { ...pointer, shell: version };
  return {
    ...pointer,
    remotes: { ...pointer.remotes, [name]: { version, url: `/${versionPath(name, version)}/mf-manifest.json` } },
  };
}

/** Publishes every build and points the pointer at them (what `npm start` does after a build). */
export async function publishAndPromoteAll(releasesDir = defaultReleasesDir()): Promise<Pointer> {
  let pointer = await readPointer(releasesDir);
  for (const name of ['shell', ...REMOTES] as ReleaseName[]) {
    const { version } = await publish(name, releasesDir);
    pointer = withVersion(pointer, name, version);
  }
  await writePointer(pointer, releasesDir);
  return pointer;
}

export async function isDirectory(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isDirectory();
  } catch {
    return false;
  }
}
