import { apiRequest, configureApi } from './client';
import { dataKey } from '@khela/api';
import { entryRoute, FIRST_REQUESTS, shellRequests } from '@khela/api/first-data';
import { inlineForTests, takeInlined } from './inlined';

/** A page as the origin renders it: the answers in a JSON element. */
const inline = (lang: string, answers: Record<string, unknown>) => inlineForTests({ lang, answers });

const ok = (value: unknown) => ({ success: true, message: 'OK', value });

describe('inlined first data', () => {
  let fetchFn: jest.Mock;
  beforeEach(() => {
    configureApi({ getLanguage: () => 'BN' });
    fetchFn = jest.fn().mockResolvedValue({ ok: true, status: 200, json: async () => ok('from the API') });
    (globalThis as { fetch: unknown }).fetch = fetchFn;
  });

  it('keys a request by language, path and its defined parameters in any order', () => {
    expect(dataKey('bn', '/x', { b: 2, a: 'A', c: undefined })).toBe('BN /x?a=A&b=2');
    expect(dataKey('BN', '/x', new URLSearchParams('b=2&a=A'))).toBe('BN /x?a=A&b=2');
    expect(dataKey('EN', '/x')).toBe('EN /x');
  });

  it('answers a GET from the page once, then asks the API', async () => {
    const req = FIRST_REQUESTS.rankList('BN');
    inline('BN', { [dataKey('BN', req.path, req.query)]: ok({ list: [1] }) });
    // the client builds the query in its own order: the key is the same
    const query = { limitNum: 20, language: 'BN', gameCategory: 'ALL' };
    await expect(apiRequest(req.path, { query })).resolves.toEqual({ list: [1] });
    expect(fetchFn).not.toHaveBeenCalled();
    await expect(apiRequest(req.path, { query })).resolves.toBe('from the API');
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('a second reader (keepInlined) reads the answer and leaves it for the area it came for', async () => {
    const req = FIRST_REQUESTS.vendorLanes('BN');
    inline('BN', { [dataKey('BN', req.path, req.query)]: ok({ lanes: ['a'] }) });
    // the footer's icons, asking first
    await expect(apiRequest(req.path, { query: req.query, keepInlined: true })).resolves.toEqual({ lanes: ['a'] });
    // the lobby still has its first data, and takes it
    expect(takeInlined(req, 'BN')).toEqual({ lanes: ['a'] });
    await expect(apiRequest(req.path, { query: req.query, keepInlined: true })).resolves.toBe('from the API');
    expect(fetchFn).toHaveBeenCalledTimes(1);
  });

  it('never answers another language, a write, or a refusal from the page', async () => {
    const status = FIRST_REQUESTS.status();
    inline('BN', { [dataKey('BN', status.path)]: ok({ status: 0 }), 'BN /y': { success: false, value: null } });
    configureApi({ getLanguage: () => 'EN' });
    await expect(apiRequest(status.path)).resolves.toBe('from the API');
    configureApi({ getLanguage: () => 'BN' });
    await expect(apiRequest(status.path, { method: 'POST', body: {} })).resolves.toBe('from the API');
    expect(takeInlined({ path: '/y' }, 'BN')).toBeUndefined();
    expect(takeInlined(status, 'BN')).toEqual({ status: 0 });
  });

  it('works without inlined data (a static origin) and with a broken payload', async () => {
    inlineForTests(null);
    expect(takeInlined(FIRST_REQUESTS.status(), 'BN')).toBeUndefined();
    inlineForTests('{not json');
    await expect(apiRequest('/wps/system/status')).resolves.toBe('from the API');
  });
});

describe('entry routes', () => {
  it('name the area each route mounts and its first requests', () => {
    expect(entryRoute('/', '', 'BN')).toMatchObject({ name: 'home', area: { remote: 'lobby', module: 'HomePage' } });
    expect(entryRoute('/', '', 'BN').requests).toContainEqual(FIRST_REQUESTS.announcements('BN'));
    expect(entryRoute('/rng', '?vassalage=hilsa&gameCategory=NEW', 'EN').requests).toContainEqual(
      FIRST_REQUESTS.gameList('EN', { gameType: 'RNG', vassalage: 'HILSA', isNew: 1 }),
    );
    expect(entryRoute('/sports', '?category=COCKFIGHT', 'BN').requests).toContainEqual(
      FIRST_REQUESTS.gameList('BN', { gameType: 'COCKFIGHT' }),
    );
    expect(entryRoute('/no-such-game-page', '', 'BN')).toMatchObject({ name: 'hot', area: { module: 'GameList' } });
    expect(entryRoute('/member/withdraw', '', 'BN')).toMatchObject({ private: true, requests: [] });
    expect(entryRoute('/promotions/', '', 'BN').area).toEqual({ remote: 'promotions', module: 'PromotionsPage' });
    expect(entryRoute('/play/verify', '', 'EN')).toEqual({
      name: 'verify',
      area: { remote: 'games', module: 'VerifyPage' },
      requests: [],
    });
    expect(entryRoute('/play/KHELA_DICE', '?token=x', 'BN')).toMatchObject({
      name: 'game',
      private: true,
      area: { remote: 'games' },
    });
    // nothing that needs a token is ever a first request
    for (const r of [...shellRequests('BN'), ...entryRoute('/', '', 'BN').requests])
      expect(r.path).toMatch(/^\/(wps\/system|lgw\/games|wps\/relay\/(MCSFE_getListAnnouncements|GCSGAME_))/);
  });
});
