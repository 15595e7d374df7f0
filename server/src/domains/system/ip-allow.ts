import { isIPv4, isIPv6 } from 'node:net';

/** An IPv4 address, optionally with a /0–32 prefix (CIDR). */
export const IPV4_OR_CIDR_PATTERN =
  '^((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(/(3[0-2]|[12]?\\d))?$';

function ipv4ToInt(ip: string): number {
  return ip.split('.').reduce((n, part) => (n << 8) + Number(part), 0) >>> 0;
}

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is the IPv4 address. */
function normalise(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1] : ip.toLowerCase();
}

function matches(ip: string, entry: string): boolean {
  const [base, prefixText] = entry.split('/');
  if (prefixText === undefined) return normalise(base) === ip;
  if (!isIPv4(ip) || !isIPv4(base)) return false;
  const prefix = Number(prefixText);
  const mask = prefix === 0 ? 0 : (~0 << (32 - prefix)) >>> 0;
  return (ipv4ToInt(ip) & mask) >>> 0 === (ipv4ToInt(base) & mask) >>> 0;
}

/** Whether the visitor's address is in the allow list (exact IPv4/IPv6 addresses and IPv4 CIDRs). */
export function isIpAllowed(ip: string, allowList: readonly string[]): boolean {
  const visitor = normalise(ip);
  if (!isIPv4(visitor) && !isIPv6(visitor)) return false;
  return allowList.some((entry) => matches(visitor, entry));
}
