// Real-user signals: what browsers report of each remote area they load, for the release tool's
// automatic canary analysis and the operators' release page. No personal data: a remote, a
// version, counts, a route pattern and web-vital values; no user, session, address or query.
import { REMOTES, type RemoteName } from './remotes';

export const RUM_BEACON_PATH = '/rum/v1/beacon';

/** Why a load of an area failed (the shell's loader and the area's boundary tell them apart). */
export const LOAD_FAILURES = ['http404', 'abort', 'timeout', 'evaluation', 'other'] as const;
export type LoadFailure = (typeof LOAD_FAILURES)[number];

export const VITALS = ['LCP', 'INP', 'CLS'] as const;
export type VitalName = (typeof VITALS)[number];

/** One remote version's counts since the page's last beacon. */
export interface RumArea {
  remote: RemoteName;
  version: string;
  /** loads started */
  loads: number;
  /** loads that mounted */
  loaded: number;
  failed: Partial<Record<LoadFailure, number>>;
  /** errors the area's boundary caught after it loaded */
  errors: number;
}

export interface RumVital {
  name: VitalName;
  /** ms for LCP and INP; the unitless score for CLS */
  value: number;
}

export interface RumBeacon {
  /** the route pattern of the page (e.g. "/member/:page"), never the address itself */
  route: string;
  /** the remote versions on the page when it was sent */
  versions: Partial<Record<RemoteName, string>>;
  areas: RumArea[];
  vitals: RumVital[];
}

export const RUM_LIMITS = { areas: 16, vitals: 6, count: 1000, bodyBytes: 8192 } as const;

/** A route pattern from a path: the first segment (and the second under /member, /agent and /play) kept, the rest dropped. */
export function routePattern(pathname: string): string {
  const parts = pathname.split('/').filter(Boolean).slice(0, 2);
  if (!parts.length) return '/';
  const head = parts[0].replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40);
  if (parts.length > 1 && (head === 'member' || head === 'agent' || head === 'play')) {
    return `/${head}/${head === 'play' ? ':game' : parts[1].replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40)}`;
  }
  return `/${head}`;
}

export const isRemoteName = (s: string): s is RemoteName => (REMOTES as readonly string[]).includes(s);

/** The operators' view of one remote version over a window (GET /ops/rum/health). */
export interface RumVersionHealth {
  version: string;
  loads: number;
  loaded: number;
  failures: number;
  failed: Record<LoadFailure, number>;
  errors: number;
  /** percentiles of the pages this version was on: p50 and p75 per vital (null without samples) */
  vitals: Record<VitalName, { p50: number | null; p75: number | null; samples: number }>;
}
