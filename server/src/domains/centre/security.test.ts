import type { FastifyInstance } from 'fastify';
import { DEFAULT_PROFILE_SETTINGS, PROFILE_FIELDS } from '@khela/validation';
import { createTestApi, opsCall, type TestDb } from '../../test-support/test-db';

jest.setTimeout(60_000);

let t: TestDb & { app: FastifyInstance };
let seq = 0;
beforeAll(async () => {
  // "today" is 15 June 2026 in Dhaka
  t = await createTestApi({ settingsCacheMs: 0, centre: { now: () => new Date('2026-06-15T12:00:00Z') } });
});
afterAll(() => t.dispose());

async function signedIn(type = 0) {
  const account = `sec${Date.now().toString(36).slice(-4)}${++seq}`;
  const created = await opsCall(t.app, 'POST', '/ops/members', { account, nickname: `Nick ${seq}`, type });
  expect(created.status).toBe(201);
  const session = await opsCall(t.app, 'POST', '/ops/sessions', { account });
  return { id: created.body.value.id as number, account, token: session.body.value.token as string };
}

async function call(method: 'GET' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object, lang = 'EN') {
  const res = await t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...(token ? { authorization: token } : {}), language: lang },
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read any answer's JSON
  return { status: res.statusCode, body: res.json() as { success: boolean; value: any; errorCode?: string } };
}

const setProfileSettings = (value: object) => opsCall(t.app, 'PUT', '/ops/settings/memberProfile', { value });
const stored = async (id: number) =>
  t.db.one<{ nickname: string; fields: Record<string, string> }>(
    'SELECT nickname, profile AS fields FROM members WHERE id = $1',
    [id],
  );

const ROUTES: [method: 'GET' | 'PUT' | 'DELETE', url: string, body: object | undefined][] = [
  ['GET', '/wps/member/profile', undefined],
  ['PUT', '/wps/member/profile', { nickname: 'Rahim' }],
  ['GET', '/wps/member/devices', undefined],
  ['DELETE', '/wps/member/devices/others', undefined],
];

describe('roles', () => {
  it.each(ROUTES)('%s %s: a guest gets 401, a trial account 403 and nothing changes', async (method, url, body) => {
    expect(await call(method, url, undefined, body)).toMatchObject({ status: 401, body: { errorCode: 'NOT_LOGGED_IN' } });
    const trial = await signedIn(4);
    expect(await call(method, url, trial.token, body)).toMatchObject({ status: 403, body: { errorCode: 'NEED_REAL_ACCOUNT' } });
    expect((await stored(trial.id))?.nickname).toBe(`Nick ${seq}`);
  });

  it.each([0, 1, 41])('member type %i may use the security centre', async (type) => {
    const m = await signedIn(type);
    for (const [method, url, body] of ROUTES) expect((await call(method, url, m.token, body)).status).toBe(200);
  });
});

describe('the profile', () => {
  it('answers the enabled fields, empty at first, and the bound mobile and e-mail masked', async () => {
    const m = await signedIn();
    await t.db.query(`UPDATE members SET mobile_num = '01712345678', email = 'rahim@example.com' WHERE id = $1`, [m.id]);
    const res = await call('GET', '/wps/member/profile', m.token);
    expect(res.body.value).toEqual({
      settings: DEFAULT_PROFILE_SETTINGS,
      values: { nickname: `Nick ${seq}`, fullname: '', birthday: '', whatsapp: '', telegram: '' },
      mobileNum: expect.not.stringContaining('12345'),
      email: expect.not.stringContaining('rahim@'),
    });
  });

  it('saves the fields given, keeps the others, and clears an emptied one', async () => {
    const m = await signedIn();
    const first = await call('PUT', '/wps/member/profile', m.token, {
      nickname: 'Rahim',
      fullname: 'Rahim Uddin',
      birthday: '2008-06-15',
    });
    expect(first.status).toBe(200);
    expect(first.body.value.values).toMatchObject({ nickname: 'Rahim', fullname: 'Rahim Uddin', birthday: '2008-06-15' });
    await call('PUT', '/wps/member/profile', m.token, { whatsapp: '8801712345678', fullname: '' });
    expect((await call('GET', '/wps/member/profile', m.token)).body.value.values).toEqual({
      nickname: 'Rahim',
      fullname: '',
      birthday: '2008-06-15',
      whatsapp: '8801712345678',
      telegram: '',
    });
    expect((await call('GET', '/wps/member/info', m.token)).body.value.nickname).toBe('Rahim');
  });

  it.each([
    [{ birthday: '2008-06-16' }, 'birthday'],
    [{ birthday: '2008-02-30' }, 'birthday'],
    [{ fullname: 'Rahim' }, 'fullname'],
    [{ whatsapp: 'abc' }, 'whatsapp'],
    [{ zalo: '84901234567' }, 'zalo'], // not enabled by default
    [{ nickname: 'Good', telegram: 'has space' }, 'telegram'], // one bad field refuses the whole change
  ])('refuses %j with the field named, and changes nothing', async (body, field) => {
    const m = await signedIn();
    const before = await stored(m.id);
    const res = await call('PUT', '/wps/member/profile', m.token, body);
    expect(res).toMatchObject({ status: 400, body: { errorCode: 'VALIDATION_FAILED' } });
    expect(Object.keys(res.body.value.fields)).toContain(field);
    expect(await stored(m.id)).toEqual(before);
  });

  it('refuses a body of no field, of an unknown field or of a non-string', async () => {
    const m = await signedIn();
    for (const body of [{}, { email: 'x@y.z' }, { nickname: 5 }, { nickname: ['a'] }]) {
      expect((await call('PUT', '/wps/member/profile', m.token, body)).status).toBe(400);
    }
    expect((await stored(m.id))?.fields).toEqual({});
  });

  it("follows the operator's settings: other fields, a required one, the 21 rule, messages in Bengali", async () => {
    expect((await setProfileSettings({ fields: [...PROFILE_FIELDS], required: ['payeeName'], minAge: 21 })).status).toBe(200);
    try {
      const m = await signedIn();
      expect(Object.keys((await call('GET', '/wps/member/profile', m.token)).body.value.values)).toEqual([...PROFILE_FIELDS]);
      expect((await call('PUT', '/wps/member/profile', m.token, { zalo: '84901234567' })).body).toMatchObject({ success: true });
      const young = await call('PUT', '/wps/member/profile', m.token, { birthday: '2005-06-16' }, 'BN');
      expect(young.body.value.fields.birthday).toContain('২১');
      expect((await call('PUT', '/wps/member/profile', m.token, { birthday: '2005-06-15' })).status).toBe(200);
      expect((await call('PUT', '/wps/member/profile', m.token, { payeeName: '' })).status).toBe(400);
    } finally {
      await setProfileSettings(DEFAULT_PROFILE_SETTINGS);
    }
  });

  it.each([
    { fields: ['email'], required: [], minAge: 18 },
    { fields: ['nickname'], required: [], minAge: 16 },
    { fields: ['nickname', 'nickname'], required: [], minAge: 18 },
    { fields: ['nickname'] },
  ])('an operator setting %j is refused', async (value) => {
    expect((await setProfileSettings(value)).status).toBe(400);
  });
});

describe('the payee name', () => {
  it('shares the registration profile, and is set once: a change is refused, the same name passes', async () => {
    expect((await setProfileSettings({ ...DEFAULT_PROFILE_SETTINGS, fields: ['payeeName', 'whatsapp'] })).status).toBe(200);
    try {
      const m = await signedIn();
      // as registration keeps its fields
      await t.db.query(`UPDATE members SET profile = '{"whatsapp":"8801712345678","registerUrl":"https://x"}' WHERE id = $1`, [
        m.id,
      ]);
      expect((await call('GET', '/wps/member/profile', m.token)).body.value.values).toEqual({
        payeeName: '',
        whatsapp: '8801712345678',
      });
      expect((await call('PUT', '/wps/member/profile', m.token, { payeeName: 'Rahim Uddin' })).status).toBe(200);
      const change = await call('PUT', '/wps/member/profile', m.token, { payeeName: 'Karim Uddin', whatsapp: '8801712345679' });
      expect(change).toMatchObject({ status: 400, body: { errorCode: 'VALIDATION_FAILED' } });
      expect(change.body.value.fields.payeeName).toContain('cannot be changed');
      expect(
        (await call('PUT', '/wps/member/profile', m.token, { payeeName: 'Rahim Uddin', whatsapp: '8801712345679' })).status,
      ).toBe(200);
      expect((await stored(m.id))?.fields).toEqual({
        payeeName: 'Rahim Uddin',
        whatsapp: '8801712345679',
        registerUrl: 'https://x',
      });
    } finally {
      await setProfileSettings(DEFAULT_PROFILE_SETTINGS);
    }
  });
});

describe('the signed-in devices', () => {
  it('lists the live sign-ins, this one first, and logs out everywhere else', async () => {
    const m = await signedIn();
    const second = (await opsCall(t.app, 'POST', '/ops/sessions', { account: m.account })).body.value.token as string;
    const third = (await opsCall(t.app, 'POST', '/ops/sessions', { account: m.account })).body.value.token as string;
    const list = (await call('GET', '/wps/member/devices', second)).body.value as { id: string; current: boolean }[];
    expect(list).toHaveLength(3);
    expect(list.map((d) => d.current)).toEqual([true, false, false]);
    expect(list.every((d) => /^[0-9a-f]{16}$/i.test(d.id) || d.id.length === 16)).toBe(true);

    expect((await call('DELETE', '/wps/member/devices/others', second)).body.value).toEqual({ ended: 2 });
    expect((await call('GET', '/wps/member/info', m.token)).status).toBe(401);
    expect((await call('GET', '/wps/member/info', third)).status).toBe(401);
    expect((await call('GET', '/wps/member/devices', second)).body.value).toHaveLength(1);
    expect((await call('DELETE', '/wps/member/devices/others', second)).body.value).toEqual({ ended: 0 });
  });
});
