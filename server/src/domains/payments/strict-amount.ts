import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/envelope';

/**
 * preValidation: money fields must arrive as strings of digits. The validator would turn a JSON
 * number into a string, but a number has already lost digits past 2^53 when the body was parsed,
 * so it is refused rather than trusted.
 */
export async function amountsAsStrings(request: FastifyRequest): Promise<void> {
  const body = request.body as Record<string, unknown> | null | undefined;
  if (!body || typeof body !== 'object') return;
  for (const key of ['amount']) {
    if (key in body && typeof body[key] !== 'string') {
      throw new ApiError(400, 'VALIDATION_ERROR', `body/${key} must be poisha as a string of digits`);
    }
  }
}
