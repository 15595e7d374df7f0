import { apiRequest, ApiError, configureApi, NETWORK_ERROR } from './client';
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
