import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDb } from '../db/db';
import { migrate } from '../db/migrate';
import { fingerprint } from './pglite-template';

/**
 * The PostgreSQL side of the test templates. A fresh schema migrated by the 55 migrations, each in
 * its own transaction behind the advisory lock, then dropped, cost a test file 1–2.5 s of the
 * server's and the worker's time; `CREATE DATABASE … TEMPLATE` copies a migrated database in about
 * 0.1 s. Jest's global setup makes the template once per set of migrations (its name carries their
 * fingerprint, so a changed migration makes a new one and the old is dropped); each test file that
 * asks for a migrated database gets a database of its own, copied from it, dropped by `dispose()`.
 */
const PREFIX = 'khela_tpl_';

export function pgTemplateName(): string {
  return `${PREFIX}${fingerprint()}`;
}

/** The same server's URL with another database name. */
export function withDatabase(baseUrl: string, database: string): string {
  const u = new URL(baseUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin<T>(baseUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Makes the template unless it exists; drops templates of earlier migrations that nobody uses. */
export async function ensurePgTemplate(baseUrl: string): Promise<void> {
  const name = pgTemplateName();
  await admin(baseUrl, async (c) => {
    const { rows } = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${PREFIX}%`]);
    for (const { datname } of rows) {
      if (datname === name || !/^[a-z0-9_]+$/.test(datname)) continue;
      // another run of older migrations may still copy from it: then it stays until a later run
      await c.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
    }
    if (rows.some((r) => r.datname === name)) return;
    // built under a name of its own, renamed when complete: a run that finds the name finds it whole
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await c.query(`CREATE DATABASE "${building}"`);
    try {
      const db = createDb({ databaseUrl: withDatabase(baseUrl, building), poolSize: 1 });
      try {
        await migrate(db);
      } finally {
        await db.close();
      }
      await c.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    } catch (err) {
      await c.query(`DROP DATABASE IF EXISTS "${building}"`).catch(() => undefined);
      // two runs built it at once: the other's is as good
      if ((err as { code?: string }).code !== '42P04') throw err;
    }
  });
}

/** A database of its own copied from the template (undefined when there is none to copy). */
export async function cloneFromTemplate(baseUrl: string): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  try {
    await admin(baseUrl, (c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${pgTemplateName()}"`));
  } catch (err) {
    if ((err as { code?: string }).code === '3D000') return undefined; // no template: Jest's global setup did not run
    throw err;
  }
  return {
    url: withDatabase(baseUrl, name),
    drop: () => admin(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
