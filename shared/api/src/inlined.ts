/**
 * The first data of a page, answered inside the page.
 *
 * The origin renders each page with the answers to the public GET requests that the page's route
 * makes first (system status, permission info, the header's game menus, the route's own lists), in
 * a `<script type="application/json" id="khela-data">`; the API client answers those requests from
 * it once, so the first paint waits on no API call. Only answers that are the same for every
 * visitor of that language are inlined (never anything that needs a token); an answer is found by
 * its key (language, path and sorted query), so a client that asks something else (another
 * language, a newer remote asking other parameters) simply calls the API.
 *
 * The contract half: the keys and the payload's shape, which the origin (deploy/src/origin.ts) writes
 * and the client (@khela/api-client's inlined.ts) reads.
 */

export type Query = Record<string, string | number | boolean | undefined>;

export interface DataRequest {
  path: string;
  query?: Query;
}

/** The element id and the shape of the inlined answers. */
export const INLINED_DATA_ID = 'khela-data';
export interface InlinedData {
  /** the page's language (BN or EN) */
  lang: string;
  /** key → the answer's envelope, as the API sent it */
  answers: Record<string, unknown>;
}

/** Inlined answers are the first data of the page: after this long, the client asks the API again. */
export const INLINED_DATA_TTL_MS = 60_000;

/** The key of a GET request: its language header, path and query with sorted, defined parameters. */
export function dataKey(lang: string, path: string, query: Query | URLSearchParams = {}): string {
  const entries: [string, string][] =
    query instanceof URLSearchParams
      ? [...query.entries()]
      : Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]]));
  entries.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  const search = new URLSearchParams(entries).toString();
  return `${lang.toUpperCase()} ${path}${search ? `?${search}` : ''}`;
}
