// Contracts between an upline and its downline (issue 11): dividend, daily wage, hourly wage and
// real-time salary. The state machine is the pure `transition` and `supersede`; the database
// functions apply them under row locks, so two accepts racing cannot leave two ACTIVE contracts
// of one kind (the unique index agent_contracts_one_active refuses that too).
import type { ContractAction, ContractKind, ContractPeriod, ContractStatus } from '@khela/api/agent';
import type { Queryable } from '../../db/db';
import { ApiError } from '../../http/envelope';
import { isAgentType } from './tree';

export type Actor = 'UPLINE' | 'DOWNLINE';
export type EndReason = 'REJECTED' | 'TERMINATED_BY_UPLINE' | 'TERMINATED_BY_DOWNLINE' | 'SUPERSEDED' | 'WITHDRAWN';

/** The next state of a contract after an action by one party, or the refusal's code. */
export function transition(
  status: ContractStatus,
  action: ContractAction,
  actor: Actor,
): { status: ContractStatus; endReason: EndReason | null } | { refused: 'CONTRACT_STATE' } {
  if (status === 'OFFERED') {
    if (action === 'ACCEPT' && actor === 'DOWNLINE') return { status: 'ACTIVE', endReason: null };
    if (action === 'REJECT' && actor === 'DOWNLINE') return { status: 'REJECTED', endReason: 'REJECTED' };
    if (action === 'TERMINATE')
      return { status: 'TERMINATED', endReason: actor === 'UPLINE' ? 'WITHDRAWN' : 'TERMINATED_BY_DOWNLINE' };
  }
  if (status === 'ACTIVE' && action === 'TERMINATE')
    return { status: 'TERMINATED', endReason: actor === 'UPLINE' ? 'TERMINATED_BY_UPLINE' : 'TERMINATED_BY_DOWNLINE' };
  return { refused: 'CONTRACT_STATE' };
}

export interface ContractRow {
  id: number;
  kind: ContractKind;
  upline_id: number | null;
  downline_id: number;
  rate_bp: number;
  min_active_members: number;
  min_valid_bet: string;
  period: ContractPeriod;
  status: ContractStatus;
  offered_at: Date;
  accepted_at: Date | null;
  ended_at: Date | null;
  end_reason: EndReason | null;
  settled_through: Date | null;
}

/**
 * Accepting `accepted` ends the downline's other contracts of its kind that pay less: the ACTIVE
 * one and the open offers with a lower rate. An ACTIVE contract paying as much or more makes the
 * acceptance pointless: refused (CONTRACT_RATE_NOT_HIGHER).
 */
export function supersede(
  accepted: Pick<ContractRow, 'id' | 'kind' | 'downline_id' | 'rate_bp'>,
  others: Pick<ContractRow, 'id' | 'kind' | 'downline_id' | 'rate_bp' | 'status'>[],
): { terminate: number[] } | { refused: 'CONTRACT_RATE_NOT_HIGHER' } {
  const same = others.filter((c) => c.id !== accepted.id && c.kind === accepted.kind && c.downline_id === accepted.downline_id);
  if (same.some((c) => c.status === 'ACTIVE' && c.rate_bp >= accepted.rate_bp)) return { refused: 'CONTRACT_RATE_NOT_HIGHER' };
  return {
    terminate: same
      .filter((c) => (c.status === 'ACTIVE' || c.status === 'OFFERED') && c.rate_bp < accepted.rate_bp)
      .map((c) => c.id),
  };
}

export interface OfferInput {
  kind: ContractKind;
  rateBp: number;
  minActiveMembers?: number;
  minValidBet?: bigint;
  period?: ContractPeriod;
}

/**
 * An upline offers a contract to a member of its direct downline that is an agent. An upline that
 * itself has an ACTIVE contract of the kind cannot offer more than it earns (CONTRACT_RATE_TOO_HIGH).
 * uplineId null: the house's offer to a top-level agent (operators).
 */
export async function offerContract(q: Queryable, uplineId: number | null, downlineId: number, o: OfferInput): Promise<number> {
  const d = await q.one<{ type: number; parent_agent_id: string | null; status: number }>(
    'SELECT type, parent_agent_id, status FROM members WHERE id = $1',
    [downlineId],
  );
  if (!d) throw new ApiError(404, 'USER_NOT_EXIST', 'No such member');
  const parent = d.parent_agent_id === null ? null : Number(d.parent_agent_id);
  if (parent !== uplineId) throw new ApiError(403, 'NOT_IN_TEAM', 'Contracts are offered to the direct downline only');
  if (!isAgentType(d.type) || d.status !== 0) throw new ApiError(400, 'NOT_AGENT', 'Contracts are offered to active agents');
  if (uplineId !== null) {
    const own = await q.one<{ rate_bp: number }>(
      `SELECT rate_bp FROM agent_contracts WHERE downline_id = $1 AND kind = $2 AND status = 'ACTIVE'`,
      [uplineId, o.kind],
    );
    if (own && o.rateBp > own.rate_bp)
      throw new ApiError(400, 'CONTRACT_RATE_TOO_HIGH', 'A contract cannot pay more than your own', { maxRateBp: own.rate_bp });
  }
  const row = await q.one<{ id: string }>(
    `INSERT INTO agent_contracts (kind, upline_id, downline_id, rate_bp, min_active_members, min_valid_bet, period, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'OFFERED') RETURNING id`,
    [o.kind, uplineId, downlineId, o.rateBp, o.minActiveMembers ?? 0, (o.minValidBet ?? 0n).toString(), o.period ?? 'D'],
  );
  return Number(row!.id);
}

/**
 * Applies an action of `memberId` (the contract's downline or upline; null: an operator acting
 * for the house) to a contract, in the caller's transaction. Answers the contract's new state.
 */
export async function actOnContract(
  q: Queryable,
  contractId: number,
  memberId: number | null,
  action: ContractAction,
  opts: { kind?: ContractKind } = {},
): Promise<ContractRow> {
  const c = await q.one<ContractRow>('SELECT * FROM agent_contracts WHERE id = $1', [contractId]);
  const upline = c?.upline_id === null || c?.upline_id === undefined ? null : Number(c.upline_id);
  const downline = c ? Number(c.downline_id) : null;
  if (!c || (opts.kind && c.kind !== opts.kind) || (memberId !== null && memberId !== upline && memberId !== downline))
    throw new ApiError(404, 'CONTRACT_NOT_FOUND', 'No such contract');
  const actor: Actor = memberId !== null && memberId === downline ? 'DOWNLINE' : 'UPLINE';
  // every contract of this downline and kind, locked in id order (the same order for every caller)
  const all = await q.query<ContractRow>(
    'SELECT * FROM agent_contracts WHERE downline_id = $1 AND kind = $2 ORDER BY id FOR UPDATE',
    [c.downline_id, c.kind],
  );
  const me = all.find((x) => Number(x.id) === contractId)!;
  const next = transition(me.status, action, actor);
  if ('refused' in next) throw new ApiError(409, 'CONTRACT_STATE', `A ${me.status} contract cannot be ${action.toLowerCase()}ed`);
  if (next.status === 'ACTIVE') {
    const s = supersede(
      { ...me, id: Number(me.id), downline_id: Number(me.downline_id) },
      all.map((x) => ({ ...x, id: Number(x.id), downline_id: Number(x.downline_id) })),
    );
    if ('refused' in s)
      throw new ApiError(409, 'CONTRACT_RATE_NOT_HIGHER', 'An active contract of this kind already pays as much');
    if (s.terminate.length)
      await q.query(
        `UPDATE agent_contracts SET status = 'TERMINATED', ended_at = now(), end_reason = 'SUPERSEDED' WHERE id = ANY($1::bigint[])`,
        [s.terminate],
      );
    const row = await q.one<ContractRow>(
      `UPDATE agent_contracts SET status = 'ACTIVE', accepted_at = now() WHERE id = $1 RETURNING *`,
      [contractId],
    );
    return row!;
  }
  const row = await q.one<ContractRow>(
    `UPDATE agent_contracts SET status = $2, ended_at = now(), end_reason = $3 WHERE id = $1 RETURNING *`,
    [contractId, next.status, next.endReason],
  );
  return row!;
}
