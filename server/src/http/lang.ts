import { languageOf } from '@khela/api/contract';
import type { FastifyRequest } from 'fastify';

/**
 * The language a request asks for: the `lang` query, else the `language` query, else the Language
 * header, read by the contract's one parser (languageOf: English when it says EN, else Bengali).
 */
export function requestLang(request: FastifyRequest): 'BN' | 'EN' {
  const q = request.query as { lang?: unknown; language?: unknown } | undefined;
  const asked = [q?.lang, q?.language, request.headers.language].find((v) => typeof v === 'string' && v.trim() !== '');
  return languageOf(asked);
}
