// Agents' invitation (affiliate) codes. A registration that names one joins that agent's downline.
import { randomInt } from 'node:crypto';
import { AGENT_TYPES } from '@khela/api/agent';
import type { Queryable } from '../../db/db';

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const AFFILIATE_CODE_FORMAT = /^[A-Za-z0-9]{4,32}$/;

export function randomAffiliateCode(length = 8): string {
  let s = '';
  for (let i = 0; i < length; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

/** Gives an agent a new code (retrying on the rare collision); answers it. */
export async function createAffiliateCode(q: Queryable, memberId: number): Promise<string> {
  for (;;) {
    const code = randomAffiliateCode();
    const row = await q.one<{ code: string }>(
      'INSERT INTO affiliate_codes (code, member_id) VALUES ($1, $2) ON CONFLICT (code) DO NOTHING RETURNING code',
      [code, memberId],
    );
    if (row) return row.code;
  }
}

/** The agent a live code belongs to (an enabled code of an active agent), or null. */
export async function findAffiliate(q: Queryable, code: string): Promise<{ code: string; agentId: number } | null> {
  if (!AFFILIATE_CODE_FORMAT.test(code)) return null;
  return q.one<{ code: string; agentId: number }>(
    `SELECT a.code, a.member_id AS "agentId" FROM affiliate_codes a JOIN members m ON m.id = a.member_id
      WHERE a.code = $1 AND a.disabled_at IS NULL AND m.status = 0 AND m.type = ANY($2::smallint[])`,
    [code.toUpperCase(), AGENT_TYPES],
  );
}
