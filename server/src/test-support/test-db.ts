import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApi, type ApiOptions } from '../app';
import { createDb, type Db } from '../db/db';
import { cloneFromTemplate } from './pg-template';
import { loadTemplate } from './pglite-template';

/**
 * One database per test file. PGlite in memory by default; with KHELA_TEST_ENGINE=postgres, the
 * PostgreSQL at TEST_DATABASE_URL: a migrated database is a database of its own copied from the
 * template Jest's global setup made (pg-template), an unmigrated one a fresh random schema; either
 * is dropped by `dispose()`.
 */
export interface TestDb {
  db: Db;
  /**
   * PostgreSQL only: where this database is, for a second pool on it (a second server instance, a
   * child process). `schema` is set when the database is a schema of TEST_DATABASE_URL's.
   */
  postgres?: { url: string; schema?: string };
  /**
   * A pool of its own on this database, as a second server instance has (PostgreSQL); on PGlite,
   * one embedded database, the same `db`. Closed by `dispose()`, before the database goes.
   */
  secondPool(): Db;
  dispose(): Promise<void>;
}

export const testEngine: Db['engine'] = process.env.KHELA_TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/** The file's database, the pools `secondPool()` opens on it, and how it goes (after those pools). */
function testDbOf(db: Db, postgres: TestDb['postgres'], drop: () => Promise<void>): TestDb {
  const pools: Db[] = [];
  return {
    db,
    postgres,
    secondPool() {
      if (!postgres) return db;
      const pool = createDb({ databaseUrl: postgres.url, schema: postgres.schema, poolSize: 4 });
      pools.push(pool);
      return pool;
    },
    dispose: async () => {
      for (const pool of pools) await pool.close();
      await drop();
    },
  };
}

/**
 * `migrated`: start from a database with every migration applied (PGlite: loaded from the
 * template Jest's global setup made; PostgreSQL: a copy of the migrated template database, else a
 * fresh schema, migrated by whoever builds on it).
 */
export async function createTestDb(opts: { migrated?: boolean } = {}): Promise<TestDb> {
  if (testEngine === 'pglite') {
    const db = createDb({
      dataDir: 'memory://',
      pgliteTemplate: loadTemplate(opts.migrated ? 'migrated' : 'empty'),
      strictTx: true,
    });
    return testDbOf(db, undefined, () => db.close());
  }
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('KHELA_TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const copy = opts.migrated ? await cloneFromTemplate(databaseUrl) : undefined;
  if (copy) {
    const db = createDb({ databaseUrl: copy.url, poolSize: 4, strictTx: true });
    return testDbOf(db, { url: copy.url }, async () => {
      await db.close();
      await copy.drop();
    });
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const db = createDb({ databaseUrl, schema, poolSize: 4, strictTx: true });
  return testDbOf(db, { url: databaseUrl, schema }, async () => {
    await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await db.close();
  });
}

export const TEST_OPS_KEY = 'test-ops-key';

/** A test database plus an API on it (migrated and seeded), torn down together. */
export async function createTestApi(opts: ApiOptions = {}): Promise<TestDb & { app: FastifyInstance }> {
  const testDb = await createTestDb({ migrated: opts.migrate !== false });
  // lazySchemas: a file calls a few of the routes; compiling all of them was 2 s a file (the
  // fuzz test, which calls every route, and the end-to-end platform compile them all)
  const app = await buildApi({ db: testDb.db, opsKey: TEST_OPS_KEY, docsUi: false, jobs: false, lazySchemas: true, ...opts });
  return {
    ...testDb,
    app,
    dispose: async () => {
      await app.close();
      await testDb.dispose();
    },
  };
}

/** Calls an operator endpoint with the test key; resolves with the parsed envelope and status. */
export async function opsCall(app: FastifyInstance, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  const res = await app.inject({ method, url, payload, headers: { 'x-ops-key': TEST_OPS_KEY } });
  return { status: res.statusCode, body: res.json() };
}
