import { randomBytes } from 'node:crypto';
import type { Db } from '../db/db';

/**
 * Periodic work (expiring orders, re-checking transfers, clean-ups): every server instance runs the
 * schedule, and a lease in the database lets one instance at a time run each job. A lease is taken
 * with one atomic UPDATE and lasts `leaseMs`; an instance that dies mid-run loses it when it runs out
 * and another takes over at its next tick. A job must therefore be safe to run twice (unique keys
 * and guarded state changes, never "it ran so it's done"): the lease spares work, it does not
 * promise exactly-once.
 *
 * Tests leave the timers off (`start: false`) and call `runNow(name)`.
 */
export interface JobContext {
  db: Db;
  /** When the run started (jobs compare against it rather than reading the clock again). */
  now: Date;
  /** Set when the runner stops: a long job should finish its current step and return. */
  signal: AbortSignal;
}

export interface JobDefinition {
  name: string;
  /** How often to run (ms). */
  everyMs: number;
  /** How long a run may hold the lease (default: 5 × everyMs, at least 60 s). */
  leaseMs?: number;
  run(ctx: JobContext): Promise<void>;
}

export interface JobRunner {
  define(job: JobDefinition): void;
  /** Runs a job once now (when this instance can take its lease); resolves false when another instance holds it. */
  runNow(name: string): Promise<boolean>;
  start(): void;
  stop(): Promise<void>;
  readonly names: string[];
}

export function createJobRunner(
  db: Db,
  opts: { onError?: (name: string, err: unknown) => void; instanceId?: string } = {},
): JobRunner {
  const me = opts.instanceId ?? `${process.pid}-${randomBytes(4).toString('hex')}`;
  const jobs = new Map<string, JobDefinition>();
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<boolean>>();
  const controller = new AbortController();
  let started = false;

  const leaseMs = (job: JobDefinition) => job.leaseMs ?? Math.max(60_000, job.everyMs * 5);

  async function takeLease(job: JobDefinition): Promise<boolean> {
    await db.query(`INSERT INTO job_leases (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, [job.name]);
    const row = await db.one(
      `UPDATE job_leases SET owner = $2, lease_until = now() + make_interval(secs => $3::float8 / 1000), last_started_at = now()
        WHERE name = $1 AND (owner IS NULL OR owner = $2 OR lease_until < now()) RETURNING 1`,
      [job.name, me, leaseMs(job)],
    );
    return !!row;
  }

  async function release(job: JobDefinition, error: unknown): Promise<void> {
    await db.query(
      `UPDATE job_leases SET owner = NULL, lease_until = NULL, last_finished_at = now(), last_error = $3 WHERE name = $1 AND owner = $2`,
      [job.name, me, error ? String((error as Error).message ?? error).slice(0, 500) : null],
    );
  }

  function runOnce(name: string): Promise<boolean> {
    const job = jobs.get(name);
    if (!job) return Promise.reject(new Error(`no job ${name}`));
    const busy = running.get(name);
    if (busy) return busy;
    const p = (async () => {
      if (!(await takeLease(job))) return false;
      let failure: unknown = null;
      try {
        await job.run({ db, now: new Date(), signal: controller.signal });
      } catch (err) {
        failure = err;
        opts.onError?.(name, err);
      }
      await release(job, failure).catch(() => undefined);
      if (failure) throw failure;
      return true;
    })().finally(() => running.delete(name));
    running.set(name, p);
    return p;
  }

  function schedule(job: JobDefinition) {
    const timer = setInterval(() => {
      runOnce(job.name).catch(() => undefined); // reported through onError
    }, job.everyMs);
    timer.unref();
    timers.set(job.name, timer);
  }

  return {
    define(job) {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} is defined twice`);
      jobs.set(job.name, job);
      if (started) schedule(job);
    },
    runNow: runOnce,
    start() {
      if (started) return;
      started = true;
      for (const job of jobs.values()) schedule(job);
    },
    async stop() {
      started = false;
      controller.abort();
      for (const t of timers.values()) clearInterval(t);
      timers.clear();
      await Promise.allSettled([...running.values()]);
    },
    get names() {
      return [...jobs.keys()];
    },
  };
}
