import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from '../db/db';
import { migrate } from '../db/migrate';
import { migrations } from '../db/migrations';

/**
 * PGlite data folders the test suites start from. A PGlite on an empty folder runs initdb first,
 * about 5 s of one core; a migrated database takes another 1.5 s. Made once per run by Jest's
 * global setup (and kept while the migrations stay the same), each test file's database then loads
 * one of them in under a second: `empty` (initdb done) or `migrated` (every migration applied).
 */
export type TemplateKind = 'empty' | 'migrated';

const root = join(__dirname, '..', '..', '..');

/** The migrations' (and PGlite's version's) fingerprint: the templates are made again when it changes. */
export function fingerprint(): string {
  const h = createHash('sha256');
  let version = 'unknown';
  try {
    version = JSON.parse(readFileSync(require.resolve('@electric-sql/pglite/package.json'), 'utf8')).version;
  } catch {
    /* the package's exports may hide it; the migrations still key the file */
  }
  h.update(version);
  for (const m of migrations) h.update(`${m.version}\0${m.name}\0${m.sql}\0`);
  return h.digest('hex').slice(0, 16);
}

export function templatePath(kind: TemplateKind): string {
  return join(root, 'node_modules', '.cache', 'khela-pglite', `${fingerprint()}-${kind}.tar`);
}

/** The template's bytes, or undefined when none was made (a database then starts by initdb). */
export function loadTemplate(kind: TemplateKind): Blob | undefined {
  const path = templatePath(kind);
  return existsSync(path) ? new Blob([readFileSync(path)]) : undefined;
}

function writeAtomically(path: string, bytes: Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, path);
}

/** Makes both templates unless they exist for these migrations already. */
export async function ensureTemplates(): Promise<void> {
  const empty = templatePath('empty');
  const migrated = templatePath('migrated');
  if (existsSync(empty) && existsSync(migrated)) return;
  const lite = await PGlite.create('memory://');
  try {
    writeAtomically(empty, new Uint8Array(await (await lite.dumpDataDir('none')).arrayBuffer()));
    await migrate(asDb(lite));
    writeAtomically(migrated, new Uint8Array(await (await lite.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await lite.close();
  }
}

type LiteQueryable = Pick<PGlite, 'query' | 'exec'>;

function asQueryable(l: LiteQueryable): Queryable {
  const query = async <T>(sql: string, params?: unknown[]) => (await l.query<T>(sql, params)).rows;
  return {
    query,
    one: async <T>(sql: string, params?: unknown[]) => (await query<T>(sql, params))[0] ?? null,
    exec: async (sql) => {
      await l.exec(sql);
    },
  };
}

/** The few calls `migrate` makes, straight on the PGlite the template is dumped from. */
function asDb(lite: PGlite): Db {
  return {
    engine: 'pglite',
    ...asQueryable(lite),
    tx: (fn) => lite.transaction((t) => fn(asQueryable(t))),
    close: () => lite.close(),
  };
}
