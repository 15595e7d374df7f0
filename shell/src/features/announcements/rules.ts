import type { Announcement } from '@khela/api/games';

/*
 * The announcement popups' rules (the spec's session popups): shown once per session, with separate
 * closed flags for logged-in and anonymous visitors, filtered by execution code. The codes, as the
 * operators set them: A for visitors who are not logged in, B for logged-in members, F for a member
 * just after a first-time login (shown before the B set). The stored flag lists the popups closed in
 * this session, so one an operator adds later (the live channel tells the page) is still shown once.
 */
export type Execution = 'A' | 'B' | 'F';

export const CLOSED_FLAG = { anonymous: 'announcementClosedAnonymous', member: 'announcementClosed' } as const;

export interface Audience {
  /** the session-storage key of this audience's closed flag */
  flag: string;
  /** the execution codes asked for, in the order their popups are shown */
  executions: Execution[];
}

export function popupAudience(login: { isLogin: boolean; firstTimeLogin: boolean }): Audience {
  if (!login.isLogin) return { flag: CLOSED_FLAG.anonymous, executions: ['A'] };
  return { flag: CLOSED_FLAG.member, executions: login.firstTimeLogin ? ['F', 'B'] : ['B'] };
}

/** The ids a stored flag names (anything else in it is ignored). */
export function closedIds(flag: string | null): Set<number> {
  const ids = new Set<number>();
  for (const part of (flag ?? '').split(',')) if (/^\d+$/.test(part)) ids.add(Number(part));
  return ids;
}

/** The flag after closing `shown`: the ids closed before and these. */
export function closeFlag(flag: string | null, shown: readonly number[]): string {
  const ids = closedIds(flag);
  for (const id of shown) ids.add(id);
  return [...ids].sort((a, b) => a - b).join(',');
}

/**
 * The popups to show, in order: per execution code asked for (in the audience's order), only the
 * popups of that code, none closed in this session, each once.
 */
export function popupsToShow(
  lists: readonly (readonly Announcement[])[],
  audience: Audience,
  flag: string | null,
): Announcement[] {
  const closed = closedIds(flag);
  const seen = new Set<number>();
  const out: Announcement[] = [];
  audience.executions.forEach((code, i) => {
    for (const a of lists[i] ?? []) {
      if (a.type !== 'PU' || a.execution !== code || closed.has(a.id) || seen.has(a.id)) continue;
      seen.add(a.id);
      out.push(a);
    }
  });
  return out;
}

/** Previous is disabled at the first popup, next at the last. */
export function pagerState(index: number, count: number): { prev: boolean; next: boolean } {
  return { prev: index > 0, next: index < count - 1 };
}
