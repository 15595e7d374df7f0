import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * An exclusive lock on a releases folder: a file created with O_EXCL ("wx"), which the file system
 * lets exactly one process create. It holds who took it (pid, host, time, a random token) so a
 * waiting process can say who holds it and take over a lock whose holder died:
 *   - same host and the pid no longer runs: stale at once;
 *   - otherwise: stale when older than `staleMs` (our operations take milliseconds).
 * Takeover is itself exclusive: the taker first creates `<lock>.takeover-<token>` with O_EXCL, so
 * of several processes that found the same stale lock only one removes it; then everyone competes
 * for the lock again through O_EXCL. Works on a local disk and on NFSv3+/EFS (O_EXCL is atomic there).
 */

export interface LockInfo {
  pid: number;
  host: string;
  /** epoch ms */
  at: number;
  token: string;
  /** what the holder is doing, for the message of a process that waits */
  purpose?: string;
}

export interface LockOptions {
  /** how long to wait for the lock before giving up (default 30 s, KHELA_RELEASE_LOCK_WAIT_MS) */
  waitMs?: number;
  /** age after which a lock of a holder that cannot be checked counts as abandoned (default 60 s, KHELA_RELEASE_LOCK_STALE_MS) */
  staleMs?: number;
  purpose?: string;
}

export class LockTimeoutError extends Error {
  constructor(
    readonly file: string,
    readonly holder: LockInfo | null,
  ) {
    super(
      holder
        ? `another release operation holds the lock (${holder.purpose ?? 'unknown operation'}, pid ${holder.pid} on ${holder.host} since ${new Date(holder.at).toISOString()})`
        : 'another release operation holds the lock',
    );
    this.name = 'LockTimeoutError';
  }
}

export class LockLostError extends Error {
  constructor(readonly file: string) {
    super(`the release lock ${file} was taken over by another process while this operation ran; nothing was written`);
    this.name = 'LockLostError';
  }
}

const envMs = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

async function readLock(file: string): Promise<LockInfo | null> {
  try {
    const info = JSON.parse(await readFile(file, 'utf8')) as LockInfo;
    return typeof info?.token === 'string' ? info : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // being written this very moment (created, not yet filled) or garbage: judged by the file's age
    try {
      const s = await stat(file);
      return { pid: -1, host: '?', at: s.mtimeMs, token: `unreadable-${s.mtimeMs}-${s.size}` };
    } catch {
      return null;
    }
  }
}

export function isStale(info: LockInfo, staleMs: number, now = Date.now()): boolean {
  if (info.host === hostname() && info.pid > 0 && info.pid !== process.pid && !pidAlive(info.pid)) return true;
  return now - info.at > staleMs;
}

async function createExclusive(file: string, info: LockInfo): Promise<boolean> {
  let handle;
  try {
    handle = await open(file, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    await handle.writeFile(JSON.stringify(info));
    await handle.sync();
  } finally {
    await handle.close();
  }
  return true;
}

/** Removes a stale lock, at most one process per stale token. */
async function takeOver(file: string, stale: LockInfo): Promise<void> {
  const claim = `${file}.takeover-${stale.token}`;
  const mine = await createExclusive(claim, { pid: process.pid, host: hostname(), at: Date.now(), token: 'claim' });
  if (!mine) {
    // someone else is taking it over; an abandoned claim (its taker died too) is cleared after a while
    const info = await readLock(claim);
    if (info && Date.now() - info.at > 10_000) await unlink(claim).catch(() => undefined);
    return;
  }
  try {
    const now = await readLock(file);
    if (now && now.token === stale.token) await unlink(file).catch(() => undefined);
  } finally {
    await unlink(claim).catch(() => undefined);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface HeldLock {
  file: string;
  info: LockInfo;
  /** throws LockLostError when another process took the lock over (call it right before writing) */
  assertHeld(): Promise<void>;
  release(): Promise<void>;
}

export async function acquireLock(file: string, opts: LockOptions = {}): Promise<HeldLock> {
  const waitMs = opts.waitMs ?? envMs('KHELA_RELEASE_LOCK_WAIT_MS', 30_000);
  const staleMs = opts.staleMs ?? envMs('KHELA_RELEASE_LOCK_STALE_MS', 60_000);
  await mkdir(path.dirname(file), { recursive: true });
  const deadline = Date.now() + waitMs;
  let delay = 5;
  let holder: LockInfo | null = null;
  for (;;) {
    const info: LockInfo = {
      pid: process.pid,
      host: hostname(),
      at: Date.now(),
      token: randomBytes(12).toString('hex'),
      purpose: opts.purpose,
    };
    if (await createExclusive(file, info)) {
      return {
        file,
        info,
        async assertHeld() {
          const now = await readLock(file);
          if (!now || now.token !== info.token) throw new LockLostError(file);
        },
        async release() {
          const now = await readLock(file);
          if (now && now.token === info.token) await unlink(file).catch(() => undefined);
        },
      };
    }
    holder = await readLock(file);
    if (holder && isStale(holder, staleMs)) {
      await takeOver(file, holder);
      continue;
    }
    if (Date.now() >= deadline) throw new LockTimeoutError(file, holder);
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 100);
  }
}

/** Runs `fn` holding the lock; the lock is released however `fn` ends. */
export async function withLock<T>(file: string, opts: LockOptions, fn: (lock: HeldLock) => Promise<T>): Promise<T> {
  const lock = await acquireLock(file, opts);
  try {
    return await fn(lock);
  } finally {
    await lock.release();
  }
}
