/**
 * The part of semantic versioning the promote gate needs: does a shared package version satisfy
 * a remote's requiredVersion range? Covers what our builds and npm ranges emit: `*`, `x`, exact,
 * `=`, `^`, `~`, `>`, `>=`, `<`, `<=`, x-ranges (`1.x`, `1.2`), hyphen ranges (`1.2.3 - 2`),
 * space-separated comparators (AND) and `||` (OR). Pre-releases follow npm: a pre-release version
 * satisfies a range only through a comparator with the same major.minor.patch and a pre-release.
 */

export interface SemVer {
  major: number;
  minor: number;
  patch: number;
  prerelease: string[];
}

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

export function parseVersion(text: string): SemVer | null {
  const m = VERSION.exec(text.trim());
  if (!m) return null;
  return { major: +m[1], minor: +m[2], patch: +m[3], prerelease: m[4] ? m[4].split('.') : [] };
}

function compareIds(a: string, b: string): number {
  const an = /^\d+$/.test(a);
  const bn = /^\d+$/.test(b);
  if (an && bn) return Math.sign(+a - +b);
  if (an) return -1;
  if (bn) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function compare(a: SemVer, b: SemVer): number {
  for (const k of ['major', 'minor', 'patch'] as const) if (a[k] !== b[k]) return Math.sign(a[k] - b[k]);
  if (!a.prerelease.length || !b.prerelease.length) return Math.sign(b.prerelease.length - a.prerelease.length);
  for (let i = 0; i < Math.max(a.prerelease.length, b.prerelease.length); i++) {
    if (a.prerelease[i] === undefined) return -1;
    if (b.prerelease[i] === undefined) return 1;
    const c = compareIds(a.prerelease[i], b.prerelease[i]);
    if (c) return c;
  }
  return 0;
}

type Op = '<' | '<=' | '>' | '>=' | '=';
interface Comparator {
  op: Op;
  v: SemVer;
}

const WILD = /^(?:[xX*]|)$/;
/** A partial version: 1, 1.2, 1.2.3, 1.x, 1.2.*, with an optional pre-release on full versions. */
const PARTIAL = /^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

interface Partial {
  major?: number;
  minor?: number;
  patch?: number;
  prerelease: string[];
}

function parsePartial(text: string): Partial | null {
  if (WILD.test(text)) return { prerelease: [] };
  const m = PARTIAL.exec(text);
  if (!m) return null;
  const num = (s: string | undefined) => (s === undefined || WILD.test(s) ? undefined : +s);
  const major = num(m[1]);
  const minor = major === undefined ? undefined : num(m[2]);
  const patch = minor === undefined ? undefined : num(m[3]);
  return { major, minor, patch, prerelease: patch !== undefined && m[4] ? m[4].split('.') : [] };
}

const ver = (major: number, minor: number, patch: number, prerelease: string[] = []): SemVer => ({
  major,
  minor,
  patch,
  prerelease,
});
/** Lowest version of a partial (missing parts are 0). */
const low = (p: Partial) => ver(p.major ?? 0, p.minor ?? 0, p.patch ?? 0, p.prerelease);
/** The exclusive upper bound of a partial with missing parts: 1 → <2.0.0-0, 1.2 → <1.3.0-0. */
function bumpMissing(p: Partial): SemVer | null {
  if (p.major === undefined) return null;
  if (p.minor === undefined) return ver(p.major + 1, 0, 0, ['0']);
  if (p.patch === undefined) return ver(p.major, p.minor + 1, 0, ['0']);
  return null;
}

function expand(token: string): Comparator[] | null {
  const m = /^(\^|~>?|>=|<=|>|<|=)?\s*(.*)$/.exec(token);
  if (!m) return null;
  const op = m[1] ?? '';
  const p = parsePartial(m[2]);
  if (!p) return null;
  const full = p.patch !== undefined;
  if (op === '^') {
    if (p.major === undefined) return [];
    const upper =
      p.major > 0 || p.minor === undefined
        ? ver(p.major + 1, 0, 0, ['0'])
        : p.minor > 0 || p.patch === undefined
          ? ver(0, p.minor + 1, 0, ['0'])
          : ver(0, 0, p.patch + 1, ['0']);
    return [
      { op: '>=', v: low(p) },
      { op: '<', v: upper },
    ];
  }
  if (op === '~' || op === '~>') {
    if (p.major === undefined) return [];
    const upper = p.minor === undefined ? ver(p.major + 1, 0, 0, ['0']) : ver(p.major, p.minor + 1, 0, ['0']);
    return [
      { op: '>=', v: low(p) },
      { op: '<', v: upper },
    ];
  }
  if (op === '' || op === '=') {
    if (p.major === undefined) return [];
    if (full) return [{ op: '=', v: low(p) }];
    return [
      { op: '>=', v: low(p) },
      { op: '<', v: bumpMissing(p)! },
    ];
  }
  if (p.major === undefined) return op === '<' || op === '>' ? [{ op: '<', v: ver(0, 0, 0, ['0']) }] : [];
  if (full) return [{ op: op as Op, v: low(p) }];
  // comparators against a partial version
  if (op === '>=') return [{ op: '>=', v: low(p) }];
  if (op === '<') return [{ op: '<', v: low(p) }];
  if (op === '>') return [{ op: '>=', v: { ...bumpMissing(p)!, prerelease: [] } }];
  return [{ op: '<', v: bumpMissing(p)! }]; // <=
}

function parseSet(text: string): Comparator[] | null {
  const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(text);
  if (hyphen) {
    const from = parsePartial(hyphen[1]);
    const to = parsePartial(hyphen[2]);
    if (!from || !to) return null;
    const out: Comparator[] = [];
    if (from.major !== undefined) out.push({ op: '>=', v: low(from) });
    if (to.major !== undefined) out.push(to.patch !== undefined ? { op: '<=', v: low(to) } : { op: '<', v: bumpMissing(to)! });
    return out;
  }
  // "> = 1.2.3" and ">= 1.2.3" both mean ">=1.2.3"
  const tokens = text
    .replace(/(\^|~>?|>=|<=|>|<|=)\s+/g, '$1')
    .split(/\s+/)
    .filter(Boolean);
  const out: Comparator[] = [];
  for (const t of tokens) {
    const c = expand(t);
    if (!c) return null;
    out.push(...c);
  }
  return out;
}

function test(c: Comparator, v: SemVer): boolean {
  const r = compare(v, c.v);
  switch (c.op) {
    case '<':
      return r < 0;
    case '<=':
      return r <= 0;
    case '>':
      return r > 0;
    case '>=':
      return r >= 0;
    default:
      return r === 0;
  }
}

/** Parses a range; null when it is not one this module understands. */
export function parseRange(range: string): Comparator[][] | null {
  const sets = range
    .trim()
    .split('||')
    .map((s) => s.trim());
  const out: Comparator[][] = [];
  for (const s of sets) {
    const set = parseSet(s);
    if (!set) return null;
    out.push(set);
  }
  return out;
}

export function validRange(range: string): boolean {
  return parseRange(range) !== null;
}

/** Does `version` satisfy `range`? Throws on a version or range it cannot read. */
export function satisfies(version: string, range: string): boolean {
  const v = parseVersion(version);
  if (!v) throw new Error(`not a version: "${version}"`);
  const sets = parseRange(range);
  if (!sets) throw new Error(`not a version range: "${range}"`);
  return sets.some(
    (set) =>
      set.every((c) => test(c, v)) &&
      (!v.prerelease.length ||
        set.some((c) => c.v.prerelease.length > 0 && c.v.major === v.major && c.v.minor === v.minor && c.v.patch === v.patch)),
  );
}
