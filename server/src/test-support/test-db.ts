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
  dispose(): Promise<void>;
}

export const testEngine: Db['engine'] = process.env.KHELA_TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/**
 * `migrated`: start from a database with every migration applied (PGlite: loaded from the
 * template Jest's global setup made; PostgreSQL: a fresh schema, migrated by whoever builds on it).
 */
export async function createTestDb(opts: { migrated?: boolean } = {}): Promise<TestDb> {
  if (testEngine === 'pglite') {
    const db = createDb({
      dataDir: 'memory://',
      pgliteTemplate: loadTemplate(opts.migrated ? 'migrated' : 'empty'),
      strictTx: true,
    });
    return { db, dispose: () => db.close() };
  }
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('KHELA_TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const copy = opts.migrated ? await cloneFromTemplate(databaseUrl) : undefined;
  if (copy) {
    const db = createDb({ databaseUrl: copy.url, poolSize: 4, strictTx: true });
    return {
      db,
      postgres: { url: copy.url },
      dispose: async () => {
        await db.close();
        await copy.drop();
      },
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const db = createDb({ databaseUrl, schema, poolSize: 4, strictTx: true });
  return {
    db,
    postgres: { url: databaseUrl, schema },
    dispose: async () => {
      await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await db.close();
    },
  };
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
