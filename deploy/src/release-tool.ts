import { readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { manifestUrl, REMOTES, type Pointer, type PointerEntry, type RemoteName } from '@khela/api/remotes';
import { exposeProblems, httpProblems, inspectRemoteBuild, inspectShellBuild, mountsOf, singletonProblems } from './gates';
import { appendHistory, readHistory, recentlyNamed, rollbackStack, type HistoryEntry } from './history';
import { withLock, type LockOptions } from './lock';
import { writeStaticPage } from './page';
import { ReleaseRefusal, refuse, type Problem } from './refusal';
import {
  currentUser,
  defaultReleasesDir,
  isPublished,
  isVersionName,
  listVersions,
  lockFile,
  publish,
  readPointer,
  readRelease,
  RELEASE_NAMES,
  versionDir,
  withVersion,
  writePointer,
  type PublishResult,
  type ReleaseMeta,
  type ReleaseName,
} from './releases';

/**
 * The release operations: promote (to all or to a canary share), roll back, drop a canary, prune,
 * and the read-only views. Every pointer change is one read-modify-write of one entry inside the
 * releases folder's lock, gated, written atomically, and recorded in that remote's history.
 */

export interface ToolOptions {
  releasesDir?: string;
  /** who is operating (default: KHELA_RELEASE_WHO, $USER, the login name) */
  who?: string;
  reason?: string;
  lock?: LockOptions;
  /** also check the version over HTTP against this running origin (e.g. http://127.0.0.1:8080) */
  origin?: string;
}

export interface Change {
  name: ReleaseName;
  /** 'none': nothing needed changing (the pointer and history are untouched) */
  action: HistoryEntry['action'] | 'none';
  from: string | null;
  to: string | null;
  percent?: number;
  notes: string[];
  pointer: Pointer;
}

interface Decision {
  pointer: Pointer;
  entry: Pick<HistoryEntry, 'action' | 'from' | 'to' | 'percent'>;
  notes?: string[];
}

const dirOf = (opts: ToolOptions) => opts.releasesDir ?? defaultReleasesDir();
const cmd = (args: string) => `npm run release -- ${args}`;

/** An exact published version, or a unique prefix of one (at least 4 characters). */
export async function resolveVersion(releasesDir: string, name: ReleaseName, input: string): Promise<string> {
  if (!isVersionName(input))
    refuse(
      `"${input}" is not a version`,
      `versions are the names ${cmd(`publish ${name}`)} printed; list them: ${cmd(`versions ${name}`)}`,
    );
  if (isPublished(releasesDir, name, input)) return input;
  const all = (await listVersions(releasesDir, name)).map((v) => v.version);
  const matches = input.length >= 4 ? all.filter((v) => v.startsWith(input)) : [];
  if (matches.length === 1) return matches[0];
  if (matches.length > 1)
    refuse(
      `"${input}" matches ${matches.length} versions of ${name} (${matches.join(', ')})`,
      'give more characters of the version',
    );
  return refuse(
    `${name} ${input} is not published in ${releasesDir}`,
    `publish it first (${cmd(`publish ${name}`)}${name === 'shell' ? '' : ' [--dist <folder>]'}); published versions: ${cmd(`versions ${name}`)}`,
  );
}

interface ShellContext {
  version: string;
  provides: Map<string, string> | null;
  mounts: (remote: RemoteName) => readonly string[];
}

/** The shell version's build checks, and what it provides and mounts for the remote checks. */
async function shellContext(
  releasesDir: string,
  version: string,
  role: 'in use' | 'to promote',
): Promise<{ ctx: ShellContext; problems: Problem[]; sharedUnknown?: Problem }> {
  if (!isPublished(releasesDir, 'shell', version)) {
    const ctx = { version, provides: null, mounts: (r: RemoteName) => mountsOf(null, r) };
    return {
      ctx,
      problems: [
        {
          message: `shell ${version} (${role}) is not published in ${releasesDir}`,
          hint: 'check KHELA_RELEASES_DIR, or publish and promote a shell',
        },
      ],
    };
  }
  const build = await inspectShellBuild(versionDir(releasesDir, 'shell', version), `shell ${version}`);
  const meta = await readRelease(releasesDir, 'shell', version);
  const sharedUnknown =
    build.sharedUnknown &&
    (role === 'in use'
      ? {
          message: build.sharedUnknown.message,
          hint: `publish and promote a shell built with the current build config (it writes mf-manifest.json): ${cmd('publish shell')}`,
        }
      : build.sharedUnknown);
  return {
    ctx: { version, provides: build.provides, mounts: (r) => mountsOf(meta, r) },
    problems: build.problems,
    sharedUnknown,
  };
}

/** Every gate of one remote version against one shell version. */
async function remoteProblems(
  releasesDir: string,
  name: RemoteName,
  version: string,
  shell: ShellContext,
  origin?: string,
): Promise<Problem[]> {
  if (!isPublished(releasesDir, name, version)) {
    return [
      {
        message: `${name} ${version} is not published in ${releasesDir}`,
        hint: `publish it again: ${cmd(`publish ${name} --dist <its build>`)}`,
      },
    ];
  }
  const build = await inspectRemoteBuild(versionDir(releasesDir, name, version), name, `${name} ${version}`);
  if (!build.manifest) return build.problems;
  const remote = { name, version, manifest: build.manifest };
  return [
    ...build.problems,
    ...(shell.provides ? singletonProblems(remote, { version: shell.version, provides: shell.provides }) : []),
    ...exposeProblems(remote, { version: shell.version, mounts: shell.mounts(name) }),
    ...(origin && !build.problems.length ? await httpProblems(origin, name, version, build.manifest) : []),
  ];
}

/** Gates of a remote version against the shell in use. */
async function gateRemote(
  releasesDir: string,
  pointer: Pointer,
  name: RemoteName,
  version: string,
  origin?: string,
): Promise<void> {
  if (!pointer.shell) {
    refuse(
      `no shell is in use, so ${name} ${version} cannot be checked against one`,
      `publish and promote a shell first: ${cmd('publish shell')}, then ${cmd('promote shell <version>')}`,
    );
  }
  const { ctx, problems, sharedUnknown } = await shellContext(releasesDir, pointer.shell!, 'in use');
  if (sharedUnknown) problems.push(sharedUnknown);
  problems.push(...(await remoteProblems(releasesDir, name, version, ctx, origin)));
  if (problems.length) throw new ReleaseRefusal(problems);
}

/** Gates of a shell version: its own build, and every remote version in use (and in canary) against it. */
async function gateShell(releasesDir: string, pointer: Pointer, version: string, origin?: string): Promise<void> {
  const { ctx, problems, sharedUnknown } = await shellContext(releasesDir, version, 'to promote');
  if (sharedUnknown) problems.push(sharedUnknown);
  if (ctx.provides) {
    for (const name of REMOTES) {
      const entry = pointer.remotes[name];
      if (!entry) continue;
      for (const v of [entry.version, entry.canary?.version].filter((x): x is string => !!x)) {
        problems.push(...(await remoteProblems(releasesDir, name, v, ctx)));
      }
    }
  }
  if (origin && !problems.length) {
    const url = `${origin.replace(/\/$/, '')}/shell/${version}/index.html`;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (!res.ok)
        problems.push({
          message: `${url} answers ${res.status}`,
          hint: `check that the origin at ${origin} serves this releases folder`,
        });
    } catch (err) {
      problems.push({
        message: `${url} could not be loaded: ${(err as Error).message}`,
        hint: `check that the origin at ${origin} is up`,
      });
    }
  }
  if (problems.length) throw new ReleaseRefusal(problems);
}

/** The page for static origins (deploy/README.md); the change itself is already recorded. */
async function renderStaticPage(releasesDir: string, pointer: Pointer): Promise<void> {
  try {
    await writeStaticPage(releasesDir, pointer);
  } catch (err) {
    throw new Error(
      `the pointer changed, but ${releasesDir}/index.html (the page static origins serve) could not be rendered: ${(err as Error).message}; ` +
        'the Node origin is not affected; the page is rendered again at the next change',
    );
  }
}

/** The one way the pointer changes: lock, read, decide (gates), write atomically, append history. */
async function change(
  name: ReleaseName,
  opts: ToolOptions,
  purpose: string,
  decide: (pointer: Pointer, history: HistoryEntry[]) => Promise<Decision | { none: string }>,
): Promise<Change> {
  const releasesDir = dirOf(opts);
  return withLock(lockFile(releasesDir), { ...opts.lock, purpose }, async (lock) => {
    const pointer = await readPointer(releasesDir);
    const history = await readHistory(releasesDir, name);
    const decision = await decide(pointer, history);
    if ('none' in decision) return { name, action: 'none', from: null, to: null, notes: [decision.none], pointer };
    await lock.assertHeld(); // fencing: nobody took a (wrongly judged stale) lock over meanwhile
    await writePointer(decision.pointer, releasesDir);
    await appendHistory(releasesDir, name, {
      at: new Date().toISOString(),
      who: opts.who ?? currentUser(),
      ...decision.entry,
      reason: opts.reason ?? '',
    });
    await renderStaticPage(releasesDir, decision.pointer);
    return { name, ...decision.entry, notes: decision.notes ?? [], pointer: decision.pointer };
  });
}

const entryOf = (pointer: Pointer, name: RemoteName): PointerEntry | undefined => pointer.remotes[name];

function canaryEnded(entry: PointerEntry | undefined, promoted: string): string[] {
  if (!entry?.canary) return [];
  return entry.canary.version === promoted
    ? [`the canary ${promoted} (${entry.canary.percent} %) now serves all browsers`]
    : [`the canary ${entry.canary.version} (${entry.canary.percent} %) ended`];
}

export function parsePercent(input: string | number): number {
  const n = typeof input === 'number' ? input : Number(String(input).replace(/%$/, ''));
  if (!Number.isInteger(n) || n < 1 || n > 99) {
    refuse(
      `a canary share must be a whole percentage from 1 to 99 (got "${input}")`,
      `e.g. --canary 10; to serve a version to all browsers, promote it without --canary`,
    );
  }
  return n;
}

/** Points `name` at `version`: for all browsers, or with `canary` for that share of browsers. */
export async function promote(
  name: ReleaseName,
  versionInput: string,
  opts: ToolOptions & { canary?: number } = {},
): Promise<Change> {
  const releasesDir = dirOf(opts);
  const percent = opts.canary === undefined ? undefined : parsePercent(opts.canary);
  if (percent !== undefined && name === 'shell') {
    refuse(
      'the shell has no canary: the page of every browser comes from one shell version',
      `promote the shell to all browsers: ${cmd('promote shell <version>')}`,
    );
  }
  return change(name, opts, `promote ${name} ${versionInput}${percent ? ` --canary ${percent}` : ''}`, async (pointer) => {
    const version = await resolveVersion(releasesDir, name, versionInput);
    if (name === 'shell') {
      if (pointer.shell === version) return { none: `shell ${version} is already in use` };
      await gateShell(releasesDir, pointer, version, opts.origin);
      return {
        pointer: withVersion(pointer, 'shell', version),
        entry: { action: 'promote', from: pointer.shell ?? null, to: version },
      };
    }
    const entry = entryOf(pointer, name);
    if (percent !== undefined) {
      if (!entry)
        refuse(
          `${name} has no version in use for all browsers, so there is nothing to compare a canary with`,
          `promote a version to all first: ${cmd(`promote ${name} <version>`)}`,
        );
      if (entry!.version === version)
        refuse(
          `${name} ${version} already serves all browsers`,
          `a canary is for a version not yet in use; to end a canary: ${cmd(`drop ${name}`)}`,
        );
      if (entry!.canary?.version === version && entry!.canary.percent === percent)
        return { none: `${name} ${version} is already the canary for ${percent} % of browsers` };
      await gateRemote(releasesDir, pointer, name, version, opts.origin);
      const previous = entry!.canary;
      const notes =
        previous && previous.version !== version ? [`it replaces the canary ${previous.version} (${previous.percent} %)`] : [];
      return {
        pointer: {
          ...pointer,
          remotes: { ...pointer.remotes, [name]: { ...entry!, canary: { version, url: manifestUrl(name, version), percent } } },
        },
        entry: { action: 'canary', from: previous?.version ?? null, to: version, percent },
        notes,
      };
    }
    if (entry?.version === version) {
      if (entry.canary)
        refuse(
          `${name} ${version} already serves all browsers but those in the canary of ${entry.canary.version}`,
          `to end the canary: ${cmd(`drop ${name}`)}`,
        );
      return { none: `${name} ${version} is already in use` };
    }
    await gateRemote(releasesDir, pointer, name, version, opts.origin);
    return {
      pointer: withVersion(pointer, name, version),
      entry: { action: 'promote', from: entry?.version ?? null, to: version },
      notes: canaryEnded(entry, version),
    };
  });
}

/** Returns `name` to the version before the current one (its history), or to `to`. */
export async function rollback(name: ReleaseName, opts: ToolOptions & { to?: string } = {}): Promise<Change> {
  const releasesDir = dirOf(opts);
  return change(name, opts, `rollback ${name}${opts.to ? ` --to ${opts.to}` : ''}`, async (pointer, history) => {
    const current = name === 'shell' ? pointer.shell : entryOf(pointer, name)?.version;
    if (!current)
      refuse(
        `${name} has no version in use, so there is nothing to roll back`,
        `promote a version: ${cmd(`promote ${name} <version>`)}`,
      );
    let target: string;
    if (opts.to) {
      target = await resolveVersion(releasesDir, name, opts.to);
      if (target === current) refuse(`${name} ${target} is already in use`, `see ${cmd(`history ${name}`)} for earlier versions`);
    } else {
      const stack = rollbackStack(history, current);
      if (stack.length < 2) {
        refuse(
          `${name} has no earlier version in its history to roll back to`,
          `roll back to a named version: ${cmd(`rollback ${name} --to <version>`)} (published versions: ${cmd(`versions ${name}`)})`,
        );
      }
      target = stack[stack.length - 2];
      if (!isPublished(releasesDir, name, target)) {
        refuse(
          `the previous version of ${name}, ${target}, is no longer published (pruned)`,
          `roll back to a named version: ${cmd(`rollback ${name} --to <version>`)} (published versions: ${cmd(`versions ${name}`)})`,
        );
      }
    }
    if (name === 'shell') await gateShell(releasesDir, pointer, target, opts.origin);
    else await gateRemote(releasesDir, pointer, name, target, opts.origin);
    const notes = name === 'shell' ? [] : canaryEnded(entryOf(pointer, name), target);
    return { pointer: withVersion(pointer, name, target), entry: { action: 'rollback', from: current!, to: target }, notes };
  });
}

/** Ends the canary of `name`: every browser loads the version in use again. */
export async function dropCanary(name: ReleaseName, opts: ToolOptions = {}): Promise<Change> {
  if (name === 'shell') refuse('the shell has no canary', `see ${cmd('status')}`);
  return change(name, opts, `drop ${name}`, async (pointer) => {
    const entry = entryOf(pointer, name as RemoteName);
    if (!entry?.canary) refuse(`${name} has no canary to drop`, `see ${cmd('status')}`);
    const { canary, ...rest } = entry!;
    return {
      pointer: { ...pointer, remotes: { ...pointer.remotes, [name]: rest } },
      entry: { action: 'drop', from: canary!.version, to: null, percent: canary!.percent },
    };
  });
}

export interface StatusRow {
  name: ReleaseName;
  version?: string;
  packageVersion?: string;
  canary?: { version: string; percent: number; packageVersion?: string };
  last?: HistoryEntry;
  published: number;
}

export async function status(opts: ToolOptions = {}): Promise<{ releasesDir: string; rows: StatusRow[] }> {
  const releasesDir = dirOf(opts);
  const pointer = await readPointer(releasesDir);
  const rows: StatusRow[] = [];
  for (const name of RELEASE_NAMES) {
    const version = name === 'shell' ? pointer.shell : pointer.remotes[name]?.version;
    const canary = name === 'shell' ? undefined : pointer.remotes[name]?.canary;
    const history = await readHistory(releasesDir, name);
    rows.push({
      name,
      version,
      packageVersion: version ? (await readRelease(releasesDir, name, version))?.packageVersion : undefined,
      canary: canary && {
        version: canary.version,
        percent: canary.percent,
        packageVersion: (await readRelease(releasesDir, name, canary.version))?.packageVersion,
      },
      last: history[history.length - 1],
      published: (await listVersions(releasesDir, name)).length,
    });
  }
  return { releasesDir, rows };
}

export async function history(name: ReleaseName, opts: ToolOptions = {}): Promise<HistoryEntry[]> {
  return readHistory(dirOf(opts), name);
}

export interface VersionRow {
  version: string;
  meta: ReleaseMeta | null;
  /** in use, canary, or named by the last history entries */
  marks: string[];
}

export async function versions(name: ReleaseName, opts: ToolOptions & { keep?: number } = {}): Promise<VersionRow[]> {
  const releasesDir = dirOf(opts);
  const pointer = await readPointer(releasesDir);
  const named = recentlyNamed(await readHistory(releasesDir, name), opts.keep ?? defaultKeep());
  const inUse = name === 'shell' ? pointer.shell : pointer.remotes[name]?.version;
  const canary = name === 'shell' ? undefined : pointer.remotes[name]?.canary;
  return (await listVersions(releasesDir, name)).map(({ version, meta }) => ({
    version,
    meta,
    marks: [
      ...(version === inUse ? ['in use'] : []),
      ...(version === canary?.version ? [`canary ${canary.percent} %`] : []),
      ...(named.has(version) && version !== inUse && version !== canary?.version ? ['in recent history'] : []),
    ],
  }));
}

export function defaultKeep(): number {
  const n = Number(process.env.KHELA_RELEASES_KEEP);
  return Number.isInteger(n) && n >= 0 ? n : 10;
}

export interface PruneOptions extends ToolOptions {
  /** versions named by the last `keep` history entries of their remote are kept (default 10, KHELA_RELEASES_KEEP) */
  keep?: number;
  /** versions published more recently than this are kept, promoted or not (default 24 h) */
  minAgeMs?: number;
  dryRun?: boolean;
}

export interface PruneReport {
  deleted: { name: ReleaseName; version: string }[];
  kept: { name: ReleaseName; version: string; why: string }[];
  /** abandoned temporary folders of interrupted publishes */
  cleaned: number;
}

/**
 * Deletes versions nothing can still load: not named by the pointer (in use or canary), not named
 * by the last `keep` entries of their history, and older than `minAgeMs`. Decided and moved aside
 * inside the lock (so no promote can name a version being deleted), then deleted.
 */
export async function prune(opts: PruneOptions = {}): Promise<PruneReport> {
  const releasesDir = dirOf(opts);
  const keep = opts.keep ?? defaultKeep();
  if (!Number.isInteger(keep) || keep < 0)
    refuse(`--keep must be a whole number of history entries (got ${keep})`, 'e.g. --keep 10');
  const minAgeMs = opts.minAgeMs ?? 24 * 3600_000;
  const report: PruneReport = { deleted: [], kept: [], cleaned: 0 };
  const trash: string[] = [];
  await withLock(lockFile(releasesDir), { ...opts.lock, purpose: 'prune' }, async (lock) => {
    const pointer = await readPointer(releasesDir);
    const now = Date.now();
    const moves: [string, string][] = [];
    for (const name of RELEASE_NAMES) {
      const named = recentlyNamed(await readHistory(releasesDir, name), keep);
      const entry = name === 'shell' ? undefined : pointer.remotes[name];
      const inUse = name === 'shell' ? pointer.shell : entry?.version;
      for (const { version, meta, mtimeMs } of await listVersions(releasesDir, name)) {
        const published = meta ? Date.parse(meta.publishedAt) : mtimeMs;
        const why =
          version === inUse
            ? 'in use'
            : version === entry?.canary?.version
              ? 'canary'
              : named.has(version)
                ? `named by the last ${keep} history entries`
                : now - published < minAgeMs
                  ? 'published recently'
                  : null;
        if (why) {
          report.kept.push({ name, version, why });
          continue;
        }
        report.deleted.push({ name, version });
        const dir = versionDir(releasesDir, name, version);
        moves.push([dir, path.join(path.dirname(dir), `.trash-${version}-${randomBytes(4).toString('hex')}`)]);
      }
      // temporary folders of publishes that died more than an hour ago
      const parent = path.dirname(versionDir(releasesDir, name, 'x'));
      for (const e of await readdir(parent, { withFileTypes: true }).catch(() => [])) {
        if (!e.isDirectory() || !(e.name.startsWith('.tmp-') || e.name.startsWith('.trash-'))) continue;
        const { mtimeMs } = await stat(path.join(parent, e.name));
        if (now - mtimeMs > 3600_000) {
          report.cleaned += 1;
          if (!opts.dryRun) trash.push(path.join(parent, e.name));
        }
      }
    }
    if (opts.dryRun) return;
    await lock.assertHeld();
    for (const [from, to] of moves) {
      await rename(from, to); // gone from the origin's view at once, deleted after the lock
      trash.push(to);
    }
  });
  for (const dir of trash) await rm(dir, { recursive: true, force: true });
  return report;
}

/**
 * What `npm start` (and the end-to-end server) do after a build: publish the eight builds and
 * point the pointer at them, through the same lock, gates and history as the release commands.
 * An entry that does not change keeps its canary.
 */
export async function publishAndPromoteAll(
  releasesDir = defaultReleasesDir(),
  opts: Omit<ToolOptions, 'releasesDir'> & { dists?: Partial<Record<ReleaseName, string>> } = {},
): Promise<Pointer> {
  const who = opts.who ?? `${currentUser()} (npm start)`;
  const published: PublishResult[] = [];
  for (const name of RELEASE_NAMES) published.push(await publish(name, releasesDir, { who, dist: opts.dists?.[name] }));
  return withLock(lockFile(releasesDir), { ...opts.lock, purpose: 'publish and promote all builds' }, async (lock) => {
    const before = await readPointer(releasesDir);
    let pointer = before;
    const changed: { name: ReleaseName; from: string | null; to: string }[] = [];
    for (const { name, version } of published) {
      const current = name === 'shell' ? pointer.shell : pointer.remotes[name]?.version;
      if (current === version) continue;
      pointer = withVersion(pointer, name, version);
      changed.push({ name, from: current ?? null, to: version });
    }
    if (!changed.length) {
      await renderStaticPage(releasesDir, pointer); // a folder from before the tool rendered pages
      return pointer;
    }
    const { ctx, problems: blocking, sharedUnknown } = await shellContext(releasesDir, pointer.shell!, 'to promote');
    if (sharedUnknown) {
      // a shell built before shells wrote their manifest: serve it, but say what was not checked
      console.warn(`[khela] warning: ${sharedUnknown.message}; the remotes' singleton requirements were not checked`);
    }
    for (const name of REMOTES) {
      const entry = pointer.remotes[name];
      if (!entry) continue;
      for (const v of [entry.version, entry.canary?.version].filter((x): x is string => !!x)) {
        blocking.push(...(await remoteProblems(releasesDir, name, v, ctx)));
      }
    }
    if (blocking.length) throw new ReleaseRefusal(blocking);
    await lock.assertHeld();
    await writePointer(pointer, releasesDir);
    const at = new Date().toISOString();
    for (const c of changed) {
      await appendHistory(releasesDir, c.name, {
        at,
        who,
        action: 'promote',
        from: c.from,
        to: c.to,
        reason: opts.reason ?? 'publish and promote all builds',
      });
    }
    await renderStaticPage(releasesDir, pointer);
    return pointer;
  });
}

export { ReleaseRefusal };
