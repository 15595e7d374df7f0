/**
 * The page's inlined first data as the client reads it (see @khela/api's inlined.ts for the keys and
 * the payload): read from the page once, each answer taken once.
 */
import { INLINED_DATA_ID, INLINED_DATA_TTL_MS, dataKey, type DataRequest, type InlinedData } from '@khela/api';

let inlined: { lang: string; answers: Map<string, unknown> } | null | undefined;

function readInlined(): { lang: string; answers: Map<string, unknown> } | null {
  if (inlined !== undefined) return inlined;
  inlined = null;
  try {
    const text = typeof document === 'undefined' ? null : document.getElementById(INLINED_DATA_ID)?.textContent;
    if (text) {
      const data = JSON.parse(text) as InlinedData;
      inlined = { lang: data.lang, answers: new Map(Object.entries(data.answers ?? {})) };
    }
  } catch {
    /* a broken payload: every request goes to the API */
  }
  return inlined;
}

const fresh = () => typeof performance === 'undefined' || performance.now() < INLINED_DATA_TTL_MS;

/**
 * The inlined answer (envelope) to a GET, taken once: a later request for the same thing (a retry,
 * a revisit of the page) asks the API. `keep` reads it and leaves it for the reader it was inlined for.
 */
export function takeInlinedEnvelope(key: string, keep = false): { success: boolean; value: unknown } | undefined {
  const data = readInlined();
  if (!data || !data.answers.has(key)) return undefined;
  const envelope = data.answers.get(key) as { success: boolean; value: unknown };
  if (!keep) data.answers.delete(key);
  return fresh() && envelope && envelope.success ? envelope : undefined;
}

/** The inlined value of a request, taken once (for a component's first render); undefined when none. */
export function takeInlined<T>(request: DataRequest, lang: string): T | undefined {
  return takeInlinedEnvelope(dataKey(lang, request.path, request.query))?.value as T | undefined;
}

/** The language the origin rendered the page in (its inlined data's), when it did. */
export const inlinedLanguage = (): string | undefined => readInlined()?.lang;

/** Tests: forget what was read from the page. */
export function resetInlinedForTests(): void {
  inlined = undefined;
}

/**
 * Tests: the page as the origin renders it, with this first data inlined (a string is written as it
 * is, e.g. a broken payload; null leaves the page without any), read afresh by the next request.
 */
export function inlineForTests(data: InlinedData | string | null): void {
  document.getElementById(INLINED_DATA_ID)?.remove();
  if (data !== null) {
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = INLINED_DATA_ID;
    el.textContent = typeof data === 'string' ? data : JSON.stringify(data);
    document.head.appendChild(el);
  }
  inlined = undefined;
}
