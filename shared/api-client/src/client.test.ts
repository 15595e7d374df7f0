import { apiRequest, ApiError, configureApi, NETWORK_ERROR, resetSharedAnswersForTests } from './client';
import { isFlagEnabled } from '@khela/api';
import { setToken } from '@khela/session';

function mockFetch(status: number, body: unknown) {
  const fn = jest.fn().mockResolvedValue({ ok: status < 400, status, json: async () => body });
  (globalThis as { fetch: unknown }).fetch = fn;
  return fn;
}

describe('apiRequest', () => {
  beforeEach(() => {
    setToken(null);
    configureApi({ getLanguage: () => 'en' });
  });

  it('unwraps the envelope and sends the raw token and language', async () => {
    setToken('abc');
    const fetchFn = mockFetch(200, { success: true, message: '', value: { id: 7 } });
    await expect(apiRequest('/wps/member/info')).resolves.toEqual({ id: 7 });
    const [url, init] = fetchFn.mock.calls[0];
    expect(String(url)).toContain('/wps/member/info');
    expect(init.headers).toMatchObject({ Authorization: 'abc', Language: 'EN', Merchant: 'KHELA' });
  });

  it('rejects with the server errorCode on a refusal', async () => {
    mockFetch(401, { success: false, message: 'not logged in', errorCode: 'NOT_LOGGED_IN', value: null });
    await expect(apiRequest('/x')).rejects.toMatchObject({ errorCode: 'NOT_LOGGED_IN', status: 401 });
  });

  it('turns a network failure into NETWORK_ERROR', async () => {
    (globalThis as { fetch: unknown }).fetch = jest.fn().mockRejectedValue(new TypeError('failed'));
    const err = (await apiRequest('/x').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.errorCode).toBe(NETWORK_ERROR);
  });

  it('drops undefined query values', async () => {
    const fetchFn = mockFetch(200, { success: true, message: '', value: 1 });
    await apiRequest('/x', { query: { a: 1, b: undefined } });
    expect(String(fetchFn.mock.calls[0][0])).toMatch(/\?a=1$/);
  });
});

describe('isFlagEnabled', () => {
  const tree = [
    {
      modId: 'REG',
      enabled: true,
      childrenNodes: [
        { modId: 'USERNAMEREG3', enabled: true, childrenNodes: [] },
        { modId: 'MOBILENUMREG3', enabled: false, childrenNodes: [] },
      ],
    },
  ];
  it('finds nested flags', () => {
    expect(isFlagEnabled(tree, 'USERNAMEREG3')).toBe(true);
    expect(isFlagEnabled(tree, 'MOBILENUMREG3')).toBe(false);
    expect(isFlagEnabled(tree, 'NOPE')).toBe(false);
  });
});

describe('apiRequest with share: one answer for the page’s readers of the same GET', () => {
  beforeEach(() => {
    resetSharedAnswersForTests();
    setToken('abc');
    configureApi({ getLanguage: () => 'en' });
    jest.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => jest.useRealTimers());

  it('in flight and for `share` ms after: one request; then a fresh one', async () => {
    const fetchFn = mockFetch(200, { success: true, message: '', value: { vip: 1 } });
    const a = apiRequest('/wps/member/summary', { share: 2000 });
    const b = apiRequest('/wps/member/summary', { share: 2000 });
    await expect(Promise.all([a, b])).resolves.toEqual([{ vip: 1 }, { vip: 1 }]);
    jest.setSystemTime(1_001_500);
    await expect(apiRequest('/wps/member/summary', { share: 2000 })).resolves.toEqual({ vip: 1 });
    expect(fetchFn).toHaveBeenCalledTimes(1);
    // a reader without the option always asks
    await apiRequest('/wps/member/summary');
    expect(fetchFn).toHaveBeenCalledTimes(2);
    jest.setSystemTime(1_004_000);
    await apiRequest('/wps/member/summary', { share: 2000 });
    expect(fetchFn).toHaveBeenCalledTimes(3);
  });

  it('another token, language or address is another answer', async () => {
    const fetchFn = mockFetch(200, { success: true, message: '', value: 1 });
    await apiRequest('/wps/member/summary', { share: 2000 });
    setToken('other');
    await apiRequest('/wps/member/summary', { share: 2000 });
    configureApi({ getLanguage: () => 'bn' });
    await apiRequest('/wps/member/summary', { share: 2000 });
    await apiRequest('/wps/relay/CSP_unreadCount', { share: 2000 });
    expect(fetchFn).toHaveBeenCalledTimes(4);
  });

  it('a failed answer is not kept', async () => {
    const fetchFn = mockFetch(500, { success: false, message: 'down', errorCode: 'SYSTEM_ERROR', value: null });
    await expect(apiRequest('/wps/member/summary', { share: 2000 })).rejects.toMatchObject({ errorCode: 'SYSTEM_ERROR' });
    await expect(apiRequest('/wps/member/summary', { share: 2000 })).rejects.toMatchObject({ errorCode: 'SYSTEM_ERROR' });
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });

  it("a reader's abort ends its own wait only", async () => {
    let answer!: (v: unknown) => void;
    const fetchFn = jest.fn(
      (_url: unknown, init: { signal?: AbortSignal }) =>
        new Promise((resolve) => {
          expect(init.signal).toBeUndefined(); // the shared request is nobody's to abort
          answer = resolve;
        }),
    );
    (globalThis as { fetch: unknown }).fetch = fetchFn;
    const ac = new AbortController();
    const first = apiRequest('/wps/member/summary', { share: 2000, signal: ac.signal });
    const second = apiRequest('/wps/member/summary', { share: 2000 });
    ac.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    answer({ ok: true, status: 200, json: async () => ({ success: true, message: '', value: 5 }) });
    await expect(second).resolves.toBe(5);
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });
});
