// The browser's API client: fetch with the page's token, merchant and language, the envelope
// unwrapped. The wire types, constants and pure functions are the contract's (@khela/api).
import { dataKey, MERCHANT, type Envelope } from '@khela/api';
import { getToken } from '@khela/session';
import { takeInlinedEnvelope } from './inlined';

/** A refusal or failure, carrying the server's errorCode so the UI can translate it. */
export class ApiError extends Error {
  constructor(
    readonly errorCode: string,
    message: string,
    readonly status: number,
    /** the refusal's value, when the server sent one (e.g. { captcha: true }, { fields }) */
    readonly value?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** errorCode used when the server could not be reached or answered something that is not JSON. */
export const NETWORK_ERROR = 'NETWORK_ERROR';

interface ClientConfig {
  baseUrl: string;
  merchant: string;
  getLanguage: () => string;
}

const config: ClientConfig = { baseUrl: '', merchant: MERCHANT, getLanguage: () => 'BN' };

export function configureApi(next: Partial<ClientConfig>): void {
  Object.assign(config, next);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  /** a form-encoded body (application/x-www-form-urlencoded) instead of JSON */
  form?: Record<string, string>;
  /** sees the raw response (headers) before the envelope is unwrapped */
  onResponse?: (res: Response) => void;
  /** extra headers (the operators' pages send X-Ops-Key) */
  headers?: Record<string, string>;
  /**
   * Answered from the page's first data without taking it, so the area the answer was inlined for
   * still finds it: for a second reader of the same answer, such as the footer's vendor icons (the
   * lobby's vendor lanes), which may ask first when the lobby's files are slow to come.
   */
  keepInlined?: boolean;
  /**
   * Milliseconds for which one answer serves every reader that asks the same GET with this option
   * (same token, language and address): while it is in flight and for this long after. For the
   * page's first reads that two areas make (the header's public state and the member centre both
   * read the member summary and the unread counts). A failed answer is not kept; each reader's
   * own signal aborts only its own wait.
   */
  share?: number;
}

/** The `share` of the page's first reads that two areas make (see RequestOptions.share). */
export const FIRST_READ_SHARE_MS = 5000;

const shared = new Map<string, { answer: Promise<unknown>; until: number }>();

/** Tests: forget the shared answers. */
export function resetSharedAnswersForTests(): void {
  shared.clear();
}

const aborted = () => new DOMException('The operation was aborted.', 'AbortError');

/** Waits for a shared answer, or rejects with an AbortError when this reader's signal aborts first. */
function readerWait<T>(answer: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return answer;
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The request's address: the API's base, the path, and the query without its undefined values. */
function requestUrl(path: string, query: RequestOptions['query']): URL {
  const url = new URL(config.baseUrl + path, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  return url;
}

/** A GET with no body and no look at the raw response: one an earlier answer can stand for. */
const plainGet = (opts: RequestOptions) =>
  (opts.method ?? 'GET') === 'GET' && opts.body === undefined && !opts.form && !opts.onResponse;

/** One answer for every reader of the same GET within `share` ms (see RequestOptions.share). */
function sharedRequest<T>(path: string, { share = 0, signal, ...rest }: RequestOptions): Promise<T> {
  const key = `${getToken() ?? ''} ${config.getLanguage().toUpperCase()} ${requestUrl(path, rest.query).href} ${JSON.stringify(rest.headers ?? {})}`;
  const now = Date.now();
  let entry = shared.get(key);
  if (!entry || entry.until < now) {
    for (const [k, e] of shared) if (e.until < now) shared.delete(k);
    const kept = { answer: apiRequest<T>(path, rest) as Promise<unknown>, until: Number.POSITIVE_INFINITY };
    shared.set(key, kept);
    kept.answer.then(
      () => (kept.until = Date.now() + share),
      () => shared.get(key) === kept && shared.delete(key),
    );
    entry = kept;
  }
  return readerWait(entry.answer as Promise<T>, signal);
}

/** Calls the platform API and unwraps the envelope: resolves with `value`, rejects with ApiError. */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  if (opts.share && plainGet(opts)) return sharedRequest<T>(path, opts);
  const url = requestUrl(path, opts.query);
  const headers: Record<string, string> = {
    Merchant: config.merchant,
    Language: config.getLanguage().toUpperCase(),
    Device: 'web',
    ...opts.headers,
  };
  const token = getToken();
  if (token) headers.Authorization = token;
  // the page's first data came with the page (see first-data.ts): answered from it once
  if (plainGet(opts) && !opts.headers) {
    const inlined = takeInlinedEnvelope(dataKey(headers.Language, url.pathname, url.searchParams), opts.keepInlined);
    if (inlined) return inlined.value as T;
  }
  if (opts.form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  else if (opts.body !== undefined) headers['Content-Type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.form
        ? new URLSearchParams(opts.form).toString()
        : opts.body === undefined
          ? undefined
          : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(NETWORK_ERROR, 'network link abnormal', 0);
  }
  let envelope: Envelope<T>;
  try {
    envelope = (await res.json()) as Envelope<T>;
  } catch {
    throw new ApiError(NETWORK_ERROR, 'invalid answer', res.status);
  }
  opts.onResponse?.(res);
  if (!res.ok || !envelope.success) {
    throw new ApiError(envelope.errorCode ?? 'UNKNOWN_ERROR', envelope.message ?? '', res.status, envelope.value ?? undefined);
  }
  return envelope.value;
}
