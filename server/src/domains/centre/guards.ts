import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireMember } from '../../http/auth';
import { ApiError } from '../../http/envelope';

/** The member centre is for real accounts: a trial account gets the spec's in_need_true_account. */
export async function requireRealMember(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireMember(request, reply);
  if (request.member!.type === 4) throw new ApiError(403, 'NEED_REAL_ACCOUNT', 'A real account is needed');
}
