import type { Db } from './db';
import { migrations as allMigrations, type Migration } from './migrations';

/**
 * Applies pending migrations in order, each in its own transaction. On PostgreSQL the transaction
 * first takes an advisory lock (per schema), so servers starting together migrate one at a time
 * and the later ones find the version already applied. Returns the versions applied now.
 */
export async function migrate(db: Db, migrations: readonly Migration[] = allMigrations): Promise<number[]> {
  const applied: number[] = [];
  // one read first: a database already up to date (every start but the first, every test database
  // copied from a template) costs one query, not a locked transaction per migration
  const known = new Set<number>();
  if ((await db.one<{ t: string | null }>(`SELECT to_regclass('schema_migrations') AS t`))?.t) {
    for (const r of await db.query<{ version: number }>('SELECT version FROM schema_migrations')) known.add(r.version);
  }
  for (const m of migrations) {
    if (known.has(m.version)) continue;
    const done = await db.tx(async (q) => {
      if (db.engine === 'postgres') {
        await q.query(`SELECT pg_advisory_xact_lock(hashtext('khela.migrate:' || current_schema()))`);
      }
      await q.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version    integer PRIMARY KEY,
        name       text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      if (await q.one('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version])) return false;
      await q.exec(m.sql);
      await q.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
      return true;
    });
    if (done) applied.push(m.version);
  }
  return applied;
}
