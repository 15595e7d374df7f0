// The consolidated contract data of /wps/member/info/funds/consolidated (issue 11): the flags and
// the member's contract per request type, shown while the agent-policy flag (AGENTPOLICY3) is on.
import type { ContractKind } from '@khela/api/agent';
import type { Queryable } from '../../db/db';
import type { SessionMember } from '../../http/auth';
import { flagEnabled } from '../auth/auth.services';
import { isAgentType } from './tree';

const FIELD: Record<ContractKind, 'dividend' | 'dailySalary' | 'hourlySalary' | 'realTimeSalary'> = {
  DIVIDEND: 'dividend',
  DAILY: 'dailySalary',
  HOURLY: 'hourlySalary',
  REALTIME: 'realTimeSalary',
};

export async function consolidatedContracts(q: Queryable, member: SessionMember) {
  const contracts: Record<(typeof FIELD)[ContractKind], Record<string, unknown> | null> = {
    dividend: null,
    dailySalary: null,
    hourlySalary: null,
    realTimeSalary: null,
  };
  const on = isAgentType(member.type) && (await flagEnabled(q, 'AGENTPOLICY3'));
  if (!on) return { enableSalary: false, enableContract: false, contracts };
  const rows = await q.query<{
    id: string;
    kind: ContractKind;
    status: string;
    rate_bp: number;
    period: string;
    min_active_members: number;
    min_valid_bet: string;
    upline: string | null;
  }>(
    `SELECT DISTINCT ON (c.kind) c.id, c.kind, c.status, c.rate_bp, c.period, c.min_active_members, c.min_valid_bet::text, u.account AS upline
       FROM agent_contracts c LEFT JOIN members u ON u.id = c.upline_id
      WHERE c.downline_id = $1 AND c.status IN ('ACTIVE', 'OFFERED')
      ORDER BY c.kind, (c.status = 'ACTIVE') DESC, c.offered_at DESC, c.id DESC`,
    [member.id],
  );
  for (const r of rows)
    contracts[FIELD[r.kind]] = {
      id: Number(r.id),
      status: r.status,
      rateBp: r.rate_bp,
      period: r.period,
      minActiveMembers: r.min_active_members,
      minValidBet: r.min_valid_bet,
      uplineAccount: r.upline,
    };
  return { enableSalary: true, enableContract: true, contracts };
}
