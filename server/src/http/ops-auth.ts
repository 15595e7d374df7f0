import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './envelope';

declare module 'fastify' {
  interface FastifyInstance {
    /** The operator key every `/ops` route is guarded by (see `requireOps`). */
    opsKey: string;
    /** The networks /ops may be called from (KHELA_OPS_NETWORKS); null: any. */
    opsNetworks: BlockList | null;
  }
}

/**
 * The networks of KHELA_OPS_NETWORKS: comma-separated addresses and CIDR blocks, IPv4 or IPv6
 * ("10.0.0.0/8, 192.0.2.7, fd00::/8"). Empty: null (no restriction). A malformed entry throws, so a
 * typo refuses to start rather than opening /ops to every network.
 */
export function parseNetworks(spec: string | undefined | null): BlockList | null {
  const entries = (spec ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (!entries.length) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    if (
      !family ||
      extra !== undefined ||
      (bits !== undefined && !/^\d{1,3}$/.test(bits)) ||
      prefix < 0 ||
      prefix > (family === 6 ? 128 : 32)
    )
      throw new Error(`KHELA_OPS_NETWORKS: "${entry}" is not an address or a CIDR block`);
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

/** Whether `ip` (as Fastify reports it; IPv4-mapped IPv6 read as IPv4) is in `networks`. */
export function inNetworks(networks: BlockList, ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1] : ip;
  const family = isIP(address);
  return !!family && networks.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Constant-time comparison (both sides hashed to the same length first); never true without a key. */
export function sameKey(given: string | undefined, expected: string): boolean {
  return !!expected && given !== undefined && timingSafeEqual(digest(given), digest(expected));
}

/**
 * onRequest hook: refuses a request from outside the operators' networks (403 OPS_NETWORK_REFUSED,
 * when KHELA_OPS_NETWORKS is set) and one without the operator key (`X-Ops-Key`) with 401 OPS_KEY_INVALID.
 */
export async function requireOps(request: FastifyRequest): Promise<void> {
  const networks = request.server.opsNetworks;
  if (networks && !inNetworks(networks, request.ip)) {
    throw new ApiError(403, 'OPS_NETWORK_REFUSED', 'Operator routes are not open to this network');
  }
  const given = request.headers['x-ops-key'];
  if (!sameKey(typeof given === 'string' ? given : undefined, request.server.opsKey)) {
    throw new ApiError(401, 'OPS_KEY_INVALID', 'Missing or wrong X-Ops-Key');
  }
}

/** Guards every route of this plugin (an encapsulated context) with `requireOps`. */
export function guardOps(app: FastifyInstance): void {
  app.addHook('onRequest', requireOps);
}
