import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Script } from 'node:vm';
import { federationName, MOUNTED_MODULES, REQUIRED_SINGLETONS, type RemoteName } from '@khela/api/remotes';
import type { Problem } from './refusal';
import { satisfies, validRange, parseVersion } from './semver-range';

/**
 * The checks a version passes before the pointer may name it. They read the version's own files
 * (what the origin serves), so a build is judged exactly as browsers will load it.
 */

interface Assets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}

export interface SharedEntry {
  name: string;
  version: string;
  requiredVersion?: string | false;
  singleton?: boolean;
  assets?: Assets;
}

/** The part of @module-federation's mf-manifest.json the gates read. */
export interface MfManifest {
  name: string;
  metaData: {
    buildInfo?: { buildVersion?: string; buildName?: string };
    remoteEntry?: { name: string; path: string; type?: string };
  };
  shared: SharedEntry[];
  exposes: { name: string; path: string; assets?: Assets }[];
}

export interface RemoteBuild {
  manifest: MfManifest | null;
  problems: Problem[];
}

export interface ShellBuild {
  /** shared package → version the shell provides (null when the build lists none) */
  provides: Map<string, string> | null;
  /** why `provides` is null: such a shell can be published but not promoted */
  sharedUnknown?: Problem;
  packageVersion?: string;
  problems: Problem[];
}

const rebuild = (what: string) => `rebuild ${what} (npm run build), publish it again and promote the new version`;

async function readText(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
    throw err;
  }
}

async function fileSize(file: string): Promise<number | null> {
  try {
    const s = await stat(file);
    return s.isFile() ? s.size : null;
  } catch {
    return null;
  }
}

/** Parses (never runs) a script: a truncated or corrupted file fails here instead of in browsers. */
function compileProblem(code: string, filename: string): string | null {
  try {
    new Script(code, { filename });
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

const assetFiles = (a: Assets | undefined) => [
  ...(a?.js?.sync ?? []),
  ...(a?.js?.async ?? []),
  ...(a?.css?.sync ?? []),
  ...(a?.css?.async ?? []),
];

function readManifest(text: string | null, label: string, hintWhat: string): { manifest: MfManifest | null; problem?: Problem } {
  if (text === null) return { manifest: null, problem: { message: `${label} has no mf-manifest.json`, hint: rebuild(hintWhat) } };
  let m: MfManifest;
  try {
    m = JSON.parse(text) as MfManifest;
  } catch (err) {
    return {
      manifest: null,
      problem: { message: `${label}: mf-manifest.json is not valid JSON (${(err as Error).message})`, hint: rebuild(hintWhat) },
    };
  }
  if (
    !m ||
    typeof m !== 'object' ||
    typeof m.name !== 'string' ||
    !m.metaData ||
    !Array.isArray(m.shared) ||
    !Array.isArray(m.exposes)
  ) {
    return {
      manifest: null,
      problem: { message: `${label}: mf-manifest.json lacks name, metaData, shared or exposes`, hint: rebuild(hintWhat) },
    };
  }
  return { manifest: m };
}

/** A remote's build (a dist folder or a published version): manifest, remote entry, listed assets. */
export async function inspectRemoteBuild(dir: string, remote: RemoteName, label = `${remote} build`): Promise<RemoteBuild> {
  const problems: Problem[] = [];
  const { manifest, problem } = readManifest(await readText(path.join(dir, 'mf-manifest.json')), label, remote);
  if (problem) return { manifest: null, problems: [problem] };
  const m = manifest!;
  if (m.name !== federationName(remote)) {
    problems.push({
      message: `${label} is the build of "${m.name}", not of ${remote} (${federationName(remote)})`,
      hint: `publish the dist folder of ${remote} (remotes/${remote}/dist)`,
    });
  }
  const entry = m.metaData.remoteEntry;
  if (!entry?.name) {
    problems.push({ message: `${label}: mf-manifest.json names no remote entry`, hint: rebuild(remote) });
  } else {
    const file = path.join(dir, entry.path ?? '', entry.name);
    const code = await readText(file);
    if (code === null || !code.trim()) {
      problems.push({
        message: `${label}: the remote entry ${path.posix.join(entry.path ?? '', entry.name)} is missing or empty`,
        hint: rebuild(remote),
      });
    } else {
      const err = compileProblem(code, entry.name);
      if (err)
        problems.push({ message: `${label}: the remote entry ${entry.name} does not parse (${err})`, hint: rebuild(remote) });
      else if (!code.includes(federationName(remote))) {
        problems.push({
          message: `${label}: the remote entry ${entry.name} does not define the container ${federationName(remote)}`,
          hint: rebuild(remote),
        });
      }
    }
  }
  const missing = new Set<string>();
  for (const item of [...m.exposes, ...m.shared]) {
    for (const f of assetFiles(item.assets)) {
      if (!(await fileSize(path.join(dir, f)))) missing.add(f);
    }
  }
  if (missing.size) {
    problems.push({
      message: `${label}: ${missing.size} file(s) its manifest lists are missing or empty (${[...missing].slice(0, 5).join(', ')}${missing.size > 5 ? ', …' : ''})`,
      hint: rebuild(remote),
    });
  }
  return { manifest: m, problems };
}

/** The shell's build: the page template, the scripts it loads, and the shared versions it provides. */
export async function inspectShellBuild(dir: string, label = 'shell build'): Promise<ShellBuild> {
  const problems: Problem[] = [];
  const html = await readText(path.join(dir, 'index.html'));
  if (html === null) {
    return { provides: null, problems: [{ message: `${label} has no index.html`, hint: rebuild('the shell') }] };
  }
  if (!html.includes('<!--KHELA_BOOT-->')) {
    problems.push({
      message: `${label}: index.html lacks the <!--KHELA_BOOT--> placeholder the origin fills`,
      hint: rebuild('the shell'),
    });
  }
  const refs = [...html.matchAll(/\/__KHELA_SHELL_BASE__\/([^"'?#\s>]+)/g)].map((m) => m[1]);
  if (!refs.some((r) => r.endsWith('.js'))) {
    problems.push({ message: `${label}: index.html loads no script from the shell's folder`, hint: rebuild('the shell') });
  }
  for (const ref of new Set(refs)) {
    const code = await readText(path.join(dir, ref));
    if (code === null || !code.length) {
      problems.push({ message: `${label}: index.html loads ${ref}, which is missing or empty`, hint: rebuild('the shell') });
    } else if (ref.endsWith('.js')) {
      const err = compileProblem(code, ref);
      if (err) problems.push({ message: `${label}: ${ref} does not parse (${err})`, hint: rebuild('the shell') });
    }
  }
  const { manifest, problem } = readManifest(await readText(path.join(dir, 'mf-manifest.json')), label, 'the shell');
  if (problem) {
    const sharedUnknown = {
      message: `${problem.message}: the shared versions it provides are unknown, so no remote can be checked against it`,
      hint: problem.hint,
    };
    return { provides: null, sharedUnknown, problems };
  }
  const provides = new Map<string, string>();
  for (const s of manifest!.shared) if (s?.name && typeof s.version === 'string') provides.set(s.name, s.version);
  return { provides, packageVersion: manifest!.metaData.buildInfo?.buildVersion, problems };
}

/** react/jsx-runtime → react, @khela/session → @khela/session */
export function basePackage(name: string): string {
  const parts = name.split('/');
  return name.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Is every singleton the remote version requires satisfied by the shell? A required singleton the
 * shell does not provide at all is refused too (the page would hold two copies of it).
 */
export function singletonProblems(
  remote: { name: RemoteName; version: string; manifest: MfManifest },
  shell: { version: string; provides: Map<string, string> },
): Problem[] {
  const problems: Problem[] = [];
  const reported = new Set<string>();
  // whole packages before their subpaths, so "react" is reported rather than "react/jsx-runtime"
  const shared = [...remote.manifest.shared].filter((s) => s?.singleton).sort((a, b) => a.name.length - b.name.length);
  for (const s of shared) {
    const base = basePackage(s.name);
    if (reported.has(base)) continue;
    const provided = shell.provides.get(s.name) ?? shell.provides.get(base);
    const range = s.requiredVersion;
    if (provided === undefined) {
      if ((REQUIRED_SINGLETONS as readonly string[]).includes(base)) {
        reported.add(base);
        problems.push({
          message: `${remote.name} ${remote.version} requires ${base} ${range || s.version} as a singleton, but shell ${shell.version} does not provide ${base}`,
          hint: `publish and promote a shell that shares ${base}, or build ${remote.name} without it`,
        });
      }
      continue;
    }
    if (range === false || range === undefined || range === '') continue;
    if (!validRange(range) || !parseVersion(provided)) {
      reported.add(base);
      problems.push({
        message: `${remote.name} ${remote.version} requires ${s.name} "${range}" and shell ${shell.version} provides "${provided}": the release tool cannot compare these`,
        hint: `build ${remote.name} with a plain semver range for ${s.name} (the shared config emits ^major.0.0)`,
      });
      continue;
    }
    if (!satisfies(provided, range)) {
      reported.add(base);
      problems.push({
        message: `${remote.name} ${remote.version} requires ${s.name} ${range}, but shell ${shell.version} provides ${s.name} ${provided}`,
        hint: `build ${remote.name} against ${s.name} ${provided} (the shell's), or publish and promote a shell that provides ${s.name} ${range} first`,
      });
    }
  }
  return problems;
}

/** Does the remote version still expose every module the shell mounts from it? */
export function exposeProblems(
  remote: { name: RemoteName; version: string; manifest: MfManifest },
  shell: { version: string; mounts: readonly string[] },
): Problem[] {
  const exposed = new Set(remote.manifest.exposes.map((e) => e.name.replace(/^\.\//, '')));
  const missing = shell.mounts.filter((m) => !exposed.has(m));
  if (!missing.length) return [];
  return [
    {
      message: `${remote.name} ${remote.version} no longer exposes ${missing.join(', ')}, which shell ${shell.version} mounts`,
      hint: `expose ${missing.join(', ')} again in remotes/${remote.name}/rspack.config.ts, or publish and promote a shell that no longer mounts ${missing.length > 1 ? 'them' : 'it'} first`,
    },
  ];
}

/** What a shell version mounts from a remote: recorded when it was published, else today's list. */
export function mountsOf(
  shellRelease: { mounts?: Partial<Record<RemoteName, readonly string[]>> } | null,
  remote: RemoteName,
): readonly string[] {
  return shellRelease?.mounts?.[remote] ?? MOUNTED_MODULES[remote];
}

/**
 * Over HTTP, against a running origin: the manifest and the remote entry answer 200 with the
 * immutable caching, and the manifest parses.
 */
export async function httpProblems(
  origin: string,
  remote: RemoteName,
  version: string,
  manifest: MfManifest,
): Promise<Problem[]> {
  const base = `${origin.replace(/\/$/, '')}/remotes/${remote}/${version}/`;
  const entry = manifest.metaData.remoteEntry;
  const files = ['mf-manifest.json', ...(entry?.name ? [path.posix.join(entry.path ?? '', entry.name)] : [])];
  const problems: Problem[] = [];
  for (const f of files) {
    const url = base + f;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      const body = await res.text();
      if (!res.ok) {
        problems.push({
          message: `${url} answers ${res.status}`,
          hint: `check that the origin at ${origin} serves this releases folder (KHELA_RELEASES_DIR), or that the object store holds the version`,
        });
        continue;
      }
      if (!/immutable/.test(res.headers.get('cache-control') ?? '')) {
        problems.push({
          message: `${url} is served without "immutable" caching (${res.headers.get('cache-control') ?? 'no Cache-Control'})`,
          hint: 'serve /remotes/<name>/<version>/ with Cache-Control: public, max-age=31536000, immutable (see deploy/README.md)',
        });
      }
      if (f === 'mf-manifest.json') JSON.parse(body);
    } catch (err) {
      problems.push({
        message: `${url} could not be loaded: ${(err as Error).message}`,
        hint: `check that the origin at ${origin} is up and serves this version`,
      });
    }
  }
  return problems;
}
