// The agent tree (issue 11): every member has at most one upline (members.parent_agent_id); agents
// (types 1, 2, 41, 42) form levels, a top-level agent being level 1, at most the operator's
// maxAgentLevel deep. Every change of the tree takes one transaction-scoped advisory lock, so two
// concurrent moves cannot make a cycle or pass the depth between them.
import { AGENT_TYPES, DEFAULT_MAX_AGENT_LEVEL, isAgentType } from '@khela/api/agent';
import type { Queryable } from '../../db/db';
import { ApiError } from '../../http/envelope';

export { AGENT_TYPES, isAgentType };

const TREE_LOCK = 7_311_011; // pg_advisory_xact_lock key of the agent tree

export async function lockTree(q: Queryable): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1)', [TREE_LOCK]);
}

export async function maxAgentLevel(q: Queryable): Promise<number> {
  const row = await q.one<{ value: unknown }>(`SELECT value FROM system_settings WHERE key = 'maxAgentLevel'`);
  const n = Number(row?.value);
  return Number.isInteger(n) && n >= 1 ? n : DEFAULT_MAX_AGENT_LEVEL;
}

/** The member's uplines, nearest first (bounded: a corrupt cycle cannot loop). */
export async function uplinesOf(q: Queryable, memberId: number): Promise<{ id: number; type: number }[]> {
  const rows = await q.query<{ id: string; type: number }>(
    `WITH RECURSIVE up (id, parent, type, depth) AS (
       SELECT p.id, p.parent_agent_id, p.type, 1 FROM members m JOIN members p ON p.id = m.parent_agent_id WHERE m.id = $1
       UNION ALL
       SELECT p.id, p.parent_agent_id, p.type, up.depth + 1 FROM up JOIN members p ON p.id = up.parent WHERE up.depth < 64)
     SELECT id, type FROM up ORDER BY depth`,
    [memberId],
  );
  return rows.map((r) => ({ id: Number(r.id), type: r.type }));
}

/** An agent's level: 1 + the agents above it. */
export async function agentLevel(q: Queryable, memberId: number): Promise<number> {
  return 1 + (await uplinesOf(q, memberId)).filter((u) => isAgentType(u.type)).length;
}

/** The SQL of a member's whole team (the member itself excluded): `team(id, depth)` for a CTE. */
export const TEAM_CTE = `team (id, depth) AS (
    SELECT id, 1 FROM members WHERE parent_agent_id = $1
    UNION ALL
    SELECT m.id, team.depth + 1 FROM members m JOIN team ON m.parent_agent_id = team.id WHERE team.depth < 64)`;

export async function inTeam(q: Queryable, agentId: number, memberId: number): Promise<boolean> {
  if (agentId === memberId) return false;
  return (await uplinesOf(q, memberId)).some((u) => u.id === agentId);
}

/** How many agent levels the member's subtree spans below it (0: no agent below). */
async function agentDepthBelow(q: Queryable, memberId: number): Promise<number> {
  const row = await q.one<{ d: number }>(
    `WITH RECURSIVE team (id, depth) AS (
       SELECT id, CASE WHEN type = ANY($2::smallint[]) THEN 1 ELSE 0 END FROM members WHERE parent_agent_id = $1
       UNION ALL
       SELECT m.id, team.depth + CASE WHEN m.type = ANY($2::smallint[]) THEN 1 ELSE 0 END
         FROM members m JOIN team ON m.parent_agent_id = team.id)
     SELECT coalesce(max(depth), 0)::int AS d FROM team`,
    [memberId, AGENT_TYPES],
  );
  return row?.d ?? 0;
}

/**
 * Checks that `memberId` (of `type`) may sit under `uplineId` (call under lockTree): the upline is
 * an active agent, not the member itself, not in the member's own team, and the agent levels of
 * the member and of everything below it stay within maxAgentLevel.
 */
export async function assertPlacement(
  q: Queryable,
  p: { memberId: number | null; type: number; uplineId: number },
): Promise<void> {
  if (p.memberId !== null && p.memberId === p.uplineId)
    throw new ApiError(400, 'RECOMMENDER_NOT_CANNOT_BE_SELF', 'A member cannot be its own upline');
  const upline = await q.one<{ type: number; status: number }>('SELECT type, status FROM members WHERE id = $1', [p.uplineId]);
  if (!upline) throw new ApiError(404, 'USER_NOT_EXIST', 'No such upline');
  if (!isAgentType(upline.type) || upline.status !== 0)
    throw new ApiError(400, 'US_CUSTOMER_NO_RIGHT_TO_REGISTER_ERROR', 'The upline is not an active agent');
  if (p.memberId !== null && (await inTeam(q, p.memberId, p.uplineId)))
    throw new ApiError(400, 'RECOMMENDER_NOT_CANNOT_BE_SUBORDINATE', "A member's upline cannot be in its own team");
  const max = await maxAgentLevel(q);
  const selfLevels = isAgentType(p.type) ? 1 : 0;
  const below = p.memberId !== null ? await agentDepthBelow(q, p.memberId) : 0;
  if ((await agentLevel(q, p.uplineId)) + selfLevels + below > max)
    throw new ApiError(400, 'MAX_AGENT_LEVEL_ERROR', `The agent tree is at most ${max} levels deep`, { maxLevel: max });
}

/** Moves a member under another upline (the operator's placement), checked and locked. */
export async function setUpline(q: Queryable, memberId: number, uplineId: number | null): Promise<void> {
  await lockTree(q);
  const m = await q.one<{ type: number }>('SELECT type FROM members WHERE id = $1 FOR UPDATE', [memberId]);
  if (!m) throw new ApiError(404, 'USER_NOT_EXIST', 'No such member');
  if (uplineId !== null) await assertPlacement(q, { memberId, type: m.type, uplineId });
  else if (isAgentType(m.type) && 1 + (await agentDepthBelow(q, memberId)) > (await maxAgentLevel(q)))
    throw new ApiError(400, 'MAX_AGENT_LEVEL_ERROR', 'The agent tree is too deep');
  await q.query('UPDATE members SET parent_agent_id = $2 WHERE id = $1', [memberId, uplineId]);
}

/**
 * What an agent may register in its team: types 1 and 2 players and sub-agents (a sub-agent is
 * type 2), types 41 and 42 players only. A suspended agent registers nothing.
 */
export const REGISTER_RIGHTS: Record<number, readonly ('PLAYER' | 'AGENT')[]> = {
  1: ['PLAYER', 'AGENT'],
  2: ['PLAYER', 'AGENT'],
  41: ['PLAYER'],
  42: ['PLAYER'],
};
export const SUB_AGENT_TYPE = 2;

export function mayRegister(agent: { type: number; status: number }, what: 'PLAYER' | 'AGENT'): boolean {
  return agent.status === 0 && (REGISTER_RIGHTS[agent.type] ?? []).includes(what);
}
