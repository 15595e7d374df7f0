import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
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
  /** Fastify `trustProxy` (KHELA_TRUST_PROXY: false, a hop count (true: 1), or comma-separated addresses/CIDRs). */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  port: number;
  host: string;
}

/** proxy-addr's names for address ranges, accepted in KHELA_TRUST_PROXY besides addresses and CIDRs */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * KHELA_TRUST_PROXY (issue 15, hardening 7): which hops may say who the client is in X-Forwarded-For.
 * Unset or `false`: none (the socket's address counts; a forged header is ignored). A number: that many
 * proxies in front (the address the outermost one saw; `true` means 1, never "everyone": that would let
 * a client name itself). Or the proxies' addresses and CIDRs, comma-separated. Anything else refuses to start.
 */
export function parseTrustProxy(raw: string | undefined): ServerConfig['trustProxy'] {
  const value = raw?.trim();
  if (!value || value === 'false' || value === '0') return false;
  const hops = value === 'true' ? 1 : /^\d+$/.test(value) ? Number(value) : null;
  if (hops !== null) {
    if (hops > 32) throw new Error(`KHELA_TRUST_PROXY: ${hops} hops is not a plausible proxy chain`);
    return (_address, hop) => hop < hops;
  }
  const entries = value.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const version = isIP(address ?? '');
    const ok =
      RANGE_NAMES.has(entry) ||
      (version !== 0 &&
        extra === undefined &&
        (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128))));
    if (!ok) throw new Error(`KHELA_TRUST_PROXY: "${entry}" is neither a hop count nor a proxy address or CIDR`);
  }
  return entries.join(',');
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
