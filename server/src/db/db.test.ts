import { createTestDb, testEngine, type TestDb } from '../test-support/test-db';
import { NestedDbCallError } from './db';
import { migrate } from './migrate';
import { migrations } from './migrations';
import { REGISTRATION_FIELD_RULES, seed, WHITELABEL_FLAGS } from './seed';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.dispose());

const count = async (table: string) => (await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))!.n;

describe(`database layer on ${testEngine}`, () => {
  it('runs on the selected engine', () => {
    expect(t.db.engine).toBe(testEngine);
  });

  it('applies migrations once, even when two starts race', async () => {
    const [a, b] = await Promise.all([migrate(t.db), migrate(t.db)]);
    expect([...a, ...b].sort((x, y) => x - y)).toEqual(migrations.map((m) => m.version));
    expect(await migrate(t.db)).toEqual([]);
    const rows = await t.db.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations');
    expect(rows).toEqual(migrations.map(({ version, name }) => ({ version, name })));
  });

  it('seeds idempotently and never overwrites an operator change', async () => {
    await seed(t.db);
    await t.db.query(`UPDATE system_settings SET value = 'true'::jsonb WHERE key = 'maintenance'`);
    await seed(t.db);
    expect(await count('merchants')).toBe(1);
    expect(await count('whitelabel_flags')).toBe(WHITELABEL_FLAGS.length);
    expect(await count('registration_field_rules')).toBe(15);
    expect(REGISTRATION_FIELD_RULES).toHaveLength(15);
    expect(await t.db.one(`SELECT value FROM system_settings WHERE key = 'maintenance'`)).toEqual({ value: true });
  });

  it('refuses a call on the database itself from inside its own transaction (PGlite would wait for ever)', async () => {
    await expect(t.db.tx(async () => t.db.one('SELECT 1 AS one'))).rejects.toBeInstanceOf(NestedDbCallError);
    await expect(t.db.tx(async () => t.db.tx(async (q) => q.one('SELECT 1')))).rejects.toBeInstanceOf(NestedDbCallError);
    // work the transaction left running may use the database once the transaction has ended
    let later: Promise<unknown> = Promise.resolve();
    await t.db.tx(async (q) => {
      await q.one('SELECT 1');
      later = new Promise((r) => setTimeout(r, 0)).then(() => t.db.one('SELECT 2 AS two'));
    });
    await expect(later).resolves.toEqual({ two: 2 });
    // and transactions side by side are not nested
    const both = await Promise.all([t.db.tx((q) => q.one('SELECT 3 AS n')), t.db.tx((q) => q.one('SELECT 4 AS n'))]);
    expect(both).toEqual([{ n: 3 }, { n: 4 }]);
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      t.db.tx(async (q) => {
        await q.query(`INSERT INTO members (account, nickname) VALUES ('rollback_me', 'x')`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await t.db.one(`SELECT 1 FROM members WHERE account = 'rollback_me'`)).toBeNull();
  });

  it('commits a transaction and reads bigint as a number, refusing unsafe values', async () => {
    const row = await t.db.tx((q) =>
      q.one<{ id: number }>(`INSERT INTO members (account, nickname) VALUES ('big', 'b') RETURNING id`),
    );
    expect(typeof row!.id).toBe('number');
    expect(await t.db.one(`SELECT 9007199254740991::bigint AS n`)).toEqual({ n: Number.MAX_SAFE_INTEGER });
    await expect(t.db.query(`SELECT 9007199254740993::bigint AS n`)).rejects.toThrow(/safe integer/);
  });

  it('passes $n parameters and jsonb the same way on both engines', async () => {
    const row = await t.db.one(`SELECT $1::text AS s, $2::jsonb AS j, $3::int AS i`, ['a', JSON.stringify({ x: [1] }), 7]);
    expect(row).toEqual({ s: 'a', j: { x: [1] }, i: 7 });
  });
});
