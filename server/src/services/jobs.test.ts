import { migrate } from '../db/migrate';
import { createTestDb, type TestDb } from '../test-support/test-db';
import { createJobRunner } from './jobs';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ migrated: true });
  await migrate(t.db);
});
afterAll(() => t.dispose());

describe('periodic jobs', () => {
  it('two instances: one at a time runs a job', async () => {
    const a = createJobRunner(t.db, { instanceId: 'a' });
    const b = createJobRunner(t.db, { instanceId: 'b' });
    let inside = 0;
    let most = 0;
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const job = {
      name: 'one-at-a-time',
      everyMs: 60_000,
      run: async () => {
        inside++;
        runs++;
        most = Math.max(most, inside);
        await gate;
        inside--;
      },
    };
    a.define(job);
    b.define(job);
    const first = a.runNow(job.name);
    // wait until a holds the lease and is inside the job
    for (let i = 0; runs === 0 && i < 1000; i++) await new Promise((r) => setTimeout(r, 5));
    expect(runs).toBe(1);
    expect(await b.runNow(job.name)).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(await b.runNow(job.name)).toBe(true);
    expect(most).toBe(1);
    expect(runs).toBe(2);
  });

  it("a failure is kept and the lease released; a dead owner's lease runs out", async () => {
    const a = createJobRunner(t.db, { instanceId: 'a' });
    const b = createJobRunner(t.db, { instanceId: 'b' });
    const errors: string[] = [];
    const failing = createJobRunner(t.db, { instanceId: 'c', onError: (name) => errors.push(name) });
    failing.define({ name: 'fails', everyMs: 1000, run: async () => Promise.reject(new Error('boom')) });
    await expect(failing.runNow('fails')).rejects.toThrow('boom');
    expect(errors).toEqual(['fails']);
    expect(await t.db.one(`SELECT owner, last_error FROM job_leases WHERE name = 'fails'`)).toEqual({
      owner: null,
      last_error: 'boom',
    });

    const job = { name: 'lease', everyMs: 1000, leaseMs: 60_000, run: async () => undefined };
    a.define(job);
    b.define(job);
    // a took the lease and died without releasing it
    await t.db.query(`INSERT INTO job_leases (name, owner, lease_until) VALUES ('lease', 'a', now() + interval '1 minute')`);
    expect(await b.runNow('lease')).toBe(false);
    await t.db.query(`UPDATE job_leases SET lease_until = now() - interval '1 second' WHERE name = 'lease'`);
    expect(await b.runNow('lease')).toBe(true);
  });
});
