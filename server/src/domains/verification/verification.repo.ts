// The verification routes' SQL: whether a mobile number belongs to a member, and in which language
// to text it. The codes' own SQL lives in codes.ts.
import type { Queryable } from '../../db/db';

/** The language of the active member of a mobile number, or null when it belongs to none. */
export async function activeMemberLanguage(q: Queryable, national: string, dialingCode: string): Promise<string | null> {
  const member = await q.one<{ language: string }>(
    `SELECT language FROM members WHERE mobile_num = $1 AND coalesce(country_dialing_code, '+880') = $2 AND status = 0`,
    [national, dialingCode],
  );
  return member?.language ?? null;
}

/** True when a member has this national mobile number. */
export async function mobileTaken(q: Queryable, national: string): Promise<boolean> {
  return !!(await q.one('SELECT 1 FROM members WHERE mobile_num = $1', [national]));
}
