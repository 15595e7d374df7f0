import { appendFile, mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ReleaseName } from './releases';

/**
 * One change of the pointer, appended (inside the release lock) to the remote's own JSON-lines
 * file: `<releases>/.history/<name>.jsonl`. Never rewritten, so it is also the audit trail.
 */
export interface HistoryEntry {
  /** ISO time */
  at: string;
  who: string;
  /** promote / rollback: the version for all browsers; canary / drop: the canary */
  action: 'promote' | 'rollback' | 'canary' | 'drop';
  from: string | null;
  to: string | null;
  /** canary share, for action canary */
  percent?: number;
  reason: string;
}

export const historyFile = (releasesDir: string, name: ReleaseName) => path.join(releasesDir, '.history', `${name}.jsonl`);

/** Appends one entry. Call it holding the release lock. */
export async function appendHistory(releasesDir: string, name: ReleaseName, entry: HistoryEntry): Promise<void> {
  const file = historyFile(releasesDir, name);
  await mkdir(path.dirname(file), { recursive: true });
  // a line cut short by a crash must not swallow the next one
  let prefix = '';
  try {
    const { size } = await stat(file);
    if (size > 0) {
      const last = (await readFile(file)).subarray(size - 1);
      if (last.toString() !== '\n') prefix = '\n';
    }
  } catch {
    /* first entry */
  }
  await appendFile(file, `${prefix}${JSON.stringify(entry)}\n`, { flag: 'a' });
}

/** Every readable entry, oldest first (a line cut short by a crash is skipped). */
export async function readHistory(releasesDir: string, name: ReleaseName): Promise<HistoryEntry[]> {
  let text: string;
  try {
    text = await readFile(historyFile(releasesDir, name), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const out: HistoryEntry[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const e = JSON.parse(line) as HistoryEntry;
      if (e && typeof e.action === 'string') out.push(e);
    } catch {
      /* torn line */
    }
  }
  return out;
}

const isMain = (e: HistoryEntry) => e.action === 'promote' || e.action === 'rollback';

/**
 * The versions a rollback walks back through, oldest first, ending with the version in use: each
 * promote pushes its version, each rollback returns to the version it went back to. So promote A,
 * B, C then rollback, rollback gives B then A, never C again.
 */
export function rollbackStack(entries: HistoryEntry[], current: string | undefined): string[] {
  const stack: string[] = [];
  for (const e of entries) {
    if (!isMain(e) || !e.to) continue;
    if (!stack.length && e.from) stack.push(e.from); // the version before the first recorded change
    if (e.action === 'promote') {
      if (stack[stack.length - 1] !== e.to) stack.push(e.to);
    } else {
      const at = stack.lastIndexOf(e.to);
      if (at >= 0) stack.length = at + 1;
      else stack.push(e.to);
    }
  }
  // the pointer was changed without the tool (or the history was lost): start from what is in use
  if (current && stack[stack.length - 1] !== current) stack.push(current);
  return stack;
}

/** Versions the last `keep` entries name (from or to): prune keeps them. */
export function recentlyNamed(entries: HistoryEntry[], keep: number): Set<string> {
  const named = new Set<string>();
  for (const e of keep > 0 ? entries.slice(-keep) : []) {
    if (e.from) named.add(e.from);
    if (e.to) named.add(e.to);
  }
  return named;
}
