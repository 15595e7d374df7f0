import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Something SQL can be sent to: the database itself, or one open transaction. */
export interface Queryable {
  /** One statement with `$1…` parameters; resolves with its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Like `query`, resolving with the first row or null. */
  one<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T | null>;
  /** A script of several statements, without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** A PostgreSQL connection string; when absent PGlite runs embedded. */
  databaseUrl?: string;
  /** PGlite data folder, or `memory://` (default). Ignored with `databaseUrl`. */
  dataDir?: string;
  /** A schema to create if missing and to use as `search_path` (test isolation). */
  schema?: string;
  /** pg pool size (default 10). */
  poolSize?: number;
  /**
   * PGlite only: a data folder dumped by `dumpDataDir` (an uncompressed tar) to start from, instead
   * of running initdb (about 5 s) on an empty folder. The test suites start from one made once.
   */
  pgliteTemplate?: Blob;
  /**
   * A call on the database itself (not on the transaction's handle) from inside an open
   * transaction: on PGlite, one connection, it waits for that transaction for ever; on PostgreSQL
   * it takes a second pool connection (a pool of n is starved by n such transactions) and reads
   * outside the transaction. With `strictTx` (test databases, and the end-to-end server through
   * KHELA_STRICT_TX=1) such a call throws NestedDbCallError, so the bug fails the test that reaches
   * it. Off by default: knowing the current transaction takes AsyncLocalStorage, whose async hooks
   * cost every promise of the process on Node 20 (about a quarter of the game list's throughput).
   */
  strictTx?: boolean;
}

/** Thrown by a call on the database from inside one of its own open transactions (see `strictTx`). */
export class NestedDbCallError extends Error {
  constructor() {
    super('a call on the database itself from inside one of its open transactions: use the transaction handle');
    this.name = 'NestedDbCallError';
  }
}

/** Knows which of this database's transactions the current async context runs in (when strict). */
function txGuard(strict: boolean) {
  if (!strict) return { inside: <T>(fn: () => Promise<T>) => fn(), check: () => undefined };
  const open = new AsyncLocalStorage<{ open: boolean }>();
  return {
    /** Runs a transaction's body marked as inside it (until it settles, even for work it left behind). */
    inside<T>(fn: () => Promise<T>): Promise<T> {
      const mark = { open: true };
      return open.run(mark, fn).finally(() => (mark.open = false));
    },
    /** Called before every call on the database itself. */
    check(): void {
      if (open.getStore()?.open) throw new NestedDbCallError();
    },
  };
}

const strictDefault = () => process.env.KHELA_STRICT_TX === '1';

const INT8_OID = 20;

/** bigint columns arrive as JS numbers on both engines; a value beyond 2^53 is refused, never rounded. */
export function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`bigint ${text} exceeds the safe integer range`);
  return n;
}

function quoteSchema(schema: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  return `"${schema}"`;
}

type RawQuery = (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

function queryable(raw: RawQuery, exec: (sql: string) => Promise<unknown>, ready: Promise<void>): Queryable {
  const query = async <T>(sql: string, params?: unknown[]) => {
    await ready;
    return (await raw(sql, params)).rows as T[];
  };
  return {
    query,
    one: async <T>(sql: string, params?: unknown[]) => (await query<T>(sql, params))[0] ?? null,
    exec: async (sql) => {
      await ready;
      await exec(sql);
    },
  };
}

function createPglite(opts: DbOptions): Db {
  const dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.includes('://')) mkdirSync(dataDir, { recursive: true });
  // create() (not `new`) so a failed start rejects here and reaches the caller, never unhandled.
  const started = PGlite.create(dataDir, {
    parsers: { [INT8_OID]: parseInt8 },
    ...(opts.pgliteTemplate ? { loadDataDir: opts.pgliteTemplate } : {}),
  }).then(async (lite) => {
    if (opts.schema) {
      const s = quoteSchema(opts.schema);
      await lite.exec(`CREATE SCHEMA IF NOT EXISTS ${s}; SET search_path TO ${s}`);
    }
    return lite;
  });
  started.catch(() => undefined); // observed by every call below
  const ready = started.then(() => undefined);
  const settled = Promise.resolve();
  const guard = txGuard(opts.strictTx ?? strictDefault());
  return {
    engine: 'pglite',
    ...queryable(
      async (sql, params) => (guard.check(), (await started).query(sql, params)),
      async (sql) => (guard.check(), (await started).exec(sql)),
      ready,
    ),
    // PGlite is one connection: its transaction() runs transactions one at a time.
    tx: async (fn) => {
      guard.check();
      return (await started).transaction((t) =>
        guard.inside(() =>
          fn(
            queryable(
              (sql, params) => t.query(sql, params),
              (sql) => t.exec(sql),
              settled,
            ),
          ),
        ),
      );
    },
    close: async () => {
      const lite = await started.catch(() => null);
      await lite?.close();
    },
  };
}

function createPostgres(opts: DbOptions & { databaseUrl: string }): Db {
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  const schema = opts.schema ? quoteSchema(opts.schema) : undefined;
  const pool = new pg.Pool({
    connectionString: opts.databaseUrl,
    max: opts.poolSize ?? 10,
    types,
    // Every connection of the pool starts with the schema as its search_path.
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', () => undefined); // an idle client's failure surfaces on its next use
  const ready = schema ? pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`).then(() => undefined) : Promise.resolve();
  ready.catch(() => undefined);
  const settled = Promise.resolve();
  const guard = txGuard(opts.strictTx ?? strictDefault());
  return {
    engine: 'postgres',
    ...queryable(
      (sql, params) => (guard.check(), pool.query(sql, params)),
      (sql) => (guard.check(), pool.query(sql)),
      ready,
    ),
    tx: async (fn) => {
      guard.check();
      await ready;
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await guard.inside(() =>
          fn(
            queryable(
              (sql, params) => client.query(sql, params),
              (sql) => client.query(sql),
              settled,
            ),
          ),
        );
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch((e: Error) => (broken = e));
        throw err;
      } finally {
        client.release(broken); // a connection that cannot roll back is discarded
      }
    },
    close: () => pool.end(),
  };
}

/** One data-access layer, two engines: PostgreSQL when `databaseUrl` is set, else embedded PGlite. */
export function createDb(opts: DbOptions = {}): Db {
  return opts.databaseUrl ? createPostgres({ ...opts, databaseUrl: opts.databaseUrl }) : createPglite(opts);
}
