import type { FastifyInstance } from 'fastify';
import { createTestApi, opsCall, type TestDb } from '../../test-support/test-db';
import { seedAnnouncements } from './content.seed';

jest.setTimeout(60_000);

let t: TestDb & { app: FastifyInstance };
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.dispose());

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ url, headers });
  return { status: res.statusCode, body: res.json() };
};
const announcements = (q: string) => get(`/wps/relay/MCSFE_getListAnnouncements?${q}`);
const count = async (table: string) => Number((await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))!.n);

describe('help centre', () => {
  it('serves the seeded articles per language, in order, with the terms section for the #term anchor', async () => {
    for (const url of ['/wps/system/helpCenter?lang=EN&device=WEB', '/wps/system/getHelpV2?lang=en&device=web']) {
      const en = await get(url);
      expect(en.status).toBe(200);
      expect(en.body.value).toMatchObject({ lang: 'EN', device: 'WEB' });
      expect(en.body.value.articles.map((a: { section: string }) => a.section)).toEqual([
        'faq',
        'deposit',
        'account',
        'term',
        'responsible',
      ]);
      expect(en.body.value.articles[3].title).toBe('Terms and conditions');
    }
    const bn = await get('/wps/system/helpCenter?device=WEB');
    expect(bn.body.value.lang).toBe('BN');
    expect(bn.body.value.articles[3].title).toBe('শর্তাবলী');
    const header = await get('/wps/system/helpCenter', { language: 'EN' });
    expect(header.body.value.lang).toBe('EN');
  });

  it('operators write articles; rich text is sanitised before it is stored; a device version wins over ALL', async () => {
    const saved = await opsCall(t.app, 'PUT', '/ops/content/help', {
      section: 'bonus',
      lang: 'EN',
      title: '<b>Bonus</b> rules',
      content: '<p onclick="steal()">Wager <strong>5x</strong><script>alert(1)</script> <a href="javascript:alert(1)">x</a></p>',
      sort: 15,
    });
    expect(saved.status).toBe(200);
    const stored = await t.db.one<{ title: string; content: string }>(
      `SELECT title, content FROM help_articles WHERE section = 'bonus'`,
    );
    expect(stored).toEqual({
      title: 'Bonus rules',
      content: '<p>Wager <strong>5x</strong> <a target="_blank" rel="noopener noreferrer">x</a></p>',
    });
    // Bengali falls back to English for a section not yet translated; it sits where its sort puts it
    const bn = await get('/wps/system/helpCenter?lang=BN');
    expect(bn.body.value.articles.map((a: { section: string }) => a.section)).toEqual([
      'faq',
      'bonus',
      'deposit',
      'account',
      'term',
      'responsible',
    ]);
    expect(bn.body.value.articles[1].title).toBe('Bonus rules');
    await opsCall(t.app, 'PUT', '/ops/content/help', {
      section: 'bonus',
      lang: 'EN',
      device: 'MOBILE',
      title: 'Bonus (app)',
      sort: 15,
      content: '<p>m</p>',
    });
    expect((await get('/wps/system/helpCenter?lang=EN&device=MOBILE')).body.value.articles[1].title).toBe('Bonus (app)');
    expect((await get('/wps/system/helpCenter?lang=EN&device=WEB')).body.value.articles[1].title).toBe('Bonus rules');
    // switched off: gone from the centre
    await opsCall(t.app, 'PUT', '/ops/content/help', {
      section: 'bonus',
      lang: 'EN',
      title: 'Bonus rules',
      content: '',
      active: false,
    });
    await opsCall(t.app, 'PUT', '/ops/content/help', {
      section: 'bonus',
      lang: 'EN',
      device: 'MOBILE',
      title: 'x',
      content: '',
      active: false,
    });
    expect((await get('/wps/system/helpCenter?lang=EN')).body.value.articles).toHaveLength(5);
    const audit = await t.db.query<{ action: string }>(`SELECT action FROM content_audit WHERE action = 'HELP_SAVED'`);
    expect(audit.length).toBeGreaterThanOrEqual(4);
  });

  it('a row written around the API is still sanitised when served', async () => {
    await t.db.query(
      `INSERT INTO help_articles (section, lang, title, content, sort) VALUES ('raw', 'EN', 'Raw', '<img src=x onerror="alert(1)"><p>ok</p>', 99)`,
    );
    const raw = (await get('/wps/system/helpCenter?lang=EN')).body.value.articles.find(
      (a: { section: string }) => a.section === 'raw',
    );
    expect(raw.content).toBe('<img src="x" /><p>ok</p>');
    await t.db.query(`DELETE FROM help_articles WHERE section = 'raw'`);
  });

  it('refuses bad input and changes nothing; needs the operator key', async () => {
    const before = await count('help_articles');
    for (const body of [
      { section: 'Bad Section', lang: 'EN', title: 't', content: '' },
      { section: 'x', lang: 'FR', title: 't', content: '' },
      { section: 'x', lang: 'EN', title: '', content: '' },
      { section: 'x', lang: 'EN', title: '<b></b>', content: '' },
      { section: 'x', lang: 'EN', title: 't', content: 'x'.repeat(70000) },
      { section: 'x', lang: 'EN', title: 't', content: '', extra: 1 },
    ]) {
      const r = await opsCall(t.app, 'PUT', '/ops/content/help', body);
      expect(r.status).toBe(400);
    }
    const noKey = await t.app.inject({
      method: 'PUT',
      url: '/ops/content/help',
      payload: { section: 'x', lang: 'EN', title: 't', content: '' },
    });
    expect(noKey.statusCode).toBe(401);
    expect(await count('help_articles')).toBe(before);
    expect((await get('/wps/system/helpCenter?lang=XX')).status).toBe(400);
  });
});

describe('announcements kept by operators', () => {
  it('a new player notice appears in the storefront list (sanitised), in both languages, and can be switched off', async () => {
    const created = await opsCall(t.app, 'POST', '/ops/content/announcements', {
      type: 'PL',
      titleEn: 'Maintenance <i>tonight</i>',
      titleBn: 'আজ রাতে রক্ষণাবেক্ষণ',
      contentEn: '<p>From 02:00 to 03:00.<script>x()</script></p>',
      contentBn: '<p>০২:০০ থেকে ০৩:০০।</p>',
      sort: -1,
    });
    expect(created.status).toBe(201);
    const id = created.body.value.id;
    expect(created.body.value).toMatchObject({
      titleEn: 'Maintenance tonight',
      contentEn: '<p>From 02:00 to 03:00.</p>',
      active: true,
    });
    // (the storefront's list keeps an answer 5 seconds: this file asks for these lists first here)
    const en = await announcements('types=PL&language=EN');
    expect(en.body.value.playerNotices[0]).toMatchObject({
      id,
      title: 'Maintenance tonight',
      content: '<p>From 02:00 to 03:00.</p>',
    });
    const bn = await announcements('types=PL&language=BN');
    expect(bn.body.value.playerNotices[0]).toMatchObject({ id, title: 'আজ রাতে রক্ষণাবেক্ষণ' });
    const changed = await opsCall(t.app, 'PUT', `/ops/content/announcements/${id}`, { active: false });
    expect(changed.body.value.active).toBe(false);
    // the change reaches the storefront's next answer at once (its 5-second cache is cleared: the
    // live event makes members' pages ask again right away)
    const after = await announcements('types=PL&language=EN');
    expect(after.body.value.playerNotices.map((a: { id: number }) => a.id)).not.toContain(id);
    const listed = await opsCall(t.app, 'GET', '/ops/content/announcements?type=PL&active=false');
    expect(listed.body.value.map((a: { id: number }) => a.id)).toContain(id);
  });

  it('popups follow the execution code asked for and carry their link; the seed can start them switched off', async () => {
    const b = await announcements('types=PU&execution=B&language=EN');
    expect(b.body.value.popup).toEqual([
      expect.objectContaining({ type: 'PU', execution: 'B', link: '/promotions', title: 'Welcome to Khela' }),
    ]);
    const f = await announcements('types=PU&execution=F&language=EN');
    expect(f.body.value.popup.map((a: { execution: string }) => a.execution)).toEqual(['F']);
    expect((await announcements('types=PU&execution=A&language=EN')).body.value.popup).toEqual([]);
    // KHELA_SEED_POPUPS=off (the end-to-end server): the same popups, switched off for an operator to switch on
    await t.db.query(`DELETE FROM announcements WHERE seed_key LIKE 'popup-%'`);
    await t.db.query(`DELETE FROM catalogue_meta WHERE key = 'content_seed_version'`);
    await seedAnnouncements(t.db, false);
    const rows = await t.db.query<{ type: string; active: boolean }>(
      `SELECT type, active FROM announcements WHERE seed_key IS NOT NULL`,
    );
    expect(rows.filter((r) => r.type === 'PU').map((r) => r.active)).toEqual([false, false]);
    expect(rows.filter((r) => r.type !== 'PU').every((r) => r.active)).toBe(true);
  });

  it('refuses a banner without its group, an end before the start, a javascript: link, an unknown id; changes nothing', async () => {
    const before = await count('announcements');
    for (const body of [
      { type: 'B', titleEn: 'b' },
      { type: 'PU', titleEn: 'p', startsAt: '2026-02-01T00:00:00Z', endsAt: '2026-01-01T00:00:00Z' },
      { type: 'PU', titleEn: 'p', link: 'javascript:alert(1)' },
      { type: 'PU', titleEn: 'p', execution: 'Z' },
      { type: 'XX', titleEn: 'p' },
      { type: 'PU' },
    ]) {
      expect((await opsCall(t.app, 'POST', '/ops/content/announcements', body)).status).toBe(400);
    }
    expect((await opsCall(t.app, 'PUT', '/ops/content/announcements/999999', { active: false })).status).toBe(404);
    expect(await count('announcements')).toBe(before);
  });
});
