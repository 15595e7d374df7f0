import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GameType } from '@khela/api/games';
import { ApiError, ok } from '../../http/envelope';
import { requestLang } from '../../http/lang';
import type { Catalogue, Lang } from './catalogue.store';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** The answer's language (http/lang.ts, the one parser). */
export const langOf: (request: FastifyRequest) => Lang = requestLang;

/** "0"/"1"/"true"/"false" from a query, or undefined. */
export const flagOf = (v: string | undefined): boolean | undefined => (v === undefined ? undefined : v === '1' || v === 'true');

/** A vendor or classify filter: upper-cased; ALL (or nothing) means no filter. */
export const filterCode = (v: string | undefined): string | undefined => {
  const code = v?.trim().toUpperCase();
  return !code || code === 'ALL' ? undefined : code;
};

/**
 * A serialised answer of the snapshot's page cache, with its entity tag. The body is kept as bytes:
 * a string would be encoded to UTF-8 again on every send (Bengali names: most of the time the
 * game list took beyond a bare route's).
 */
export interface CachedPage {
  body: Buffer;
  etag: string;
}

/** A strong entity tag of a body: a digest of its bytes. */
export const etagOf = (body: Buffer): string => `"${createHash('sha1').update(body).digest('base64url')}"`;

/** Whether an If-None-Match header names `etag` (or is `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag || ifNoneMatch === '*') return true;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === etag || tag === `W/${etag}`;
  });
}

/** The page cache's entry for `key`, built (serialised with the route's response schema) on a miss. */
export function cachedPage<T>(reply: FastifyReply, cat: Catalogue, key: string, build: () => T): CachedPage {
  let page = cat.pages.get(key);
  if (page === undefined) {
    const body = Buffer.from(reply.serialize(ok(build())) as string);
    page = { body, etag: etagOf(body) };
    cat.pages.set(key, page);
  }
  return page;
}

/** Sends a cached page as it is, or 304 when the client holds it already (If-None-Match). */
export function sendPage(reply: FastifyReply, page: CachedPage): FastifyReply {
  reply.header('etag', page.etag);
  if (matches(reply.request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  return reply.type(JSON_TYPE).send(page.body);
}

/**
 * Answers from the snapshot's page cache: a hit sends the stored bytes as they are; a miss builds
 * the value, serialises it with the route's response schema (the compiled serialiser), and keeps it
 * with its ETag.
 */
export function cachedReply<T>(reply: FastifyReply, cat: Catalogue, key: string, build: () => T): FastifyReply {
  return sendPage(reply, cachedPage(reply, cat, key, build));
}

export function paginate<T>(rows: readonly T[], pageNo: number, pageSize: number) {
  const totalElements = rows.length;
  const totalPages = Math.ceil(totalElements / pageSize);
  return { items: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize), pageNum: pageNo, totalPages, totalElements };
}

/** Trial accounts may browse, but favourites and real play need a real account. */
export function refuseTrial(request: FastifyRequest): void {
  if (request.member?.type === 4) {
    throw new ApiError(403, 'NEED_REAL_ACCOUNT', 'A real account is needed for this');
  }
}

/** Category names for menus the server builds. */
export const CATEGORY_NAMES: Record<GameType, Record<Lang, string>> = {
  RNG: { EN: 'Slots', BN: 'স্লট' },
  LIVE: { EN: 'Live casino', BN: 'লাইভ ক্যাসিনো' },
  FISH: { EN: 'Fishing', BN: 'মাছ ধরা' },
  PVP: { EN: 'Card games', BN: 'কার্ড গেম' },
  SPORTS: { EN: 'Sports', BN: 'খেলাধুলা' },
  ESPORTS: { EN: 'E-sports', BN: 'ই-স্পোর্টস' },
  COCKFIGHT: { EN: 'Cockfight', BN: 'মোরগ লড়াই' },
  LOTT: { EN: 'Lottery', BN: 'লটারি' },
  ELOTT: { EN: 'E-lottery', BN: 'ই-লটারি' },
};

export { CATEGORY_PAGES } from '@khela/api/games';

/** The menu order of the side menu: slots, live, fish, sports, e-sports, PVP, cockfight, lottery, e-lottery. */
export const MENU_ORDER: GameType[] = ['RNG', 'LIVE', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'COCKFIGHT', 'LOTT', 'ELOTT'];
