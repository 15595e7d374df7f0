import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireMember } from '../../http/auth';
import { ApiError } from '../../http/envelope';
import { requestLang } from '../auth/auth.services';
import { assertNotExcluded } from '../rg/rg.service';

/** The member centre is for real accounts: a trial account gets the spec's in_need_true_account. */
export async function requireRealMember(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireMember(request, reply);
  if (request.member!.type === 4) throw new ApiError(403, 'NEED_REAL_ACCOUNT', 'A real account is needed');
}

/**
 * What promotions, rewards, rebates and the points mall pay out: a real account whose time-out or
 * self-exclusion is not in force (403 SELF_EXCLUDED with its end, as at login). An excluded member
 * has no session to begin with; this holds for a session that outlived it by a moment too.
 */
export async function requireEligibleMember(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireRealMember(request, reply);
  await assertNotExcluded(request.server.db, request.member!.id, undefined, requestLang(request));
}
