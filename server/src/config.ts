import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The repository root (server/src/config.ts → ../..). */
export const repoRoot = resolve(__dirname, '..', '..');

export interface ServerConfig {
  /** PostgreSQL connection string; when absent, PGlite runs embedded on `dataDir`. */
  databaseUrl?: string;
  /** PGlite data folder (default `<repo>/.data/pglite`). */
  dataDir: string;
  /** Operator key from KHELA_OPS_KEY, if set. */
  opsKey?: string;
  /** Where a generated operator key is kept: next to the data folder (`.data/ops-key`). */
  opsKeyFile: string;
  /** Fastify `trustProxy` (KHELA_TRUST_PROXY: true/false, a hop count, or comma-separated addresses/CIDRs). */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  port: number;
  host: string;
}

function parseTrustProxy(raw: string | undefined): ServerConfig['trustProxy'] {
  if (!raw || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return true;
  if (!/^\d+$/.test(raw)) return raw;
  const hops = Number(raw);
  return (_address, hop) => hop < hops;
}

/** `<dataDir>/../ops-key` (so `.data/ops-key` by default); `.data/ops-key` for an in-memory database. */
export function opsKeyFileFor(dataDir: string): string {
  const onDisk = dataDir.startsWith('file://') ? dataDir.slice('file://'.length) : dataDir.includes('://') ? null : dataDir;
  return join(onDisk ? dirname(resolve(onDisk)) : join(repoRoot, '.data'), 'ops-key');
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDir = env.KHELA_DATA_DIR || join(repoRoot, '.data', 'pglite');
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    opsKey: env.KHELA_OPS_KEY || undefined,
    opsKeyFile: env.KHELA_OPS_KEY_FILE || opsKeyFileFor(dataDir),
    trustProxy: parseTrustProxy(env.KHELA_TRUST_PROXY),
    port: Number(env.PORT) || 3000,
    host: env.HOST || '127.0.0.1',
  };
}

/** Reads the operator key file, or null when there is none. */
export function readOpsKeyFile(file: string): string | null {
  if (!existsSync(file)) return null;
  const key = readFileSync(file, 'utf8').trim();
  return key || null;
}

/**
 * The operator key: the configured one, else the one kept in `opsKeyFile`, else a new random key
 * written there (mode 0600) so the CLI on the same machine can read it.
 */
export function resolveOpsKey(config: Pick<ServerConfig, 'opsKey' | 'opsKeyFile'>): string {
  if (config.opsKey) return config.opsKey;
  const existing = readOpsKeyFile(config.opsKeyFile);
  if (existing) return existing;
  const key = randomBytes(32).toString('base64url');
  mkdirSync(dirname(config.opsKeyFile), { recursive: true });
  writeFileSync(config.opsKeyFile, key + '\n', { mode: 0o600 });
  chmodSync(config.opsKeyFile, 0o600);
  return key;
}
