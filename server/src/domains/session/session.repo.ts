// The session routes' SQL: the trial (free-play) members they create. Sessions themselves are
// kept by http/auth.ts and auth/login-session.ts.
import type { Queryable } from '../../db/db';

/** Creates a trial member (type 4): its id. */
export async function insertTrialMember(
  q: Queryable,
  account: string,
  nickname: string,
  language: string,
  ip: string,
): Promise<number> {
  const created = await q.one<{ id: number }>(
    `INSERT INTO members (account, nickname, type, language, registration_ip, register_method)
   VALUES ($1, $2, 4, $3, $4, 'FREEPLAY') RETURNING id`,
    [account, nickname, language, ip],
  );
  return created!.id;
}
