import type { FastifyRequest } from 'fastify';

/**
 * The language a request asks for, the one parser of it: the `lang` query, else the `language`
 * query, else the Language header; English when it says EN (EN, en, EN-GB), else Bengali, the default.
 */
export function requestLang(request: FastifyRequest): 'BN' | 'EN' {
  const q = request.query as { lang?: unknown; language?: unknown } | undefined;
  const asked = [q?.lang, q?.language, request.headers.language].find((v) => typeof v === 'string' && v.trim() !== '');
  return typeof asked === 'string' && asked.trim().toUpperCase().startsWith('EN') ? 'EN' : 'BN';
}
