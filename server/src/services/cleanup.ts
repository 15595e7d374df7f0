import type { Queryable } from '../db/db';

/**
 * The hourly clean-up of what only grows (issue 15, hardening 12): rows that ended long enough ago
 * that nothing reads them any more. Each statement is bounded by its own age, so a run that is
 * repeated (another instance, a retry) deletes nothing twice and nothing early. Answers the number
 * of rows deleted per table.
 */
export async function cleanUp(q: Queryable): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const run = async (table: string, sql: string) => {
    out[table] = (await q.query(`${sql} RETURNING 1`)).length;
  };
  await run('captchas', `DELETE FROM captchas WHERE expires_at < now() - interval '1 hour'`);
  await run('verification_codes', `DELETE FROM verification_codes WHERE expires_at < now() - interval '1 day'`);
  await run('login_handovers', `DELETE FROM login_handovers WHERE expires_at < now() - interval '1 hour'`);
  await run('login_verifications', `DELETE FROM login_verifications WHERE expires_at < now() - interval '1 day'`);
  await run(
    'remember_tokens',
    `DELETE FROM remember_tokens WHERE expires_at < now() - interval '7 days' OR coalesce(used_at, revoked_at) < now() - interval '7 days'`,
  );
  // a session that ended a month ago: its wallet tokens ended with it, the ledger names members, not sessions
  await run(
    'sessions',
    `DELETE FROM sessions WHERE expires_at < now() - interval '30 days' OR revoked_at < now() - interval '30 days'`,
  );
  return out;
}
