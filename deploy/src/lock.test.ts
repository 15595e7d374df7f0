import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { acquireLock, LockLostError, LockTimeoutError, withLock } from './lock';
import { scratch } from './testing/fixtures';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A pid that is certainly not running: a child that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((r) => child.on('exit', r));
  return child.pid!;
}

describe('release lock', () => {
  it('lets one holder in at a time: critical sections never overlap', async () => {
    const file = path.join(await scratch(), '.lock');
    let inside = 0;
    let overlaps = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        withLock(file, { waitMs: 20_000 }, async () => {
          inside += 1;
          if (inside > 1) overlaps += 1;
          await sleep(5);
          order.push(i);
          inside -= 1;
        }),
      ),
    );
    expect(overlaps).toBe(0);
    expect(order.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  it('says who holds it when waiting times out', async () => {
    const file = path.join(await scratch(), '.lock');
    const held = await acquireLock(file, { purpose: 'promote lobby abc' });
    const err = await acquireLock(file, { waitMs: 50 }).catch((e) => e);
    expect(err).toBeInstanceOf(LockTimeoutError);
    expect(err.message).toContain('promote lobby abc');
    expect(err.message).toContain(`pid ${process.pid}`);
    await held.release();
    const again = await acquireLock(file, { waitMs: 50 });
    await again.release();
  });

  it('takes over the lock of a process that died on this host at once', async () => {
    const file = path.join(await scratch(), '.lock');
    await writeFile(file, JSON.stringify({ pid: await deadPid(), host: hostname(), at: Date.now(), token: 'dead' }));
    const lock = await acquireLock(file, { waitMs: 200, staleMs: 60_000 });
    expect(JSON.parse(await readFile(file, 'utf8')).token).toBe(lock.info.token);
    await lock.release();
  });

  it('takes over a lock from another host only once it is older than the stale time', async () => {
    const file = path.join(await scratch(), '.lock');
    await writeFile(file, JSON.stringify({ pid: 1, host: 'other-host', at: Date.now(), token: 'fresh' }));
    await expect(acquireLock(file, { waitMs: 100, staleMs: 60_000 })).rejects.toBeInstanceOf(LockTimeoutError);
    await writeFile(file, JSON.stringify({ pid: 1, host: 'other-host', at: Date.now() - 120_000, token: 'old' }));
    const lock = await acquireLock(file, { waitMs: 100, staleMs: 60_000 });
    await lock.release();
  });

  it('when several find the same stale lock, exactly one gets the lock at a time', async () => {
    const file = path.join(await scratch(), '.lock');
    await writeFile(file, JSON.stringify({ pid: await deadPid(), host: hostname(), at: Date.now(), token: 'dead' }));
    let inside = 0;
    let overlaps = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        withLock(file, { waitMs: 20_000 }, async () => {
          inside += 1;
          if (inside > 1) overlaps += 1;
          await sleep(3);
          inside -= 1;
        }),
      ),
    );
    expect(overlaps).toBe(0);
  });

  it('a holder whose lock was taken over finds out before writing, and never removes the new lock', async () => {
    const file = path.join(await scratch(), '.lock');
    const first = await acquireLock(file);
    await writeFile(file, JSON.stringify({ pid: process.pid, host: hostname(), at: Date.now(), token: 'someone-else' }));
    await expect(first.assertHeld()).rejects.toBeInstanceOf(LockLostError);
    await first.release();
    expect(JSON.parse(await readFile(file, 'utf8')).token).toBe('someone-else');
  });
});
